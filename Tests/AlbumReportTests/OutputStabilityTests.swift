import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// Byte-for-byte stability of whole reports: the recorded feeds, each rendered with a few option
/// sets, give exactly the files recorded in `Goldens/outputs.json` (SHA-256 of every PNG, of
/// manifest.json and of index.html); the embedded sample is checked the same way as the built
/// binary renders it (`CommandLineTests`).
///
/// A refactoring must keep every digest. Loopback ports differ per run, so the server's address
/// and the render keys (which hash the item's artwork URL) are replaced by placeholders before
/// hashing. Re-record after an intended change of the output:
/// `ALBUMREPORT_RECORD=all swift test --filter 'OutputStabilityTests|CommandLineTests/embeddedSample'`.
@Suite("Whole reports stay byte-identical")
struct OutputStabilityTests {
    static let record = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Goldens/outputs.json")

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var feed: String
        var configure: @Sendable (inout GenerateOptions) -> Void = { _ in }
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "v1-top-10-missing-art", feed: Fixtures.Feeds.v1Top10),
        Case(name: "v1-100-ipad-dark-pages", feed: Fixtures.Feeds.v1Top100) {
            $0.limit = 8
            $0.settings.draw(on: Device.iPad10.oriented(.landscape))
            $0.settings.theme = .named("dark")
            $0.settings.pages = true
        },
        Case(name: "v1-pretty-se-fast", feed: Fixtures.Feeds.v1Top100Pretty) {
            $0.limit = 6
            $0.settings.draw(on: .iPhoneSE)
            $0.settings.pngCompression = .level(1)
            // German dates with the app's English words (`--locale de_DE --language en`): a run
            // resolves the language from the locale only when none is given.
            $0.settings.locale = "de_DE"
            $0.settings.language = "en"
        },
        Case(name: "v1-coming-soon-landscape", feed: Fixtures.Feeds.v1ComingSoon) {
            $0.settings.draw(on: Device.iPhone15ProMax.oriented(.landscape))
        },
        Case(name: "v1-2of100-sheet-only", feed: Fixtures.Feeds.v1TwoOf100) { $0.renderCards = false },
        Case(name: "v2-100-enriched", feed: Fixtures.Feeds.v2Top100) {
            $0.limit = 6
            $0.settings.draw(on: .iPhoneSE)
        },
        Case(name: "v1-top-10-shard-2-of-3", feed: Fixtures.Feeds.v1Top10) {
            $0.shard = Shard(parsing: "2/3")
            $0.settings.draw(on: .iPhoneSE)
        },
        Case(name: "facts", feed: Fixtures.Feeds.facts),
        Case(name: "v1-top-10-swiftui-screen-artist", feed: Fixtures.Feeds.v1Top10) {
            $0.limit = 6
            $0.settings.draw(on: .iPhone14Plus)
            $0.settings.screen = ScreenOptions(style: .swiftui, titleStyle: .inline, fit: .screen, button: .artist)
        },
    ]

    @Test("the same files, byte for byte", arguments: cases)
    func stable(_ testCase: Case) async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let server = try await Self.serve(testCase.feed)
        defer { Task { await server.server.shutdown() } }
        _ = try await generateOnce(.remote(server.feedURL), output: output.url) {
            $0.lookupURL = server.lookupURL
            testCase.configure(&$0)
        }
        let digests = try OutputDigests.of(output.url, loopback: server.server.baseURL.absoluteString)
        switch try OutputDigests.check(testCase.name, digests) {
        case .matched: break
        case .differs(let differences): Issue.record(Comment(rawValue: differences.joined(separator: "\n")))
        case .recorded(let message): Issue.record(Comment(rawValue: message))
        }
    }

    /// A recorded feed on loopback: album charts through ``ChartServer`` (solid-colour artwork,
    /// one album without any), the facts feed with one of its images served.
    static func serve(_ feed: String) async throws -> ChartServer {
        if feed == Fixtures.Feeds.facts {
            let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1TwoOf100)
            let server = chart.server
            var text = String(data: try Fixtures.feedData(feed), encoding: .isoLatin1) ?? ""
            text = text.replacingOccurrences(of: "\"http://", with: "\"\(server.baseURL.absoluteString)/img/")
            server.setRoute("/feed.json", .json(text.data(using: .isoLatin1) ?? Data()))
            server.setRoute(
                "/img/upload.wikimedia.org/wikipedia/commons/thumb/6/6b/American_Beaver.jpg/220px-American_Beaver.jpg",
                .init(body: try AlbumReportGraphicsTestImage.solid(RGBA(red: 120, green: 80, blue: 40), edge: 220)))
            return chart
        }
        return try await ChartServer.start(feed: feed, missingArtwork: ["1490463311"])
    }
}
