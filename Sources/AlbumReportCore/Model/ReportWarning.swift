/// Something that went wrong without stopping the run: a skipped entry, missing artwork.
///
/// Warnings are collected from every stage, printed in the summary and recorded in the manifest.
public struct ReportWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The pipeline stage that raised it.
    public enum Stage: String, Sendable, Codable, Hashable {
        case fetch, decode, select, artwork, layout, render, write
    }

    /// The stage that raised the warning.
    public var stage: Stage
    /// The chart rank of the item concerned, if any.
    public var rank: Int?
    /// The id of the item concerned, if any.
    public var itemID: String?
    /// A sentence a user can act on.
    public var message: String

    /// Creates a warning.
    public init(stage: Stage, rank: Int? = nil, itemID: String? = nil, message: String) {
        self.stage = stage
        self.rank = rank
        self.itemID = itemID
        self.message = message
    }

    /// `[stage] #rank (id): message`.
    public var description: String {
        var prefix = "[\(stage.rawValue)]"
        if let rank { prefix += " #\(rank)" }
        if let itemID { prefix += " (\(itemID))" }
        return "\(prefix) \(message)"
    }
}
