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

    func render(
        _ feed: FeedSource, output: URL, configure: (inout GenerateOptions) -> Void = { _ in }
    ) async throws -> Manifest {
        _ = try await generateOnce(feed, output: output) {
            $0.device = .iPhoneSE
            configure(&$0)
        }
        return try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: output.appendingPathComponent("manifest.json")))
    }

    func assertGolden(_ file: URL, _ name: String) async throws {
        try await GoldenImage.assertMatches(
            file: file, golden: Self.goldens.appendingPathComponent(name), testFilter: "GoldenTests")
    }

    @Test("a sheet of ten albums, and a card whose artwork is missing")
    func tenAlbums() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10, missingArtwork: ["1490463311"])
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        _ = try await render(.remote(chart.feedURL), output: output.url)
        try await assertGolden(output.url.appendingPathComponent("sheet.png"), "sheet-10-albums.png")
        try await assertGolden(
            output.url.appendingPathComponent("cards/010-please-excuse-me-for-being-antisocial.png"),
            "card-without-artwork.png")
    }

    @Test("a card with a long name and a long copyright line")
    func longName() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
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
                        "artworkUrl100": server.url("/art/1/100x100bb.png").absoluteString,
                    ]
                ],
            ]
        ]
        server.setRoute("/feed.json", .json(try JSONSerialization.data(withJSONObject: feed, options: [.sortedKeys])))
        let art = try AlbumReportGraphicsTestImage.solid(RGBA(red: 30, green: 90, blue: 160), edge: 600)
        server.setRoute("/art/1/600x600bb.png", .init(body: art))
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let manifest = try await render(.remote(server.url("/feed.json")), output: output.url)
        let card = try #require(manifest.screens.first { $0.kind == .card })
        #expect(card.elements.contains { $0.name == "title" })
        try await assertGolden(output.url.appendingPathComponent(card.file), "card-long-name.png")
    }

    @Test("a facts-feed sheet")
    func factsSheet() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        // Kept as Latin-1 bytes, like the recording, so the encoding repair is exercised too.
        var text = String(data: try Fixtures.feedData(Fixtures.Feeds.facts), encoding: .isoLatin1) ?? ""
        text = text.replacingOccurrences(of: "\"http://", with: "\"\(server.baseURL.absoluteString)/img/")
        server.setRoute("/facts.json", .json(text.data(using: .isoLatin1) ?? Data()))
        // One image is served; the others are dead links, as in the real feed.
        server.setRoute(
            "/img/upload.wikimedia.org/wikipedia/commons/thumb/6/6b/American_Beaver.jpg/220px-American_Beaver.jpg",
            .init(body: try AlbumReportGraphicsTestImage.solid(RGBA(red: 120, green: 80, blue: 40), edge: 220)))
        let output = try TemporaryDirectory()
        defer { output.remove() }
        _ = try await render(.remote(server.url("/facts.json")), output: output.url)
        try await assertGolden(output.url.appendingPathComponent("sheet.png"), "sheet-facts.png")
    }
}
