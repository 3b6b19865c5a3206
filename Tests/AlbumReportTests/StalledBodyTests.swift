import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Synchronization
import Testing

@Suite("An artwork host whose bodies stall")
struct StalledBodyTests {
    @Test(
        "a stalled body counts toward the host breaker once per URL: retries of one URL do not open it, a second URL does"
    )
    func breakerCountsStallsPerURL() throws {
        let breaker = HostBreaker(threshold: 2)
        let first = try #require(URL(string: "http://127.0.0.1:8080/a.png"))
        let second = try #require(URL(string: "http://127.0.0.1:8080/b.png"))
        let stall = { (url: URL) in FetchError.timedOut(url: url.absoluteString, host: "127.0.0.1", after: .seconds(5))
        }
        breaker.record(first, failure: stall(first))
        breaker.record(first, failure: stall(first))
        breaker.record(first, failure: stall(first))
        #expect(throws: Never.self) { try breaker.check(second) }
        breaker.record(second, failure: stall(second))
        #expect(throws: FetchError.timedOut(url: second.absoluteString, host: "127.0.0.1", after: .seconds(5))) {
            try breaker.check(second)
        }
    }

    @Test(
        "bodies that stall after the headers open the host breaker: each album gets one warning, no URL is tried 3 times, and the artwork costs about one timeout per slot"
    )
    func stalledBodiesTripTheBreaker() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let server = chart.server
        // The feed is read from a file, so that no request but the stalled ones meets the clock.
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let fetcher = AsyncHTTPTransport()
        let feed = try await fetcher.get(chart.feedURL, limits: HTTPLimits(), headers: []).body
        await fetcher.shutdown()
        let file = scratch.url.appendingPathComponent("feed.json")
        try feed.write(to: file)
        let object = try JSONSerialization.jsonObject(with: feed) as? [String: Any]
        let results = (object?["feed"] as? [String: Any])?["results"] as? [[String: Any]] ?? []
        let ids = results.compactMap { $0["id"] as? String }
        #expect(ids.count == 10)
        // Every image sends its headers and 40 bytes, then nothing: the connection stays open.
        for id in ids {
            for name in ["100x100bb.png", "200x200bb.png", "1100x1100bb.png"] {
                server.setRoute(
                    "/art/\(id)/\(name)",
                    .init(
                        headers: [("Content-Type", "image/png")], body: Data(count: 400), fault: .stall(afterBytes: 40))
                )
            }
        }

        let clock = TestClock()
        let timeout = Duration.seconds(5)
        let concurrency = 4
        let finished = Mutex(false)
        let run = Task {
            defer { finished.withLock { $0 = true } }
            return try await generateOnce(
                .file(file), output: scratch.url.appendingPathComponent("report"), clock: clock
            ) {
                $0.limit = ids.count
                $0.concurrency = concurrency
                $0.timeout = timeout
                $0.enrich = false
                $0.retry = RetryPolicy(maximumRetries: 2, baseDelay: .milliseconds(200), maximumDelay: .seconds(2))
            }
        }
        // The deadlines fire from the test clock, never from a real one: each step waits until
        // something sleeps on the clock and every request the server has seen was sent its
        // headers (the first step, until `concurrency` requests are in flight), lets that hold for
        // 50 polls so the client reads the headers, then moves the clock one timeout on. The wait
        // is bounded by a number of polls, not by time; a machine too busy to read the headers in
        // time can only make a request end as "no answer", which the breaker counts as well.
        var steps = 0
        var polls = 0
        var settled = 0
        while !finished.withLock({ $0 }), polls < 120_000 {
            let seen = server.requestCount(prefix: "/art/")
            let answered = server.bodyBytesSent(prefix: "/art/") >= 40 * seen
            let ready = clock.pendingSleeps > 0 && answered && (steps > 0 || seen >= concurrency)
            settled = ready ? settled + 1 : 0
            if settled > 50 {
                clock.advance(by: timeout)
                steps += 1
                settled = 0
            } else {
                polls += 1
                try await Task.sleep(for: .milliseconds(1))
            }
        }
        let summary = try await run.value

        for rank in 1...ids.count {
            let mine = summary.warnings.filter { $0.rank == rank }
            #expect(mine.count == 1, "#\(rank): \(mine)")
            let message = mine.first?.message ?? ""
            #expect(message.contains("timed out") || message.contains("sent no answer"), "#\(rank): \(message)")
        }
        for id in ids {
            #expect(server.requestCount("/art/\(id)/100x100bb.png") <= 2, "\(id) was tried 3 times")
        }
        // Before the fix: 3 tries per URL, a timeout each, in waves of 4 for thumbnails and again
        // for cards (about 18 timeouts); now the slots in flight time out once and the breaker
        // fails the rest at once.
        #expect(server.requestCount(prefix: "/art/") <= 2 * concurrency, "\(server.requestCount(prefix: "/art/"))")
        #expect(steps <= 4, "the clock moved \(steps) timeouts")
        #expect(summary.cardsRendered == ids.count)
    }
}
