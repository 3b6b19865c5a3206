import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import Foundation
import Testing

/// `--png-compression`: what each setting accepts, and that `fast` is the quickest choice on
/// every kind of screen without costing pixels.
@Suite("PNG compression settings")
struct PNGCompressionTests {
    @Test("fast, balanced, small and the levels 0 to 9 are accepted; anything else is not")
    func parsing() {
        #expect(PNGCompression(parsing: "fast") == .fast)
        #expect(PNGCompression(parsing: "Balanced") == .balanced)
        #expect(PNGCompression(parsing: "SMALL") == .small)
        for level in 0...9 { #expect(PNGCompression(parsing: "\(level)") == .level(level)) }
        for bad in ["10", "-1", "", "fastest", "6.0", " 6"] { #expect(PNGCompression(parsing: bad) == nil, "\(bad)") }
        // A number sets one level for every screen; only the named trade-offs tell screens apart.
        #expect(PNGCompression.level(4).photographicLevel == nil)
        #expect(PNGCompression.small.photographicLevel == nil)
    }

    /// A flat screen as a card's chrome is: a background, bars and rounded shapes, no photograph.
    func flatScreen() throws -> GDImage {
        let image = try GDImage(width: 390, height: 844, background: RGBA(red: 242, green: 242, blue: 247))
        image.fill(PixelRect(x: 0, y: 0, width: 390, height: 96), color: RGBA(red: 249, green: 249, blue: 249))
        for row in 0..<8 {
            image.fillRoundedRect(
                x: 16, y: 120 + Double(row) * 84, width: 358, height: 72, radius: 10,
                color: RGBA(red: 255, green: 255, blue: 255))
            image.fillRoundedRect(
                x: 28, y: 128 + Double(row) * 84, width: 56, height: 56, radius: 8,
                color: RGBA(red: UInt8(30 * row), green: 120, blue: 200))
        }
        return image
    }

    /// A photograph filling most of the screen: every pixel differs from its neighbours.
    func photographicScreen() throws -> GDImage {
        let image = try GDImage(width: 390, height: 844, background: RGBA(red: 255, green: 255, blue: 255))
        var state: UInt64 = 11
        for y in 60..<780 {
            _ = image.withRow(y) { row in
                for x in 0..<row.count {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let grain = Int32(truncatingIfNeeded: (state >> 33) % 40)
                    row[x] = (90 + grain) << 16 | (110 + grain) << 8 | Int32(60 + (x + y) % 120)
                }
            }
        }
        return image
    }

    func encoded(_ image: GDImage, _ compression: PNGCompression) throws -> (png: Data, level: Int) {
        let encoder = try PNGStreamEncoder(
            width: image.width, height: image.height, compressionLevel: compression.level,
            photographicLevel: compression.photographicLevel, filter: .sampled)
        try encoder.append(image)
        return (try encoder.finish(), encoder.chosenLevel)
    }

    @Test("fast spends level 1 on photographs and level 2 on flat screens, smaller than level 1 there")
    func fastLevels() throws {
        let photograph = try encoded(photographicScreen(), .fast)
        #expect(photograph.level == 1)
        let flat = try flatScreen()
        let fast = try encoded(flat, .fast)
        #expect(fast.level == 2)
        // libdeflate's level 1 is slow on the long runs of zeros flat screens filter to, and no
        // smaller: level 2 is the quicker choice there (measured in `albumreport-bench encode-lab`).
        let levelOne = try encoded(flat, .level(1))
        #expect(fast.png.count <= levelOne.png.count, "fast \(fast.png.count) bytes, level 1 \(levelOne.png.count)")
        let decoded = try GDImage(decoding: fast.png)
        #expect(decoded.pixelBuffer() == flat.pixelBuffer())
    }
}
