import AlbumReportCompare
import AlbumReportCore
import AlbumReportTestSupport
import AlbumReportTesting
import Foundation
import Testing

/// Raw pixels into goldens with no encoder of the test's own: the bytes a renderer holds, in
/// either byte order, with padded rows, encoded the same way every time.
@Suite("Raw pixels as goldens")
struct RawPixelsTests {
    /// A 37 × 23 picture with a gradient, a translucent corner and a pixel of every channel, as
    /// RGBA bytes in rows of `stride` bytes (padding filled with `pad`).
    static func rgba(stride: Int? = nil, pad: UInt8 = 0xEE) -> (bytes: [UInt8], pixels: [UInt32]) {
        let (width, height) = (37, 23)
        let rowBytes = stride ?? width * 4
        var bytes = [UInt8](repeating: pad, count: (height - 1) * rowBytes + width * 4)
        var pixels: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width {
                let (red, green, blue) = (UInt8(x * 6), UInt8(y * 11), UInt8((x * y) % 256))
                let alpha: UInt8 = x < 5 && y < 5 ? 0x80 : 0xFF
                let at = y * rowBytes + 4 * x
                bytes[at] = red
                bytes[at + 1] = green
                bytes[at + 2] = blue
                bytes[at + 3] = alpha
                pixels.append(
                    UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24)
            }
        }
        return (bytes, pixels)
    }

    static func decoded(_ png: Data) throws -> PixelBuffer {
        try PNGReader.decode(png, name: "raw.png").get()
    }

    @Test("RGBA bytes encode to a PNG of exactly those pixels, and to the same bytes every time")
    func deterministicRGBA() throws {
        let (bytes, pixels) = Self.rgba()
        let raw = try RawPixels(width: 37, height: 23, bytes: bytes)
        let png = try raw.pngData()
        #expect(try Self.decoded(png).pixels == pixels)
        #expect(try raw.pngData() == png)
        #expect(try RawPixels(width: 37, height: 23, data: Data(bytes)).pngData() == png)
    }

    @Test("BGRA bytes are the same picture as RGBA with red and blue swapped")
    func bgra() throws {
        let (bytes, pixels) = Self.rgba()
        var swapped = bytes
        for at in stride(from: 0, to: swapped.count, by: 4) { swapped.swapAt(at, at + 2) }
        let rgba = try RawPixels(width: 37, height: 23, order: .rgba, bytes: bytes).pngData()
        let bgra = try RawPixels(width: 37, height: 23, order: .bgra, bytes: swapped).pngData()
        #expect(bgra == rgba)
        #expect(try Self.decoded(bgra).pixels == pixels)
    }

    @Test("padded rows (a stride wider than the pixels) give the unpadded picture, whatever the padding holds")
    func strides() throws {
        let plain = try RawPixels(width: 37, height: 23, bytes: Self.rgba().bytes).pngData()
        for stride in [37 * 4 + 1, 37 * 4 + 12, 256] {
            let padded = Self.rgba(stride: stride, pad: UInt8(stride % 256))
            let png = try RawPixels(width: 37, height: 23, bytesPerRow: stride, bytes: padded.bytes).pngData()
            #expect(png == plain, "stride \(stride)")
            let copied = try padded.bytes.withUnsafeBytes { buffer in
                try RawPixels(width: 37, height: 23, bytesPerRow: stride, copying: buffer).pngData()
            }
            #expect(copied == plain)
        }
    }

    @Test(
        "sizes that do not fit the bytes are refused with a sentence naming the numbers",
        arguments: [
            (0, 23, nil as Int?, 37 * 23 * 4, "both sides must be at least 1"),
            (37, -1, nil, 37 * 23 * 4, "both sides must be at least 1"),
            (37, 23, 100, 37 * 23 * 4, "rows of 100 bytes are shorter than their 37 pixels of 4 bytes (148)"),
            (37, 23, nil, 37 * 23 * 4 - 1, "need 3404 bytes; 3403 were given"),
            (37, 23, Int.max / 2, 37 * 23 * 4, "were given"),
            (1_000_001, 1, nil, 16, "more than albumreport takes"),
        ])
    func refused(width: Int, height: Int, stride: Int?, count: Int, says: String) throws {
        let problem = #expect(throws: RawPixels.Problem.self) {
            try RawPixels(width: width, height: height, bytesPerRow: stride, bytes: [UInt8](repeating: 0, count: count))
        }
        #expect(problem?.description.contains(says) == true, "\(problem?.description ?? "")")
    }

    @Test(
        "assertGolden takes raw pixels: a match with the golden recorded from their PNG, a mismatch when one pixel differs"
    )
    func assertsRawPixels() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (bytes, _) = Self.rgba()
        let raw = try RawPixels(width: 37, height: 23, bytes: bytes)
        let golden = folder.url.appendingPathComponent("raw.png")
        try raw.pngData().write(to: golden)
        let outcome = try await GoldenImage.assertMatches(raw.pngData(), golden: golden, record: .never)
        guard case .matched = outcome else {
            Issue.record("raw pixels did not match the golden made of their PNG: \(outcome)")
            return
        }
        var changed = bytes
        changed.replaceSubrange((4 * 20)..<(4 * 20 + 3), with: [0, 255, 0])
        await #expect(throws: GoldenMismatch.self) {
            try await GoldenImage.assertMatches(
                RawPixels(width: 37, height: 23, bytes: changed).pngData(), golden: golden, record: .never,
                artifacts: folder.url.appendingPathComponent("artifacts"))
        }
    }
}
