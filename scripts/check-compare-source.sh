#!/usr/bin/env bash
# The action's compare-only build from source, as a fresh checkout does it: `--traits
# CompareCommand` resolves swift-argument-parser and swift-mustache (and swift-docc-plugin with its
# symbol kit, a root dependency no target builds) and none of the renderer's packages, builds
# albumreport-compare, which compares two PNG files. Prints the packages and the times.
#   scripts/check-compare-source.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git -C "$root" ls-files -z | (cd "$root" && xargs -0 tar -cf -) | tar -xf - -C "$work"
cd "$work"
start=$SECONDS
swift package resolve --traits CompareCommand >/dev/null 2>&1
resolved=$((SECONDS - start))
checkouts="$(find .build/checkouts -mindepth 1 -maxdepth 1 -printf '%f\n' | sort | tr '\n' ' ')"
expected="swift-argument-parser swift-docc-plugin swift-docc-symbolkit swift-mustache "
[ "$checkouts" = "$expected" ] || {
  echo "check-compare-source: --traits CompareCommand resolved $checkouts(expected $expected)" >&2; exit 1
}
swift build --product albumreport-compare --traits CompareCommand >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
built=$((SECONDS - start - resolved))
for renderer in AlbumReportGraphics AlbumReportRenderer AlbumReport.build CGD CText NIOCore AsyncHTTPClient; do
  if [ -n "$(find .build -path "*$renderer*" -name "*.o" -print -quit)" ]; then
    echo "check-compare-source: $renderer was compiled for the compare-only build" >&2; exit 1
  fi
done
png="$(find "$root/Tests/AlbumReportTests/Goldens" -maxdepth 1 -name '*.png' | head -1)"
"$(swift build --show-bin-path)/albumreport-compare" "$png" "$png" --quiet
echo "check-compare-source: albumreport-compare from source with --traits CompareCommand: ${checkouts}resolved in $resolved s, built (debug) in $built s; nothing of the renderer compiled."
