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
    /// Every setting that shapes the screens and their files (device, theme, style, accessibility,
    /// language, locale, PNG compression, paging): one typed value, as the command line parsed it.
    public var settings = RenderSettings()
    /// A folder of the user's own themes.
    public var templatesDirectory: URL?
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
    /// In a matrix: the matrix page, relative to this report's folder (`../../index.html`), which
    /// the report's `index.html` links back to; nil for a report of its own.
    public var matrixPage: String?
    /// Write into a non-empty folder that holds no report of ours (the user's files are kept).
    public var force = false
    /// Let a feed from the internet make the tool reach private, loopback and link-local addresses.
    public var allowPrivateNetwork = false
    /// No network at all: the feed and artwork come from the cache or files.
    public var offline = false
    /// Where debug detail goes (each stage, each artwork failure, libgd's own messages).
    public var logger = Logger(label: "albumreport")
    /// The run's stop latch and commit count, shared with whoever may stop it (the command
    /// line's signal handling); a run of its own by default.
    public var control = RunControl()

    /// Options with defaults, writing to `output`.
    public init(output: URL) {
        self.output = output
    }

    /// The limits of one HTTP request.
    public var limits: HTTPLimits {
        HTTPLimits(timeout: timeout, maximumBytes: maximumDownloadBytes)
    }
}
