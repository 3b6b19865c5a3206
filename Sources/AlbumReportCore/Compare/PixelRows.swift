/// A window of consecutive rows of an image (pixels packed as ``PixelBuffer`` packs them): what
/// a streamed comparison holds of each image at a time.
public struct PixelRows: Sendable, Hashable {
    /// Pixels per row.
    public let width: Int
    /// The image row the window starts with.
    public var firstRow: Int
    /// The rows, one after another (`width` pixels each).
    public var pixels: [UInt32]

    /// Creates a window of `pixels.count / width` rows starting at image row `firstRow`.
    public init(width: Int, firstRow: Int = 0, pixels: [UInt32] = []) {
        self.width = width
        self.firstRow = firstRow
        self.pixels = pixels
    }

    /// How many rows the window holds.
    public var rowCount: Int { width == 0 ? 0 : pixels.count / width }

    /// The image rows the window holds.
    public var rows: Range<Int> { firstRow..<(firstRow + rowCount) }
}

/// A horizontal run of differing pixels in one row: `start..<end` of row `y`.
public struct DifferingRun: Sendable, Hashable {
    public var y: Int
    public var start: Int
    public var end: Int

    /// Creates a run.
    public init(y: Int, start: Int, end: Int) {
        self.y = y
        self.start = start
        self.end = end
    }
}

/// What comparing some rows found: the counts, the differing pixels as runs (row order), and the
/// rows of the diff image when asked for.
public struct RowComparison: Sendable {
    /// The image rows compared.
    public var rows: Range<Int>
    public var compared = 0
    public var different = 0
    public var antialiased = 0
    public var masked = 0
    /// The differing (not anti-aliased, not masked) pixels, row by row, left to right.
    public var runs: [DifferingRun] = []
    /// The diff image's rows (`rows.count` × the compared width), or empty.
    public var diff: [UInt32] = []
}

extension PixelDifference {
    /// Adds the counts of some compared rows.
    public mutating func add(_ rows: RowComparison) {
        comparedPixels += rows.compared
        differentPixels += rows.different
        antialiasedPixels += rows.antialiased
        maskedPixels += rows.masked
    }
}
