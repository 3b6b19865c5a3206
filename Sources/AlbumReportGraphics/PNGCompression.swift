import Foundation

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

    /// Row filtering: per row, the cheapest of the five PNG filters scored on a sample of the row
    /// (on smooth artwork Sub, Average and Paeth leave deflate far less than Up; on flat screens
    /// rows that repeat stay Up), or at level 9 scored on every byte.
    public var rowFilter: PNGStreamEncoder.RowFilter { level >= 9 ? .adaptive : .sampled }
}

extension PNGStreamEncoder {
    /// Starts a PNG of `width` × `height` pixels compressed as `compression` says (its level, its
    /// photographic level and its row filter).
    public convenience init(
        width: Int, height: Int, compression: PNGCompression, sink: ((Data) -> Void)? = nil,
        spans: any SpanMemo = .none
    ) throws(GraphicsError) {
        try self.init(
            width: width, height: height, compressionLevel: compression.level,
            photographicLevel: compression.photographicLevel, filter: compression.rowFilter, sink: sink, spans: spans)
    }
}
