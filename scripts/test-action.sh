#!/usr/bin/env bash
# action.yml with a prebuilt binary, each mode run here by scripts/test-action.py (which stands in for
# the `uses:` steps and records their `with:`, so the artifacts' names and paths are checked): a
# workspace whose goldens the tarball's binary rendered, then the action given the tarball as
# `binary-url` (a workspace path) —
#   render and compare: passes (exit 0) with the .sha256 file's line as binary-sha256, uploading
#     the report and the renders; a dark theme fails (exit 1) and still uploads both;
#   generate-arguments as lines: one argument a line, a theme file whose path has spaces, and a
#     line that would run a command in a shell stays text;
#   compare-only (expected + actual, no render): the goldens' copy passes, `expected` winning over
#     `goldens`; a copy with one PNG changed fails; the same with the compare-only tarball
#     (albumreport-compare runs, also on an Ubuntu 24.04 os-release), which refuses to render;
#   artifact names: two jobs of a matrix get two names; an explicit artifact-name is kept, one
#     upload-artifact would refuse is refused first;
#   update: true converges a copy of the goldens and uploads it (NAME-goldens);
#   refusals, each an ::error before anything is installed or run: a checksum that does not match,
#     one that is not a checksum, an http:// binary-url, and a runner that is not Debian 12
#     (ALBUMREPORT_OS_RELEASE pointed at an Ubuntu os-release; scripts/install-runtime.sh refuses it
#     too);
# and the cache key step of a source build works on a fresh copy of the action.
#   scripts/test-action.sh [TARBALL [COMPARE_TARBALL]]   (default: this VERSION's tarballs under dist/)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tarball="${1:-$root/dist/albumreport-$(tr -d '[:space:]' <"$root/VERSION")-linux-$(uname -m).tar.gz}"
compare_tarball="${2:-$root/dist/albumreport-compare-$(tr -d '[:space:]' <"$root/VERSION")-linux-$(uname -m).tar.gz}"
for file in "$tarball" "$compare_tarball"; do
  [ -f "$file" ] || { echo "test-action: no tarball at $file; run make dist first." >&2; exit 1; }
done
workspace="$(mktemp -d)"
trap 'rm -rf "$workspace"' EXIT
cp "$tarball" "$workspace/albumreport.tar.gz"
compare_name="$(basename "$compare_tarball")"   # the action tells the tarballs apart by name
cp "$compare_tarball" "$workspace/$compare_name"
mkdir "$workspace/unpacked"
tar -xzf "$tarball" -C "$workspace/unpacked"
binary="$(find "$workspace/unpacked" -mindepth 2 -maxdepth 2 -name albumreport -type f)"
"$binary" generate --limit 10 --output "$workspace/goldens" --quiet
sha="$(sha256sum "$tarball" | cut -d' ' -f1)"
printf 'PRETTY_NAME="Ubuntu 24.04.1 LTS"\nNAME="Ubuntu"\nVERSION_ID="24.04"\nID=ubuntu\nID_LIKE=debian\n' >"$workspace/ubuntu-os-release"
sha_line="$sha  $(basename "$tarball")"   # as in the .sha256 file make dist writes

# fail NAME SENTENCE: the run's log, then what went wrong.
fail() { cat "$workspace/$1.log"; echo "test-action: $1: $2" >&2; exit 1; }
# run NAME STATUS ARGUMENT…: the action with the tarball (and these inputs and options) must exit
# STATUS; its log is NAME.log, the `uses:` steps' `with:` NAME.uploads.
run() {
  local name=$1 status=$2
  shift 2
  python3 "$root/scripts/test-action.py" --expect-status "$status" --record "$workspace/$name.uploads" \
    "$workspace" binary-url=albumreport.tar.gz "$@" >"$workspace/$name.log" 2>&1 ||
    fail "$name" "the action did not exit $status."
}
# says NAME TEXT: the run's log must contain TEXT; lacks NAME TEXT: must not.
says() { grep -qF -- "$2" "$workspace/$1.log" || fail "$1" "the log does not say '$2'."; }
lacks() { ! grep -qF -- "$2" "$workspace/$1.log" || fail "$1" "the log says '$2'."; }
# uploaded NAME ARTIFACT: prints the path the run uploaded as ARTIFACT (which must exist).
uploaded() {
  local path
  path="$(python3 -c 'import json, sys
for line in open(sys.argv[1]):
    step = json.loads(line)
    if step["uses"].startswith("actions/upload-artifact@") and step["with"]["name"] == sys.argv[2]:
        print(step["with"]["path"])' "$workspace/$1.uploads" "$2")"
  [ -n "$path" ] || fail "$1" "no artifact named $2 was uploaded ($(cat "$workspace/$1.uploads"))."
  case "$path" in /*) ;; *) path="$workspace/$path" ;; esac   # upload-artifact reads it in the workspace
  [ -e "$path" ] || fail "$1" "artifact $2's path $path does not exist."
  echo "$path"
}
# artifacts NAME: the names of the artifacts the run uploaded, one a line.
artifacts() { python3 -c 'import json, sys
for line in open(sys.argv[1]):
    step = json.loads(line)
    if step["uses"].startswith("actions/upload-artifact@"): print(step["with"]["name"])' "$workspace/$1.uploads"; }

# Render and compare: pass, with the .sha256 line; the report and the renders are uploaded.
run pass 0 binary-sha256="$sha_line"
[ -f "$(uploaded pass golden-report-goldens)/junit.xml" ] || fail pass "the report artifact holds no junit.xml."
actual="$(uploaded pass golden-report-goldens-actual)"
diff -rq "$workspace/goldens" "$actual" >/dev/null || fail pass "the uploaded renders are not the goldens' images."
[ "$(artifacts pass | wc -l)" -eq 2 ] || fail pass "expected two artifacts (no goldens without update), got: $(artifacts pass | tr '\n' ' ')."
# Fail: a dark theme, still uploading the report and the renders.
run dark 1 binary-sha256="$sha" "generate-arguments=--limit 10 --theme dark"
says dark "output exit-code=1"
uploaded dark golden-report-goldens >/dev/null
uploaded dark golden-report-goldens-actual >/dev/null

# generate-arguments as lines: a theme file in a folder with a space, and a line a shell would run.
mkdir "$workspace/my themes"
cp "$root/Templates/dark.json" "$workspace/my themes/dark theme.json"
# shellcheck disable=SC2016  # the $(…) must reach the action unexpanded
run lines 1 $'generate-arguments=--limit\n10\n--theme\nmy themes/dark theme.json\n--cache-dir\n$(touch injected)\n'
says lines "albumreport: generate --limit 10 --theme my\\ themes/dark\\ theme.json --cache-dir \\\$\\(touch\\ injected\\) --output"
says lines "output exit-code=1"   # rendered and compared: dark differs from the light goldens
[ ! -e "$workspace/injected" ] || fail lines "a line of generate-arguments was run as a command."

# Compare-only: a team's own folder against its goldens — PNG files only, no manifest.json —
# `expected` winning over `goldens`.
mkdir "$workspace/team-goldens"
(cd "$workspace/goldens" && find . -name '*.png' -exec cp --parents {} "$workspace/team-goldens/" \;)
cp -R "$workspace/team-goldens" "$workspace/screenshots"
run own 0 expected=team-goldens goldens=no-such-folder actual=screenshots
lacks own "albumreport: generate"
[ "$(uploaded own golden-report-goldens-actual)" = "$workspace/screenshots" ] || fail own "the actual artifact is not the actual folder."
# One PNG changed (another card's image over it): fails.
cp -R "$workspace/team-goldens" "$workspace/changed"
mapfile -t cards < <(find "$workspace/changed" -name '*.png' | sort)
cp "${cards[0]}" "${cards[1]}"
run changed 1 expected=team-goldens actual=changed
says changed "output exit-code=1"
# Every compare setting reaches compare as one argument each, as text. A config that allows the
# change passes; so do a threshold and max-diff-ratio that allow it, and a mask over every file.
printf '{"paths": [{"glob": "**/*.png", "maxDiffRatio": 1}]}\n' >"$workspace/compare config.json"
run config 0 expected=team-goldens actual=changed "config=compare config.json"
says config "--config 'compare config.json'"
run numbers 0 expected=team-goldens actual=changed threshold=0.2 max-diff-ratio=1 minimum-cluster=2 \
  fail-on-antialiasing=true
says numbers "--threshold 0.2 --max-diff-ratio 1 --minimum-cluster 2 --fail-on-antialiasing"
run pixels 1 expected=team-goldens actual=changed max-diff-pixels=3
says pixels "--max-diff-pixels 3"
run masked 0 expected=team-goldens actual=changed 'masks=**/*.png:0,0,100000,100000'
# Never expanded by a shell: "*" stays one element name (refused as no element of the goldens'
# manifest, not turned into the workspace's files), and a mask line with spaces stays one mask
# (refused as matching no file, named whole).
run star 2 actual=changed expected=goldens 'mask-elements=* button'
says star "--mask-element '*' --mask-element button"
lacks star "--mask-element albumreport.tar.gz"
run spaced 2 expected=team-goldens actual=changed $'masks=0,0,1,1\nmy cards/*.png:0,0,10,10\n'
says spaced "--mask 0,0,1,1 --mask 'my cards/*.png:0,0,10,10'"
says spaced "my cards/*.png:0,0,10,10"
# Refused before anything is installed: a setting compare would refuse.
run bad-threshold 1 expected=team-goldens actual=changed threshold=high
says bad-threshold "::error title=albumreport::threshold is 'high': give a number from 0 to 1"
lacks bad-threshold "run   Install the prebuilt"
run bad-pixels 1 expected=team-goldens actual=changed max-diff-pixels=-1
says bad-pixels "::error title=albumreport::max-diff-pixels is '-1': give a whole number"
run no-config 1 expected=team-goldens actual=changed config=nowhere.json
says no-config "::error title=albumreport::config is 'nowhere.json', and there is no such file in the workspace"

# An actual folder that is not there is refused before anything is installed.
run no-actual 1 actual=nowhere
says no-actual "::error title=albumreport::actual is 'nowhere'"
lacks no-actual "run   Install the prebuilt"

# The same with the compare-only tarball: albumreport-compare compares, and refuses to render; an
# Ubuntu 24.04 runner (glibc 2.39) is fine for it.
run own-compare 0 binary-url="$compare_name" expected=team-goldens actual=screenshots
says own-compare "albumreport: albumreport-compare $(tr -d '[:space:]' <"$root/VERSION"), prebuilt"
lacks own-compare "albumreport: generate"
run changed-compare 1 binary-url="$compare_name" expected=team-goldens actual=changed
says changed-compare "output exit-code=1"
ALBUMREPORT_OS_RELEASE="$workspace/ubuntu-os-release" run ubuntu-compare 0 binary-url="$compare_name" \
  expected=team-goldens actual=screenshots
run render-compare 1 binary-url="$compare_name"
says render-compare "::error title=albumreport::binary-url is the compare-only tarball, which cannot render"

# Artifact names: two jobs of a matrix, and an explicit name.
run shard-0 0 expected=team-goldens actual=screenshots --job render --job-index 0 --job-total 2 --matrix '{"shard": 1}'
run shard-1 0 expected=team-goldens actual=screenshots --job render --job-index 1 --job-total 2 --matrix '{"shard": 2}'
uploaded shard-0 golden-report-render-0 >/dev/null
uploaded shard-1 golden-report-render-1 >/dev/null
uploaded shard-1 golden-report-render-1-actual >/dev/null
run named 0 expected=team-goldens actual=screenshots artifact-name=my-report --job render --job-index 1 --job-total 2
[ "$(artifacts named | tr '\n' ' ')" = "my-report my-report-actual " ] || fail named "artifact-name was not used as given: $(artifacts named | tr '\n' ' ')"
# Two uses in one job (one RUNNER_TEMP): the second gets names of its own; an explicit name the
# first took is refused before anything runs.
run first-use 0 expected=team-goldens actual=screenshots --runner-temp one-job
run second-use 0 expected=team-goldens actual=screenshots --runner-temp one-job
[ "$(artifacts second-use | tr '\n' ' ')" = "golden-report-goldens-2 golden-report-goldens-2-actual " ] ||
  fail second-use "the second use in a job did not get its own names: $(artifacts second-use | tr '\n' ' ')"
run named-twice 0 expected=team-goldens actual=screenshots artifact-name=mine --runner-temp job-two
run named-again 1 expected=team-goldens actual=screenshots artifact-name=mine --runner-temp job-two
says named-again "::error title=albumreport::artifact-name is 'mine', which an earlier use of this action in this job took"
run bad-name 1 actual=screenshots artifact-name=../up
says bad-name "::error title=albumreport::artifact-name is '../up': an artifact name cannot hold"

# update: true converges a copy of the goldens on a dark render and uploads it.
cp -R "$workspace/goldens" "$workspace/goldens-update"
run update 0 expected=goldens-update update=true "generate-arguments=--limit 10 --theme dark"
[ "$(uploaded update golden-report-goldens-goldens)" = "$workspace/goldens-update" ] || fail update "the goldens artifact is not the goldens folder."
diff -rq "$(uploaded update golden-report-goldens-actual)" "$workspace/goldens-update" >/dev/null ||
  fail update "the uploaded goldens are not the dark renders."

# Refusals, each before anything is installed.
run wrong-sha 1 binary-sha256=0000000000000000000000000000000000000000000000000000000000000000
says wrong-sha "::error title=albumreport::binary-sha256 does not match the tarball"
lacks wrong-sha "run   Render and compare"
run bad-sha 1 binary-sha256="sha256:$sha"
says bad-sha "::error title=albumreport::binary-sha256 is 'sha256:$sha', which is neither a SHA-256"
lacks bad-sha "run   Install the prebuilt"
lacks pass "binary-sha256 is empty"   # given: no warning
run https-no-sha 0 binary-url=https://127.0.0.1:9/albumreport-0.4.0-linux-x86_64.tar.gz --until "Check the inputs"
says https-no-sha "::warning title=albumreport::binary-sha256 is empty, so the tarball downloaded from https://127.0.0.1:9/"
run macos 1 expected=team-goldens actual=screenshots --runner-os macOS
says macos "::error title=albumreport::this action runs on Linux runners (ubuntu-latest, or a Debian container); this job runs on macOS."
run http 1 binary-url=http://example.com/albumreport-0.3.0-linux-x86_64.tar.gz
says http "::error title=albumreport::binary-url is 'http://example.com/albumreport-0.3.0-linux-x86_64.tar.gz': plain http is refused"
lacks http "run   Install the prebuilt"
ALBUMREPORT_OS_RELEASE="$workspace/ubuntu-os-release" run ubuntu 1
says ubuntu "::error title=albumreport::the prebuilt binary is built for Debian 12 (bookworm) and this machine is Ubuntu 24.04.1 LTS"
says ubuntu "container: debian:bookworm-slim"
lacks ubuntu "albumreport: runtime packages present"
if ALBUMREPORT_OS_RELEASE="$workspace/ubuntu-os-release" "$root/scripts/install-runtime.sh" >"$workspace/install-runtime.log" 2>&1; then
  fail install-runtime "install-runtime.sh went on, on an Ubuntu os-release."
fi
says install-runtime "leave the action's binary-url empty to build albumreport from source"

# Building from source: the cache key step on a copy of the action as a workflow gets it (tracked
# files only: no Package.resolved, no .build).
mkdir "$workspace/action"
git -C "$root" ls-files -z | (cd "$root" && xargs -0 tar -cf -) | tar -xf - -C "$workspace/action"
python3 "$root/scripts/test-action.py" --action-path "$workspace/action" --until "Work out the build cache key" "$workspace" >"$workspace/key.log" 2>&1 ||
  fail key "the cache key step failed."
grep -qE "^test-action: step output key=albumreport-build-v1-albumreport-[a-z]+-[0-9.]+-$(uname -m)-swift-[0-9a-f]{12}-deps-[0-9a-f]{12}-src-[0-9a-f]{12}$" "$workspace/key.log" ||
  fail key "the cache key step gave no key of the expected form."
# Compare-only builds albumreport-compare alone, under a key of its own.
python3 "$root/scripts/test-action.py" --action-path "$workspace/action" --until "Work out the build cache key" \
  "$workspace" expected=team-goldens actual=screenshots >"$workspace/key-compare.log" 2>&1 ||
  fail key-compare "the cache key step failed."
says key-compare "step output product=albumreport-compare"
says key-compare "step output key=albumreport-build-v1-albumreport-compare-"
echo "test-action: action.yml with binary-url: render and compare pass and fail, argument lines, every compare setting (a config file, numbers, masks, element names; nothing expanded), compare-only pass and fail (with the whole tool and with the compare-only tarball, which also runs on Ubuntu and refuses to render), per-job and per-use artifact names, a missing binary-sha256 warned about, update uploading the goldens, the renders uploaded; refused: a wrong or malformed checksum, http, a runner that is not Debian 12, a macOS runner; a source build's cache key step works on a fresh copy."
