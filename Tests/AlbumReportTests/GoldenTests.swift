import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import AlbumReportTesting
import Foundation
import Testing

/// The project's own goldens: fixed scenes from recorded feeds with fixed (solid-colour) artwork,
/// rendered at iPhone SE @2x and compared with the PNGs in `Tests/AlbumReportTests/Goldens`.
/// Re-record after an intended change: `ALBUMREPORT_RECORD=failed swift test --filter GoldenTests`.
@Suite("Golden images of fixed scenes")
struct GoldenTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    static var settings: RenderSettings {
        var settings = RenderSettings()
        settings.draw(on: .iPhoneSE)
        return settings
    }

    func assertGolden(_ png: Data, _ name: String) async throws {
        try await GoldenImage.assertMatches(
            png, golden: Self.goldens.appendingPathComponent(name), testFilter: "GoldenTests")
    }

    @Test("a sheet of ten albums, and a card whose artwork is missing")
    func tenAlbums() async throws {
        let chart = try OfflineChart(
            feed: Fixtures.Feeds.v1Top10, settings: Self.settings, missingArtwork: ["1490463311"])
        try await assertGolden(try #require(try chart.sheet().first), "sheet-10-albums.png")
        try #require(chart.screens.items.count == 10)
        #expect(chart.screens.items[9].id == "1490463311")
        try await assertGolden(try chart.card(rank: 10), "card-without-artwork.png")
    }

    @Test("a card with a long name and a long copyright line")
    func longName() async throws {
        let title = "The Platinum Collection (Greatest Hits I, II & III) — Deluxe Remastered Anniversary Edition"
        let feed: [String: Any] = [
            "feed": [
                "title": "Top Albums", "country": "us",
                "results": [
                    [
                        "id": "1", "name": title, "artistName": "Queen", "releaseDate": "1980-06",
                        "copyright":
                            "℗ 2011 Hollywood Records, Inc. under exclusive licence to Universal International Music B.V.",
                        "genres": [["name": "Rock"], ["name": "Music"], ["name": "Arena Rock"], ["name": "Rock"]],
                        "url": "https://itunes.apple.com/us/album/1",
                        "artworkUrl100": "https://example.com/art/1/100x100bb.png",
                    ]
                ],
            ]
        ]
        let data = try JSONSerialization.data(withJSONObject: feed, options: [.sortedKeys])
        let screens = try OfflineScreens(
            feed: FeedDecoder().decode(data, source: "feed.json").feed, settings: Self.settings)
        let item = try #require(screens.items.first)
        #expect(screens.cardLayout(for: item).elements.contains { $0.name == "title" })
        let art = try AlbumReportGraphicsTestImage.solid(RGBA(red: 30, green: 90, blue: 160), edge: 600)
        try await assertGolden(try screens.card(item, artwork: art), "card-long-name.png")
    }

    @Test("a facts-feed sheet")
    func factsSheet() async throws {
        // Kept as Latin-1 bytes, like the recording, so the encoding repair is exercised too.
        let data = try Fixtures.feedData(Fixtures.Feeds.facts)
        let facts = try FeedDecoder().decode(data, source: "facts.json").feed
        // One image is there; the others are dead links, as in the real feed.
        let beaver = try AlbumReportGraphicsTestImage.solid(RGBA(red: 120, green: 80, blue: 40), edge: 220)
        let ranks = Set(
            facts.items.filter { $0.artworkURL?.hasSuffix("220px-American_Beaver.jpg") == true }.map(\.rank))
        #expect(ranks.count == 1)
        let sheet = try OfflineScreens(feed: facts, settings: Self.settings).sheet { ranks.contains($0) ? beaver : nil }
        try await assertGolden(try #require(sheet.first), "sheet-facts.png")
    }
}
