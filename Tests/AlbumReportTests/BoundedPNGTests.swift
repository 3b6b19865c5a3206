import AlbumReportCompare
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// PNGs whose cost or meaning compare cannot bound are refused with a sentence: an interlaced
/// PNG is decoded whole (a pair of 17,000² ones took 2.35 GB), and an animated PNG's other frames
/// would go uncompared (a pass would be false).
@Suite("PNGs compare refuses rather than mis-reads")
struct BoundedPNGTests {
    typealias Build = WholeStreamDecodeTests

    /// `png` with one chunk inserted right after IHDR (before the first IDAT).
    static func inserting(_ type: String, _ payload: [UInt8], into png: Data) -> Data {
        let typed = Array(type.utf8) + payload
        let chunk = Build.bigEndian(UInt32(payload.count)) + typed + Build.bigEndian(Build.crc32(typed))
        var bytes = [UInt8](png)
        bytes.insert(contentsOf: chunk, at: 33)
        return Data(bytes)
    }

    /// `png` with IHDR's interlace method set to Adam7 (its CRC recomputed).
    static func interlaced(_ png: Data) -> Data {
        var bytes = [UInt8](png)
        bytes[28] = 1
        let crc = Build.bigEndian(Build.crc32(Array(bytes[12..<29])))
        bytes.replaceSubrange(29..<33, with: crc)
        return Data(bytes)
    }

    @Test("an interlaced PNG over 64 million pixels is refused before it is decoded; a small one decodes")
    func interlacedBound() throws {
        // A 1×1 image is the same bytes interlaced or not (Adam7's first pass is its one pixel).
        let small = Self.interlaced(
            Build.png(width: 1, height: 1, colorType: 2, rows: Build.rows(width: 1, height: 1, channels: 3, seed: 1)))
        #expect(try PNGReader.decode(small, name: "small.png").get().width == 1)
        // A header that claims 9000×9000 interlaced: refused on its header alone.
        let huge = Self.interlaced(
            Build.png(
                width: 9000, height: 9000, colorType: 2, rows: Build.rows(width: 1, height: 1, channels: 3, seed: 1)))
        let error = #expect(throws: PNGReader.Problem.self) { _ = try PNGReader.decode(huge, name: "huge.png").get() }
        #expect(
            error?.description.contains(
                "huge.png is an interlaced PNG of 9000×9000 pixels; an interlaced PNG is decoded whole, so albumreport compares those of up to 64 million pixels"
            ) == true, "\(error?.description ?? "")")
        // The fuzzer's find: an interlaced header of 2³²-1 × 2³²-250 pixels overflowed the
        // product of its sides (a crash); it is refused like any other too large.
        let overflowing = try #require(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUv////////8GAAH+AAEAAEJORAAACACuQmCC"))
        let refused = #expect(throws: PNGReader.Problem.self) {
            _ = try PNGReader.decode(overflowing, name: "fuzz.png").get()
        }
        #expect(refused?.description.contains("is an interlaced PNG of 4294967295×4294967046 pixels") == true)
        // The same size not interlaced opens (it would stream, a band at a time).
        let streamed = Build.png(
            width: 9000, height: 9000, colorType: 2, rows: Build.rows(width: 1, height: 1, channels: 3, seed: 1))
        #expect(try PNGRowReader(streamed, name: "big.png").height == 9000)
    }

    @Test("two animated PNGs that are not the same bytes are an error, never a match on their first frames")
    func animated() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let still = Build.png(
            width: 4, height: 4, colorType: 2, rows: Build.rows(width: 4, height: 4, channels: 3, seed: 2))
        // acTL: 2 frames, played forever; the same first frame, and bytes that differ after it.
        let animation = Self.inserting("acTL", Build.bigEndian(2) + Build.bigEndian(0), into: still)
        let expected = folder.url.appendingPathComponent("e.png")
        let actual = folder.url.appendingPathComponent("a.png")
        try animation.write(to: expected)
        try (animation + Data([0])).write(to: actual)
        let summary = try await GoldenComparer().compare(expected: expected, actual: actual)
        #expect(summary.pairs.first?.status == .error)
        #expect(
            summary.pairs.first?.message.contains("is an animated PNG (2 frames); compare compares still images")
                == true,
            "\(summary.pairs.first?.message ?? "")")
        // A still image beside it compares as before.
        try still.write(to: actual)
        try still.write(to: expected)
        #expect(try await GoldenComparer().compare(expected: expected, actual: actual).pairs.first?.status == .match)
    }
}
