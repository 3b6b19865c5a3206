#!/usr/bin/env bash
# The workflow and shell half of `make lint`: shellcheck on every shell script, then actionlint (which
# also runs shellcheck on each `run:` script) on the example workflows (examples/workflows/) and the
# README's, on the examples pointed at this checkout's action.yml (so every `with:` is checked
# against its declared inputs), and on action.yml's steps written as a workflow
# (scripts/action-as-workflow.py). Any finding fails; so does an example or README line that pins
# the action or names a tarball of another version than VERSION's (the action's ref and the tarball
# go together). Then scripts/test-lint-actions.py proves actionlint finds 8 planted faults.
# The tools come from `scripts/install-deps.sh --lint`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
# shellcheck source=scripts/lint-tools.sh
source scripts/lint-tools.sh

shell_scripts=(scripts/*.sh .ci/run)
"$shellcheck" "${shell_scripts[@]}"
echo "lint-actions: shellcheck: ${#shell_scripts[@]} scripts clean."

# actionlint resolves `uses: ./` from the project it finds (a folder with .git and .github/workflows),
# so the copies pointed at ./ live in a small project of their own beside a copy of action.yml.
work=".build/lint"
rm -rf "$work"
mkdir -p "$work/.git" "$work/.github/workflows"
cp action.yml "$work/action.yml"
python3 scripts/action-as-workflow.py action.yml "$work/.github/workflows/action-steps.yml"

workflows=(examples/workflows/*.yml)
if compgen -G ".github/workflows/*.yml" >/dev/null; then workflows+=(.github/workflows/*.yml); fi
# Every complete workflow in the README and the guides (a ```yaml block with a top-level `jobs:`),
# as a file.
awk -v out="$work/.github/workflows/readme-" '
  /^```yaml$/ { block = ""; inside = 1; next }
  inside && /^```$/ { inside = 0; if (block ~ /\njobs:/) { n++; printf "%s", block > (out n ".yml") }; next }
  inside { block = block $0 "\n" }' README.md docs/*.md
if compgen -G "$work/.github/workflows/readme-*.yml" >/dev/null; then workflows+=("$work"/.github/workflows/readme-*.yml); fi
local_copies=()
for workflow in examples/workflows/*.yml; do
  copy="$work/.github/workflows/local-$(basename "$workflow")"
  sed -E 's#uses: OWNER/albumreport@[^[:space:]]+#uses: ./#' "$workflow" >"$copy"
  local_copies+=("$copy")
done
"$actionlint" -shellcheck "$shellcheck" "${workflows[@]}" "${local_copies[@]}" "$work/.github/workflows/action-steps.yml"
echo "lint-actions: actionlint $("$actionlint" --version | head -1): ${#workflows[@]} workflows (examples, the README's and the guides'), the examples against ./action.yml, and action.yml's steps clean."

# The action's ref and the tarball's version are VERSION's wherever a user copies them from.
version="$(tr -d '[:space:]' <VERSION)"
# Every pin, release folder and tarball name (FILE:LINE:TEXT), less those of this version.
stale="$(grep -noHE 'OWNER/albumreport@[A-Za-z0-9._-]+|releases/download/[^/[:space:]]+/|albumreport(-compare)?-[0-9]+\.[0-9]+\.[0-9]+-linux' \
  examples/workflows/*.yml README.md docs/*.md |
  grep -vE ":(OWNER/albumreport@v$version|releases/download/v$version/|albumreport(-compare)?-$version-linux)\$" || true)"
if [ -n "$stale" ]; then
  echo "lint-actions: pin the action to @v$version and name the $version tarball (VERSION), as these lines do not:" >&2
  echo "$stale" >&2
  exit 1
fi
echo "lint-actions: the examples, the README and the guides pin the action to @v$version with the $version tarball."
python3 scripts/test-lint-actions.py
