#!/usr/bin/env python3
"""Runs action.yml's steps here, as the runner would run them, to prove a workflow that uses the action
still works: each step's `if:`, `env:` and `${{ }}` expressions evaluated over the given inputs (the
rest take their declared defaults), `run:` scripts in bash with GITHUB_ACTION_PATH, GITHUB_OUTPUT,
GITHUB_WORKSPACE and RUNNER_TEMP set, step outputs read back. After a failing step only the steps
whose `if:` asks for always() or failure() run, as on the runner. `uses:` steps (actions/cache,
actions/upload-artifact) cannot run here: each is stood in for, and its evaluated `with:` is
recorded; --cache-hit stands in for the cache's answer. Exits with the action's status (the first
failing step's exit code); prints the action's outputs.

    scripts/test-action.py [--cache-hit] [--expect-status N] [--action-path DIR] [--until STEP]
                           [--job ID] [--job-index I --job-total N] [--matrix JSON]
                           [--record FILE] WORKSPACE NAME=VALUE…

--runner-os gives runner.os (default: Linux). --runner-temp NAME gives the run that folder of the workspace as RUNNER_TEMP (two runs with one
stand for two uses in one job). --action-path runs another copy of the action (default: this checkout); --until stops after the
step of that name (its outputs are printed). --job gives github.job (default: goldens); --job-index
and --job-total give the strategy context (default: 0 of 1), --matrix the matrix context (a JSON
object). --record writes the stood-in `uses:` steps, one JSON object a line:
{"name", "uses", "with": {…evaluated}}.
"""
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

import yaml

arguments = sys.argv[1:]
cache_hit = "--cache-hit" in arguments
arguments = [a for a in arguments if a != "--cache-hit"]


def option(name, default=None):
    if name not in arguments:
        return default
    index = arguments.index(name)
    value = arguments[index + 1]
    del arguments[index:index + 2]
    return value


expect = option("--expect-status")
expect = None if expect is None else int(expect)
root = pathlib.Path(option("--action-path", pathlib.Path(__file__).resolve().parent.parent)).resolve()
until = option("--until")
job = option("--job", "goldens")
job_index, job_total = int(option("--job-index", "0")), int(option("--job-total", "1"))
matrix = json.loads(option("--matrix", "{}"))
record = option("--record")
runner_temp = option("--runner-temp")
runner_os = option("--runner-os", "Linux")
workspace = pathlib.Path(arguments[0]).resolve()
action = yaml.safe_load((root / "action.yml").read_text())
declared = action.get("inputs") or {}
inputs = {name: str(spec.get("default", "")) for name, spec in declared.items()}
for pair in arguments[1:]:
    name, _, value = pair.partition("=")
    if name not in declared:
        sys.exit(f"test-action: action.yml declares no input '{name}'")
    inputs[name] = value

# RUNNER_TEMP inside the workspace, so whoever made the workspace removes it; --runner-temp gives
# one folder to several runs, as the uses of the action in one job share it.
if runner_temp:
    temp = (workspace / runner_temp).resolve()
    temp.mkdir(parents=True, exist_ok=True)
else:
    temp = pathlib.Path(tempfile.mkdtemp(prefix="runner-temp-", dir=workspace))
contexts = {"inputs": inputs, "steps": {}, "runner": {"temp": str(temp), "os": runner_os},
            "github": {"action_path": str(root), "workspace": str(workspace), "job": job},
            "strategy": {"job-index": job_index, "job-total": job_total, "fail-fast": True, "max-parallel": job_total},
            "matrix": matrix}
failed = False
TOKEN = re.compile(r"\s*(?:(?P<string>'(?:[^']|'')*')|(?P<op>==|!=|&&|\|\||[(),!])|(?P<name>[A-Za-z_][A-Za-z0-9_.-]*))")


def evaluate(expression):
    """GitHub's expression language, as much of it as action.yml uses: strings, context paths,
    == != && || !, always(), success(), failure(), format()."""
    python, position = [], 0
    while position < len(expression.strip()):
        match = TOKEN.match(expression, position)
        if not match:
            sys.exit(f"test-action: cannot read the expression {expression!r}")
        position = match.end()
        if match["string"]:
            python.append(repr(match["string"][1:-1].replace("''", "'")))
        elif match["op"]:
            python.append({"&&": " and ", "||": " or ", "!": " not "}.get(match["op"], match["op"]))
        elif match["name"] in ("always", "format", "success", "failure"):
            python.append(match["name"] + "_")
        else:
            python.append(f"lookup({match['name']!r})")
    return eval("".join(python), {  # noqa: S307 (our own action.yml)
        "lookup": lookup, "always_": lambda: True, "success_": lambda: not failed, "failure_": lambda: failed,
        "format_": lambda text, *values: re.sub(r"\{(\d+)\}", lambda m: str(values[int(m[1])]), text)})


def lookup(path):
    value = contexts
    for part in path.split("."):
        value = value.get(part, "") if isinstance(value, dict) else ""
    return value


def value(x):
    """An expression's value as the runner writes it into text (booleans as true and false)."""
    return str(x).lower() if isinstance(x, bool) else str(x)


def substitute(text):
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: value(evaluate(m[1])), str(text))


STATUS = re.compile(r"\b(always|success|failure|cancelled)\(")
status = 0
for step in action["runs"]["steps"]:
    name = step.get("name", step.get("uses", "?"))
    condition = str(step.get("if", "success()")).strip().removeprefix("${{").removesuffix("}}")
    # As on the runner: a condition without a status function is success() && (condition).
    if not STATUS.search(condition):
        condition = f"success() && ({condition})"
    if not evaluate(condition):
        print(f"test-action: skip  {name} (if: {step.get('if', 'success()')})")
        continue
    step_id = step.get("id", "")
    if "uses" in step:
        given = {key: substitute(text) for key, text in (step.get("with") or {}).items()}
        print(f"test-action: stand-in for {name} ({step['uses']}) with {json.dumps(given)}")
        if record:
            with open(record, "a") as file:
                file.write(json.dumps({"name": name, "uses": step["uses"], "with": given}) + "\n")
        if step_id:
            contexts["steps"][step_id] = {"outputs": {"cache-hit": "true" if cache_hit else "false"}}
        continue
    print(f"test-action: run   {name}", flush=True)
    output = temp / f"output-{len(contexts['steps'])}-{step_id or 'step'}"
    output.write_text("")
    env = dict(os.environ, GITHUB_ACTION_PATH=str(root), GITHUB_OUTPUT=str(output), GITHUB_WORKSPACE=str(workspace),
               RUNNER_TEMP=str(temp), GITHUB_ACTIONS="true", GITHUB_STEP_SUMMARY=str(temp / "summary.md"))
    env.update({key: substitute(text) for key, text in (step.get("env") or {}).items()})
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", substitute(step["run"])],
                            env=env, cwd=workspace)
    outputs = dict(line.split("=", 1) for line in output.read_text().splitlines() if "=" in line)
    if step_id:
        contexts["steps"][step_id] = {"outputs": outputs}
    if result.returncode != 0 and not failed:
        status, failed = result.returncode, True
        print(f"test-action: step '{name}' exited {status}")
    if name == until:
        for key, text in outputs.items():
            print(f"test-action: step output {key}={text}")
        sys.exit(status)

for name, spec in (action.get("outputs") or {}).items():
    print(f"test-action: output {name}={substitute(spec['value'])}")
if expect is not None:
    if status != expect:
        sys.exit(f"test-action: FAILED: the action exited {status}, expected {expect}")
    print(f"test-action: passed (exit {status}, as expected)")
    sys.exit(0)
sys.exit(status)
