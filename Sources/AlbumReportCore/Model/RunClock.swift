import Foundation

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

extension Duration {
    /// The duration in whole nanoseconds.
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// The duration in seconds, as a `Double`.
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
