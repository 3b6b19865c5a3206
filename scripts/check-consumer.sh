#!/usr/bin/env bash
# A new package that only compares PNGs, as a CI team adds albumreport to its tests: it depends on
# this repository's committed HEAD by version with `traits: []`, resolves, builds and runs a Swift
# Testing test that uses AlbumReportTesting (a match, and a mismatch whose diff reaches disk).
# Fails unless:
#   - the resolve pins albumreport alone (no NIO, AsyncHTTPClient, Mustache, swift-syntax, …);
#   - nothing of the renderer is compiled (no libgd, HarfBuzz, FriBidi or ICU target), and the
#     test binary links none of those libraries — libpng is the one system library it needs;
#   - the build prints no warning (none about a pkg-config flag of the renderer's libraries);
#   - the test passes, and two same-named tests in two suites are told they share a golden.
# Prints the resolve and build times (the README quotes them).
#   scripts/check-consumer.sh [--keep]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$(cat "$root/VERSION" 2>/dev/null || echo 0.3.0)"
work="$(mktemp -d "${TMPDIR:-/tmp}/albumreport-consumer.XXXXXX")"
if [[ "${1:-}" != "--keep" ]]; then trap 'rm -rf "$work"' EXIT; fi

# The repository as a consumer sees it: a git remote with a version tag on the committed HEAD.
git clone --quiet --bare "$root" "$work/albumreport.git"
git -C "$work/albumreport.git" tag --force "$version" HEAD >/dev/null

mkdir -p "$work/consumer/Sources/Screens" "$work/consumer/Tests/ScreensTests"
cd "$work/consumer"
cat >Package.swift <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "consumer",
    dependencies: [
        .package(url: "$work/albumreport.git", from: "$version", traits: [])
    ],
    targets: [
        .target(name: "Screens"),
        .testTarget(
            name: "ScreensTests",
            dependencies: ["Screens", .product(name: "AlbumReportTesting", package: "albumreport")]
        ),
    ]
)
EOF
# Two 64 × 48 PNGs written without any imaging library: a grey field, and the same with a
# 10 × 10 red square (a real difference the comparison must find).
python3 - <<'EOF'
import struct, zlib
def png(square, speck=False):
    rows = b""
    for y in range(48):
        row = b"\x00"
        for x in range(64):
            if speck and (x, y) == (50, 40):
                row += bytes((0, 0, 0, 255))
            elif square and 20 <= x < 30 and 10 <= y < 20:
                row += bytes((220, 30, 30, 255))
            else:
                row += bytes((128, 128, 128, 255))
        rows += row
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 48, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
def swift(name, data):
    return f"let {name} = Data([{', '.join(str(b) for b in data)}])\n"
with open("Sources/Screens/Screens.swift", "w") as out:
    out.write("import Foundation\n\n/// The screens under test (stand-ins: a field, the field with a square, and that with one black pixel).\n")
    out.write("public " + swift("field", png(False)) + "public " + swift("fieldWithSquare", png(True)))
    out.write("public " + swift("fieldWithSquareAndSpeck", png(True, speck=True)))
EOF
cat >Tests/ScreensTests/ScreensTests.swift <<'EOF'
import AlbumReportTesting
import Foundation
import Screens
import Testing

@Test func fieldMatchesItsGolden() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consumer-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = folder.appendingPathComponent("field.png")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try field.write(to: golden)
    let outcome = try await GoldenImage.assertMatches(field, golden: golden, record: .never)
    if case .matched = outcome {} else { Issue.record("expected a match, got \(outcome)") }

    let artifacts = folder.appendingPathComponent("artifacts")
    let error = await #expect(throws: GoldenMismatch.self) {
        try await GoldenImage.assertMatches(fieldWithSquare, golden: golden, record: .never, artifacts: artifacts)
    }
    #expect(error?.pair?.difference?.differentPixels == 100)
    #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("images/field.diff.png").path))
}
EOF
# Two suites with a test of the same name in one file: before, both raced for one golden; now the
# second to ask is told the golden belongs to the other (run apart from the passing test below).
cat >Tests/ScreensTests/Collide.swift <<'EOF'
import AlbumReportTesting
import Foundation
import Screens
import Testing

let collideGoldens = FileManager.default.temporaryDirectory.appendingPathComponent("consumer-collide-\(getpid())")

struct LightScreens {
    @Test func screen() async throws { try await assertGolden(field, goldens: collideGoldens) }
}

struct DarkScreens {
    @Test func screen() async throws { try await assertGolden(fieldWithSquare, goldens: collideGoldens) }
}

/// A test with the name of one of the cases' (`card(_:)`), in a suite whose name ends with theirs:
/// the re-record command printed for a failing `Cases/card` must not run it too.
struct ThumbnailCases {
    @Test(arguments: [1]) func card(_ size: Int) { #expect(size == 1 && !field.isEmpty) }
}
EOF

# Cases that print alike, one test file of them, each pair drawing two different images: a type
# whose description leaves out a field, two class instances, arguments with hyphens, named: values
# that slug alike; and an enum, whose goldens keep readable names. CONSUMER_CHANGE=1 changes one
# pixel in the second image of each pair: a real 1-pixel change, which must fail by default.
cat >Tests/ScreensTests/Cases.swift <<'EOF'
import AlbumReportTesting
import Foundation
import Screens
import Testing

let changed = ProcessInfo.processInfo.environment["CONSUMER_CHANGE"] == "1"
func screen(second: Bool) -> Data { second ? (changed ? fieldWithSquareAndSpeck : fieldWithSquare) : field }

struct Shade: Sendable, Codable, CustomStringConvertible {
    var name: String
    var level: Int
    var description: String { name }
}

final class Painter: Sendable {
    let second: Bool
    init(second: Bool) { self.second = second }
}

enum Scheme: String, CaseIterable, Sendable { case light, darkMode = "dark" }  // a raw value, camelCase

struct Cases {
    @Test(arguments: [Shade(name: "grey", level: 1), Shade(name: "grey", level: 2)])
    func shade(_ shade: Shade) async throws { try await assertGolden(screen(second: shade.level == 2)) }

    @Test(arguments: [Painter(second: false), Painter(second: true)])
    func painter(_ painter: Painter) async throws { try await assertGolden(screen(second: painter.second)) }

    @Test(arguments: [("a-b", "c"), ("a", "b-c")])
    func pair(_ first: String, _ second: String) async throws { try await assertGolden(screen(second: first == "a")) }

    @Test func named() async throws {
        try await assertGolden(screen(second: false), named: "Dark Mode")
        try await assertGolden(screen(second: true), named: "dark-mode")
    }

    @Test(arguments: Scheme.allCases)
    func card(_ scheme: Scheme) async throws { try await assertGolden(screen(second: scheme == .darkMode)) }
}
EOF

seconds() { date +%s.%N; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$2"; }
start=$(seconds)
swift package resolve >/dev/null
resolved=$(seconds)
swift build --build-tests >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
built=$(seconds)
# Nothing of the renderer is read either: gd's pkg-config file named libavif's, whose -DAVIF_DLL
# SwiftPM refused with a warning at every build of a package that never builds gd.
if grep "warning:" "$work/build.log"; then
    echo "check-consumer: the build printed the warnings above" >&2; exit 1
fi
swift test --skip-build --filter fieldMatchesItsGolden 2>&1 | tail -3
if swift test --skip-build --filter "LightScreens|DarkScreens" >"$work/collide.log" 2>&1; then
    echo "check-consumer: two tests sharing one golden passed" >&2; exit 1
fi
grep -q "belongs to another test" "$work/collide.log" || {
    cat "$work/collide.log"; echo "check-consumer: two tests sharing one golden were not told so" >&2; exit 1
}

# The cases above: recorded once, then run by four test processes at once (as parallel CI jobs
# on one checkout do), unchanged (every process passes) and with the 1-pixel changes (every
# process fails, on each of the five changed goldens, and keeps its images); then a passing run
# removes the images a failure left in its artifacts folder.
xctest=$(find "$(swift build --show-bin-path)/" -maxdepth 1 -name "*.xctest" | head -1)
run_cases() {  # run_cases LOG [ENV…]: the Cases tests in the test binary, straight (no SwiftPM lock)
    local log=$1
    shift
    env "$@" "$xctest" --testing-library swift-testing --filter "Cases" >"$log" 2>&1
}
# A golden of a test that was renamed since: the re-recording run lists it at its end.
mkdir -p Tests/ScreensTests/__Goldens__/Cases
printf 'old' >Tests/ScreensTests/__Goldens__/Cases/renamed-test.png
run_cases "$work/record.log" ALBUMREPORT_RECORD=all ALBUMREPORT_RECORD_PASSES=1 || {
    cat "$work/record.log"; echo "check-consumer: recording the cases' goldens failed" >&2; exit 1
}
if ! grep -q "belong to no test of the run" "$work/record.log" || ! grep -q "Cases/renamed-test.png" "$work/record.log"; then
    cat "$work/record.log"; echo "check-consumer: the re-recording run did not list the orphan golden" >&2; exit 1
fi
rm Tests/ScreensTests/__Goldens__/Cases/renamed-test.png
goldens=$(find Tests/ScreensTests/__Goldens__/Cases -name "*.png" | wc -l)
[[ "$goldens" -eq 10 ]] || {
    ls Tests/ScreensTests/__Goldens__/Cases; echo "check-consumer: 10 cases recorded $goldens goldens: some share one" >&2; exit 1
}
for readable in card.light.png card.dark-mode.png; do
    [[ -f "Tests/ScreensTests/__Goldens__/Cases/$readable" ]] || {
        ls Tests/ScreensTests/__Goldens__/Cases; echo "check-consumer: no readable golden $readable for an enum case" >&2; exit 1
    }
done
for mode in same changed; do
    pids=()
    for index in 1 2 3 4; do
        change=0
        [[ "$mode" == changed ]] && change=1
        # One artifacts folder for the four processes at once, as one checkout's jobs share it:
        # each writes into a run folder of its own, and none removes another's images.
        run_cases "$work/$mode-$index.log" ALBUMREPORT_RECORD=never CONSUMER_CHANGE=$change \
            ALBUMREPORT_ARTIFACTS="$work/artifacts-$mode" &
        pids+=($!)
    done
    for index in 1 2 3 4; do
        if wait "${pids[index - 1]}"; then status=0; else status=$?; fi
        log="$work/$mode-$index.log"
        if [[ "$mode" == same && $status -ne 0 ]]; then
            cat "$log"; echo "check-consumer: parallel run $index failed on unchanged images" >&2; exit 1
        fi
        if [[ "$mode" == changed ]]; then
            failures=$(grep -c "does not match its golden" "$log" || true)
            if [[ $status -eq 0 || "$failures" -lt 5 ]]; then
                cat "$log"
                echo "check-consumer: parallel run $index with five 1-pixel changes exited $status with $failures of 5 failures (a false pass)" >&2
                exit 1
            fi
        fi
    done
done
# The re-record command a failure prints runs the failing test and no other (ThumbnailCases has a
# `card(_:)` too): run as printed, it selects one test, and that test is the failing one.
hint=$({ grep -o "swift test --filter '[^']*card[^']*'" "$work/changed-1.log" || true; } | head -1 |
    sed -E "s/^swift test --filter '(.*)'$/\1/")
[[ -n "$hint" ]] || { cat "$work/changed-1.log"; echo "check-consumer: no re-record command for the card case" >&2; exit 1; }
if env ALBUMREPORT_RECORD=never CONSUMER_CHANGE=1 ALBUMREPORT_ARTIFACTS="$work/artifacts-hint" \
    "$xctest" --testing-library swift-testing --filter "$hint" >"$work/hint.log" 2>&1; then
    cat "$work/hint.log"; echo "check-consumer: the re-record command's --filter '$hint' did not run the failing card case" >&2; exit 1
fi
grep -q "Test run with 1 test " "$work/hint.log" || {
    cat "$work/hint.log"; echo "check-consumer: the re-record command's --filter '$hint' runs other tests too" >&2; exit 1
}
# Every failing process's images are there after all four ended: the diffs each log names exist.
grep -ho "Diff: [^[:space:]]*\.png" "$work"/changed-*.log | sed 's/^Diff: //' | sort -u >"$work/diffs"
[[ "$(wc -l <"$work/diffs")" -ge 20 ]] || { echo "check-consumer: the four failing runs named $(wc -l <"$work/diffs") diffs, not 20" >&2; exit 1; }
while IFS= read -r diff; do
    [[ -f "$diff" ]] || { echo "check-consumer: $diff, named by a failing run, is gone (another process removed it)" >&2; exit 1; }
done <"$work/diffs"
# Promotion: each changed image is in the run's promote/ tree at its golden's path, so that
# copying the tree over the package root makes those goldens (checked on a copy of the goldens).
promote=$(find "$work"/artifacts-changed/run-* -maxdepth 1 -name promote | head -1)
promoted=$(find "$promote" -name "*.png" | wc -l)
[[ "$promoted" -ge 5 ]] || { echo "check-consumer: promote/ holds $promoted images, not the 5 changed ones" >&2; exit 1; }
for image in "$promote"/Tests/ScreensTests/__Goldens__/*/*.png; do
    [[ -f "Tests/ScreensTests/__Goldens__/${image#*/promote/Tests/ScreensTests/__Goldens__/}" ]] || {
        echo "check-consumer: promote/ holds $image, which is no golden's path" >&2; exit 1
    }
done
# A later run removes the folders of runs whose process is gone and whose process group is empty
# (here: a made-up one), and keeps those whose group still runs (the four above: this script's).
group=$(awk '{ print $5 }' "/proc/$$/stat")
gone_run="$work/artifacts-changed/run-20000101-000000-4194303-4194302"
sibling_run="$work/artifacts-changed/run-20000101-000000-4194303-$group"
mkdir -p "$gone_run/images" "$sibling_run/images"
before=$(cd "$work/artifacts-changed" && ls -d run-*)
run_cases "$work/after.log" ALBUMREPORT_RECORD=never ALBUMREPORT_ARTIFACTS="$work/artifacts-changed" || {
    cat "$work/after.log"; echo "check-consumer: the unchanged run after a failure failed" >&2; exit 1
}
[[ ! -e "$gone_run" ]] || { echo "check-consumer: a run whose process and group are gone was not removed" >&2; exit 1; }
[[ -d "$sibling_run" ]] || { echo "check-consumer: a run whose process group still runs was removed" >&2; exit 1; }
while IFS= read -r diff; do
    [[ -f "$diff" ]] || { echo "check-consumer: $diff was removed by a later run while its group still runs" >&2; exit 1; }
done <"$work/diffs"
# The passing run's own folders hold no image.
for run in "$work"/artifacts-changed/run-*; do
    grep -qx "$(basename "$run")" <<<"$before" && continue
    stale=$(find "$run" -name "*.png" | wc -l)
    [[ "$stale" -eq 0 ]] || { echo "check-consumer: $stale images in $run, a run whose tests passed" >&2; exit 1; }
done

pins=$(python3 -c 'import json; print(" ".join(sorted(p["identity"] for p in json.load(open("Package.resolved"))["pins"])))')
[[ "$pins" == "albumreport" ]] || { echo "check-consumer: resolved more than albumreport: $pins" >&2; exit 1; }
for renderer in AlbumReportGraphics AlbumReportRenderer AlbumReport.build CGD CText NIOCore AsyncHTTPClient Mustache; do
    # -print -quit: find stops at the first object itself (grep -q would stop early, and pipefail
    # would read find's SIGPIPE as "nothing found").
    if [[ -n "$(find .build -path "*$renderer*" -name "*.o" -print -quit)" ]]; then
        echo "check-consumer: $renderer was compiled for a consumer that only compares PNGs" >&2
        exit 1
    fi
done
binary=$(find "$(swift build --show-bin-path)/" -maxdepth 1 -name "*.xctest" | head -1)
[[ -f "$binary" ]] || { echo "check-consumer: no test binary was built" >&2; exit 1; }
if ldd "$binary" | grep -E "libgd|harfbuzz|fribidi|icuuc|libssl|libcrypto"; then
    echo "check-consumer: the test binary links a library only the renderer needs (above)" >&2
    exit 1
fi
echo "check-consumer: albumreport $version with traits: [] — 1 package resolved in $(elapsed "$start" "$resolved") s, built in $(elapsed "$resolved" "$built") s; system libraries: $(ldd "$binary" | grep -oE "libpng[^ ]*" | sort -u | tr '\n' ' ')"
