import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// A device in one orientation with a theme: what a parameterised golden test renders, named
/// as its golden files are (`iphone-15-portrait-light`).
struct ScreenVariant: Sendable, CustomTestStringConvertible {
    var device: Device
    var theme: String
    var name: String { "\(device.id)-\(device.orientation.rawValue)-\(theme)" }
    var testDescription: String { name }

    /// Every preset in both orientations, in each of `themes`.
    static func everyPreset(themes: [String]) -> [ScreenVariant] {
        Device.presets.flatMap { device in
            [Orientation.portrait, .landscape].flatMap { orientation in
                themes.map { ScreenVariant(device: device.oriented(orientation), theme: $0) }
            }
        }
    }
}

/// Runs the pipeline with `options` (a real HTTP transport, shut down after) and reads the
/// report's manifest.
func renderReport(_ options: GenerateOptions) async throws -> Manifest {
    var options = options
    // Loopback answers in milliseconds; a long timeout only keeps a machine busy with the rest of
    // the suite from failing a golden test on a request (the default 10 s was hit under load).
    options.timeout = .seconds(3600)
    let transport = AsyncHTTPTransport(limits: options.limitsForTests)
    defer { Task { await transport.shutdown() } }
    _ = try await ReportPipeline(transport: transport).run(options)
    return try JSONDecoder().decode(
        Manifest.self, from: Data(contentsOf: options.output.appendingPathComponent("manifest.json")))
}

/// A chart drawn from its layouts (``OfflineScreens``: the pipeline's setup, layouts and renderer,
/// no server, no output folder), with ``ChartServer``'s artwork: each album a solid colour of its
/// own, a 100-pixel thumbnail on the sheet and a 600-pixel image on its card; none for the ids in
/// `missingArtwork`. What `generate` draws from the same chart served by ``ChartServer``.
struct OfflineChart {
    let screens: OfflineScreens
    let missingArtwork: Set<String>

    /// The recorded feed `name` (a file of `Tests/Fixtures/feeds`).
    init(
        feed name: String, limit: Int? = nil, settings: RenderSettings = RenderSettings(),
        missingArtwork: Set<String> = []
    ) throws {
        try self.init(
            FeedDecoder().decode(Fixtures.feedData(name), source: name).feed, limit: limit, settings: settings,
            missingArtwork: missingArtwork)
    }

    init(
        _ feed: Feed, limit: Int? = nil, settings: RenderSettings = RenderSettings(), missingArtwork: Set<String> = []
    ) throws {
        screens = try OfflineScreens(feed: feed, settings: settings, limit: limit)
        self.missingArtwork = missingArtwork
    }

    /// The album's artwork, `edge` pixels square (nil: missing, or the feed names none).
    func artwork(rank: Int, edge: Int) throws -> Data? {
        guard let item = screens.items.first(where: { $0.rank == rank }), item.artworkURL != nil,
            !missingArtwork.contains(item.id ?? "")
        else { return nil }
        return try AlbumReportGraphicsTestImage.solid(ChartServer.color(index: rank - 1), edge: edge)
    }

    /// The sheet's pages.
    func sheet() throws -> [Data] {
        let thumbnails = try Dictionary(
            uniqueKeysWithValues: screens.items.map { ($0.rank, try artwork(rank: $0.rank, edge: 100)) })
        return try screens.sheet { thumbnails[$0] ?? nil }
    }

    /// The card of the album at `rank` (over the list's covers, when it is presented over it).
    func card(rank: Int) throws -> Data {
        let item = try #require(screens.items.first { $0.rank == rank })
        return try screens.card(item, artwork: artwork(rank: rank, edge: 600)) { rank in
            try? artwork(rank: rank, edge: 100)
        }
    }
}
