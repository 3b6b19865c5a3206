/// The explicit-content badge iOS draws after an explicit album's name: a small rounded square
/// with an "E", in the secondary label colour.
public struct BadgeLayout: Sendable, Hashable, Codable {
    public var frame: Rect
    public var color: RGBA

    /// The space between the text and the badge.
    static let spacing = 5.0

    /// The badge's side for text in `font` (about the capital height plus a little).
    static func side(for font: FontStyle) -> Double { (font.size * 0.8).rounded() }

    /// The width a line must leave free for the badge.
    static func room(for font: FontStyle) -> Double { side(for: font) + spacing }

    /// The badge after the last line of `block`, in the UI's direction (the English UI's: to its
    /// right, whatever the script of the name, as a view after the label in a left-to-right
    /// stack), centred on the line's lowercase letters.
    static func after(_ block: TextBlock, color: RGBA) -> BadgeLayout? {
        guard let line = block.lines.last else { return nil }
        let side = side(for: block.font)
        let x = line.x + line.width + spacing
        let midY = line.baseline - block.font.size * 0.36
        return BadgeLayout(frame: Rect(x: x, y: midY - side / 2, width: side, height: side), color: color)
    }
}

extension BadgeLayout: FramedPart {}
