import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import AlbumReportTesting
import Foundation
import Testing

/// Golden images of the sheet and a card on a representative set of devices (each status bar,
/// both scales, portrait and landscape, light and dark), plus the text edge cases; every other
/// preset, orientation and theme is a layout snapshot (`LayoutSnapshotTests`). Re-record after
/// an intended change with `ALBUMREPORT_RECORD=failed swift test --filter ScreenGoldenTests`.
@Suite("Screens drawn on representative devices, orientations and themes")
struct ScreenGoldenTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Goldens/screens")

    typealias Variant = ScreenVariant

    static let variants = [
        Variant(device: .iPhone15, theme: "light"), Variant(device: .iPhone15.oriented(.landscape), theme: "dark"),
        Variant(device: .iPhoneSE, theme: "light"), Variant(device: .iPadPro13.oriented(.landscape), theme: "light"),
    ]

    func assertGolden(_ png: Data, _ name: String) async throws {
        try await GoldenImage.assertMatches(
            png, golden: Self.goldens.appendingPathComponent(name), testFilter: "ScreenGoldenTests")
    }

    static func settings(_ device: Device, theme: String) -> RenderSettings {
        var settings = RenderSettings()
        settings.draw(on: device)
        settings.orientation = device.orientation
        settings.theme = .named(theme)
        return settings
    }

    @Test("sheet and card", arguments: variants)
    func screens(variant: Variant) async throws {
        let chart = try OfflineChart(
            feed: Fixtures.Feeds.v1ComingSoon, limit: 3, settings: Self.settings(variant.device, theme: variant.theme))
        #expect(chart.screens.warnings.isEmpty)
        let sheet = try #require(try chart.sheet().first)
        try await assertGolden(sheet, "\(variant.name)-sheet.png")
        try await assertGolden(try chart.card(rank: 1), "\(variant.name)-card.png")
    }

    /// Settings `sameAsGenerate` draws with both ways.
    struct SameCase: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var settings: RenderSettings
    }

    static let sameCases: [SameCase] = {
        var landscape = settings(.iPhone15.oriented(.landscape), theme: "dark")
        landscape.locale = "fr_FR"
        var swiftUI = settings(.iPad10, theme: "light")
        swiftUI.screen = ScreenOptions(style: .swiftui, fit: .screen, button: .artist)
        swiftUI.language = "de"
        var accessible = settings(.iPhoneSE, theme: "light")
        accessible.pages = true
        accessible.screen = ScreenOptions(contentSize: .ax3, boldText: true, increaseContrast: true)
        return [
            SameCase(testDescription: "landscape-dark-fr", settings: landscape),
            SameCase(testDescription: "ipad-swiftui-screens-de", settings: swiftUI),
            SameCase(testDescription: "se-pages-ax3-bold-contrast", settings: accessible),
        ]
    }()

    /// The goldens are drawn from layouts (``OfflineChart``); this ties them to `generate`: over a
    /// loopback server, with the same chart, artwork and settings, its files are the same bytes.
    @Test(
        "generate writes exactly the PNGs the layouts draw without it (every sheet page and card)", arguments: sameCases
    )
    func sameAsGenerate(_ testCase: SameCase) async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top100)
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        var options = GenerateOptions(output: output.url)
        options.feed = .remote(chart.feedURL)
        options.settings = testCase.settings
        options.limit = 12
        options.retry = .none
        options.enrich = false
        let manifest = try await renderReport(options)
        #expect(manifest.warnings.isEmpty)
        let offline = try OfflineChart(feed: Fixtures.Feeds.v1Top100, limit: 12, settings: testCase.settings)
        let pages = manifest.files.map(\.path).filter { $0.hasPrefix("sheet") }.sorted()
        let drawn = try offline.sheet()
        try #require(pages.count == drawn.count)
        for (path, png) in zip(pages, drawn) {
            #expect(try Data(contentsOf: output.url.appendingPathComponent(path)) == png, "\(path)")
        }
        let cards = manifest.screens.filter { $0.kind == .card }
        #expect(cards.count == 12)
        for screen in cards {
            let rank = try #require(screen.rank)
            #expect(try Data(contentsOf: output.url.appendingPathComponent(screen.file)) == offline.card(rank: rank))
        }
    }

    @Test("accents and typographic marks, a 200-character name without spaces, and a card that grows")
    func textEdgeCases() async throws {
        let unbroken = String(repeating: "ABCDEFGHIJ", count: 20)
        let entries: [(String, String, String)] = [
            ("Re (Café Tacvba ÷ Révolution)", "Café Tacvba", "℗ 1994 WEA Latina, Inc."),
            (
                "Don’t Smile At Me — Tea for the Tillerman² & Friends", "Billie Eilish",
                "℗ 2017 Darkroom/Interscope Records"
            ),
            (unbroken, "Nobody", "℗ 2020 Label"),
            (
                "A Card That Grows", "Somebody",
                String(repeating: "℗ 2020 A very long copyright line, with every licence spelled out. ", count: 14)
            ),
        ]
        let results: [[String: Any]] = entries.enumerated().map { index, entry in
            [
                "id": "\(index + 1)", "name": entry.0, "artistName": entry.1, "copyright": entry.2,
                "releaseDate": "2020-03-2\(index)", "genres": [["name": "Alternative"], ["name": "Music"]],
                "url": "https://music.apple.com/us/album/\(index + 1)",
                "artworkUrl100": "https://example.com/art/\(index + 1)/100x100bb.png",
            ]
        }
        let feed = [
            "feed": [
                "title": "Top Albums", "country": "fr", "updated": "2020-03-23T02:04:33.000-07:00", "results": results,
            ]
        ]
        let data = try JSONSerialization.data(withJSONObject: feed, options: [.sortedKeys])
        let screens = try OfflineScreens(
            feed: FeedDecoder().decode(data, source: "feed.json").feed,
            settings: Self.settings(.iPhone15, theme: "light"))
        // Each album's artwork is one colour, the same on the sheet (100 pixels) and its card (600: the large image
        // a card asks for is not served, so it shows the thumbnail, as generate does).
        let art = try Dictionary(
            uniqueKeysWithValues: (1...4).map { index in
                (
                    index,
                    try AlbumReportGraphicsTestImage.solid(
                        RGBA(red: UInt8(40 * index), green: 120, blue: 160), edge: 100)
                )
            })
        try await assertGolden(try #require(try screens.sheet { art[$0] }.first), "text-edge-cases-sheet.png")
        try #require(screens.items.count == 4)
        let grown = screens.cardLayout(for: screens.items[3])
        #expect(grown.size.height > 852)
        let card = try screens.card(screens.items[3], artwork: art[4])
        #expect(ImageHeader.read(card)?.height == Int(grown.size.height * 3))
        try await assertGolden(card, "long-copyright-card.png")
        try await assertGolden(try screens.card(screens.items[1], artwork: art[2]), "typographic-marks-card.png")
    }
}
