import AlbumReportCore
import Foundation

/// What a run produced, for the summary line and `--json`.
public struct ReportSummary: Sendable, Codable {
    /// Time and figures of one stage.
    public struct StageFigure: Sendable, Codable {
        /// The stage's name (`fetch`, `cards`, …).
        public var name: String
        /// How long it took, in seconds.
        public var seconds: Double
        /// What it did, in a few words ("100 cards").
        public var detail: String
    }

    /// The output folder.
    public var output: String
    /// The feed's title.
    public var feedTitle: String
    /// The feed's format, as detected.
    public var feedFormat: FeedFormat
    /// Entries in the feed after decoding.
    public var itemsInFeed: Int
    /// Items this run drew (its shard's, with `--shard`).
    public var itemsRendered: Int
    /// Detail cards written (or reused) by this run.
    public var cardsRendered: Int
    /// Every file written, as the manifest records it.
    public var files: [Manifest.FileRecord]
    /// Every warning of every stage.
    public var warnings: [ReportWarning]
    /// How long the run took, by the wall clock: a single run from its first stage's start to the
    /// end of `write`; a matrix's combination from its `select` to its `write` (the setup and feed
    /// it shares with the others are the matrix's). The closing line prints it.
    public var seconds: Double = 0
    /// Each stage's own wall time, from its start to its end, in pipeline order. `artwork`
    /// (the thumbnails' downloads), `sheet` and `cards` run at the same time, so their seconds
    /// overlap and add up to more than the run took: `sheet` and `cards` include waiting for
    /// the artwork they draw, and `cards` ends when the last card is staged.
    public var stages: [StageFigure]
    /// Network figures per stage (requests, bytes, cache hits, retries, failures by reason).
    public var network: [String: FetchStats.Figures] = [:]
    /// Render figures per stage that draws ("sheet", "cards"): artwork that arrived but could not
    /// be decoded, drawn as a placeholder. Only stages with something to say are listed.
    public var render: [String: RenderFigures] = [:]

    /// What one render stage could not draw.
    public struct RenderFigures: Sendable, Codable, Hashable {
        /// Failures by reason ("undecodable").
        public var failures: [String: Int] = [:]

        /// The figures of `failures` (one per item); nil when there are none.
        static func counting(_ failures: some Sequence<ArtworkFailure>) -> RenderFigures? {
            var figures = RenderFigures()
            for failure in failures { figures.failures[failure.statisticsKey, default: 0] += 1 }
            return figures.failures.isEmpty ? nil : figures
        }
    }
    /// A cause many items share ("is1-ssl.mzstatic.com could not be resolved"): the summary says
    /// it once, the manifest keeps one warning per item.
    public struct Cause: Sendable, Codable, Hashable {
        /// The stage whose warnings it groups.
        public var stage: String
        /// The cause, a clause.
        public var cause: String
        /// The ranks of the items it concerns.
        public var ranks: [Int]
    }

    /// Causes shared by several items' warnings, most frequent first.
    public var causes: [Cause] = []
    /// Time spent laying out, drawing and PNG-encoding screens, summed over the tasks that did it
    /// (concurrent tasks overlap, so the sum can exceed the wall time of the sheet and cards stages).
    public var breakdown: [StageFigure] = []
}

/// Progress as the pipeline runs.
public enum ProgressEvent: Sendable {
    /// Stage `index` of `total` started.
    case stageStarted(index: Int, total: Int, stage: Stage)
    /// Some of a stage's items are done.
    case advanced(stage: Stage, done: Int, total: Int)
    /// Stage finished, with a short figure ("100 items", "2.1 MB").
    case stageFinished(index: Int, total: Int, stage: Stage, seconds: Double, detail: String)
}

/// The seam for progress output (a live bar on a terminal, lines in CI, nothing in tests).
public protocol ProgressReporter: Sendable {
    /// Called from any task as the pipeline runs.
    func report(_ event: ProgressEvent)
}

/// Reports nothing.
public struct SilentProgress: ProgressReporter {
    /// Creates a silent reporter.
    public init() {}
    public func report(_ event: ProgressEvent) {}
}
