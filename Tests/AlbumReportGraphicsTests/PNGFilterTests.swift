import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation
import Testing

@Suite("PNG row filters and levels")
struct PNGFilterTests {
    /// A screen with every kind of content the encoder must choose for: a flat background and
    /// button, a smooth three-colour gradient (as many covers are), a grainy photo-like patch and
    /// an antialiased disc, 1 pixel wider than a multiple of the sampling step.
    func screen(width: Int = 301, height: Int = 240) throws -> GDImage {
        let image = try GDImage(width: width, height: height, background: RGBA(red: 250, green: 250, blue: 250))
        var state: UInt64 = 7
        for y in 0..<height {
            _ = image.withRow(y) { row in
                for x in 0..<width where y >= 20 && y < 180 {
                    let t = Double(x + y) / Double(width + height)
                    var red = 30 + 200 * t
                    var green = 200 - 150 * t
                    var blue = 120 + 100 * (t * 2 - 1) * (t * 2 - 1)
                    if x >= 200 && y >= 100 {
                        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                        let grain = Double(Int((state >> 33) % 17) - 8)
                        (red, green, blue) = (red + grain, green + grain, blue + grain)
                    }
                    func byte(_ value: Double) -> Int32 { Int32(min(max(value.rounded(), 0), 255)) }
                    row[x] = byte(red) << 16 | byte(green) << 8 | byte(blue)
                }
            }
        }
        image.fillRoundedRect(
            x: 40, y: 60, width: 70, height: 70, radius: 35, color: RGBA(red: 255, green: 45, blue: 85))
        image.fillRoundedRect(
            x: 10, y: 195, width: 281, height: 36, radius: 10, color: RGBA(red: 0, green: 122, blue: 255))
        return image
    }

    /// Smooth cover art as a card shows it: a radial three-colour gradient with a flat disc, no
    /// grain, through JPEG quality 90 (as Apple's CDN serves it) and resampled up to `size`.
    func gradient(size: Int = 480) throws -> GDImage {
        let side = 240
        let cover = try GDImage(width: side, height: side, background: RGBA(red: 0, green: 0, blue: 0))
        let stops: [[Double]] = [[250, 200, 60], [220, 60, 120], [40, 30, 140]]
        for y in 0..<side {
            _ = cover.withRow(y) { row in
                for x in 0..<side {
                    let (dx, dy) = (Double(x) - 60, Double(y) - 50)
                    let t = min((dx * dx + dy * dy).squareRoot() / 300, 1) * 2
                    let lower = min(Int(t), 1)
                    let f = t - Double(lower)
                    var packed: Int32 = 0
                    for c in 0..<3 {
                        let value = stops[lower][c] * (1 - f) + stops[lower + 1][c] * f
                        packed = packed << 8 | Int32(min(max(value.rounded(), 0), 255))
                    }
                    row[x] = packed
                }
            }
        }
        cover.fillRoundedRect(
            x: 150, y: 140, width: 60, height: 60, radius: 30, color: RGBA(red: 250, green: 240, blue: 220))
        let decoded = try GDImage(decoding: try cover.jpegData(quality: 90))
        let image = try GDImage(width: size, height: size, background: RGBA(red: 0, green: 0, blue: 0))
        image.draw(
            decoded, in: PixelRect(x: 0, y: 0, width: size, height: size), cornerRadius: 0,
            background: RGBA(red: 0, green: 0, blue: 0))
        return image
    }

    func encode(
        _ image: GDImage, level: Int, photographicLevel: Int? = nil, filter: PNGStreamEncoder.RowFilter,
        streamed: Bool
    ) throws -> (png: Data, encoder: PNGStreamEncoder) {
        final class Collected { var data = Data() }
        let collected = Collected()
        let encoder = try PNGStreamEncoder(
            width: image.width, height: image.height, compressionLevel: level, photographicLevel: photographicLevel,
            filter: filter, sink: streamed ? { collected.data.append($0) } : nil)
        // Streamed images arrive in strips, as the sheet does; the filters look across them.
        var top = 0
        while top < image.height {
            let rows = min(70, image.height - top)
            let strip = try GDImage(width: image.width, height: rows, background: RGBA(red: 0, green: 0, blue: 0))
            for y in 0..<rows {
                _ = image.withRow(top + y) { source in
                    strip.withRow(y) { target in for x in 0..<source.count { target[x] = source[x] } }
                }
            }
            try encoder.append(strip)
            top += rows
        }
        return (try encoder.finish() + collected.data, encoder)
    }

    func expectSamePixels(_ png: Data, _ image: GDImage, _ what: String) throws {
        let decoded = try GDImage(decoding: png)
        #expect(decoded.width == image.width && decoded.height == image.height, "\(what)")
        var differing = 0
        for y in 0..<image.height {
            _ = decoded.withRow(y) { got in
                image.withRow(y) { expected in
                    for x in 0..<expected.count where got[x] & 0xFF_FFFF != expected[x] & 0xFF_FFFF { differing += 1 }
                }
            }
        }
        #expect(differing == 0, "\(what): \(differing) pixels differ after decoding")
    }

    @Test("every filter choice and level decodes to exactly the pixels drawn, kept whole or streamed")
    func roundTrip() throws {
        let image = try screen()
        for filter in [PNGStreamEncoder.RowFilter.up, .sampled, .adaptive] {
            for level in [0, 1, 6, 9] {
                for streamed in [false, true] {
                    let (png, _) = try encode(image, level: level, filter: filter, streamed: streamed)
                    try expectSamePixels(png, image, "\(filter) level \(level) streamed \(streamed)")
                }
            }
        }
    }

    @Test("a streamed image of several compressed parts (over a megabyte of rows each) decodes exactly")
    func streamedInParts() throws {
        // 3.6 MB of filtered rows: four parts of ``DeflateChain/partSize``, joined in one stream.
        let image = try GDImage(width: 600, height: 2000, background: RGBA(red: 255, green: 255, blue: 255))
        var state: UInt64 = 5
        for y in 0..<2000 {
            _ = image.withRow(y) { row in
                for x in 0..<600 {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    switch (y / 150) % 3 {
                    case 0: row[x] = Int32(truncatingIfNeeded: state >> 40) & 0xFF_FFFF
                    case 1: row[x] = Int32((x + y) % 256) << 8 | Int32(x % 256)
                    default: if x % 97 < 40 { row[x] = 0x20_4080 }
                    }
                }
            }
        }
        #expect((1 + 600 * 3) * 2000 > 3 * DeflateChain.partSize)
        for level in [1, 5] {
            let (png, _) = try encode(image, level: level, filter: .sampled, streamed: true)
            try expectSamePixels(png, image, "streamed at level \(level)")
        }
    }

    @Test("each of the five filters, Average included, is chosen for some row and decodes exactly")
    func everyFilterType() throws {
        // One screen whose rows suit different predictors: flat (Up), a horizontal ramp (Sub),
        // a ramp both ways (Paeth / Average), noise (None).
        let image = try GDImage(width: 96, height: 400, background: RGBA(red: 128, green: 128, blue: 128))
        var state: UInt64 = 3
        for y in 0..<400 {
            _ = image.withRow(y) { row in
                for x in 0..<96 {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let noise = Int32(truncatingIfNeeded: state >> 40) & 0xFF_FFFF
                    switch y / 80 {
                    case 0: row[x] = 0x80_8080
                    case 1: row[x] = Int32(x * 2) << 16 | Int32(y) << 8 | 7
                    case 2: row[x] = Int32((x * 5 + y * 3) % 256) * 0x01_0101
                    case 3: row[x] = y % 2 == 0 ? noise : Int32(x * 2 + (y & 1)) * 0x01_0101
                    default: row[x] = noise
                    }
                }
            }
        }
        var used = [Int](repeating: 0, count: 5)
        for filter in [PNGStreamEncoder.RowFilter.sampled, .adaptive] {
            let (png, encoder) = try encode(image, level: 6, filter: filter, streamed: false)
            try expectSamePixels(png, image, "\(filter)")
            for type in 0..<5 { used[type] += encoder.rowsPerFilter[type] }
            #expect(encoder.rowsPerFilter.reduce(0, +) == 400)
        }
        #expect(used.allSatisfy { $0 > 0 }, "rows per filter type None/Sub/Up/Average/Paeth: \(used)")
    }

    @Test("smooth cover art is filtered mostly with Sub, Average or Paeth and decodes exactly")
    func smoothGradient() throws {
        let image = try gradient()
        for level in [1, 6] {
            let sampled = try encode(image, level: level, filter: .sampled, streamed: false)
            let rows = sampled.encoder.rowsPerFilter
            #expect(rows[1] + rows[3] + rows[4] > rows[2], "rows per filter type None/Sub/Up/Average/Paeth: \(rows)")
            try expectSamePixels(sampled.png, image, "sampled level \(level)")
        }
    }

    @Test("the chosen filters and levels give the same bytes run to run")
    func deterministic() throws {
        let image = try screen()
        for streamed in [false, true] {
            let first = try encode(image, level: 6, photographicLevel: 1, filter: .sampled, streamed: streamed)
            let second = try encode(image, level: 6, photographicLevel: 1, filter: .sampled, streamed: streamed)
            #expect(first.png == second.png)
            #expect(first.encoder.rowsPerFilter == second.encoder.rowsPerFilter)
        }
    }

    @Test("images of one size encoded one after another, on buffers kept between them, each decode to their own pixels")
    func keptBuffersCarryNothingOver() throws {
        // A busy screen first leaves its rows and compressed bytes in the kept buffers; a screen
        // mostly blank (its runs of repeated rows not kept at all) and the busy one again follow.
        let busy = try screen(width: 301, height: 240)
        let blank = try GDImage(width: 301, height: 240, background: RGBA(red: 255, green: 255, blue: 255))
        blank.fillRoundedRect(
            x: 20, y: 100, width: 200, height: 30, radius: 8, color: RGBA(red: 0, green: 122, blue: 255))
        let first = try encode(busy, level: 5, filter: .sampled, streamed: false).png
        let afterBusy = try encode(blank, level: 5, filter: .sampled, streamed: false).png
        try expectSamePixels(afterBusy, blank, "a blank screen after a busy one")
        #expect(try encode(busy, level: 5, filter: .sampled, streamed: false).png == first)
        GraphicsRuntime.releaseKeptBuffers()
        #expect(try encode(blank, level: 5, filter: .sampled, streamed: false).png == afterBusy)
    }

    /// The zlib stream of `png`: its IDAT chunks' bodies, joined.
    static func idat(_ png: Data) -> [UInt8] {
        let bytes = [UInt8](png)
        var stream: [UInt8] = []
        var index = 8
        while index + 12 <= bytes.count {
            let length = bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            if bytes[index + 4..<index + 8].elementsEqual("IDAT".utf8) {
                stream += bytes[index + 8..<min(index + 8 + length, bytes.count)]
            }
            index += 12 + length
        }
        return stream
    }

    @Test("zlib itself inflates every encoding's stream, its Adler-32 checked, to all the filtered rows")
    func zlibInflatesEveryStream() throws {
        // Runs of blank rows (written by the join), a photo-like patch and rows at strip edges.
        let image = try screen(width: 301, height: 240)
        var failures: [String] = []
        for level in [0, 1, 5, 9] {
            for streamed in [false, true] {
                let (png, _) = try encode(image, level: level, filter: .sampled, streamed: streamed)
                let rows = (1 + 301 * 3) * 240
                if DeflateChainTests.inflated(Self.idat(png), expecting: rows)?.count != rows {
                    failures.append("level \(level) streamed \(streamed)")
                }
            }
        }
        #expect(failures.isEmpty, "streams zlib refused: \(failures)")
    }

    @Test("a streamed image's bytes are the same however it is cut into strips")
    func streamedStripsMakeTheSameBytes() throws {
        let image = try screen(width: 301, height: 240)
        final class Collected { var data = Data() }
        var outputs: [Data] = []
        for rows in [240, 70, 16, 1] {
            let collected = Collected()
            let encoder = try PNGStreamEncoder(
                width: 301, height: 240, compressionLevel: 5, filter: .sampled, sink: { collected.data.append($0) })
            var top = 0
            while top < 240 {
                try encoder.append(image.cropped(to: PixelRect(x: 0, y: top, width: 301, height: min(rows, 240 - top))))
                top += rows
            }
            outputs.append(try encoder.finish() + collected.data)
        }
        #expect(Set(outputs).count == 1)
        try expectSamePixels(outputs[0], image, "streamed")
    }
}
