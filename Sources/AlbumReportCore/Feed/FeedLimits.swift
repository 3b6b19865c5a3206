/// How much of a feed is drawn at most: bounds that no real chart reaches and that keep a
/// hostile feed from stalling a run (one million characters in a name, a hundred thousand
/// entries). Text past a bound is cut at a character boundary and ends with "…"; every cut is a
/// warning.
public enum FeedLimits {
    /// Characters drawn of an album name, an artist, a genre, a copyright line or a facts title.
    public static let textCharacters = 500
    /// Characters drawn of a facts row's description.
    public static let descriptionCharacters = 5_000
    /// Characters drawn of the feed's title.
    public static let titleCharacters = 200
    /// Genres kept per album.
    public static let genres = 20
    /// Entries drawn at most (Apple's charts hold up to 200).
    public static let items = 2_000

    /// `text` cut to `limit` characters (with "…"), and whether it was cut.
    public static func clip(_ text: String, to limit: Int) -> (text: String, cut: Bool) {
        guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex
        else { return (text, false) }
        return (String(text[..<end]) + "…", true)
    }

    /// `text` clipped to `limit`, the field's name appended to `cut` when it was.
    static func clip(_ text: String?, to limit: Int, field: String, cut: inout [String]) -> String? {
        guard let text else { return nil }
        let clipped = clip(text, to: limit)
        if clipped.cut { cut.append("\"\(field)\" (\(text.count) characters)") }
        return clipped.text
    }

    /// The warning for an entry whose fields were cut.
    static func warning(rank: Int, id: String?, index: Int, fields: [String], limit: Int) -> ReportWarning {
        ReportWarning(
            stage: .decode, rank: rank, itemID: id,
            message:
                "Entry \(index) of the feed has a very long \(fields.joined(separator: " and ")); only the first \(limit) characters are drawn."
        )
    }
}
