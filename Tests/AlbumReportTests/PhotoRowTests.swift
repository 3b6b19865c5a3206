import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation
import Testing

/// Facts feeds show photographs, not album art: drawn aspect-fill, with a photo placeholder.
@Suite("Photos in facts rows")
struct PhotoRowTests {
    @Test(
        "a 220 × 147 photo is centre-cropped into the square thumbnail, never squashed; a missing one draws the photo placeholder"
    )
    func aspectFill() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // Blue, with a red stripe 72 px wide in the middle: centre-cropped to 147 × 147 the stripe
        // is 72/147 of the square; squashed to a square it would be 72/220.
        let photo = try GDImage(width: 220, height: 147, background: RGBA(red: 20, green: 60, blue: 200))
        photo.fill(PixelRect(x: 74, y: 0, width: 72, height: 147), color: RGBA(red: 230, green: 20, blue: 20))
        try photo.pngData().write(to: folder.url.appendingPathComponent("photo.png"))
        let feed: [String: Any] = [
            "title": "Photos",
            "rows": [
                ["title": "Wide", "description": "A photograph wider than tall", "imageHref": "photo.png"],
                ["title": "Missing", "description": "Its file is not there", "imageHref": "missing.png"],
            ],
        ]
        let feedURL = folder.url.appendingPathComponent("facts.json")
        try JSONSerialization.data(withJSONObject: feed).write(to: feedURL)
        let output = folder.url.appendingPathComponent("out")
        let summary = try await generateOnce(.file(feedURL), output: output) { $0.cacheDirectory = nil }
        #expect(summary.warnings.count == 1)

        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: output.appendingPathComponent("manifest.json")))
        let sheet = try #require(manifest.screens.first { $0.kind == .sheet })
        #expect(sheet.elements.contains { $0.name == "refreshButton" })
        let png = try PNGFile(output.appendingPathComponent("sheet.png"))
        let wide = try #require(sheet.elements.first { $0.name == "thumbnail" && $0.rank == 1 }).pixels
        let middle = wide.y + wide.height / 2
        let red = (wide.x..<wide.maxX).filter { x in
            let pixel = png.image.pixel(x: x, y: middle)
            return pixel.red > 180 && pixel.blue < 80
        }.count
        let share = Double(red) / Double(wide.width)
        #expect(abs(share - 72.0 / 147.0) < 0.03, "the stripe covers \(share) of the thumbnail")
        // The stripe is centred: as much blue on either side.
        let firstRed = try #require((wide.x..<wide.maxX).first { png.image.pixel(x: $0, y: middle).red > 180 })
        #expect(abs((firstRed - wide.x) - (wide.maxX - (firstRed + red))) <= 2)

        // The missing photo: the placeholder tile with a photo symbol, not music notes.
        let missing = try #require(sheet.elements.first { $0.name == "thumbnail" && $0.rank == 2 }).pixels
        let theme = try Theme.shipped()
        #expect(
            png.image.pixel(x: missing.x + 6, y: missing.y + missing.height / 2) == theme.colors.placeholderBackground)
        // The symbol's frame crosses the tile's middle row at 22 % of its width.
        let symbolColumn = missing.x + Int(Double(missing.width) * 0.22)
        let ink = (symbolColumn - 2...symbolColumn + 2).map {
            png.image.pixel(x: $0, y: missing.y + missing.height / 2)
        }
        #expect(ink.contains { $0 == theme.colors.placeholderSymbol })
    }
}
