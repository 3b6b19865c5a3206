#!/usr/bin/env bash
# check-sanitized.sh address|none FILE…: fails unless every FILE (an executable or the test bundle)
# is (address) or is not (none) built with the address sanitizer. `make test-asan` and `make test`
# share one .build folder, told apart only by ALBUMREPORT_SANITIZE (Package.swift): a sanitized
# suite that ran uninstrumented code would pass falsely, and a tarball must never carry the
# sanitizer's runtime.
set -euo pipefail
want="$1"
shift
[ $# -gt 0 ] || { echo "usage: check-sanitized.sh address|none FILE…" >&2; exit 2; }
for file in "$@"; do
  [ -f "$file" ] || { echo "check-sanitized: $file does not exist" >&2; exit 1; }
  # grep reads all of nm's output (-q would stop early, and pipefail would count nm's SIGPIPE).
  if nm "$file" 2>/dev/null | grep ' __asan_init$' >/dev/null; then has=address; else has=none; fi
  if [ "$has" != "$want" ]; then
    if [ "$want" = address ]; then
      echo "check-sanitized: $file is not built with the address sanitizer. Run \`make test-asan\` again; if it persists, remove .build and run it again." >&2
    else
      echo "check-sanitized: $file is built with the address sanitizer (\`make test-asan\` built last). Run \`make test\` (or \`swift build -c release\`) first." >&2
    fi
    exit 1
  fi
  echo "check-sanitized: $(basename "$file"): $has"
done
