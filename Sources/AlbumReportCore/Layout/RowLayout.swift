/// The background of a row in an inset-grouped list: the group's cell colour, with the group's
/// rounded corners on its first and last row.
public struct RowBackground: Sendable, Hashable, Codable {
    public var frame: Rect
    public var color: RGBA
    public var cornerRadius: Double
    /// Whether the top corners are rounded (the group's first row).
    public var roundsTop: Bool
    /// Whether the bottom corners are rounded (the group's last row).
    public var roundsBottom: Bool
}

/// One row of the table sheet.
public struct RowLayout: Sendable, Hashable, Codable {
    public var rank: Int
    public var itemID: String?
    /// The whole row: edge to edge in a plain list, the cell in an inset-grouped one.
    public var frame: Rect
    /// The cell's background in an inset-grouped list.
    public var background: RowBackground?
    /// The thumbnail, when the row has artwork (or a placeholder for it).
    public var thumbnail: ImageSlot?
    /// The album name (or the facts row's title); nil for a facts row without a title.
    public var title: TextBlock?
    /// The explicit-content badge after the album name.
    public var badge: BadgeLayout?
    /// The artist (or the facts row's description).
    public var subtitle: TextBlock?
    /// The disclosure indicator (album rows in the UIKit style).
    public var chevron: ChevronLayout?
    /// The hairline under the row, inset to the text column (nil under a group's last row).
    public var separator: Rect?
    public var separatorColor: RGBA
}

extension RowBackground: FramedPart {}

extension RowLayout: LayoutPart {
    mutating func visitParts(_ visitor: inout some LayoutPartVisitor) {
        let rank = rank
        visitor.visit(&frame, .element(.row, rank: rank))
        visitor.visit(&background, .unrecorded)
        visitor.visit(&thumbnail, .element(.thumbnail, rank: rank))
        visitor.visit(&title, .element(.title, rank: rank))
        visitor.visit(&badge, .element(.explicitBadge, rank: rank))
        visitor.visit(&subtitle, .element(.subtitle, rank: rank))
        visitor.visit(&chevron, .element(.chevron, rank: rank))
        visitor.visit(&separator, .element(.separator, rank: rank))
    }
}
