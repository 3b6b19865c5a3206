import AlbumReportCore
import Foundation
import Synchronization

/// A clock whose time moves only when a test says so: every `sleep(for:)` waits until
/// ``advance(by:)`` has moved the clock past its end, and is recorded, so a test of backoff or a
/// stalled request runs in no time and can assert each wait.
public final class TestClock: RunClock {
    private struct State {
        var elapsed: Duration = .zero
        var sleepers: [(id: UUID, until: Duration, duration: Duration, resume: CheckedContinuation<Void, any Error>)] =
            []
        var requested: [Duration] = []
        /// Sleeps cancelled before they were registered.
        var cancelled: Set<UUID> = []
    }

    private let state = Mutex(State())
    private let start: Date

    /// A clock at `start` (default: a fixed date, so cache ages are repeatable).
    public init(start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        self.start = start
    }

    public var now: Date {
        start.addingTimeInterval(state.withLock { $0.elapsed }.seconds)
    }

    /// Every duration slept for so far, in the order asked.
    public var sleeps: [Duration] { state.withLock { $0.requested } }

    /// How many sleeps are waiting for the clock to move.
    public var pendingSleeps: Int { state.withLock { $0.sleepers.count } }

    public func sleep(for duration: Duration) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Registered under the lock that cancellation also takes, so a cancellation that
                // arrives before the sleep is registered is seen here, and one after finds it.
                let outcome = state.withLock { state -> Result<Void, CancellationError>? in
                    state.requested.append(duration)
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    guard duration > .zero else { return .success(()) }
                    state.sleepers.append((id, state.elapsed + duration, duration, continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index).resume
            }
            cancelled?.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `duration`, waking every sleep that ends by then.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.elapsed += duration
            let due = state.sleepers.filter { $0.until <= state.elapsed }
            state.sleepers.removeAll { $0.until <= state.elapsed }
            return due.map(\.resume)
        }
        due.forEach { $0.resume() }
    }

    /// Waits until a sleep of `duration` is pending (a request's deadline is armed, a backoff
    /// has begun), then moves the clock past its end. Bounded: false when none came after
    /// `limit` worth of 1 ms polls. The bound counts polls, not wall time, so a machine whose
    /// threads are all busy (a sanitized suite running in parallel) stretches it instead of
    /// failing a test whose code simply had not run yet; the state is looked at once more at
    /// the end.
    @discardableResult
    public func advanceWhenSleeping(_ duration: Duration, limit: Duration = .seconds(10)) async -> Bool {
        func pending() -> Bool { state.withLock { $0.sleepers.contains { $0.duration == duration } } }
        let polls = max(Int(limit / .milliseconds(1)), 1)
        for _ in 0..<polls {
            if pending() { break }
            try? await Task.sleep(for: .milliseconds(1))
        }
        guard pending() else { return false }
        advance(by: duration)
        return true
    }
}

/// A clock on which time passes `factor` times faster than real time (a second in 20 ms with
/// 1/50), for end-to-end runs against a real server whose timeouts and backoff would otherwise
/// take seconds.
public struct FastClock: RunClock {
    /// Real seconds per clock second.
    public var factor: Double

    /// A clock `1 / factor` times faster than real time.
    public init(factor: Double = 1.0 / 50) {
        self.factor = factor
    }

    public var now: Date { Date() }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration * factor)
    }
}

/// Randomness that always gives the middle of the range asked for (jitter of exactly 1).
public struct FixedRandom: RandomSource {
    /// Creates the source.
    public init() {}

    public func number(in range: ClosedRange<Double>) -> Double { (range.lowerBound + range.upperBound) / 2 }
}
