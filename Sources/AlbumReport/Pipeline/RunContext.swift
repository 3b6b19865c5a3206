import AlbumReportCore
import Foundation
import Logging

/// Time as a run sees it: today's date (cache freshness, the age of a stale copy) and waiting
/// (retry backoff). Injected, so that tests of retries run on a clock that never sleeps.
public protocol RunClock: Sendable {
    /// The current date.
    var now: Date { get }
    /// Waits `duration`; throws when the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The real clock.
public struct SystemClock: RunClock {
    /// Creates the system clock.
    public init() {}

    public var now: Date { Date() }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

/// Randomness a run uses (the jitter of retry backoff), injected so tests are repeatable.
public protocol RandomSource: Sendable {
    /// A number in `range`.
    func number(in range: ClosedRange<Double>) -> Double
}

/// The system's random numbers.
public struct SystemRandom: RandomSource {
    /// Creates the system source.
    public init() {}

    public func number(in range: ClosedRange<Double>) -> Double { Double.random(in: range) }
}

/// What every stage of one run shares: where progress and debug detail go, the clock and
/// randomness, and the network statistics. Read-only; stages report what they learn in their
/// outputs, never by changing the context.
public struct RunContext: Sendable {
    /// Progress events (a live bar, lines, or nothing).
    public var progress: any ProgressReporter
    /// Debug detail: each stage, each artwork failure, libgd's messages.
    public var logger: Logger
    /// The date and waiting.
    public var clock: any RunClock
    /// Backoff jitter.
    public var random: any RandomSource
    /// Requests, bytes, cache hits, retries and failures per stage.
    public var stats: FetchStats

    /// Creates a context; by default the system clock and randomness and fresh statistics.
    public init(
        progress: any ProgressReporter = SilentProgress(), logger: Logger = Logger(label: "albumreport"),
        clock: any RunClock = SystemClock(), random: any RandomSource = SystemRandom(), stats: FetchStats = FetchStats()
    ) {
        self.progress = progress
        self.logger = logger
        self.clock = clock
        self.random = random
        self.stats = stats
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
