import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import AlbumReportTesting
import Foundation
import Testing

/// Golden images of the sheet for charts in every script the text engine handles (the
/// hand-written feeds in `Tests/Fixtures/feeds/scripts`), on the iPhone SE at 2×: the glyphs,
/// joining and direction as drawn. The telling card of each is a layout snapshot
/// (`LayoutSnapshotTests`). Re-record after an intended change with
/// `ALBUMREPORT_RECORD=failed swift test --filter ScriptGoldenTests`.
@Suite("Charts in every script")
struct ScriptGoldenTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Goldens/scripts")

    struct Chart: Sendable, CustomTestStringConvertible {
        var feed: String
        /// The rank whose card is compared: the album with the most telling name.
        var card: Int
        var testDescription: String { feed }
    }

    static let charts = [
        Chart(feed: "ja", card: 4), Chart(feed: "ko", card: 2), Chart(feed: "zh-hans", card: 3),
        Chart(feed: "zh-hant", card: 4), Chart(feed: "ar", card: 4), Chart(feed: "he", card: 4),
        Chart(feed: "th", card: 2), Chart(feed: "hi", card: 3), Chart(feed: "el", card: 3),
        Chart(feed: "ru", card: 4), Chart(feed: "emoji", card: 1), Chart(feed: "mixed", card: 2),
        Chart(feed: "unbroken", card: 2),
    ]

    @Test("the sheet, with every character drawable", arguments: charts)
    func chart(_ chart: Chart) async throws {
        var settings = RenderSettings()
        settings.draw(on: .iPhoneSE)
        let drawn = try OfflineChart(feed: "scripts/\(chart.feed).json", settings: settings)
        #expect(drawn.screens.items.count == 4)
        for item in drawn.screens.items {
            #expect(drawn.screens.undrawableCharacters[item.rank] == [], "#\(item.rank) \(item.title)")
        }
        #expect(!drawn.screens.warnings.contains { $0.stage == .select })
        try await GoldenImage.assertMatches(
            try #require(try drawn.sheet().first),
            golden: Self.goldens.appendingPathComponent("\(chart.feed)-sheet.png"), testFilter: "ScriptGoldenTests")
    }

    @Test("a character no installed font has: drawn as U+FFFD, listed in the manifest, and a warning")
    func undrawableCharacter() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let feed = scratch.url.appendingPathComponent("feed.json")
        let results: [[String: Any]] = [
            ["id": "1", "name": "Plain", "artistName": "Someone", "copyright": "℗ 2024"],
            ["id": "2", "name": "Private \u{F0001} Use", "artistName": "Someone \u{F0002}", "copyright": "℗ 2024"],
        ]
        try JSONSerialization.data(withJSONObject: ["feed": ["title": "Top Albums", "results": results]])
            .write(to: feed)
        let output = scratch.url.appendingPathComponent("out")
        _ = try await generateOnce(.file(feed), output: output) { $0.enrich = false }
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: output.appendingPathComponent("manifest.json")))
        #expect(manifest.items.map(\.undrawableCharacters) == [[], ["U+F0001", "U+F0002"]])
        let warning = try #require(manifest.warnings.first { $0.stage == .select && $0.rank == 2 })
        #expect(warning.message.contains("U+F0001, U+F0002"))
        #expect(warning.message.contains("fonts-noto"))
    }
}
