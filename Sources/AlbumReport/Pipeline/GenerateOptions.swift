import AlbumReportCore
import AlbumReportGraphics
import Foundation
import Logging

/// Everything `generate` needs to know, with the documented defaults.
public struct GenerateOptions: Sendable {
    /// Where the feed comes from (default: the embedded sample).
    public var feed: FeedSource = .sample
    /// Render only the first N items.
    public var limit: Int?
    /// The output folder.
    public var output: URL
    /// The device preset.
    public var device: Device = .iPhone15
    /// The theme.
    public var theme: ThemeChoice = .named("light")
    /// A folder of the user's own themes.
    public var templatesDirectory: URL?
    /// The locale dates are formatted for.
    public var localeIdentifier = "en_US"
    /// Artwork downloads in flight at most.
    public var concurrency = 8
    /// Per-request timeout.
    public var timeout: Duration = .seconds(10)
    /// Per-download byte cap.
    public var maximumDownloadBytes = 20 * 1024 * 1024
    /// Retries for transient failures.
    public var retry = RetryPolicy()
    /// Whether to render one card per album.
    public var renderCards = true
    /// Split the sheet into screen-height pages (`sheet-001.png`, …) instead of one tall image.
    public var paginateSheet = false
    /// Where downloaded feeds and artwork are cached and revalidated (nil: no cache).
    public var cacheDirectory: URL?
    /// Revalidate the feed even when the cached copy is still fresh.
    public var refresh = false
    /// Fill what a v2 feed lacks (the copyright) from the iTunes Lookup API.
    public var enrich = true
    /// The Lookup API's address (a stand-in in tests).
    public var lookupURL = URL(string: "https://itunes.apple.com/lookup") ?? URL(fileURLWithPath: "/")
    /// Render only this shard's part of the report (`--shard I/N`).
    public var shard: Shard?
    /// Write into a non-empty folder that holds no report of ours (the user's files are kept).
    public var force = false
    /// zlib level for PNG output (0–9).
    public var pngCompressionLevel = 6

    /// Row filtering for PNG output: the Up filter costs almost nothing and is within about 2 % of
    /// the adaptive heuristic on these flat screens, so only level 9 ("small") pays for adaptive.
    public var pngRowFilter: PNGStreamEncoder.RowFilter {
        pngCompressionLevel >= 9 ? .adaptive : .up
    }
    /// Where debug detail goes (each stage, each artwork failure, libgd's own messages).
    public var logger = Logger(label: "albumreport")

    /// Options with defaults, writing to `output`.
    public init(output: URL) {
        self.output = output
    }

    var limits: HTTPLimits {
        HTTPLimits(timeout: timeout, maximumBytes: maximumDownloadBytes)
    }
}

/// What a run produced, for the summary line and `--json`.
public struct ReportSummary: Sendable, Codable {
    /// Time and figures of one stage.
    public struct Stage: Sendable, Codable {
        public var name: String
        public var seconds: Double
        public var detail: String
    }

    public var output: String
    public var feedTitle: String
    public var feedFormat: FeedFormat
    public var itemsInFeed: Int
    public var itemsRendered: Int
    public var files: [Manifest.FileRecord]
    public var warnings: [ReportWarning]
    public var stages: [Stage]
    /// Network figures per stage (requests, bytes, cache hits, retries, failures by reason).
    public var network: [String: FetchStats.Figures] = [:]
    /// Time spent laying out, drawing and PNG-encoding screens, summed over the tasks that did it
    /// (concurrent tasks overlap, so the sum can exceed the wall time of the sheet and cards stages).
    public var breakdown: [Stage] = []
}

/// Progress as the pipeline runs.
public enum ProgressEvent: Sendable {
    /// Stage `index` of `total` started.
    case stageStarted(index: Int, total: Int, name: String)
    /// Some of a stage's items are done.
    case advanced(name: String, done: Int, total: Int)
    /// Stage finished, with a short figure ("100 items", "2.1 MB").
    case stageFinished(index: Int, total: Int, name: String, seconds: Double, detail: String)
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
