import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// The real pipeline over a transport whose DNS answers nothing, so that no test here can reach
/// past loopback even if a hostile URL slipped through.
func generateWithoutDNS(
    _ feed: FeedSource, output: URL, configure: (inout GenerateOptions) -> Void = { _ in }
) async throws -> ReportSummary {
    var options = GenerateOptions(output: output)
    options.feed = feed
    options.retry = .none
    options.timeout = .seconds(60)
    options.enrich = false
    configure(&options)
    let transport = AsyncHTTPTransport(limits: options.limitsForTests, resolver: StubResolver([:]))
    do {
        let summary = try await ReportPipeline(transport: transport).run(options)
        await transport.shutdown()
        return summary
    } catch {
        await transport.shutdown()
        throw error
    }
}

/// The hostile URLs of the checker's table that are safe to hand the pipeline (a link-local
/// zone is replaced by loopback's), plus the crash input in a thumbnail's shape, whose large
/// variant the cards derive.
let pipelineHostileURLs: [HostileURL] =
    hostileURLs.filter { !$0.url.contains("fe80") } + [
        HostileURL(url: "http://[::1%25lo]/x.png", rule: "zone-id"),
        HostileURL(url: "http://127.0.0.1:99999/image/100x100bb.png", rule: "port"),
    ]

/// The clause the one warning of an album with `hostile` artwork must contain.
func expectedClause(_ hostile: HostileURL) -> String {
    if hostile.rule == "scheme" { return "artwork URLs are not allowed" }
    guard case .failure(let refusal) = RequestURL.check(hostile.url) else { return "accepted: \(hostile.url)" }
    return refusal.description
}

@Suite("Hostile URLs never reach the transport")
struct HostileURLTests {
    /// A copy of the recorded 100-album chart whose first albums' artwork URLs are `urls`.
    static func feed(artwork urls: [String], in folder: URL) throws -> URL {
        var object =
            try JSONSerialization.jsonObject(with: Fixtures.feedData(Fixtures.Feeds.v1Top100)) as? [String: Any]
        var feed = object?["feed"] as? [String: Any] ?? [:]
        var results = feed["results"] as? [[String: Any]] ?? []
        for (index, url) in urls.enumerated() where index < results.count { results[index]["artworkUrl100"] = url }
        feed["results"] = results
        object?["feed"] = feed
        let file = folder.appendingPathComponent("feed.json")
        try JSONSerialization.data(withJSONObject: object ?? [:], options: [.sortedKeys]).write(to: file)
        return file
    }

    @Test(
        "a feed whose artwork URLs are hostile (a port of 99999 among them): the run finishes, and each album gets a placeholder and one bounded warning naming the rule"
    )
    func hostileArtwork() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let urls = pipelineHostileURLs.map(\.url)
        let file = try Self.feed(artwork: urls, in: scratch.url)
        let output = scratch.url.appendingPathComponent("report")
        let summary = try await generateWithoutDNS(.file(file), output: output) { $0.limit = urls.count }

        #expect(summary.cardsRendered == urls.count)
        for (index, hostile) in pipelineHostileURLs.enumerated() {
            let mine = summary.warnings.filter { $0.rank == index + 1 }
            #expect(mine.count == 1, "\(hostile.description): \(mine)")
            let message = mine.first?.message ?? ""
            #expect(
                message.components(separatedBy: expectedClause(hostile)).count == 2,
                "\(hostile.description): the reason once in \(message)")
            #expect(!message.contains("\n"))
            #expect(message.count < 600, "\(hostile.description): \(message.count) characters")
        }
        #expect(summary.warnings.count == urls.count, "\(summary.warnings)")
        #expect(summary.network["artwork"]?.requests ?? 0 == 0, "nothing was sent")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("manifest.json").path))
    }

    @Test("a facts feed whose imageHref has a port above 65535: the row gets one warning naming the port")
    func factsImageHref() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let facts: [String: Any] = [
            "title": "Facts",
            "rows": [
                ["title": "Hostile", "description": "A port of 99999.", "imageHref": "http://127.0.0.1:99999/x.png"],
                ["title": "Plain", "description": "No image.", "imageHref": NSNull()],
            ],
        ]
        let file = scratch.url.appendingPathComponent("facts.json")
        try JSONSerialization.data(withJSONObject: facts, options: [.sortedKeys]).write(to: file)
        let summary = try await generateWithoutDNS(.file(file), output: scratch.url.appendingPathComponent("report"))
        let mine = summary.warnings.filter { $0.rank == 1 }
        #expect(mine.count == 1, "\(summary.warnings)")
        #expect(mine.first?.message.contains("its port '99999' is not a number from 1 to 65535") == true)
        #expect(summary.warnings.filter { $0.rank != 1 }.isEmpty, "\(summary.warnings)")
    }

    @Test("a remote feed URL with a port above 65535 is a fetch error naming the port, not a crash")
    func remoteFeedPort() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let url = try #require(URL(string: "http://127.0.0.1:99999/feed.json"))
        do {
            _ = try await generateWithoutDNS(.remote(url), output: scratch.url.appendingPathComponent("report"))
            Issue.record("the run succeeded")
        } catch {
            #expect(String(describing: error).contains("its port '99999'"), "\(error)")
        }
    }

    @Test(
        "a redirect to a hostile URL: the album gets a placeholder and one warning naming the rule, the others render",
        arguments: [
            ("http://127.0.0.1:99999/x.png", "its port '99999'"), ("http://user:pw@127.0.0.1:1/x.png", "user name"),
            ("http://[::1%25lo]:1/x.png", "zone"), ("http://[]:1/x.png", "no host"),
            ("http://127.0.0.1:0/x.png", "its port '0'"),
        ])
    func hostileRedirect(_ location: String, clause: String) async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let id = "1506269876"  // #1
        chart.setArtwork(id, .redirect(to: location))
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let summary = try await generateWithoutDNS(.remote(chart.feedURL), output: output.url) { $0.limit = 3 }
        let mine = summary.warnings.filter { $0.rank == 1 }
        #expect(mine.count == 1, "\(summary.warnings)")
        #expect(mine.first?.message.contains(clause) == true, "\(mine)")
        #expect(summary.warnings.filter { $0.rank != 1 }.isEmpty, "\(summary.warnings)")
        #expect(summary.cardsRendered == 3)
    }
}
