import AlbumReportCore
import Foundation

/// The diff and side-by-side pictures of a mismatch, encoded as their rows arrive (libpng, one
/// row at a time), so that neither picture is ever whole in memory. A picture whose longest
/// side would exceed ``maximumSide`` pixels is downscaled by the smallest whole factor that
/// brings it within: in the diff, a block with any differing pixel stays red (then yellow for
/// anti-aliasing), other blocks are averaged, so that a one-pixel change stays visible.
struct DiffPictures {
    /// The longest side, in pixels, a picture is written at.
    static let maximumSide = 4096
    /// The grey ground and gaps of the side-by-side picture.
    static let gap = 16
    static let ground = PixelBuffer.pack(RGBA(red: 128, green: 128, blue: 128))

    let width: Int
    let height: Int
    private let diffWriter: PNGRowWriter
    private let sideWriter: PNGRowWriter
    private var diffScaler: RowDownscaler
    private var sideScalers: [RowDownscaler]
    private let sideWidth: Int

    /// The whole factor that brings `width` × `height` (plus `extraWidth` and `extraHeight` of
    /// fixed margins) within ``maximumSide``.
    static func factor(width: Int, height: Int, extraWidth: Int = 0, extraHeight: Int = 0, panels: Int = 1) -> Int {
        var factor = 1
        while extraWidth + panels * ((width + factor - 1) / factor) > maximumSide
            || extraHeight + (height + factor - 1) / factor > maximumSide
        {
            factor += 1
        }
        return factor
    }

    /// Starts both pictures for two `width` × `height` images.
    init(width: Int, height: Int) throws(PNGRowWriter.Failure) {
        self.width = width
        self.height = height
        let diffFactor = Self.factor(width: width, height: height)
        diffScaler = RowDownscaler(width: width, factor: diffFactor, keepsDifferences: true)
        diffWriter = try PNGRowWriter(width: diffScaler.outputWidth, height: (height + diffFactor - 1) / diffFactor)
        let sideFactor = Self.factor(
            width: width, height: height, extraWidth: 4 * Self.gap, extraHeight: 2 * Self.gap, panels: 3)
        sideScalers = [
            RowDownscaler(width: width, factor: sideFactor, keepsDifferences: false),
            RowDownscaler(width: width, factor: sideFactor, keepsDifferences: false),
            RowDownscaler(width: width, factor: sideFactor, keepsDifferences: true),
        ]
        let panelWidth = sideScalers[0].outputWidth
        sideWidth = 4 * Self.gap + 3 * panelWidth
        sideWriter = try PNGRowWriter(
            width: sideWidth, height: 2 * Self.gap + (height + sideFactor - 1) / sideFactor)
        try sideWriter.write([UInt32](repeating: Self.ground, count: sideWidth * Self.gap))
    }

    /// Adds rows: the same rows of the expected image, the actual image and the diff (each
    /// `width` pixels a row).
    mutating func add(
        expected: ArraySlice<UInt32>, actual: ArraySlice<UInt32>, diff: ArraySlice<UInt32>
    )
        throws(PNGRowWriter.Failure)
    {
        try diffWriter.write(diffScaler.add(diff))
        let panels = [sideScalers[0].add(expected), sideScalers[1].add(actual), sideScalers[2].add(diff)]
        try sideWriter.write(composeSide(panels))
    }

    /// Ends both pictures: (diff, side by side) PNG data.
    mutating func finish() throws(PNGRowWriter.Failure) -> (diff: Data, sideBySide: Data) {
        try diffWriter.write(diffScaler.flush())
        let panels = [sideScalers[0].flush(), sideScalers[1].flush(), sideScalers[2].flush()]
        try sideWriter.write(composeSide(panels))
        try sideWriter.write([UInt32](repeating: Self.ground, count: sideWidth * Self.gap))
        return (try diffWriter.finish(), try sideWriter.finish())
    }

    /// expected | actual | diff rows on the grey ground.
    private func composeSide(_ panels: [[UInt32]]) -> [UInt32] {
        let panelWidth = sideScalers[0].outputWidth
        let rows = panelWidth == 0 ? 0 : panels[0].count / panelWidth
        var out = [UInt32](repeating: Self.ground, count: rows * sideWidth)
        for row in 0..<rows {
            for (index, panel) in panels.enumerated() {
                let target = row * sideWidth + Self.gap + index * (panelWidth + Self.gap)
                out[target..<(target + panelWidth)] = panel[(row * panelWidth)..<((row + 1) * panelWidth)]
            }
        }
        return out
    }
}

/// Shrinks rows by a whole factor as they arrive: each output pixel stands for a factor ×
/// factor block. Pictures are averaged; a diff keeps its marks (any red pixel makes the block
/// red, else any yellow one yellow).
struct RowDownscaler {
    let width: Int
    let factor: Int
    let keepsDifferences: Bool
    let outputWidth: Int
    private var sums: [UInt32]
    private var counts: [UInt32]
    private var marks: [UInt8]
    private var rowsInBlock = 0

    init(width: Int, factor: Int, keepsDifferences: Bool) {
        self.width = width
        self.factor = max(factor, 1)
        self.keepsDifferences = keepsDifferences
        outputWidth = (width + self.factor - 1) / self.factor
        sums = self.factor == 1 ? [] : [UInt32](repeating: 0, count: outputWidth * 4)
        counts = self.factor == 1 ? [] : [UInt32](repeating: 0, count: outputWidth)
        marks = self.factor == 1 ? [] : [UInt8](repeating: 0, count: outputWidth)
    }

    /// Adds whole rows; returns the output rows they complete.
    mutating func add(_ rows: ArraySlice<UInt32>) -> [UInt32] {
        guard factor > 1 else { return Array(rows) }
        var out: [UInt32] = []
        var start = rows.startIndex
        while start < rows.endIndex {
            for x in 0..<width {
                let pixel = rows[start + x]
                let column = x / factor
                if keepsDifferences {
                    if pixel == PixelComparator.differenceColor {
                        marks[column] = 2
                    } else if pixel == PixelComparator.antialiasingColor {
                        marks[column] = max(marks[column], 1)
                    }
                }
                sums[column * 4] += pixel & 0xFF
                sums[column * 4 + 1] += (pixel >> 8) & 0xFF
                sums[column * 4 + 2] += (pixel >> 16) & 0xFF
                sums[column * 4 + 3] += pixel >> 24
                counts[column] += 1
            }
            start += width
            rowsInBlock += 1
            if rowsInBlock == factor { out += emit() }
        }
        return out
    }

    /// The last, partial block's row (when there is one).
    mutating func flush() -> [UInt32] {
        guard factor > 1, rowsInBlock > 0 else { return [] }
        return emit()
    }

    private mutating func emit() -> [UInt32] {
        var row = [UInt32](repeating: 0, count: outputWidth)
        for column in 0..<outputWidth {
            switch marks[column] {
            case 2: row[column] = PixelComparator.differenceColor
            case 1: row[column] = PixelComparator.antialiasingColor
            default:
                let count = max(counts[column], 1)
                row[column] =
                    sums[column * 4] / count | (sums[column * 4 + 1] / count) << 8
                    | (sums[column * 4 + 2] / count) << 16 | (sums[column * 4 + 3] / count) << 24
            }
            marks[column] = 0
            counts[column] = 0
            for channel in 0..<4 { sums[column * 4 + channel] = 0 }
        }
        rowsInBlock = 0
        return row
    }
}
