#!/usr/bin/env bash
# Checks that a build is what it claims. `make test-asan` and `make test` share one .build folder,
# told apart only by ALBUMREPORT_SANITIZE (Package.swift): a sanitized suite that ran
# uninstrumented code would pass falsely, and a tarball must never carry the sanitizer's runtime.
#   check-sanitized.sh address BIN_DIR   the test bundle and albumreport in BIN_DIR link the
#                                        address sanitizer's runtime, and every target under
#                                        Sources/ (and Templates/, Tests/AlbumReportTestSupport)
#                                        was compiled instrumented: each has objects, and they
#                                        call into the sanitizer
#   check-sanitized.sh none FILE…        no FILE carries the sanitizer's runtime
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
usage() { echo "usage: check-sanitized.sh address BIN_DIR | none FILE…" >&2; exit 2; }
[ $# -ge 2 ] || usage

# carries_runtime FILE: whether FILE defines __asan_init. grep reads all of nm's output (-q would
# stop early, and pipefail would count nm's SIGPIPE as "not found").
carries_runtime() { nm "$1" 2>/dev/null | grep ' T __asan_init$' >/dev/null; }

case "$1" in
  none)
    shift
    for file in "$@"; do
      [ -f "$file" ] || { echo "check-sanitized: $file does not exist" >&2; exit 1; }
      if carries_runtime "$file"; then
        echo "check-sanitized: $file is built with the address sanitizer (\`make test-asan\` built last). Run \`make test\` (or \`swift build -c release\`) first." >&2
        exit 1
      fi
      echo "check-sanitized: $(basename "$file"): no sanitizer"
    done
    ;;
  address)
    bin_dir="$2"
    again="Run \`make test-asan\` again; if it persists, remove .build and run it again."
    for file in "$bin_dir/albumreportPackageTests.xctest" "$bin_dir/albumreport" "$bin_dir/albumreport-compare"; do
      [ -f "$file" ] || { echo "check-sanitized: $file does not exist" >&2; exit 1; }
      carries_runtime "$file" || { echo "check-sanitized: $file does not link the address sanitizer. $again" >&2; exit 1; }
    done
    # Every target with Swift or C sources (CGD, a system library, has none).
    targets=(AlbumReportTemplates AlbumReportTestSupport)
    for folder in "$root"/Sources/*/; do
      if [ -n "$(find "$folder" \( -name '*.swift' -o -name '*.c' \) -print -quit)" ]; then
        targets+=("$(basename "$folder")")
      fi
    done
    for target in "${targets[@]}"; do
      # SwiftPM names a target's folder after its C99 name (albumreport-compare: albumreport_compare).
      objects=("$bin_dir/${target//-/_}.build"/*.o)
      [ -f "${objects[0]}" ] || { echo "check-sanitized: $target has no objects in $bin_dir. $again" >&2; exit 1; }
      if ! nm -u "${objects[@]}" 2>/dev/null | grep -E ' U __asan_(report|load|store|init|version)' >/dev/null; then
        echo "check-sanitized: $target was compiled without the address sanitizer. $again" >&2
        exit 1
      fi
    done
    echo "check-sanitized: the test bundle, albumreport and albumreport-compare link the address sanitizer; ${#targets[@]} targets are instrumented"
    ;;
  *) usage ;;
esac
