#!/usr/bin/env bash
# action.yml with a prebuilt binary, run here by scripts/test-action.py: a workspace whose goldens
# the tarball's binary rendered, then the action given the tarball as `binary-url` (a workspace
# path) with its checksum must pass (exit 0); the same with a dark theme must fail (exit 1); a wrong
# checksum must stop it before anything runs. And the cache key step of a source build works on a
# fresh copy of the action.
#   scripts/test-action.sh [TARBALL]     (default: this VERSION's tarball under dist/)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tarball="${1:-$root/dist/albumreport-$(tr -d '[:space:]' <"$root/VERSION")-linux-$(uname -m).tar.gz}"
[ -f "$tarball" ] || { echo "test-action: no tarball at $tarball; run make dist first." >&2; exit 1; }
workspace="$(mktemp -d)"
trap 'rm -rf "$workspace"' EXIT
cp "$tarball" "$workspace/albumreport.tar.gz"
mkdir "$workspace/unpacked"
tar -xzf "$tarball" -C "$workspace/unpacked"
binary="$(find "$workspace/unpacked" -mindepth 2 -maxdepth 2 -name albumreport -type f)"
"$binary" generate --limit 10 --output "$workspace/goldens" --quiet
sha="$(sha256sum "$tarball" | cut -d' ' -f1)"
action=(python3 "$root/scripts/test-action.py")
"${action[@]}" --expect-status 0 "$workspace" binary-url=albumreport.tar.gz binary-sha256="$sha" >"$workspace/pass.log" 2>&1 ||
  { cat "$workspace/pass.log"; exit 1; }
"${action[@]}" --expect-status 1 "$workspace" binary-url=albumreport.tar.gz "generate-arguments=--limit 10 --theme dark" \
  >"$workspace/fail.log" 2>&1 || { cat "$workspace/fail.log"; exit 1; }
"${action[@]}" --expect-status 1 "$workspace" binary-url=albumreport.tar.gz binary-sha256=0000 >"$workspace/sha.log" 2>&1 ||
  { cat "$workspace/sha.log"; exit 1; }
grep -q "FAILED" "$workspace/sha.log" && { cat "$workspace/sha.log"; exit 1; }
grep -q "run   Render and compare" "$workspace/sha.log" && { echo "test-action: a wrong checksum did not stop the action." >&2; exit 1; }
# Building from source: the cache key step on a copy of the action as a workflow gets it (tracked
# files only: no Package.resolved, no .build).
mkdir "$workspace/action"
git -C "$root" ls-files -z | (cd "$root" && xargs -0 tar -cf -) | tar -xf - -C "$workspace/action"
"${action[@]}" --action-path "$workspace/action" --until "Work out the build cache key" "$workspace" >"$workspace/key.log" 2>&1 ||
  { cat "$workspace/key.log"; exit 1; }
grep -qE "^test-action: step output key=albumreport-build-v1-[a-z]+-[0-9.]+-$(uname -m)-swift-[0-9a-f]{12}-deps-[0-9a-f]{12}-src-[0-9a-f]{12}$" "$workspace/key.log" ||
  { cat "$workspace/key.log"; echo "test-action: the cache key step gave no key of the expected form." >&2; exit 1; }
echo "test-action: action.yml with binary-url passes on matching goldens, fails on changed ones, stops on a wrong checksum; a source build's cache key step works on a fresh copy."
