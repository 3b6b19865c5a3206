#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (-sanitize=fuzzer,address) and runs each for SECONDS
# (default 60), with a corpus seeded from the project's own fixtures. A crash, a hang (10 s per
# input), a leak or an out-of-memory (2 GB) stops the run with the input saved under
# .build-fuzz/artifacts/; add it as a regression test (Tests/*/HostileInputTests.swift).
#   [FUZZ_JOBS=N] scripts/fuzz.sh [SECONDS] [TARGET…]
#   scripts/fuzz.sh --build     only the build (CI makes it beside the package's own build)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build_only=0
if [ "${1:-}" = "--build" ]; then build_only=1; shift; fi
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(feed image-header theme png cache-entry slug url deflate-blocks strings matrix)

cd "$root/Fuzz"
swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
bin="$(swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --show-bin-path)"
if [ "$build_only" -eq 1 ]; then exit 0; fi

work="$root/.build-fuzz"
mkdir -p "$work/artifacts"
seed() {  # seed TARGET FILE… : copies the seeds into the target's corpus folder
  local corpus="$work/corpus/$1"; shift
  mkdir -p "$corpus"
  for file in "$@"; do [ -f "$file" ] && cp "$file" "$corpus/"; done
}
seed feed "$root"/Tests/Fixtures/feeds/*.json "$root"/Tests/Fixtures/feeds/scripts/*.json
seed theme "$root"/Templates/*.json
seed image-header "$root"/Sources/AlbumReport/Resources/Sample/artwork/10*/*.png "$root"/Tests/AlbumReportTests/Goldens/*.png
seed png "$root"/Sources/AlbumReport/Resources/Sample/artwork/10*/*.png
seed cache-entry "$root"/Fuzz/seeds/cache/*
seed slug "$root"/Fuzz/seeds/slug/*
seed url "$root"/Fuzz/seeds/url/*
seed deflate-blocks "$root"/Fuzz/seeds/deflate/*
seed strings "$root"/Templates/strings/*.json "$root"/Fuzz/seeds/strings/*
seed matrix "$root"/Fuzz/seeds/matrix/*

# fuzz_one TARGET: one target for SECONDS; its log in .build-fuzz/TARGET.log, a summary on stdout.
fuzz_one() {
  local target=$1 extra=()
  case "$target" in
    feed|theme|cache-entry|strings|matrix) extra=(-dict="$root/Fuzz/json.dict") ;;
    url) extra=(-dict="$root/Fuzz/url.dict") ;;
  esac
  if ! "$bin/fuzz-$target" "$work/corpus/$target" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
      -rss_limit_mb=2048 -artifact_prefix="$work/artifacts/$target-" -print_final_stats=1 "${extra[@]}" \
      2> "$work/$target.log"; then
    echo "fuzz: $target FAILED; see $work/$target.log and $work/artifacts/" >&2
    tail -n 40 "$work/$target.log" >&2
    return 1
  fi
  grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "$work/$target.log" | tail -n 2 | sed "s/^/fuzz: $target: /"
}

# FUZZ_JOBS targets at a time (default 1; CI runs 2, one per core): each fuzzer is one process.
jobs="${FUZZ_JOBS:-1}"
status=0
running=()
for target in "${targets[@]}"; do
  echo "fuzz: $target for ${seconds} s"
  fuzz_one "$target" &
  running+=($!)
  if [ ${#running[@]} -ge "$jobs" ]; then
    wait "${running[0]}" || status=1
    running=("${running[@]:1}")
  fi
done
for pid in "${running[@]}"; do wait "$pid" || status=1; done
exit $status
