import Foundation

/// Network figures per stage (feed, enrich, artwork, cards): requests made, body bytes
/// downloaded, answers taken from the cache, retries and failures by reason. Shared by every
/// task of a run.
public final class FetchStats: Sendable {
    /// The figures of one stage.
    public struct Figures: Sendable, Hashable, Codable {
        /// HTTP requests sent (every attempt, conditional ones included).
        public var requests = 0
        /// Body bytes received.
        public var bytesDownloaded = 0
        /// Resources served from the cache: revalidated (304), fresh, or kept when the server failed.
        public var cacheHits = 0
        /// Retries after transient failures.
        public var retries = 0
        /// Failures by reason ("http-404", "timeout", "too-large", "not-an-image", …).
        public var failures: [String: Int] = [:]

        public init() {}

        /// Whether nothing was recorded.
        public var isEmpty: Bool { self == Figures() }
    }

    private let lock = NSLock()
    nonisolated(unsafe) private var byStage: [String: Figures] = [:]

    /// Creates empty figures.
    public init() {}

    /// Changes the figures of `stage`.
    public func record(_ stage: String, _ change: (inout Figures) -> Void) {
        lock.withLock { change(&byStage[stage, default: Figures()]) }
    }

    /// The figures of `stage` so far.
    public func figures(_ stage: String) -> Figures {
        lock.withLock { byStage[stage] ?? Figures() }
    }
}
