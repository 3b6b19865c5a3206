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

    /// The wait before retry number `attempt` (1-based), given the server's `Retry-After` value.
    public func delay(beforeRetry attempt: Int, retryAfter: String?) -> Duration {
        if let retryAfter, let seconds = Double(retryAfter.trimmingCharacters(in: .whitespaces)), seconds >= 0 {
            return min(.milliseconds(Int64(seconds * 1000)), maximumDelay)
        }
        let exponential = baseDelay * (1 << min(attempt - 1, 16))
        let jitter = Double.random(in: 0.8...1.2)
        return min(exponential * jitter, maximumDelay)
    }
}

/// GET with retries over any ``HTTPTransport``.
public struct HTTPFetcher: Sendable {
    public var transport: any HTTPTransport
    public var limits: HTTPLimits
    public var retry: RetryPolicy
    /// Where requests, bytes and retries are counted, under ``stage``.
    public var stats: FetchStats
    public var stage: String

    /// Creates a fetcher.
    public init(
        transport: any HTTPTransport, limits: HTTPLimits, retry: RetryPolicy, stats: FetchStats = FetchStats(),
        stage: String = "fetch"
    ) {
        self.transport = transport
        self.limits = limits
        self.retry = retry
        self.stats = stats
        self.stage = stage
    }

    /// The same fetcher counting under another stage.
    public func counting(as stage: String) -> HTTPFetcher {
        var copy = self
        copy.stage = stage
        return copy
    }

    /// The response and how many retries it took. A final 4xx/5xx is returned, not thrown.
    public func get(
        _ url: URL, headers: [(String, String)] = []
    ) async throws(FetchError) -> (response: HTTPResponse, retries: Int) {
        var attempt = 0
        let stage = self.stage
        while true {
            stats.record(stage) { $0.requests += 1 }
            if attempt > 0 { stats.record(stage) { $0.retries += 1 } }
            do {
                let response = try await transport.get(url, limits: limits, headers: headers)
                stats.record(stage) { $0.bytesDownloaded += response.body.count }
                let transientStatus = response.status == 429 || (500...599).contains(response.status)
                guard transientStatus, attempt < retry.maximumRetries else { return (response, attempt) }
                attempt += 1
                try await sleep(retry.delay(beforeRetry: attempt, retryAfter: response.headers["retry-after"]))
            } catch {
                guard error.isTransient, attempt < retry.maximumRetries else { throw error }
                attempt += 1
                try await sleep(retry.delay(beforeRetry: attempt, retryAfter: nil))
            }
        }
    }

    private func sleep(_ duration: Duration) async throws(FetchError) {
        do {
            try await Task.sleep(for: duration)
        } catch {
            throw .cancelled
        }
    }
}
