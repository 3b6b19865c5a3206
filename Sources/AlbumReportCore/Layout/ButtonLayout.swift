/// A filled, rounded button with a centred label.
public struct ButtonLayout: Sendable, Hashable, Codable {
    public var frame: Rect
    public var cornerRadius: Double
    public var fill: RGBA
    public var label: TextBlock
    /// Where the button leads (the album's store page).
    public var link: String?
}

extension ButtonLayout: LayoutPart {
    mutating func visitParts(_ visitor: inout some LayoutPartVisitor) {
        visitor.visit(&frame, .unrecorded)
        visitor.visit(&label, .unrecorded)
    }
}
