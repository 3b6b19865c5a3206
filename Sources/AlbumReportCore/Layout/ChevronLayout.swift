/// A chevron drawn as two strokes: `›` (disclosure) or `‹` (back).
public struct ChevronLayout: Sendable, Hashable, Codable {
    /// Which way it points.
    public enum Direction: String, Sendable, Hashable, Codable { case forward, back }
    public var frame: Rect
    public var direction: Direction
    public var strokeWidth: Double
    public var color: RGBA
}
