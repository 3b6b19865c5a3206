#!/usr/bin/env python3
"""Writes action.yml's composite steps as a workflow, so actionlint (which does not read action
metadata files) checks them as it checks any job: expressions and their types, the inputs of the
actions they use, script injection, and every `run:` script through shellcheck. Each declared input
becomes a `workflow_call` input, so `inputs.X` that is not declared is reported. Also checks what
actionlint cannot see in the metadata: every output names a step id that exists.

    scripts/action-as-workflow.py ACTION_YML OUT_WORKFLOW_YML
"""
import pathlib
import re
import sys

try:
    import yaml
except ImportError:
    sys.exit("action-as-workflow: PyYAML is missing; install it with: python3 -m pip install pyyaml")

source, target = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
action = yaml.safe_load(source.read_text())
problems = []
for key in ("name", "description", "runs"):
    if key not in action:
        problems.append(f"{source}: no '{key}'")
runs = action.get("runs") or {}
if runs.get("using") != "composite":
    problems.append(f"{source}: runs.using is '{runs.get('using')}', not composite")
steps = runs.get("steps") or []
for index, step in enumerate(steps, start=1):
    if "run" in step and "shell" not in step:
        problems.append(f"{source} step {index} ({step.get('name', '?')}): a composite run step needs `shell:`")
step_ids = {step["id"] for step in steps if "id" in step}
for name, output in (action.get("outputs") or {}).items():
    for step_id in re.findall(r"steps\.([A-Za-z0-9_-]+)\.", str(output.get("value", ""))):
        if step_id not in step_ids:
            problems.append(f"{source}: output '{name}' reads steps.{step_id}, and no step has that id")

inputs = {
    name: {"type": "string", "required": False, "default": str(spec.get("default", ""))}
    for name, spec in (action.get("inputs") or {}).items()
}
workflow = {
    "name": f"{source.name} as a workflow (written by scripts/action-as-workflow.py for actionlint)",
    "on": {"workflow_call": {"inputs": inputs}},
    "jobs": {"action": {"runs-on": "ubuntu-latest", "steps": steps}},
}
target.parent.mkdir(parents=True, exist_ok=True)
# width keeps long expressions on one line, so actionlint's columns stay readable.
target.write_text(yaml.safe_dump(workflow, sort_keys=False, width=10_000))

if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)
