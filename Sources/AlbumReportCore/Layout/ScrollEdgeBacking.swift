/// The band behind a pinned button when content scrolls under it (`--fit screen`), as iOS 17
/// draws a bottom bar over scrolled content: the chrome material (the content blurred and
/// tinted) with a hairline along its top edge. (A gradient fade into the background is iOS 26's
/// scroll-edge effect, not iOS 17's.)
public struct ScrollEdgeBacking: Sendable, Hashable, Codable {
    public var frame: Rect
    public var material: ChromeMaterial
    /// The hairline along the band's top edge.
    public var separator: Rect
    public var separatorColor: RGBA
    /// The floating sheet the band is inside (an iPad's form sheet): the band ends at its bottom,
    /// rounds its bottom corners as the sheet does, and blurs only what is inside it.
    public var container: Rect?
    /// The container's corner radius.
    public var containerCornerRadius: Double?
}

extension ScrollEdgeBacking: LayoutPart {
    mutating func visitParts(_ visitor: inout some LayoutPartVisitor) {
        visitor.visit(&frame, .unrecorded)
        visitor.visit(&separator, .unrecorded)
        visitor.visit(&container, .unrecorded)
    }
}
