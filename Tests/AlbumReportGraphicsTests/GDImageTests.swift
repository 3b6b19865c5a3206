import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation
import Testing

@Suite("libgd images")
struct GDImageTests {
    let white = RGBA(red: 255, green: 255, blue: 255)
    let blue = RGBA(red: 0, green: 122, blue: 255)

    @Test("an image encodes to a real PNG of its size that decodes back to the same pixels")
    func pngRoundTrip() throws {
        let image = try GDImage(width: 120, height: 80, background: white)
        image.fill(PixelRect(x: 10, y: 20, width: 30, height: 40), color: blue)
        let png = try image.pngData()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let header = try #require(ImageHeader.read(png))
        #expect(header == ImageHeader(format: .png, width: 120, height: 80))
        let decoded = try GDImage(decoding: png)
        #expect(decoded.width == 120 && decoded.height == 80)
        #expect(decoded.pixel(x: 10, y: 20) == blue)
        #expect(decoded.pixel(x: 39, y: 59) == blue)
        #expect(decoded.pixel(x: 40, y: 59) == white)
        #expect(decoded.pixel(x: 9, y: 20) == white)
    }

    @Test("the same drawing gives the same PNG bytes")
    func deterministic() throws {
        func draw() throws -> Data {
            let image = try GDImage(width: 64, height: 64, background: white)
            image.fillRoundedRect(x: 4.5, y: 4.5, width: 50, height: 30, radius: 8, color: blue)
            image.strokeSegment(from: (5, 60), to: (60, 40), width: 3, color: blue)
            return try image.pngData()
        }
        #expect(try draw() == draw())
    }

    @Test("a PNG streamed to a sink (zlib) and one kept whole (libdeflate) decode to the same pixels")
    func streamedToSink() throws {
        let strips = try (0..<3).map { index in
            let strip = try GDImage(width: 300, height: 100, background: white)
            strip.fillRoundedRect(x: 10, y: 10, width: 200, height: 60, radius: 8, color: index == 1 ? blue : white)
            return strip
        }
        func encode(sink: ((Data) -> Void)?) throws -> Data {
            let encoder = try PNGStreamEncoder(width: 300, height: 300, compressionLevel: 6, filter: .up, sink: sink)
            for strip in strips { try encoder.append(strip) }
            return try encoder.finish()
        }
        let whole = try encode(sink: nil)
        final class Collected { var data = Data(); var calls = 0 }
        let collected = Collected()
        let rest = try encode { chunk in
            collected.data.append(chunk)
            collected.calls += 1
        }
        #expect(rest.isEmpty)
        #expect(collected.calls >= 4, "signature, IHDR, IDAT and IEND arrive as they are made")
        let kept = try GDImage(decoding: whole)
        let decoded = try GDImage(decoding: collected.data)
        for y in stride(from: 0, to: 300, by: 7) {
            for x in stride(from: 0, to: 300, by: 7) { #expect(kept.pixel(x: x, y: y) == decoded.pixel(x: x, y: y)) }
        }
        #expect(decoded.width == 300 && decoded.height == 300)
        #expect(decoded.pixel(x: 100, y: 140) == blue)
        #expect(decoded.pixel(x: 100, y: 40) == white)
    }

    /// A card-like screen: white, a blue button, and (when `photograph`) a 360 × 360 picture with
    /// photographic statistics: smooth gradients under per-pixel grain.
    func screen(photograph: Bool, height: Int = 600) throws -> GDImage {
        let image = try GDImage(width: 400, height: height, background: white)
        image.fillRoundedRect(x: 20, y: Double(height - 80), width: 360, height: 50, radius: 12, color: blue)
        guard photograph else { return image }
        var state: UInt64 = 42
        for y in 20..<380 {
            _ = image.withRow(y) { row in
                for x in 20..<380 {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let grain = Int32(truncatingIfNeeded: (state >> 33) % 13) - 6
                    func clamp(_ value: Int32) -> Int32 { min(max(value + grain, 0), 255) }
                    let red = clamp(Int32(x * 255 / 400))
                    let green = clamp(Int32(y * 200 / 400 + 30))
                    let blue = clamp(Int32((x + y) * 255 / 800))
                    row[x] = red << 16 | green << 8 | blue
                }
            }
        }
        return image
    }

    @Test(
        "a screen that is mostly photograph is compressed at the photographic level; a flat one keeps its level, kept whole or streamed"
    )
    func photographicLevel() throws {
        for streamed in [false, true] {
            for photograph in [false, true] {
                let image = try screen(photograph: photograph)
                final class Collected { var data = Data() }
                let collected = Collected()
                let encoder = try PNGStreamEncoder(
                    width: 400, height: 600, compressionLevel: 6, photographicLevel: 1, filter: .up,
                    sink: streamed ? { collected.data.append($0) } : nil)
                try encoder.append(image)
                let png = try encoder.finish() + collected.data
                #expect(encoder.chosenLevel == (photograph ? 1 : 6), "streamed \(streamed), photograph \(photograph)")
                // Either way the PNG holds the same pixels.
                let decoded = try GDImage(decoding: png)
                for (x, y) in [(25, 25), (200, 200), (379, 379), (200, 540), (10, 590)] {
                    #expect(decoded.pixel(x: x, y: y) == image.pixel(x: x, y: y))
                }
            }
        }
        // Without a photographic level, or with the same one, the level is never changed.
        let fixed = try PNGStreamEncoder(width: 400, height: 600, compressionLevel: 6, filter: .up)
        try fixed.append(try screen(photograph: true))
        _ = try fixed.finish()
        #expect(fixed.chosenLevel == 6)
    }

    @Test("JPEG data decodes; corrupt and non-image data are clear errors, never a crash")
    func decoding() throws {
        let image = try GDImage(width: 40, height: 30, background: blue)
        let jpeg = try image.jpegData(quality: 90)
        #expect(ImageHeader.read(jpeg)?.format == .jpeg)
        #expect(ImageHeader.jpegIsComplete(jpeg))
        #expect(try GDImage(decoding: jpeg).width == 40)
        #expect(throws: GraphicsError.notAnImage) { try GDImage(decoding: Data("<html></html>".utf8)) }
        #expect(throws: GraphicsError.notAnImage) { try GDImage(decoding: Data()) }
        var broken = try image.pngData()
        broken.replaceSubrange(40..<broken.count, with: Data(repeating: 0x42, count: broken.count - 40))
        #expect(throws: GraphicsError.self) { try GDImage(decoding: broken) }
        #expect(!ImageHeader.jpegIsComplete(jpeg.prefix(jpeg.count / 2)))
    }

    @Test(
        "a canvas's rows, made a chunk at a time, each hold their own pixels, and libgd draws to the last row",
        arguments: [(1179, 200), (70_000, 3), (7, 1)])
    func rowsApart(width: Int, height: Int) throws {
        let image = try GDImage(width: width, height: height, background: white)
        func colour(_ y: Int) -> RGBA { RGBA(red: UInt8(y % 251), green: UInt8(y / 251 % 256), blue: 7) }
        for y in 0..<height { image.fill(PixelRect(x: 0, y: y, width: width, height: 1), color: colour(y)) }
        for y in 0..<height {
            #expect(image.pixel(x: 0, y: y) == colour(y) && image.pixel(x: width - 1, y: y) == colour(y), "row \(y)")
        }
        // gdImageCopy clips to the image's last row, which it reads from the image itself.
        let stamp = try GDImage(width: 4, height: 4, background: blue)
        image.copy(stamp, x: 1, y: height - 2)
        #expect(image.pixel(x: 1, y: height - 1) == blue)
        #expect(image.pixel(x: 5, y: height - 1) == colour(height - 1))
        if height > 2 { #expect(image.pixel(x: 1, y: height - 3) == colour(height - 3)) }
        let decoded = try GDImage(decoding: image.pngData(compressionLevel: 1))
        #expect(decoded.pixelBuffer() == image.pixelBuffer())
    }

    @Test("a translucent background is blended over opaque black, whatever memory the canvas had before")
    func translucentBackground() throws {
        let half = RGBA(red: 255, green: 255, blue: 255, alpha: 128)
        var greys: [RGBA] = []
        for _ in 0..<3 {
            // A red canvas freed just before: its memory is what the next canvas's rows may get.
            _ = try GDImage(width: 400, height: 400, background: RGBA(red: 255, green: 0, blue: 0))
            let image = try GDImage(width: 400, height: 400, background: half)
            greys.append(image.pixel(x: 200, y: 200))
            #expect(image.pixelBuffer() == (try GDImage(width: 400, height: 400, background: half)).pixelBuffer())
        }
        let grey = try #require(greys.first)
        #expect(grey.red == grey.green && grey.green == grey.blue && grey.alpha == 255, "\(grey)")
        #expect((120...136).contains(grey.red), "half white over black: \(grey)")
        #expect(greys.allSatisfy { $0 == grey })
    }

    @Test("impossible sizes are refused before allocating")
    func sizes() {
        #expect(throws: GraphicsError.invalidSize(width: 0, height: 10)) {
            try GDImage(width: 0, height: 10, background: RGBA(red: 0, green: 0, blue: 0))
        }
        #expect(throws: GraphicsError.invalidSize(width: 10, height: 200_000)) {
            try GDImage(width: 10, height: 200_000, background: RGBA(red: 0, green: 0, blue: 0))
        }
    }

    @Test("rounded rectangles are filled inside, clear outside, and antialiased on the curve")
    func roundedRect() throws {
        let image = try GDImage(width: 100, height: 100, background: white)
        image.fillRoundedRect(x: 10, y: 10, width: 80, height: 80, radius: 20, color: blue)
        #expect(image.pixel(x: 50, y: 50) == blue)
        #expect(image.pixel(x: 11, y: 11) == white)
        #expect(image.pixel(x: 50, y: 10) == blue)
        #expect(image.pixel(x: 50, y: 9) == white)
        // Along the corner arc, pixels are blends of the two colours; the straight edges are not.
        var blended = 0
        for y in 10..<30 {
            for x in 10..<30 where ![blue, white].contains(image.pixel(x: x, y: y)) { blended += 1 }
        }
        #expect(blended >= 15)
        #expect(![blue, white].contains(image.pixel(x: 50, y: 10)) == false)
    }

    @Test("resampled artwork keeps its corners rounded against the background")
    func drawArtwork() throws {
        let source = try GDImage(width: 200, height: 200, background: blue)
        let canvas = try GDImage(width: 300, height: 300, background: white)
        canvas.draw(source, in: PixelRect(x: 50, y: 50, width: 180, height: 180), cornerRadius: 18, background: white)
        #expect(canvas.pixel(x: 140, y: 140) == blue)
        #expect(canvas.pixel(x: 50, y: 50) == white)
        #expect(canvas.pixel(x: 229, y: 229) == white)
        #expect(canvas.pixel(x: 140, y: 50) == blue)
        #expect(canvas.pixel(x: 49, y: 140) == white)
    }
}

@Suite("Fonts and text")
struct TextEngineTests {
    func engine(scale: Double = 3) throws -> (TextEngine, Theme) {
        let theme = try Theme.shipped()
        return (try TextEngine(theme: theme, scale: scale), theme)
    }

    @Test("Inter and Inter Display are resolved to font files by fontconfig, for every weight the theme uses")
    func resolution() throws {
        let theme = try Theme.shipped()
        let book = try FontBook(theme: theme)
        #expect(book.substitutions.isEmpty, "Inter should be installed (fonts-inter)")
        for font in book.all {
            // "SF Pro Display, Inter Display": no SF Pro on this runner, so the list's open cut.
            #expect(font.family == FontSource.candidates(of: font.requestedFamily).last?.value)
            #expect(["Inter", "Inter Display"].contains(font.family))
            #expect(FileManager.default.fileExists(atPath: font.file))
            #expect(font.ascenderPerEm > 0.7 && font.ascenderPerEm < 1.3)
        }
        let semibold = try #require(book.font(for: theme.fonts.navigationTitle))
        #expect(semibold.file.lowercased().contains("semibold"))
        #expect(FontResolver.file(family: "No Such Family 12345", weight: .regular) == nil)
    }

    @Test("widths come from the real font: longer text is wider, and '&amp;' is measured literally")
    func widths() throws {
        let (engine, theme) = try engine()
        let font = theme.fonts.rowTitle
        let short = engine.width(of: "After", font: font)
        let long = engine.width(of: "After Hours", font: font)
        #expect(short > 20 && short < 60)
        #expect(long > short)
        #expect(engine.width(of: "iiii", font: font) < engine.width(of: "WWWW", font: font))
        #expect(engine.width(of: "&amp;", font: font) > engine.width(of: "&", font: font) * 3)
        let bold = theme.fonts.cardTitle
        #expect(engine.width(of: "After Hours", font: bold) > long)
    }

    @Test("text is drawn where the layout puts it, in its colour")
    func drawing() throws {
        let (engine, theme) = try engine(scale: 2)
        let image = try GDImage(width: 400, height: 100, background: RGBA(red: 255, green: 255, blue: 255))
        let block = TextBlock.make(
            "HHHH", font: theme.fonts.cardTitle, color: RGBA(red: 0, green: 0, blue: 0), x: 20, y: 10, width: 160,
            measurer: engine)
        try engine.draw(block, in: image)
        var dark = 0
        var outside = 0
        for y in 0..<100 {
            for x in 0..<400 where image.pixel(x: x, y: y).red < 128 {
                let inside = block.frame.pixels(scale: 2)
                if x >= inside.x && x < inside.x + Int(block.lines[0].width * 2) + 2 && y >= inside.y && y < inside.maxY
                {
                    dark += 1
                } else {
                    outside += 1
                }
            }
        }
        #expect(dark > 200)
        #expect(outside == 0)
    }

    @Test(
        "artwork drawn into a slot is the fixed-point bilinear blend of its pixels, exactly (noise with every alpha, enlarged and mildly reduced)",
        arguments: [(70, 50), (40, 31), (23, 17)])
    func bilinearIsExact(width: Int, height: Int) throws {
        let background = RGBA(red: 12, green: 200, blue: 90)
        let source = try GDImage(width: 37, height: 29, background: RGBA(red: 255, green: 255, blue: 255))
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for y in 0..<source.height {
            _ = source.withRow(y) { row in
                for x in 0..<row.count {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let bits = Int32(truncatingIfNeeded: state >> 33)
                    // A third opaque, a third fully transparent, a third in between.
                    let alpha: Int32 = [0, 127, (bits >> 24) & 0x7F][Int((state >> 60) % 3)]
                    row[x] = alpha << 24 | bits & 0xFF_FFFF
                }
            }
        }
        let canvas = try GDImage(width: 90, height: 60, background: background)
        let rect = PixelRect(x: 5, y: 3, width: width, height: height)
        canvas.draw(source, in: rect, cornerRadius: 0, background: background)

        func sample(_ index: Int, scale: Double, limit: Int) -> (Int, Int, Int) {
            let position = min(max((Double(index) + 0.5) * scale - 0.5, 0), Double(limit - 1))
            let first = Int(position)
            return (first, min(first + 1, limit - 1), Int(((position - Double(first)) * 256).rounded()))
        }
        func raw(_ image: GDImage, _ x: Int, _ y: Int) -> Int { image.withRow(y) { Int($0[x]) } ?? 0 }
        let under = raw(canvas, 0, 0)
        var mismatches = 0
        for y in 0..<height {
            let (top, bottom, fy) = sample(y, scale: 29 / Double(height), limit: 29)
            for x in 0..<width {
                let (left, right, fx) = sample(x, scale: 37 / Double(width), limit: 37)
                var value = 0
                for (shift, mask) in [(24, 0x7F), (16, 0xFF), (8, 0xFF), (0, 0xFF)] {
                    func channel(_ x: Int, _ y: Int) -> Int { (raw(source, x, y) >> shift) & mask }
                    let leftMid = channel(left, top) * (256 - fy) + channel(left, bottom) * fy
                    let rightMid = channel(right, top) * (256 - fy) + channel(right, bottom) * fy
                    value |= ((leftMid * (256 - fx) + rightMid * fx + 32768) >> 16) << shift
                }
                let alpha = value >> 24
                var expected = value
                if alpha == 127 {
                    expected = under
                } else if alpha > 0 {
                    expected = 0
                    for shift in [16, 8, 0] {
                        let top = (value >> shift) & 0xFF
                        let bottom = (under >> shift) & 0xFF
                        expected |= ((top * (127 - alpha) + bottom * alpha + 63) / 127) << shift
                    }
                }
                if raw(canvas, rect.x + x, rect.y + y) != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        #expect(raw(canvas, rect.x + width, rect.y) == under)
    }
}
