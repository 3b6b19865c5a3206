import AlbumReportCore
import Foundation

/// The diff and side-by-side pictures of a mismatch, encoded as their rows arrive (libpng, one
/// row at a time), so that neither picture is ever whole in memory. A diff whose longest side
/// would exceed ``maximumSide`` pixels (a side-by-side: ``maximumSideBySide``) is downscaled by
/// the smallest whole factor that brings it within: in the diff, a block with any differing pixel stays red (then yellow for
/// anti-aliasing), other blocks are averaged, so that a one-pixel change stays visible.
package struct DiffPictures {
    /// The longest side, in pixels, the diff is written at.
    static let maximumSide = 4096
    /// The longest side, in pixels, the side-by-side is written at: an overview of three images
    /// the report also holds whole, so half the diff's size (for an iPhone screen, half its
    /// resolution: a quarter of the pixels to encode).
    package static let maximumSideBySide = 2048
    /// The grey ground and gaps of the side-by-side picture.
    package static let gap = 16
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
    package static func factor(
        width: Int, height: Int, extraWidth: Int = 0, extraHeight: Int = 0, panels: Int = 1, limit: Int = maximumSide
    ) -> Int {
        var factor = 1
        while extraWidth + panels * ((width + factor - 1) / factor) > limit
            || extraHeight + (height + factor - 1) / factor > limit
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
            width: width, height: height, extraWidth: 4 * Self.gap, extraHeight: 2 * Self.gap, panels: 3,
            limit: Self.maximumSideBySide)
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
    /// Per output column: the sums of its block's R, G, B and A so far.
    private var sums: [UInt32]
    /// Per output column: 2 when its block has a differing pixel, 1 an anti-aliased one.
    private var marks: [UInt8]
    private var rowsInBlock = 0

    init(width: Int, factor: Int, keepsDifferences: Bool) {
        self.width = width
        self.factor = max(factor, 1)
        self.keepsDifferences = keepsDifferences
        outputWidth = (width + self.factor - 1) / self.factor
        sums = self.factor == 1 ? [] : [UInt32](repeating: 0, count: outputWidth * 4)
        marks = self.factor == 1 ? [] : [UInt8](repeating: 0, count: outputWidth)
    }

    /// Adds whole rows; returns the output rows they complete.
    mutating func add(_ rows: ArraySlice<UInt32>) -> [UInt32] {
        guard factor > 1 else { return Array(rows) }
        var out: [UInt32] = []
        var start = 0
        while start < rows.count {
            accumulate(rows, from: start)
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

    /// Adds the row at `start` in `rows` to the blocks' sums and marks.
    private mutating func accumulate(_ rows: ArraySlice<UInt32>, from start: Int) {
        let (width, factor, keeps) = (self.width, self.factor, keepsDifferences)
        let red = PixelComparator.differenceColor
        let yellow = PixelComparator.antialiasingColor
        rows.withUnsafeBufferPointer { input in
            sums.withUnsafeMutableBufferPointer { sums in
                marks.withUnsafeMutableBufferPointer { marks in
                    var x = 0
                    var column = 0
                    while x < width {
                        let end = min(x + factor, width)
                        var (r, g, b, a) = (UInt32(0), UInt32(0), UInt32(0), UInt32(0))
                        var mark = marks[column]
                        for index in (start + x)..<(start + end) {
                            let pixel = input[index]
                            r &+= pixel & 0xFF
                            g &+= (pixel >> 8) & 0xFF
                            b &+= (pixel >> 16) & 0xFF
                            a &+= pixel >> 24
                            if keeps {
                                if pixel == red {
                                    mark = 2
                                } else if pixel == yellow && mark == 0 {
                                    mark = 1
                                }
                            }
                        }
                        sums[column * 4] &+= r
                        sums[column * 4 + 1] &+= g
                        sums[column * 4 + 2] &+= b
                        sums[column * 4 + 3] &+= a
                        marks[column] = mark
                        x = end
                        column += 1
                    }
                }
            }
        }
    }

    private mutating func emit() -> [UInt32] {
        let (width, factor, rowsInBlock, outputWidth) = (self.width, self.factor, self.rowsInBlock, self.outputWidth)
        var row = [UInt32](repeating: 0, count: outputWidth)
        row.withUnsafeMutableBufferPointer { row in
            sums.withUnsafeMutableBufferPointer { sums in
                marks.withUnsafeMutableBufferPointer { marks in
                    for column in 0..<outputWidth {
                        switch marks[column] {
                        case 2: row[column] = PixelComparator.differenceColor
                        case 1: row[column] = PixelComparator.antialiasingColor
                        default:
                            let count = UInt32(max(min(factor, width - column * factor) * rowsInBlock, 1))
                            row[column] =
                                sums[column * 4] / count | (sums[column * 4 + 1] / count) << 8
                                | (sums[column * 4 + 2] / count) << 16 | (sums[column * 4 + 3] / count) << 24
                        }
                        marks[column] = 0
                        for channel in 0..<4 { sums[column * 4 + channel] = 0 }
                    }
                }
            }
        }
        self.rowsInBlock = 0
        return row
    }
}
