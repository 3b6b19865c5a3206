/// Something that went wrong without stopping the run: a skipped entry, missing artwork.
///
/// Warnings are collected from every stage, printed in the summary and recorded in the manifest.
public struct ReportWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The stage that raised the warning.
    public var stage: Stage
    /// The chart rank of the item concerned, if any.
    public var rank: Int?
    /// The id of the item concerned, if any.
    public var itemID: String?
    /// A sentence a user can act on.
    public var message: String
    /// For an artwork warning, each reason separately (the message joins them), so that the
    /// parts of a sharded report can be merged into the warning a single run gives.
    public var reasons: [String]?

    /// Creates a warning.
    public init(stage: Stage, rank: Int? = nil, itemID: String? = nil, message: String, reasons: [String]? = nil) {
        self.stage = stage
        self.rank = rank
        self.itemID = itemID
        self.message = message
        self.reasons = reasons
    }

    /// The one warning of an item whose artwork could not be used, for all its `reasons`.
    public static func artwork(item: FeedItem, reasons: [String]) -> ReportWarning {
        let title = Excerpt.printable(TextNormalizer.normalize(item.title))
        let name = title.isEmpty ? item.id.map { Excerpt.identifier($0) } ?? "#\(item.rank)" : "“\(title)”"
        return ReportWarning(
            stage: .artwork, rank: item.rank, itemID: item.id,
            message:
                "The artwork of \(name) could not be used, so a placeholder was drawn: \(reasons.joined(separator: "; ")).",
            reasons: reasons)
    }

    /// `[stage] #rank (id): message`, the id quoted by ``Excerpt/identifier(_:)``.
    public var description: String {
        var prefix = "[\(stage.rawValue)]"
        if let rank { prefix += " #\(rank)" }
        if let itemID { prefix += " (\(Excerpt.identifier(itemID)))" }
        return "\(prefix) \(message)"
    }
}
