import AlbumReport
import AlbumReportCompare
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation
import Testing

/// The streamed comparison (both PNGs decoded in bands of rows, pictures encoded as the bands
/// go) against the whole-image one, on real rendered PNGs.
@Suite("Comparison in bands of rows, with both decoders streaming")
struct StreamedCompareTests {
    /// A one-album report rendered from a recorded feed on loopback, in `report`: its card's PNG
    /// and the card's button frame in pixels.
    func renderedCard(in report: URL) async throws -> (png: Data, button: PixelRect) {
        let (file, button) = try await CompareTests.renderedCard(in: report)
        return (try Data(contentsOf: file), button)
    }

    /// The card with its button moved one pixel lower (solid edges and anti-aliased text move),
    /// a 5 × 5 block recoloured across row `blockRow`, and single pixels that are specks.
    func changed(_ original: PixelBuffer, button: PixelRect, blockRow: Int) -> PixelBuffer {
        var pixels = original
        for y in stride(from: button.maxY, through: button.y, by: -1) {
            for x in button.x..<button.maxX { pixels[x, y] = original[x, y - 1] }
        }
        for y in (blockRow - 2)..<(blockRow + 3) {
            for x in 40..<45 { pixels[x, y] = PixelBuffer.pack(RGBA(red: 0x34, green: 0xC7, blue: 0x59)) }
        }
        for (x, y) in [(7, 3), (300, blockRow + 40), (original.width - 1, original.height - 1)] {
            pixels[x, y] = PixelBuffer.pack(RGBA(red: 0, green: 0, blue: 0))
        }
        return pixels
    }

    /// The pixel the side-by-side draws for the `factor` × `factor` block at (`x`, `y`): each
    /// channel's mean, rounded down.
    func average(_ image: PixelBuffer, x: Int, y: Int, factor: Int) -> UInt32 {
        var sums = [UInt32](repeating: 0, count: 4)
        for row in y..<(y + factor) {
            for column in x..<(x + factor) {
                for channel in 0..<4 { sums[channel] += (image[column, row] >> (8 * UInt32(channel))) & 0xFF }
            }
        }
        let count = UInt32(factor * factor)
        return (0..<4).reduce(UInt32(0)) { $0 | (sums[$1] / count) << (8 * UInt32($1)) }
    }

    /// The changed card and the whole-image comparison under each of three settings, once per test
    /// process: every band size below is checked against them.
    static let changedCard = Task { () throws -> ChangedCard in
        let (png, button) = try await RenderedCard.shared.value()
        let expected = try PNGReader.decode(png, name: "expected.png").get()
        let actualPNG = try GDImage(
            StreamedCompareTests().changed(expected, button: button, blockRow: 2 * 257 + 1)
        ).pngData()
        let actual = try PNGReader.decode(actualPNG, name: "actual.png").get()
        var wholes: [(CompareOptions, PixelDifference, PixelBuffer?)] = []
        for options in [
            CompareOptions(minimumCluster: 4),
            CompareOptions(masks: [PixelRect(x: button.x + 20, y: button.y - 5, width: 30, height: 400)]),
            CompareOptions(failOnAntialiasing: true),
        ] {
            let whole = await PixelComparator.compare(expected, actual, options: options, diffImage: true, bands: 3)
            wholes.append((options, whole.difference, whole.diff))
        }
        return ChangedCard(
            expectedPNG: png, actualPNG: actualPNG, expected: expected, actual: actual, button: button, wholes: wholes)
    }

    struct ChangedCard: Sendable {
        var expectedPNG: Data
        var actualPNG: Data
        var expected: PixelBuffer
        var actual: PixelBuffer
        var button: PixelRect
        var wholes: [(CompareOptions, PixelDifference, PixelBuffer?)]
    }

    @Test(
        "a rendered card compared in bands of awkward sizes gives the whole-image counts, regions and diff pixels",
        arguments: [1, 2, 3, 7, 257, 100_000])
    func bandsAgree(bandRows: Int) async throws {
        let card = try await Self.changedCard.value
        let (expectedPNG, actualPNG, expected, actual, button) = (
            card.expectedPNG, card.actualPNG, card.expected, card.actual, card.button
        )
        for (options, wholeDifference, wholeDiff) in card.wholes {
            let whole = (difference: wholeDifference, diff: wholeDiff)
            let streamed = try StreamedComparison.compare(
                expected: expectedPNG, actual: actualPNG, expectedName: "expected.png", actualName: "actual.png",
                options: options, pictures: true, bandRows: bandRows
            ).get()
            #expect(streamed.difference == whole.difference)
            #expect(whole.difference.differentPixels > button.width)
            #expect(whole.difference.changedRegions.count >= 3)
            let diff = try PNGReader.decode(try #require(streamed.diff), name: "diff.png").get()
            #expect(diff == whole.diff, "the streamed diff image differs from the whole-image one")
            // The side-by-side (three 1179-pixel panels) is drawn at half size, blocks averaged.
            let side = try PNGReader.decode(try #require(streamed.sideBySide), name: "side.png").get()
            let panel = (expected.width + 1) / 2
            #expect(side.width == 3 * panel + 4 * DiffPictures.gap)
            #expect(side.height == (expected.height + 1) / 2 + 2 * DiffPictures.gap)
            let gap = DiffPictures.gap
            #expect(side[gap + 5, gap + 5] == average(expected, x: 10, y: 10, factor: 2))
            #expect(side[2 * gap + panel + 5, gap + 5] == average(actual, x: 10, y: 10, factor: 2))
        }
    }

    @Test("a change only in the last rows: the rows before it are drawn from the rows kept, or from a second pass")
    func lateChange() async throws {
        let report = try TemporaryDirectory()
        defer { report.remove() }
        let (expectedPNG, _) = try await renderedCard(in: report.url)
        let expected = try PNGReader.decode(expectedPNG, name: "expected.png").get()
        var actual = expected
        for x in 100..<200 { actual[x, expected.height - 1] = PixelBuffer.pack(RGBA(red: 255, green: 0, blue: 255)) }
        let actualPNG = try GDImage(actual).pngData()
        let options = CompareOptions(masks: [PixelRect(x: 0, y: 100, width: 50, height: 50)])
        let whole = await PixelComparator.compare(expected, actual, options: options, diffImage: true)
        // Kept (a card's rows fit the budget), or decoded again (no budget, as for a 30-megapixel sheet).
        for (bandRows, keptBytes) in [
            (13, StreamedComparison.keptBytes), (1000, StreamedComparison.keptBytes), (13, 0), (1000, 0),
        ] {
            let streamed = try StreamedComparison.compare(
                expected: expectedPNG, actual: actualPNG, expectedName: "e", actualName: "a", options: options,
                pictures: true, bandRows: bandRows, keptBytes: keptBytes
            ).get()
            #expect(streamed.difference == whole.difference)
            #expect(
                streamed.difference.changedRegions == [PixelRect(x: 100, y: expected.height - 1, width: 100, height: 1)]
            )
            let diff = try PNGReader.decode(try #require(streamed.diff), name: "diff.png").get()
            #expect(diff == whole.diff)
        }
    }

    @Test("the same pixels at another compression level match without any picture")
    func samePixels() async throws {
        let report = try TemporaryDirectory()
        defer { report.remove() }
        let (expectedPNG, _) = try await renderedCard(in: report.url)
        let pixels = try PNGReader.decode(expectedPNG, name: "expected.png").get()
        let recompressed = try GDImage(pixels).pngData(compressionLevel: 1)
        #expect(recompressed != expectedPNG)
        let streamed = try StreamedComparison.compare(
            expected: expectedPNG, actual: recompressed, expectedName: "e", actualName: "a", options: CompareOptions(),
            pictures: true
        ).get()
        #expect(streamed.difference.differentPixels == 0 && streamed.difference.antialiasedPixels == 0)
        #expect(streamed.difference.comparedPixels == pixels.width * pixels.height)
        #expect(streamed.diff == nil && streamed.sideBySide == nil)
    }

    /// A PNG of `buffer` from our own row writer (wider than libgd draws).
    func encode(_ buffer: PixelBuffer) throws -> Data {
        let writer = try PNGRowWriter(width: buffer.width, height: buffer.height, level: 6, filters: 0)
        try writer.write(buffer.pixels)
        return try writer.finish()
    }

    @Test("past 4096 pixels the pictures are downscaled by a whole factor, and a one-pixel difference stays red")
    func downscaled() throws {
        let white = RGBA(red: 255, green: 255, blue: 255)
        let expected = PixelBuffer(width: 9000, height: 40, fill: white)
        var actual = expected
        actual[8001, 33] = PixelBuffer.pack(RGBA(red: 0, green: 0, blue: 0))
        let one = try encode(expected)
        let two = try encode(actual)
        let outcome = try StreamedComparison.compare(
            expected: one, actual: two, expectedName: "e", actualName: "a", options: CompareOptions(minimumCluster: 1),
            pictures: true, bandRows: 7
        ).get()
        #expect(outcome.difference.differentPixels == 1)
        let diff = try PNGReader.decode(try #require(outcome.diff), name: "diff.png").get()
        #expect(diff.width == 3000 && diff.height == 14)  // factor 3
        #expect(diff[8001 / 3, 33 / 3] == PixelComparator.differenceColor)
        #expect(diff[10, 10] != PixelComparator.differenceColor)
        let side = try PNGReader.decode(try #require(outcome.sideBySide), name: "side.png").get()
        #expect(max(side.width, side.height) <= DiffPictures.maximumSideBySide)
        let factor = DiffPictures.factor(
            width: 9000, height: 40, extraWidth: 64, extraHeight: 32, panels: 3, limit: DiffPictures.maximumSideBySide)
        #expect(factor == 14)
        #expect(side.width == 64 + 3 * ((9000 + factor - 1) / factor))
        let panel = (9000 + factor - 1) / factor
        #expect(
            side[DiffPictures.gap * 3 + 2 * panel + 8001 / factor, 16 + 33 / factor] == PixelComparator.differenceColor)
    }

    @Test("a PNG cut short in its pixel data is an error that names it, in the middle of the stream too")
    func truncated() async throws {
        let report = try TemporaryDirectory()
        defer { report.remove() }
        let (expectedPNG, _) = try await renderedCard(in: report.url)
        // Cut short, and with bytes of its pixel data changed (libpng finds the bad checksum when
        // it reaches that row, after the bands above it were compared).
        var damaged = expectedPNG
        let middle = expectedPNG.count * 2 / 3
        for offset in middle..<(middle + 16) { damaged[offset] ^= 0x5A }
        for actual in [Data(expectedPNG.prefix(middle)), damaged] {
            let outcome = StreamedComparison.compare(
                expected: expectedPNG, actual: actual, expectedName: "golden.png", actualName: "cut.png",
                options: CompareOptions(), pictures: true, bandRows: 50)
            guard case .failure(let problem) = outcome else {
                Issue.record("a damaged PNG was compared")
                continue
            }
            #expect(problem.description.hasPrefix("cut.png is not a readable PNG ("), "\(problem)")
        }
    }
}
