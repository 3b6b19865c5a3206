/// A named frame, as recorded in the manifest.
public struct LayoutElement: Sendable, Hashable, Codable {
    /// What it is (`row`, `thumbnail`, `button`, …).
    public var name: String
    /// The item's rank, for per-item elements.
    public var rank: Int?
    /// The frame in points.
    public var frame: Rect

    /// Creates an element.
    public init(name: String, rank: Int? = nil, frame: Rect) {
        self.name = name
        self.rank = rank
        self.frame = frame
    }
}
