/// A rectangle in points (origin top-left, y down).
public struct Rect: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// The horizontal centre.
    public var midX: Double { x + width / 2 }
    /// The vertical centre.
    public var midY: Double { y + height / 2 }

    /// The same rectangle moved down by `dy`.
    public func offsetBy(dy: Double) -> Rect { Rect(x: x, y: y + dy, width: width, height: height) }

    /// Whether `other` lies entirely inside this rectangle (with a tolerance for rounding).
    public func contains(_ other: Rect, tolerance: Double = 1e-6) -> Bool {
        other.x >= x - tolerance && other.y >= y - tolerance && other.maxX <= maxX + tolerance
            && other.maxY <= maxY + tolerance
    }

    /// Whether the two rectangles share any area.
    public func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// The pixel rectangle at `scale`: edges are rounded independently, so adjacent rectangles
    /// stay adjacent in pixels.
    public func pixels(scale: Double) -> PixelRect {
        let left = Int((x * scale).rounded())
        let top = Int((y * scale).rounded())
        let right = Int((maxX * scale).rounded())
        let bottom = Int((maxY * scale).rounded())
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    public var description: String { "(\(x), \(y), \(width) × \(height))" }
}

/// A rectangle in whole pixels.
public struct PixelRect: Sendable, Hashable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// Creates a pixel rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge (exclusive).
    public var maxX: Int { x + width }
    /// The bottom edge (exclusive).
    public var maxY: Int { y + height }
}

/// A size in points.
public struct Size: Sendable, Hashable, Codable {
    public var width: Double
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// Safe-area insets in points.
public struct EdgeInsets: Sendable, Hashable, Codable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    /// Creates insets.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}
