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

    func render(_ feed: URL, output: URL, device: Device, theme: String, limit: Int? = nil) async throws -> Manifest {
        var options = GenerateOptions(output: output)
        options.feed = .remote(feed)
        options.device = device
        options.theme = .named(theme)
        options.limit = limit
        options.retry = .none
        return try await renderReport(options)
    }

    func assertGolden(_ file: URL, _ name: String) async throws {
        try await GoldenImage.assertMatches(
            file: file, golden: Self.goldens.appendingPathComponent(name), testFilter: "ScreenGoldenTests")
    }

    @Test("sheet and card", arguments: variants)
    func screens(variant: Variant) async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1ComingSoon)
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let manifest = try await render(
            chart.feedURL, output: output.url, device: variant.device, theme: variant.theme, limit: 3)
        #expect(manifest.warnings.isEmpty)
        try await assertGolden(output.url.appendingPathComponent("sheet.png"), "\(variant.name)-sheet.png")
        try await assertGolden(output.url.appendingPathComponent("cards/001-smile.png"), "\(variant.name)-card.png")
    }

    @Test("accents and typographic marks, a 200-character name without spaces, and a card that grows")
    func textEdgeCases() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
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
                "artworkUrl100": server.url("/art/\(index + 1)/100x100bb.png").absoluteString,
            ]
        }
        for index in 1...4 {
            let art = try AlbumReportGraphicsTestImage.solid(
                RGBA(red: UInt8(40 * index), green: 120, blue: 160), edge: 100)
            server.setRoute("/art/\(index)/100x100bb.png", .init(body: art))
        }
        let feed = [
            "feed": [
                "title": "Top Albums", "country": "fr", "updated": "2020-03-23T02:04:33.000-07:00", "results": results,
            ]
        ]
        server.setRoute("/feed.json", .json(try JSONSerialization.data(withJSONObject: feed, options: [.sortedKeys])))
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let manifest = try await render(server.url("/feed.json"), output: output.url, device: .iPhone15, theme: "light")
        try await assertGolden(output.url.appendingPathComponent("sheet.png"), "text-edge-cases-sheet.png")
        let grown = try #require(manifest.screens.first { $0.rank == 4 })
        #expect(grown.sizePoints.height > 852)
        let file = try #require(manifest.files.first { $0.path == grown.file })
        #expect(file.heightPixels == Int(grown.sizePoints.height * 3))
        try await assertGolden(output.url.appendingPathComponent(grown.file), "long-copyright-card.png")
        try await assertGolden(
            output.url.appendingPathComponent("cards/002-don-t-smile-at-me-tea-for-the-tillerman2-friends.png"),
            "typographic-marks-card.png")
    }
}
