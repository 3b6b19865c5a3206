import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// Runs the pipeline once, without retries (tests count requests).
func generateOnce(
    _ feed: FeedSource, output: URL, clock: any RunClock = SystemClock(),
    configure: (inout GenerateOptions) -> Void = { _ in }
) async throws -> ReportSummary {
    var options = GenerateOptions(output: output)
    options.feed = feed
    options.retry = .none
    // Loopback answers in milliseconds; the long timeout only keeps a machine busy with the rest
    // of the suite from failing a test that is about something else.
    options.timeout = .seconds(3600)
    configure(&options)
    let transport = AsyncHTTPTransport(limits: options.limitsForTests)
    do {
        let summary = try await ReportPipeline(transport: transport, clock: clock).run(options)
        await transport.shutdown()
        return summary
    } catch {
        await transport.shutdown()
        throw error
    }
}

@Suite("The download cache")
struct CacheTests {
    @Test("a second run over an unchanged feed sends conditional requests and downloads 0 image bytes")
    func revalidation() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10, validators: true)
        defer { Task { await chart.server.shutdown() } }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let cache = scratch.url.appendingPathComponent("cache")
        let first = try await generateOnce(.remote(chart.feedURL), output: scratch.url.appendingPathComponent("one")) {
            $0.cacheDirectory = cache
        }
        let firstBytes = chart.server.bodyBytesSent(prefix: "/art/")
        #expect(firstBytes > 0)
        #expect(first.network["artwork"]?.cacheHits == 0)

        let second = try await generateOnce(.remote(chart.feedURL), output: scratch.url.appendingPathComponent("two")) {
            $0.cacheDirectory = cache
        }
        #expect(chart.server.bodyBytesSent(prefix: "/art/") == firstBytes, "no image bytes the second time")
        #expect(chart.server.requestCount(prefix: "/art/") == 40, "every image was revalidated")
        let headers = chart.server.lastRequestHeaders("/art/1506269876/200x200bb.png")
        #expect(headers["if-none-match"] == "\"1506269876-200\"")
        #expect(headers["if-modified-since"] == "Mon, 02 Mar 2020 10:00:00 GMT")
        #expect(second.network["artwork"]?.cacheHits == 10)
        #expect(second.network["cards"]?.cacheHits == 10)
        #expect(second.network["artwork"]?.bytesDownloaded == 0)
        #expect(second.warnings.isEmpty)
        // The same report either way.
        let one = try Data(contentsOf: scratch.url.appendingPathComponent("one/manifest.json"))
        let two = try Data(contentsOf: scratch.url.appendingPathComponent("two/manifest.json"))
        #expect(one == two)
    }

    @Test("a corrupt entry is detected and fetched again; without a cache every byte is downloaded")
    func corruptEntry() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10, validators: true)
        defer { Task { await chart.server.shutdown() } }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let cache = scratch.url.appendingPathComponent("cache")
        _ = try await generateOnce(.remote(chart.feedURL), output: scratch.url.appendingPathComponent("one")) {
            $0.cacheDirectory = cache
            $0.limit = 2
        }
        // Damage every cached body: same length, other bytes.
        let bodies = (FileManager.default.enumerator(atPath: cache.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".body") }
        #expect(bodies.count == 5, "the feed and four images")
        for body in bodies {
            let url = cache.appendingPathComponent(body)
            var data = try Data(contentsOf: url)
            data[data.count / 2] ^= 0xFF
            try data.write(to: url)
        }
        let before = chart.server.bodyBytesSent(prefix: "/art/")
        let again = try await generateOnce(.remote(chart.feedURL), output: scratch.url.appendingPathComponent("two")) {
            $0.cacheDirectory = cache
            $0.limit = 2
        }
        #expect(again.warnings.isEmpty)
        #expect(again.network["artwork"]?.cacheHits == 0)
        #expect(chart.server.bodyBytesSent(prefix: "/art/") == 2 * before, "the damaged entries were downloaded again")
        #expect(
            chart.server.lastRequestHeaders("/art/1506269876/200x200bb.png")["if-none-match"] == nil,
            "a damaged entry is not revalidated, it is fetched")
    }

    @Test("a fresh cached feed is used without a request; --refresh revalidates it")
    func feedFreshness() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        // A small facts feed without images: nothing else is fetched.
        let feed = Data(#"{"title": "Facts", "rows": [{"title": "One", "description": "The first fact."}]}"#.utf8)
        server.setRoute(
            "/facts.json",
            .init(
                headers: [("Content-Type", "application/json"), ("Cache-Control", "max-age=300"), ("ETag", "\"v1\"")],
                body: feed))
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let cache = scratch.url.appendingPathComponent("cache")
        // Freshness is judged on a clock that stands still: on a busy machine the three runs can
        // take longer than the 300 s max-age by the wall clock, and the test is not about that.
        let clock = TestClock()
        for refresh in [false, false, true] {
            _ = try await generateOnce(
                .remote(server.url("/facts.json")), output: scratch.url.appendingPathComponent("out"), clock: clock
            ) {
                $0.cacheDirectory = cache
                $0.refresh = refresh
            }
        }
        #expect(server.requestCount("/facts.json") == 2, "the second run used the fresh copy; --refresh asked again")
        #expect(server.lastRequestHeaders("/facts.json")["if-none-match"] == "\"v1\"")
        #expect(server.bodyBytesSent(prefix: "/facts.json") == feed.count)
    }
}

extension CacheTests {
    @Test("a server that stops answering: the cached feed is used with a warning; with --refresh it is an error")
    func staleFeed() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        let feed = Data(#"{"title": "Facts", "rows": [{"title": "One", "description": "The first fact."}]}"#.utf8)
        server.setRoute(
            "/etag.json", .init(headers: [("Content-Type", "application/json"), ("ETag", "\"a\"")], body: feed))
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let cache = scratch.url.appendingPathComponent("cache")
        let url = FeedSource.remote(server.url("/etag.json"))
        let first = try await generateOnce(url, output: scratch.url.appendingPathComponent("a")) {
            $0.cacheDirectory = cache
        }
        #expect(first.warnings.isEmpty)

        // The server now never answers in the test's time; the deadline of 1 s passes on a clock
        // 20 times faster (50 ms). It is the run's only request, so nothing healthy meets it.
        server.setRoute("/etag.json", .init(body: feed, delay: .seconds(3600)))
        let fast = FastClock(factor: 1.0 / 20)
        let stale = try await generateOnce(url, output: scratch.url.appendingPathComponent("b"), clock: fast) {
            $0.cacheDirectory = cache
            $0.timeout = .seconds(1)
        }
        #expect(stale.warnings.count == 1)
        // The copy's age is wall time between the two runs: minutes on a loaded CI machine.
        let message = stale.warnings.first?.message ?? ""
        #expect(
            message.range(of: #"so the copy cached \d+ minute\(s\) ago was used"#, options: .regularExpression) != nil,
            "\(message)")
        await #expect(throws: ReportError.self) {
            _ = try await generateOnce(url, output: scratch.url.appendingPathComponent("c"), clock: fast) {
                $0.cacheDirectory = cache
                $0.timeout = .seconds(1)
                $0.refresh = true
            }
        }
    }
}

@Suite("Complete cards for v2 feeds: the iTunes Lookup API")
struct LookupTests {
    static func serveV2(_ server: LoopbackHTTPServer) throws -> URL {
        let data = try Fixtures.feedData(Fixtures.Feeds.v2Top100)
        guard var root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            var feed = root["feed"] as? [String: Any], var results = feed["results"] as? [[String: Any]]
        else { throw CocoaError(.fileReadCorruptFile) }
        for index in results.indices { results[index]["artworkUrl100"] = nil }
        feed["results"] = results
        root["feed"] = feed
        server.setRoute("/v2.json", .json(try JSONSerialization.data(withJSONObject: root)))
        return server.url("/v2.json")
    }

    @Test("one batched request fills the copyright line of every card; the card shows it")
    func enrich() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        server.setRoute("/lookup", ChartServer.lookupRoute())
        let feed = try Self.serveV2(server)
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let summary = try await generateOnce(.remote(feed), output: scratch.url) {
            $0.lookupURL = server.url("/lookup")
            $0.limit = 5
        }
        #expect(server.requestCount("/lookup") == 1)
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: scratch.url.appendingPathComponent("manifest.json")))
        for item in manifest.items {
            #expect(item.copyright == "℗ 2025 Label of \(item.id ?? "")")
        }
        #expect(summary.warnings.filter { $0.stage == .enrich }.isEmpty)
        #expect(summary.network["enrich"]?.requests == 1)
        let card = try #require(manifest.screens.first { $0.rank == 1 })
        #expect(card.elements.contains { $0.name == "copyright" })
    }

    @Test("200 ids a request: 100 albums make one request, 250 ids make two")
    func batches() throws {
        let items = (1...250).map { FeedItem(rank: $0, id: "\(1_000_000 + $0)", title: "A") }
        let base = try #require(URL(string: "https://itunes.apple.com/lookup"))
        let requests = Lookup.requests(for: items + [FeedItem(rank: 251, id: "javascript:x", title: "B")], base: base)
        #expect(requests.count == 2)
        #expect(requests[0].absoluteString.hasPrefix("https://itunes.apple.com/lookup?id=1000001,1000002,"))
        #expect(requests[1].query?.components(separatedBy: ",").count == 50)
        #expect(!requests.contains { $0.absoluteString.contains("javascript") })
    }

    @Test("a failing Lookup API leaves the lines empty with one warning; --no-enrich asks nothing")
    func failureAndOff() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        server.setRoute("/lookup", ChartServer.lookupRoute(failing: true))
        let feed = try Self.serveV2(server)
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let failed = try await generateOnce(.remote(feed), output: scratch.url.appendingPathComponent("a")) {
            $0.lookupURL = server.url("/lookup")
            $0.limit = 3
        }
        let warnings = failed.warnings.filter { $0.stage == .enrich }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("HTTP 503") == true)
        #expect(warnings.first?.message.contains("--no-enrich") == true)

        let before = server.requestCount("/lookup")
        let off = try await generateOnce(.remote(feed), output: scratch.url.appendingPathComponent("b")) {
            $0.lookupURL = server.url("/lookup")
            $0.limit = 3
            $0.enrich = false
        }
        #expect(server.requestCount("/lookup") == before)
        #expect(off.warnings.filter { $0.stage == .enrich }.isEmpty)
    }
}
