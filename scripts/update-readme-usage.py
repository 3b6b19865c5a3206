#!/usr/bin/env python3
"""Refreshes the usage blocks of the README and the guides from the built binary, so they stay
the real output.

Usage: scripts/update-readme-usage.py [path/to/albumreport]   (default: .build/release/albumreport)
Each block in README.md and docs/*.md that starts with "```text" and "$ albumreport ARGS" is
replaced by the current output of `albumreport ARGS` (100 columns).
"""
import glob
import os
import re
import subprocess
import sys

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/albumreport"


def refresh(match):
    args = match.group(1).split()
    env = dict(os.environ, COLUMNS="100")
    result = subprocess.run([binary] + args, capture_output=True, text=True, env=env)
    output = (result.stdout or result.stderr).rstrip("\n")
    return "```text\n$ albumreport " + match.group(1) + "\n" + output + "\n```"


for path in ["README.md"] + sorted(glob.glob("docs/*.md")):
    text = open(path, encoding="utf-8").read()
    updated = re.sub(r"```text\n\$ albumreport ([^\n]*)\n.*?```", refresh, text, flags=re.S)
    if updated != text:
        open(path, "w", encoding="utf-8").write(updated)
