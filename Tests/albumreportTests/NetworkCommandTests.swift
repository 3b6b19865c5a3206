import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// The networks users really have, with the built binary: a runner whose artwork host does not
/// resolve, `--offline`, and a public feed whose artwork points inward.
@Suite("generate on the networks users really have, as a user runs it")
struct NetworkCommandTests {
    /// The recorded ten-album v1 feed, written to `folder/feed.json` with every artwork URL on
    /// `host` (`https://HOST/ID/100x100bb.jpg`).
    static func feed(in folder: URL, artworkHost host: String) throws {
        let data = try Fixtures.feedData(Fixtures.Feeds.v1Top10)
        var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        var feed = object["feed"] as? [String: Any] ?? [:]
        var results = feed["results"] as? [[String: Any]] ?? []
        for index in results.indices {
            results[index]["artworkUrl100"] = "\(host)/\(results[index]["id"] as? String ?? "")/100x100bb.jpg"
        }
        feed["results"] = results
        object["feed"] = feed
        try JSONSerialization.data(withJSONObject: object).write(to: folder.appendingPathComponent("feed.json"))
    }

    static func json(_ run: ProductBinary.Outcome) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]) ?? [:]
    }

    @Test("artwork whose host does not resolve: one line for the cause, one warning per album, and no waiting")
    func unresolvableHost() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try Self.feed(in: scratch.url, artworkHost: "https://artwork.invalid")
        let run = try await ProductBinary.run(
            ["generate", "--feed", "feed.json", "--output", "out", "--no-cache"], in: scratch.url)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(
            run.standardError.contains("artwork: artwork.invalid could not be resolved — 10 albums drew placeholders"))
        #expect(!run.standardError.contains("The artwork of"), "no line per album in the summary")
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: scratch.url.appendingPathComponent("out/manifest.json")))
        #expect(
            manifest.warnings.filter { $0.stage == .artwork }.count == 10, "the manifest keeps one warning per album")

        let json = try await ProductBinary.run(
            ["generate", "--feed", "feed.json", "--output", "out2", "--no-cache", "--json"], in: scratch.url)
        let summary = Self.json(json)
        let causes = summary["causes"] as? [[String: Any]] ?? []
        #expect(causes.count == 1)
        #expect((causes.first?["ranks"] as? [Int])?.count == 10)
        let network = summary["network"] as? [String: [String: Any]] ?? [:]
        // The first wave (--concurrency 8) asks for the name; once two have failed, the host's
        // breaker fails every other image at once, large ones included. Large images share the
        // slots with thumbnails (at most half of them, 4), so a card whose thumbnail failed
        // first may ask once before the breaker opens, never more than that share.
        #expect((network["artwork"]?["requests"] as? Int ?? 99) <= 9, "\(network)")
        #expect((network["cards"]?["requests"] as? Int ?? 99) <= 4, "large images asked before the breaker: \(network)")
        #expect((network["artwork"]?["failures"] as? [String: Int])?["dns"] == 10)
    }

    @Test("--offline: a remote feed needs a cached copy; with one, feed and artwork come from the cache")
    func offline() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10, validators: true)
        let feed = chart.feedURL.absoluteString
        let missing = try await ProductBinary.run(
            ["generate", "--feed", feed, "--output", "none", "--offline", "--cache-dir", "cache"], in: scratch.url)
        #expect(missing.exitCode == 1)
        #expect(missing.standardError.contains("with --offline the feed must come from the cache or a file"))
        #expect(chart.server.requestCount(prefix: "/") == 0, "--offline sends nothing")

        let online = try await ProductBinary.run(
            ["generate", "--feed", feed, "--output", "online", "--cache-dir", "cache", "--limit", "3", "-q"],
            in: scratch.url)
        #expect(online.exitCode == 0, "\(online.standardError)")
        await chart.server.shutdown()
        let offline = try await ProductBinary.run(
            ["generate", "--feed", feed, "--output", "offline", "--cache-dir", "cache", "--limit", "3", "--offline"],
            in: scratch.url)
        #expect(offline.exitCode == 0, "\(offline.standardError)")
        // The copy's age is wall time between the two runs: a minute or more on a busy machine.
        #expect(
            offline.standardError.range(
                of: #"--offline: the copy of the feed cached \d+ minute\(s\) ago was used\."#,
                options: .regularExpression)
                != nil, "\(offline.standardError)")
        #expect(!offline.standardError.contains("artwork:"), "every image came from the cache")
        let one = try Data(contentsOf: scratch.url.appendingPathComponent("online/cards/001-the-new-toronto-3.png"))
        let two = try Data(contentsOf: scratch.url.appendingPathComponent("offline/cards/001-the-new-toronto-3.png"))
        #expect(one == two)

        let refresh = try await ProductBinary.run(
            ["generate", "--feed", feed, "--offline", "--refresh"], in: scratch.url)
        #expect(refresh.exitCode == 64)
    }

    @Test("--offline with a local feed and remote artwork draws placeholders, counted on one line")
    func offlineArtwork() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try Self.feed(in: scratch.url, artworkHost: "https://is1-ssl.mzstatic.com/image/thumb")
        let run = try await ProductBinary.run(
            ["generate", "--feed", "feed.json", "--output", "out", "--offline", "--no-cache", "--limit", "4"],
            in: scratch.url)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "artwork: not downloaded (--offline) and not in the cache — 4 albums drew placeholders"))
    }
}
