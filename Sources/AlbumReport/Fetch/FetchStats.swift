import AlbumReportCore
import Foundation
import Synchronization

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

        /// No request yet.
        public init() {}

        /// Whether nothing was recorded.
        public var isEmpty: Bool { self == Figures() }
    }

    private let byStage = Mutex<[Stage: Figures]>([:])

    /// Creates empty figures.
    public init() {}

    /// Changes the figures of `stage`.
    public func record(_ stage: Stage, _ change: (inout Figures) -> Void) {
        byStage.withLock { change(&$0[stage, default: Figures()]) }
    }

    /// Counts one failure of `stage` under `key` (``FetchError/statisticsKey``, …).
    public func recordFailure(_ stage: Stage, key: String) {
        record(stage) { $0.failures[key, default: 0] += 1 }
    }

    /// The figures of `stage` so far.
    public func figures(_ stage: Stage) -> Figures {
        byStage.withLock { $0[stage] ?? Figures() }
    }

    /// Every stage's figures that are not empty, by stage name (the summary's `network`).
    public var byName: [String: Figures] {
        byStage.withLock { figures in
            Dictionary(uniqueKeysWithValues: figures.filter { !$0.value.isEmpty }.map { ($0.key.rawValue, $0.value) })
        }
    }
}
