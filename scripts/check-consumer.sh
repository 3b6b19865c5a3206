#!/usr/bin/env bash
# A new package that only compares PNGs, as a CI team adds albumreport to its tests: it depends on
# this repository's committed HEAD by version with `traits: []`, resolves, builds and runs a Swift
# Testing test that uses AlbumReportTesting (a match, and a mismatch whose diff reaches disk).
# Fails unless:
#   - the resolve pins albumreport alone (no NIO, AsyncHTTPClient, Mustache, swift-syntax, …);
#   - nothing of the renderer is compiled (no libgd, HarfBuzz, FriBidi or ICU target), and the
#     test binary links none of those libraries — libpng is the one system library it needs;
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
def png(square):
    rows = b""
    for y in range(48):
        row = b"\x00"
        for x in range(64):
            row += bytes((220, 30, 30, 255)) if square and 20 <= x < 30 and 10 <= y < 20 else bytes((128, 128, 128, 255))
        rows += row
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 48, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
def swift(name, data):
    return f"let {name} = Data([{', '.join(str(b) for b in data)}])\n"
with open("Sources/Screens/Screens.swift", "w") as out:
    out.write("import Foundation\n\n/// The screens under test (stand-ins: a field, and the field with a square).\n")
    out.write("public " + swift("field", png(False)) + "public " + swift("fieldWithSquare", png(True)))
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
EOF

seconds() { date +%s.%N; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$2"; }
start=$(seconds)
swift package resolve >/dev/null
resolved=$(seconds)
swift build --build-tests >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
built=$(seconds)
swift test --skip-build --filter fieldMatchesItsGolden 2>&1 | tail -3
if swift test --skip-build --filter "LightScreens|DarkScreens" >"$work/collide.log" 2>&1; then
    echo "check-consumer: two tests sharing one golden passed" >&2; exit 1
fi
grep -q "belongs to another test" "$work/collide.log" || {
    cat "$work/collide.log"; echo "check-consumer: two tests sharing one golden were not told so" >&2; exit 1
}

pins=$(python3 -c 'import json; print(" ".join(sorted(p["identity"] for p in json.load(open("Package.resolved"))["pins"])))')
[[ "$pins" == "albumreport" ]] || { echo "check-consumer: resolved more than albumreport: $pins" >&2; exit 1; }
for renderer in AlbumReportGraphics AlbumReport.build CGD CText NIOCore AsyncHTTPClient Mustache; do
    if find .build -path "*$renderer*" -name "*.o" | grep -q .; then
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
