/// The pipeline's stages, in the order they run: the one vocabulary for progress lines,
/// network statistics, warnings and errors.
///
/// `setup` reads the theme, fonts and page template and checks the output folder before anything
/// is downloaded; `select` decides what this run draws (its shard) and checks that every
/// character can be drawn; the others are named for what they produce.
public enum Stage: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case setup, fetch, decode, enrich, select, artwork, sheet, cards, write

    /// 1-based position, for `[3/9] decode` progress lines.
    public var number: Int { (Self.allCases.firstIndex(of: self) ?? 0) + 1 }

    public static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.number < rhs.number }
}
