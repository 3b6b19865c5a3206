#!/usr/bin/env python3
"""Checks action.yml and the example workflows: they parse, every ${{ inputs.X }} names a declared
input, every step of the composite action has a shell, and every bash `run:` script passes `bash -n`.
(actionlint cannot be installed offline; this catches what breaks most often.)"""
import re, subprocess, sys, pathlib

try:
    import yaml
except ImportError:
    sys.exit("check-actions: PyYAML is missing; install it with: python3 -m pip install pyyaml")

root = pathlib.Path(__file__).resolve().parent.parent
problems = []

def check_script(where, script):
    # Expressions are substituted by the runner; stand them in with a word for the syntax check.
    text = re.sub(r"\$\{\{.*?\}\}", "X", script)
    result = subprocess.run(["bash", "-n"], input=text, text=True, capture_output=True)
    if result.returncode != 0:
        problems.append(f"{where}: bash -n: {result.stderr.strip()}")

action = yaml.safe_load((root / "action.yml").read_text())
for key in ("name", "description", "runs"):
    if key not in action:
        problems.append(f"action.yml: no '{key}'")
inputs = set((action.get("inputs") or {}).keys())
text = (root / "action.yml").read_text()
for name in re.findall(r"inputs\.([A-Za-z0-9_-]+)", text):
    if name not in inputs:
        problems.append(f"action.yml: inputs.{name} is used but not declared")
runs = action.get("runs", {})
if runs.get("using") != "composite":
    problems.append("action.yml: runs.using is not composite")
for index, step in enumerate(runs.get("steps", [])):
    if "run" in step:
        if "shell" not in step:
            problems.append(f"action.yml step {index + 1}: a run step without shell")
        check_script(f"action.yml step {index + 1}", step["run"])
    elif "uses" not in step:
        problems.append(f"action.yml step {index + 1}: neither run nor uses")

for workflow in sorted((root / "docs/examples").glob("*.yml")):
    data = yaml.safe_load(workflow.read_text())
    # YAML 1.1 reads the key `on` as True.
    if "jobs" not in data or ("on" not in data and True not in data):
        problems.append(f"{workflow.name}: no 'on' or no 'jobs'")
    for job_name, job in (data.get("jobs") or {}).items():
        if "runs-on" not in job:
            problems.append(f"{workflow.name}: job {job_name} has no runs-on")
        for index, step in enumerate(job.get("steps", [])):
            if "run" in step:
                check_script(f"{workflow.name} {job_name} step {index + 1}", step["run"])

if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"check-actions: action.yml and {len(list((root / 'docs/examples').glob('*.yml')))} workflow(s) look right.")
