import AlbumReportCore
import Foundation
import Logging

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
    /// Hosts given up for this run.
    public var breaker: HostBreaker
    /// What the runs drawn together share (a matrix's combinations); nothing in a single run.
    var sharing = RenderSharing.none

    /// Creates a context; by default the system clock and randomness and fresh statistics.
    public init(
        progress: any ProgressReporter = SilentProgress(), logger: Logger = Logger(label: "albumreport"),
        clock: any RunClock = SystemClock(), random: any RandomSource = SystemRandom(),
        stats: FetchStats = FetchStats(),
        breaker: HostBreaker = HostBreaker()
    ) {
        self.progress = progress
        self.logger = logger
        self.clock = clock
        self.random = random
        self.stats = stats
        self.breaker = breaker
    }
}
