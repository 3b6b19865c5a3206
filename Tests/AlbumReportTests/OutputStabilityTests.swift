import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// Byte-for-byte stability of whole reports: the embedded sample and the recorded feeds, each
/// rendered with a few option sets, give exactly the files recorded in
/// `Goldens/outputs.json` (SHA-256 of every PNG, of manifest.json and of index.html).
///
/// A refactoring must keep every digest. Loopback ports differ per run, so for reports of a
/// loopback feed the server's address and the render keys (which hash the item's artwork URL)
/// are replaced by placeholders before hashing; the embedded sample's manifest is hashed as it is.
/// Re-record after an intended change of the output: `ALBUMREPORT_RECORD=all swift test --filter OutputStabilityTests`.
@Suite("Whole reports stay byte-identical", .serialized)
struct OutputStabilityTests {
    static let record = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Goldens/outputs.json")

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var feed: String?
        var configure: @Sendable (inout GenerateOptions) -> Void = { _ in }
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "sample"),
        Case(name: "v1-top-10-missing-art", feed: Fixtures.Feeds.v1Top10),
        Case(name: "v1-100-ipad-dark-pages", feed: Fixtures.Feeds.v1Top100) {
            $0.limit = 8
            $0.device = Device.iPad10.oriented(.landscape)
            $0.theme = .named("dark")
            $0.paginateSheet = true
        },
        Case(name: "v1-pretty-se-fast", feed: Fixtures.Feeds.v1Top100Pretty) {
            $0.limit = 6
            $0.device = .iPhoneSE
            $0.pngCompressionLevel = 1
            $0.localeIdentifier = "de_DE"
        },
        Case(name: "v1-coming-soon-landscape", feed: Fixtures.Feeds.v1ComingSoon) {
            $0.device = Device.iPhone15ProMax.oriented(.landscape)
        },
        Case(name: "v1-2of100-sheet-only", feed: Fixtures.Feeds.v1TwoOf100) { $0.renderCards = false },
        Case(name: "v2-100-enriched", feed: Fixtures.Feeds.v2Top100) {
            $0.limit = 6
            $0.device = .iPhoneSE
        },
        Case(name: "v1-top-10-shard-2-of-3", feed: Fixtures.Feeds.v1Top10) {
            $0.shard = Shard(parsing: "2/3")
            $0.device = .iPhoneSE
        },
        Case(name: "facts", feed: Fixtures.Feeds.facts),
        Case(name: "v1-top-10-swiftui-screen-artist", feed: Fixtures.Feeds.v1Top10) {
            $0.limit = 6
            $0.device = .iPhone14Plus
            $0.screen = ScreenOptions(style: .swiftui, titleStyle: .inline, fit: .screen, button: .artist)
        },
    ]

    @Test("the same files, byte for byte", arguments: cases)
    func stable(_ testCase: Case) async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let digests: [String: String]
        if let feed = testCase.feed {
            let server = try await Self.serve(feed)
            defer { Task { await server.server.shutdown() } }
            _ = try await generateOnce(.remote(server.feedURL), output: output.url) {
                $0.lookupURL = server.lookupURL
                testCase.configure(&$0)
            }
            digests = try Self.digests(of: output.url, loopback: server.server.baseURL.absoluteString)
        } else {
            _ = try await generateOnce(.sample, output: output.url) { testCase.configure(&$0) }
            digests = try Self.digests(of: output.url, loopback: nil)
        }
        try Self.check(testCase.name, digests)
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

    /// Relative path → SHA-256 of every file in `folder`; manifest.json and index.html with the
    /// loopback address and render keys replaced first when `loopback` is given.
    static func digests(of folder: URL, loopback: String?) throws -> [String: String] {
        var result: [String: String] = [:]
        let files = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        for path in files.sorted() {
            var isDirectory: ObjCBool = false
            guard
                FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { continue }
            var data = try Data(contentsOf: folder.appendingPathComponent(path))
            if let loopback, path == "manifest.json" || path == "index.html" {
                var text = String(decoding: data, as: UTF8.self).replacingOccurrences(
                    of: loopback, with: "http://LOOPBACK")
                text = text.replacingOccurrences(
                    of: #""renderKey" : "[0-9a-f]{64}""#, with: #""renderKey" : "KEY""#, options: .regularExpression)
                data = Data(text.utf8)
            }
            result[path] = SHA256.hex(of: data)
        }
        return result
    }

    static func check(_ name: String, _ digests: [String: String]) throws {
        let mode = ProcessInfo.processInfo.environment["ALBUMREPORT_RECORD"]?.lowercased()
        var recorded =
            (try? JSONDecoder().decode([String: [String: String]].self, from: Data(contentsOf: record))) ?? [:]
        if recorded[name] == nil || mode == "all" {
            let ci = ProcessInfo.processInfo.environment["CI"].map { $0 != "false" && $0 != "0" } ?? false
            #expect(!ci, "No digests are recorded for \(name); on CI they are never recorded. Record them locally.")
            recorded[name] = digests
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            try encoder.encode(recorded).write(to: record)
            Issue.record("Recorded the digests of \(name) in \(record.path); run the test again to compare.")
            return
        }
        let expected = recorded[name] ?? [:]
        #expect(Set(digests.keys) == Set(expected.keys), "files of \(name)")
        for (path, digest) in digests.sorted(by: { $0.key < $1.key }) where expected[path] != nil {
            #expect(digest == expected[path], "\(name)/\(path) changed")
        }
    }
}
