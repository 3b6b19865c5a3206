#!/usr/bin/env python3
"""Runs action.yml's steps here, as the runner would run them, to prove a workflow that uses the action
still works: each step's `if:`, `env:` and `${{ }}` expressions evaluated over the given inputs (the
rest take their declared defaults), `run:` scripts in bash with GITHUB_ACTION_PATH, GITHUB_OUTPUT,
GITHUB_WORKSPACE and RUNNER_TEMP set, step outputs read back. `uses:` steps (actions/cache,
actions/upload-artifact) cannot run here and are skipped; --cache-hit stands in for the cache's
answer. Exits with the action's status (the compare step's exit code); prints the action's outputs.

    scripts/test-action.py [--cache-hit] [--expect-status N] [--action-path DIR] [--until STEP]
                           WORKSPACE NAME=VALUE…

--action-path runs another copy of the action (default: this checkout); --until stops after the
step of that name (its outputs are printed).
"""
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
workspace = pathlib.Path(arguments[0]).resolve()
action = yaml.safe_load((root / "action.yml").read_text())
declared = action.get("inputs") or {}
inputs = {name: str(spec.get("default", "")) for name, spec in declared.items()}
for pair in arguments[1:]:
    name, _, value = pair.partition("=")
    if name not in declared:
        sys.exit(f"test-action: action.yml declares no input '{name}'")
    inputs[name] = value

# RUNNER_TEMP inside the workspace, so whoever made the workspace removes it.
temp = pathlib.Path(tempfile.mkdtemp(prefix="runner-temp-", dir=workspace))
contexts = {"inputs": inputs, "steps": {}, "runner": {"temp": str(temp), "os": "Linux"},
            "github": {"action_path": str(root), "workspace": str(workspace)}}
TOKEN = re.compile(r"\s*(?:(?P<string>'(?:[^']|'')*')|(?P<op>==|!=|&&|\|\||[(),!])|(?P<name>[A-Za-z_][A-Za-z0-9_.-]*))")


def evaluate(expression):
    """GitHub's expression language, as much of it as action.yml uses: strings, context paths,
    == != && || !, always(), format()."""
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
        elif match["name"] in ("always", "format", "success"):
            python.append(match["name"] + "_")
        else:
            python.append(f"lookup({match['name']!r})")
    return eval("".join(python), {  # noqa: S307 (our own action.yml)
        "lookup": lookup, "always_": lambda: True, "success_": lambda: True,
        "format_": lambda text, *values: re.sub(r"\{(\d+)\}", lambda m: str(values[int(m[1])]), text)})


def lookup(path):
    value = contexts
    for part in path.split("."):
        value = value.get(part, "") if isinstance(value, dict) else ""
    return value


def substitute(text):
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: str(evaluate(m[1])), str(text))


status = 0
for step in action["runs"]["steps"]:
    name = step.get("name", step.get("uses", "?"))
    condition = str(step.get("if", "success()"))
    if not evaluate(condition.removeprefix("${{").removesuffix("}}")):
        print(f"test-action: skip  {name} (if: {condition})")
        continue
    step_id = step.get("id", "")
    if "uses" in step:
        print(f"test-action: stand-in for {name} ({step['uses']})")
        if step_id:
            contexts["steps"][step_id] = {"outputs": {"cache-hit": "true" if cache_hit else "false"}}
        continue
    print(f"test-action: run   {name}", flush=True)
    output = temp / f"output-{len(contexts['steps'])}"
    output.write_text("")
    env = dict(os.environ, GITHUB_ACTION_PATH=str(root), GITHUB_OUTPUT=str(output), GITHUB_WORKSPACE=str(workspace),
               RUNNER_TEMP=str(temp), GITHUB_ACTIONS="true", GITHUB_STEP_SUMMARY=str(temp / "summary.md"))
    env.update({key: substitute(value) for key, value in (step.get("env") or {}).items()})
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", substitute(step["run"])],
                            env=env, cwd=workspace)
    outputs = dict(line.split("=", 1) for line in output.read_text().splitlines() if "=" in line)
    if step_id:
        contexts["steps"][step_id] = {"outputs": outputs}
    if result.returncode != 0:
        status = result.returncode
        print(f"test-action: step '{name}' exited {status}")
        break
    if name == until:
        for key, value in outputs.items():
            print(f"test-action: step output {key}={value}")
        sys.exit(0)

for name, spec in (action.get("outputs") or {}).items():
    print(f"test-action: output {name}={substitute(spec['value'])}")
if expect is not None:
    if status != expect:
        sys.exit(f"test-action: FAILED: the action exited {status}, expected {expect}")
    print(f"test-action: passed (exit {status}, as expected)")
    sys.exit(0)
sys.exit(status)
