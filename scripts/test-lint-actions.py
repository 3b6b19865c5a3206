#!/usr/bin/env python3
"""Proves the workflow linter is there and working instead of assuming it: plants eight kinds of fault,
one per temporary copy of examples/workflows/goldens-workflow.yml (pointed at this checkout's action.yml),
and asserts actionlint reports each one, with its rule and message; the unchanged copy must pass.
Run by scripts/lint-actions.sh (so by `make lint`), which exports $actionlint and $shellcheck."""
import os
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
actionlint, shellcheck = os.environ["actionlint"], os.environ["shellcheck"]
base = re.sub(r"uses: OWNER/albumreport@\S+", "uses: ./", (root / "examples/workflows/goldens-workflow.yml").read_text())
STEPS = "      - uses: actions/checkout@v5\n"
JOB = "  goldens:\n"


def planted(old, new):
    assert old in base, f"test-lint-actions: the example workflow no longer contains {old!r}; update the fault"
    return base.replace(old, new, 1)


# (name, faulty workflow, rule actionlint must name, message it must contain)
FAULTS = [
    ("an undefined expression", planted("goldens: goldens", "goldens: ${{ steps.render.outputs.folder }}"),
     "expression", 'property "render" is not defined'),
    ("a runner label that does not exist", planted("runs-on: ubuntu-latest", "runs-on: ubuntu-lastest"),
     "runner-label", 'label "ubuntu-lastest" is unknown'),
    ("shell injection from the event", planted(STEPS, STEPS + '      - run: echo "${{ github.event.pull_request.title }}"\n'),
     "expression", "potentially untrusted"),
    ("an input the action does not declare", planted("fail-on: new,missing,changed", "fail-on: new,missing,changed\n          golden: goldens"),
     "action", 'input "golden" is not defined in action'),
    ("a cron line that cannot fire", planted("  pull_request:\n", "  pull_request:\n  schedule:\n    - cron: '0 25 * * *'\n"),
     "events", "invalid CRON format"),
    ("needs naming a job that does not exist", base + "  publish:\n    needs: goldenz\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo done\n",
     "job-needs", 'job "publish" needs job "goldenz" which does not exist'),
    ("a script error shellcheck finds", planted(STEPS, STEPS + "      - run: for f in $(ls goldens); do echo \"$f\"; done\n"),
     "shellcheck", "SC2045"),
    ("a type mismatch", planted(JOB, JOB + "    timeout-minutes: ${{ github.event }}\n"),
     "expression", "must be number but found type object"),
]

# A project of its own (actionlint resolves `uses: ./` from a folder with .git and .github/workflows).
project = root / ".build/lint-faults"
work = project / ".github/workflows"
work.mkdir(parents=True, exist_ok=True)
(project / ".git").mkdir(exist_ok=True)
(project / "action.yml").write_text((root / "action.yml").read_text())


def lint(name, text):
    path = work / f"{name}.yml"
    path.write_text(text)
    result = subprocess.run([actionlint, "-shellcheck", shellcheck, "-format", "{{range $e := .}}[{{$e.Kind}}] {{$e.Message}}\n{{end}}",
                             str(path)], capture_output=True, text=True, cwd=project)
    return result.returncode, result.stdout + result.stderr


failures = []
status, output = lint("clean", base)
if status != 0:
    failures.append(f"the unchanged workflow does not pass:\n{output}")
for index, (name, text, rule, message) in enumerate(FAULTS, start=1):
    status, output = lint(f"fault-{index}", text)
    found = any(line.startswith(f"[{rule}] ") and message in line for line in output.splitlines())
    print(f"test-lint-actions: {'found ' if found else 'MISSED'} {index}. {name} [{rule}]")
    if status == 0 or not found:
        failures.append(f"fault {index} ({name}): expected [{rule}] …{message}…, actionlint said (exit {status}):\n{output}")

if failures:
    print("\n".join(failures), file=sys.stderr)
    sys.exit(1)
print(f"test-lint-actions: actionlint reported all {len(FAULTS)} planted faults; the unchanged workflow passes.")
