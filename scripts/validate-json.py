#!/usr/bin/env python3
"""Validates a JSON document against one of the schemas in schemas/ (Draft 2020-12).

Usage: scripts/validate-json.py SCHEMA.json DOCUMENT.json   (DOCUMENT may be - for standard input)
Exit codes: 0 valid; 1 invalid (each error printed with its path); 3 the jsonschema package is missing.
"""
import json, os, sys

try:
    import jsonschema
    import referencing, referencing.jsonschema
except ImportError:
    print("validate-json: the jsonschema package (4.18 or later) is missing; install it with: python3 -m pip install jsonschema", file=sys.stderr)
    sys.exit(3)

schema = json.load(open(sys.argv[1], encoding="utf-8"))
document = json.load(sys.stdin if sys.argv[2] == "-" else open(sys.argv[2], encoding="utf-8"))
# A schema may refer to the others beside it ("$ref": "generate-summary.schema.json"): they are
# registered by their $id, so that nothing is fetched from the network.
folder = os.path.dirname(os.path.abspath(sys.argv[1]))
resources = []
for name in sorted(os.listdir(folder)):
    if name.endswith(".schema.json"):
        sibling = json.load(open(os.path.join(folder, name), encoding="utf-8"))
        if "$id" in sibling:
            resources.append((sibling["$id"], referencing.Resource.from_contents(sibling, default_specification=referencing.jsonschema.DRAFT202012)))
validator = jsonschema.Draft202012Validator(schema, registry=referencing.Registry().with_resources(resources))
errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
for error in errors:
    print("/" + "/".join(str(p) for p in error.absolute_path) + ": " + error.message)
sys.exit(1 if errors else 0)
