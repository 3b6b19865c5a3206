/// A right-to-left UI as a pure pass over a laid-out left-to-right screen: every frame's x is
/// reflected about the canvas (x′ = width − maxX), so leading becomes right and trailing left,
/// as UIKit's `semanticContentAttribute` does for an RTL language (Apple's HIG, "Right to left":
/// "system-provided UI components flip automatically in the RTL context";
/// https://developer.apple.com/design/human-interface-guidelines/right-to-left).
///
/// - Text: each line's box is reflected, so a leading-aligned line ends up right-aligned (natural
///   alignment follows the UI's language: in an RTL UI every label is right-aligned, an English
///   album name too); each line's glyphs are still ordered by FriBidi from its own text.
/// - Chevrons point the other way: the disclosure indicator `‹`, the back chevron `›`.
/// - Artwork and symbols are placed by their mirrored frames but drawn unflipped; digits in text
///   keep their order. The status bar swaps sides (the time on the right, the battery on the left).
///
/// A ``LayoutPart`` is mirrored part by part (its `visitParts(_:)`); the leaves below are where
/// the reflection happens.
protocol Mirrorable {
    /// The value reflected about a canvas `width` points wide.
    func mirrored(in width: Double) -> Self
}

extension Rect: LayoutPart {
    /// A frame is its own frame.
    var frame: Rect { self }

    func visitParts(_ visitor: inout some LayoutPartVisitor) {}

    /// The rectangle reflected about a canvas `width` points wide.
    public func mirrored(in width: Double) -> Rect {
        Rect(x: width - maxX, y: y, width: self.width, height: height)
    }
}

extension TextBlock: LayoutPart {
    func visitParts(_ visitor: inout some LayoutPartVisitor) {}

    var texts: [TextBlock] { [self] }

    /// The block reflected: its frame, and every line's box (leading-aligned lines become right-aligned).
    public func mirrored(in width: Double) -> TextBlock {
        var copy = self
        copy.frame = frame.mirrored(in: width)
        copy.lines = lines.map { line in
            var line = line
            line.x = width - (line.x + line.width)
            return line
        }
        return copy
    }
}

extension ChevronLayout: LayoutPart {
    func visitParts(_ visitor: inout some LayoutPartVisitor) {}

    /// The chevron reflected and turned round (`›` becomes `‹` and back).
    public func mirrored(in width: Double) -> ChevronLayout {
        var copy = self
        copy.frame = frame.mirrored(in: width)
        copy.direction = direction == .forward ? .back : .forward
        return copy
    }
}

extension SheetLayout {
    /// The sheet as a right-to-left UI draws it: every frame reflected (see ``Mirrorable``).
    public func mirrored() -> SheetLayout { mirrored(in: size.width) }
}

extension CardLayout {
    /// The card as a right-to-left UI draws it: every frame reflected (see ``Mirrorable``). The
    /// list behind a presented sheet is left as it is: it was laid out (and mirrored) as a sheet.
    public func mirrored() -> CardLayout { mirrored(in: size.width) }
}
