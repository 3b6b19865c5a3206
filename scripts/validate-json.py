#!/usr/bin/env python3
"""Validates a JSON document against one of the schemas in schemas/ (Draft 2020-12).

Usage: scripts/validate-json.py SCHEMA.json DOCUMENT.json   (DOCUMENT may be - for standard input)
Exit codes: 0 valid; 1 invalid (each error printed with its path); 3 the jsonschema package is missing.
"""
import json, sys

try:
    import jsonschema
except ImportError:
    print("validate-json: the jsonschema package is missing; install it with: python3 -m pip install jsonschema", file=sys.stderr)
    sys.exit(3)

schema = json.load(open(sys.argv[1], encoding="utf-8"))
document = json.load(sys.stdin if sys.argv[2] == "-" else open(sys.argv[2], encoding="utf-8"))
validator = jsonschema.Draft202012Validator(schema)
errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
for error in errors:
    print("/" + "/".join(str(p) for p in error.absolute_path) + ": " + error.message)
sys.exit(1 if errors else 0)
