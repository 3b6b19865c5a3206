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
    /// Row filtering for PNG output (``RenderSettings/pngRowFilter``).
    public var pngRowFilter: PNGStreamEncoder.RowFilter { settings.pngRowFilter }
    /// zlib level for PNG output (0–9), from ``RenderSettings/pngCompression``.
    public var pngCompressionLevel: Int { settings.pngCompression.level }
    /// The level for screens that are mostly photograph (nil: ``pngCompressionLevel`` for all).
    public var pngPhotographicLevel: Int? { settings.pngCompression.photographicLevel }
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

/// `--png-compression`: a named trade-off between time and file size, or a zlib level.
public enum PNGCompression: Sendable, Hashable {
    /// The quickest: level 1 for screens that are mostly photograph, level 2 for the rest (on
    /// flat and smooth screens libdeflate's level 2 is both quicker and smaller than its level 1,
    /// which is slow on long runs of zeros: measured on the benchmark's flat and smooth reports,
    /// 22 % and 8 % less encode time, 2–3 % fewer bytes).
    case fast
    /// The default: level 5 for screens that are not mostly photograph, level 1 for those that
    /// are (where, measured on photographic album art, higher levels shrink files by a few per
    /// cent for twice the time); rows filtered with the sampled choice of the five PNG filters.
    /// Level 5, not 6, is the knee on drawn screens: measured on the benchmark's reports (one
    /// core, encode only), 24 % less encode time for 1.6 % more bytes on smooth art, 7 % less
    /// for 0.2 % on flat art.
    case balanced
    /// zlib level 9, with adaptive row filters.
    case small
    /// A zlib level from 0 to 9.
    case level(Int)

    /// The named choices and every level, as `--png-compression` takes them.
    public static let names = ["fast", "balanced", "small"] + (0...9).map(String.init)

    /// `fast`, `balanced`, `small` or the level, as `--png-compression` takes it.
    public var name: String {
        switch self {
        case .fast: return "fast"
        case .balanced: return "balanced"
        case .small: return "small"
        case .level(let level): return String(level)
        }
    }

    /// Parses `fast`, `balanced`, `small` or a level from 0 to 9; nil for anything else.
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "fast": self = .fast
        case "balanced": self = .balanced
        case "small": self = .small
        default:
            guard let level = Int(text), (0...9).contains(level) else { return nil }
            self = .level(level)
        }
    }

    /// The level for screens that are mostly photograph, when it differs from ``level``.
    public var photographicLevel: Int? {
        switch self {
        case .fast, .balanced: return 1
        case .small, .level: return nil
        }
    }

    /// The zlib level (for screens that are not mostly photograph, when ``photographicLevel``
    /// differs).
    public var level: Int {
        switch self {
        case .fast: return 2
        case .balanced: return 5
        case .small: return 9
        case .level(let level): return level
        }
    }
}
