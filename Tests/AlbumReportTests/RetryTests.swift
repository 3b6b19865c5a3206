import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Synchronization
import Testing

/// A transport that answers from a script, one entry per request (the last repeats), and
/// counts requests. `.stall` never answers: only cancellation ends it.
final class ScriptedTransport: HTTPTransport {
    enum Step: Sendable {
        case status(Int, headers: [String: String] = [:])
        case failure(FetchError)
        case stall
    }

    private let steps: [Step]
    private let calls = Mutex(0)

    init(_ steps: [Step]) {
        self.steps = steps
    }

    var requests: Int { calls.withLock { $0 } }

    func get(_ url: URL, limits: HTTPLimits, headers: [(String, String)]) async throws(FetchError) -> HTTPResponse {
        let index = calls.withLock { count in
            defer { count += 1 }
            return count
        }
        switch steps[min(index, steps.count - 1)] {
        case .status(let status, let headers):
            return HTTPResponse(status: status, headers: headers, body: Data("body".utf8))
        case .failure(let error):
            throw error.reported(for: url.absoluteString)
        case .stall:
            do {
                try await Task.sleep(for: .seconds(3600))
            } catch {
                throw .cancelled
            }
            throw .cancelled
        }
    }
}

/// Retries, backoff, `Retry-After` and stalled requests, on a clock that only moves when the test
/// moves it: every wait is asserted, and nothing sleeps.
@Suite("Retries and deadlines on a test clock")
struct RetryTests {
    let url = URL(string: "http://127.0.0.1:9/art.png") ?? URL(fileURLWithPath: "/")
    let limits = HTTPLimits(timeout: .seconds(10))
    let policy = RetryPolicy(maximumRetries: 2, baseDelay: .milliseconds(200), maximumDelay: .seconds(5))

    /// Moves `clock` past each wait in `waits` as soon as it is being waited for; cancels `task`
    /// (so the test ends instead of waiting for a clock that no longer moves) when one never comes.
    func drive<T>(_ clock: TestClock, through waits: [Duration], _ task: Task<T, any Error>) async -> Bool {
        for wait in waits where !(await clock.advanceWhenSleeping(wait, limit: .seconds(120))) {
            Issue.record("nothing waited \(wait) on the clock (waits so far: \(clock.sleeps))")
            task.cancel()
            return false
        }
        return true
    }

    func fetcher(_ transport: ScriptedTransport, clock: TestClock) -> HTTPFetcher {
        HTTPFetcher(
            transport: transport, limits: limits, retry: policy,
            context: RunContext(clock: clock, random: FixedRandom()), stage: .artwork)
    }

    @Test("500, 503, then 200: two retries after 200 ms and 400 ms of backoff")
    func backoff() async throws {
        let clock = TestClock()
        let transport = ScriptedTransport([.status(500), .status(503), .status(200)])
        let fetcher = fetcher(transport, clock: clock)
        let result = Task { try await fetcher.get(url) }
        guard await drive(clock, through: [.milliseconds(200), .milliseconds(400)], result) else { return }
        let (response, retries) = try await result.value
        #expect(response.status == 200)
        #expect(retries == 2)
        #expect(transport.requests == 3)
        #expect(clock.sleeps.filter { $0 != limits.timeout } == [.milliseconds(200), .milliseconds(400)])
        #expect(fetcher.stats.figures(.artwork).retries == 2)
    }

    @Test("Retry-After is honoured in seconds, capped at the policy's longest wait")
    func retryAfter() async throws {
        let clock = TestClock()
        let transport = ScriptedTransport([
            .status(429, headers: ["retry-after": "3"]), .status(503, headers: ["retry-after": "120"]), .status(200),
        ])
        let fetcher = fetcher(transport, clock: clock)
        let result = Task { try await fetcher.get(url) }
        // 120 s is capped at 5 s.
        guard await drive(clock, through: [.seconds(3), .seconds(5)], result) else { return }
        #expect(try await result.value.response.status == 200)
        #expect(clock.sleeps.filter { $0 != limits.timeout } == [.seconds(3), .seconds(5)])
    }

    @Test("a request that never answers is given up at its deadline, retried, and fails saying the host did not answer")
    func stall() async throws {
        let clock = TestClock()
        let transport = ScriptedTransport([.stall])
        let fetcher = fetcher(transport, clock: clock)
        let result = Task { try await fetcher.get(url) }
        // Two requests in a row without an answer open the host's breaker: the third attempt
        // fails at once with the same reason, without a request.
        let waits = [limits.timeout, .milliseconds(200), limits.timeout, .milliseconds(400)]
        guard await drive(clock, through: waits, result) else { return }
        let noAnswer = FetchError.noAnswer(url: url.absoluteString, host: "127.0.0.1", after: limits.timeout)
        await #expect(throws: noAnswer) { _ = try await result.value }
        #expect(transport.requests == 2)
        #expect(clock.sleeps == waits)
    }

    @Test("a 404 and a body over the cap are not retried: they cannot heal")
    func permanent() async throws {
        let clock = TestClock()
        let missing = ScriptedTransport([.status(404)])
        let (response, retries) = try await fetcher(missing, clock: clock).get(url)
        #expect(response.status == 404 && retries == 0 && missing.requests == 1)
        let tooLarge = ScriptedTransport([.failure(.tooLarge(url: url.absoluteString, limit: 1))])
        await #expect(throws: FetchError.tooLarge(url: url.absoluteString, limit: 1)) {
            _ = try await fetcher(tooLarge, clock: clock).get(url)
        }
        #expect(tooLarge.requests == 1)
        #expect(clock.sleeps.allSatisfy { $0 == limits.timeout }, "no backoff")
    }

    @Test("a host whose name does not resolve fails at once, is not retried, and fails later requests without asking")
    func breaker() async throws {
        let clock = TestClock()
        let host = "is1-ssl.mzstatic.invalid"
        let transport = ScriptedTransport([.failure(.hostNotFound(url: "x", host: host))])
        let fetcher = fetcher(transport, clock: clock)
        for index in 1...5 {
            let url = URL(string: "https://\(host)/\(index).jpg") ?? URL(fileURLWithPath: "/")
            await #expect(throws: FetchError.hostNotFound(url: "x", host: host).reported(for: url.absoluteString)) {
                _ = try await fetcher.get(url)
            }
        }
        #expect(transport.requests == 2, "the breaker opened after two failures in a row")
        #expect(
            clock.sleeps.allSatisfy { $0 == limits.timeout }, "no backoff: a name that does not resolve is not retried")
        #expect(fetcher.stats.figures(.artwork).requests == 2)
    }

    @Test("a host that answers anything closes the count again")
    func breakerResets() async throws {
        let clock = TestClock()
        let refused = FetchError.connectionRefused(url: "x", host: "127.0.0.1")
        let transport = ScriptedTransport([.failure(refused), .status(404), .failure(refused), .status(200)])
        var fetcher = fetcher(transport, clock: clock)
        fetcher.retry = .none
        _ = try? await fetcher.get(url)
        _ = try await fetcher.get(url)
        _ = try? await fetcher.get(url)
        #expect(try await fetcher.get(url).response.status == 200, "one failure, an answer, one failure: still closed")
    }

    @Test("a stale cached copy says how old it is and why the server failed, from the clock's date")
    func staleCopy() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let cache = HTTPCache(directory: scratch.url)
        let clock = TestClock()
        let good = ScriptedTransport([.status(200, headers: ["etag": "\"1\""])])
        _ = try await fetcher(good, clock: clock).get(url, cache: cache, allowFresh: false)
        clock.advance(by: .seconds(600))
        let failing = ScriptedTransport([.failure(.connectionFailed(url: url.absoluteString, detail: "refused"))])
        var noRetry = fetcher(failing, clock: clock)
        noRetry.retry = .none
        let fetched = try await noRetry.get(url, cache: cache, allowFresh: false)
        #expect(
            fetched.use
                == .stale(age: .seconds(600), because: .connectionFailed(url: url.absoluteString, detail: "refused")))
        #expect(String(decoding: fetched.response.body, as: UTF8.self) == "body")
    }

    @Test(
        "a 304 that changes nothing rewrites an entry without a lifetime only once its date is an hour old; one with a lifetime, or new validators, at once"
    )
    func renewal() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let cache = HTTPCache(directory: scratch.url)
        let clock = TestClock()
        func stored() throws -> Data {
            let files = try FileManager.default.subpathsOfDirectory(atPath: scratch.url.path).filter {
                $0.hasSuffix(".json")
            }
            #expect(files.count == 1)
            return try Data(contentsOf: scratch.url.appendingPathComponent(files.first ?? ""))
        }
        func answer(_ step: ScriptedTransport.Step) async throws -> CachedResponse {
            var once = fetcher(ScriptedTransport([step]), clock: clock)
            once.retry = .none
            return try await once.get(url, cache: cache, allowFresh: false)
        }
        _ = try await answer(.status(200, headers: ["etag": "\"1\""]))
        let first = try stored()
        clock.advance(by: .seconds(1800))
        #expect(try await answer(.status(304, headers: ["etag": "\"1\""])).use == .revalidated)
        #expect(try stored() == first, "half an hour on, nothing that a later run reads changed")
        clock.advance(by: .seconds(1900))
        _ = try await answer(.status(304, headers: ["etag": "\"1\""]))
        let renewed = try stored()
        #expect(renewed != first, "an hour on, the date is renewed")
        clock.advance(by: .seconds(600))
        let stale = try await answer(.failure(.connectionFailed(url: url.absoluteString, detail: "refused")))
        #expect(
            stale.use
                == .stale(age: .seconds(600), because: .connectionFailed(url: url.absoluteString, detail: "refused")))

        clock.advance(by: .seconds(60))
        _ = try await answer(.status(304, headers: ["etag": "\"2\""]))
        let newTag = try stored()
        #expect(newTag != renewed, "new validators are written at once")
        clock.advance(by: .seconds(60))
        _ = try await answer(.status(304, headers: ["etag": "\"2\"", "cache-control": "max-age=600"]))
        let lifetime = try stored()
        #expect(lifetime != newTag, "a lifetime is written at once")
        clock.advance(by: .seconds(60))
        _ = try await answer(.status(304, headers: ["etag": "\"2\"", "cache-control": "max-age=600"]))
        #expect(try stored() != lifetime, "an entry with a lifetime is fresh again from each 304")
    }
}
