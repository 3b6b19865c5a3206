import AlbumReportCore
import Foundation

/// Retries for transient failures (connection errors, timeouts, 5xx, 429) with exponential
/// backoff and jitter, honouring `Retry-After` up to a bound.
public struct RetryPolicy: Sendable, Hashable {
    /// Retries after the first attempt.
    public var maximumRetries: Int
    /// The first backoff; doubled each retry.
    public var baseDelay: Duration
    /// The longest wait, whatever `Retry-After` asks for.
    public var maximumDelay: Duration

    /// Creates a policy.
    public init(maximumRetries: Int = 2, baseDelay: Duration = .milliseconds(200), maximumDelay: Duration = .seconds(5))
    {
        self.maximumRetries = maximumRetries
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
    }

    /// No retries (tests that count requests).
    public static let none = RetryPolicy(maximumRetries: 0)

    /// The wait before retry number `attempt` (1-based): the server's `Retry-After` seconds when
    /// it gives them, else the exponential backoff times `jitter` (0.8–1.2); never more than
    /// ``maximumDelay``.
    public func delay(beforeRetry attempt: Int, retryAfter: String?, jitter: Double) -> Duration {
        if let retryAfter, let seconds = Double(retryAfter.trimmingCharacters(in: .whitespaces)), seconds >= 0 {
            return min(.milliseconds(Int64(min(seconds, 86_400) * 1000)), maximumDelay)
        }
        let exponential = baseDelay * (1 << min(attempt - 1, 16))
        return min(exponential * jitter, maximumDelay)
    }
}

/// GET with retries over any ``HTTPTransport``, counting every request in the run's statistics
/// under its stage. Backoff and each request's deadline (``HTTPLimits/timeout``) are kept on the
/// run's clock, so tests of retries, `Retry-After` and stalls run on a test clock.
public struct HTTPFetcher: Sendable {
    /// What sends the requests.
    public var transport: any HTTPTransport
    /// The limits of each request (timeout, byte cap).
    public var limits: HTTPLimits
    /// When and how often a failed request is tried again.
    public var retry: RetryPolicy
    /// The clock backoff waits on, the jitter's randomness and the statistics.
    public var context: RunContext
    /// The stage requests are counted under.
    public var stage: Stage

    /// Creates a fetcher.
    public init(
        transport: any HTTPTransport, limits: HTTPLimits, retry: RetryPolicy, context: RunContext = RunContext(),
        stage: Stage = .fetch
    ) {
        self.transport = transport
        self.limits = limits
        self.retry = retry
        self.context = context
        self.stage = stage
    }

    /// The statistics requests are counted in.
    public var stats: FetchStats { context.stats }

    /// The same fetcher counting under another stage.
    public func counting(as stage: Stage) -> HTTPFetcher {
        var copy = self
        copy.stage = stage
        return copy
    }

    /// The response and how many retries it took. A final 4xx/5xx is returned, not thrown. A URL
    /// that breaks a `RequestURL` rule is refused here, before it is counted or sent: this is
    /// the one way every stage reaches a transport (the transport checks each redirect hop too).
    public func get(
        _ url: URL, headers: [(String, String)] = []
    ) async throws(FetchError) -> (response: HTTPResponse, retries: Int) {
        if case .failure(let refusal) = RequestURL.check(url) { throw .invalidURL(refusal) }
        var retries = 0
        let stage = self.stage
        while true {
            try context.breaker.check(url)
            stats.record(stage) { $0.requests += 1 }
            if retries > 0 { stats.record(stage) { $0.retries += 1 } }
            do {
                let response = try await attempt(url, headers: headers)
                context.breaker.record(url, failure: nil)
                stats.record(stage) { $0.bytesDownloaded += response.body.count }
                guard FetchError.isTransient(status: response.status), retries < retry.maximumRetries else {
                    return (response, retries)
                }
                retries += 1
                try await wait(beforeRetry: retries, retryAfter: response.headers["retry-after"])
            } catch {
                context.breaker.record(url, failure: error)
                guard error.isTransient, retries < retry.maximumRetries else { throw error }
                retries += 1
                try await wait(beforeRetry: retries, retryAfter: nil)
            }
        }
    }

    /// One request, given up when the clock passes its deadline first (the transport is
    /// cancelled): ``FetchError/noAnswer(url:host:after:)`` when the server had not even sent
    /// its status line, ``FetchError/timedOut(url:host:after:)`` when the body stalled.
    private func attempt(_ url: URL, headers: [(String, String)]) async throws(FetchError) -> HTTPResponse {
        let (transport, limits, clock) = (self.transport, self.limits, context.clock)
        let answered = AnswerFlag()
        do {
            return try await RequestProgress.$answered.withValue(answered) {
                try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
                    group.addTask { try await transport.get(url, limits: limits, headers: headers) }
                    group.addTask {
                        try await clock.sleep(for: limits.timeout)
                        return nil
                    }
                    defer { group.cancelAll() }
                    guard let first = try await group.next(), let response = first else {
                        throw answered.isSet
                            ? FetchError.timedOut(url: url.absoluteString, host: url.host ?? "", after: limits.timeout)
                            : FetchError.noAnswer(url: url.absoluteString, host: url.host ?? "", after: limits.timeout)
                    }
                    return response
                }
            }
        } catch let error as FetchError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    private func wait(beforeRetry attempt: Int, retryAfter: String?) async throws(FetchError) {
        let delay = retry.delay(
            beforeRetry: attempt, retryAfter: retryAfter, jitter: context.random.number(in: 0.8...1.2))
        do {
            try await context.clock.sleep(for: delay)
        } catch {
            throw .cancelled
        }
    }
}
