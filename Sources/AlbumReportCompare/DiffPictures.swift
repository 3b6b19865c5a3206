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
    /// How the pictures are compressed: runs only, the cheapest setting that still shrinks them
    /// well (they are for people to look at, not to archive).
    static let strategy = PNGRowWriter.Strategy.runs

    let width: Int
    let height: Int
    private let diffWriter: PNGRowWriter
    /// Whether the diff is written as indices of ``DiffPalette`` (at full size).
    private let diffIndexed: Bool
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
        // At full size the diff has the few colours of ``DiffPalette``: written as palette
        // indices, a quarter of the bytes to compress. Downscaled, its blocks are averages.
        diffIndexed = diffFactor == 1
        diffWriter =
            diffIndexed
            ? try PNGRowWriter(width: width, height: height, palette: DiffPalette.colors, strategy: Self.strategy)
            : try PNGRowWriter(
                width: diffScaler.outputWidth, height: (height + diffFactor - 1) / diffFactor, strategy: Self.strategy)
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
            width: sideWidth, height: 2 * Self.gap + (height + sideFactor - 1) / sideFactor, strategy: Self.strategy)
        try sideWriter.write([UInt32](repeating: Self.ground, count: sideWidth * Self.gap))
    }

    /// Adds rows: the same rows of the expected image, the actual image and the diff (each
    /// `width` pixels a row).
    mutating func add(
        expected: ArraySlice<UInt32>, actual: ArraySlice<UInt32>, diff: ArraySlice<UInt32>
    )
        throws(PNGRowWriter.Failure)
    {
        if diffIndexed {
            try diffWriter.write(indices: DiffPalette.indices(of: diff))
        } else {
            try diffWriter.write(diffScaler.add(diff))
        }
        let panels = [sideScalers[0].add(expected), sideScalers[1].add(actual), sideScalers[2].add(diff)]
        try sideWriter.write(composeSide(panels))
    }

    /// Ends both pictures: (diff, side by side) PNG data.
    mutating func finish() throws(PNGRowWriter.Failure) -> (diff: Data, sideBySide: Data) {
        if !diffIndexed { try diffWriter.write(diffScaler.flush()) }
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

/// The colours of a full-size diff, as ``PixelComparator`` draws it: pixelmatch's faded greys
/// (255 less a tenth of a pixel's brightness, scaled by its alpha: 229 to 255), the red of a
/// difference, the yellow of anti-aliasing and the blue of a masked pixel.
enum DiffPalette {
    /// The faded greys' range.
    static let greys: ClosedRange<UInt32> = 229...255
    static let colors: [UInt32] =
        greys.map { $0 | $0 << 8 | $0 << 16 | 0xFF00_0000 }
        + [PixelComparator.differenceColor, PixelComparator.antialiasingColor, PixelComparator.maskedColor]

    /// The palette index of each pixel of `pixels`; a pixel of no palette colour is an error
    /// (the picture is then left out, the figures stand).
    static func indices(of pixels: ArraySlice<UInt32>) throws(PNGRowWriter.Failure) -> [UInt8] {
        var indices = [UInt8](repeating: 0, count: pixels.count)
        var unknown: UInt32?
        indices.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { input in
                for position in 0..<input.count {
                    let pixel = input[position]
                    let grey = pixel & 0xFF
                    if pixel == grey | grey << 8 | grey << 16 | 0xFF00_0000 && grey >= greys.lowerBound {
                        out[position] = UInt8(grey - greys.lowerBound)
                    } else if pixel == PixelComparator.differenceColor {
                        out[position] = UInt8(greys.count)
                    } else if pixel == PixelComparator.antialiasingColor {
                        out[position] = UInt8(greys.count + 1)
                    } else if pixel == PixelComparator.maskedColor {
                        out[position] = UInt8(greys.count + 2)
                    } else {
                        unknown = pixel
                    }
                }
            }
        }
        if let unknown {
            throw PNGRowWriter.Failure(
                description: "the diff has a colour (\(String(unknown, radix: 16))) outside its palette")
        }
        return indices
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

    /// Whether a block's channel sums fit 16 bits (factor² pixels of 255 at most 65,535: a factor
    /// up to 16): then two channels are summed in one 32-bit word, R with B and G with A, and a
    /// block's sums are kept so, half the work a pixel.
    private var packedSums: Bool { factor <= 16 }

    /// Adds the row at `start` in `rows` to the blocks' sums and marks.
    private mutating func accumulate(_ rows: ArraySlice<UInt32>, from start: Int) {
        let (width, factor, keeps, packed) = (self.width, self.factor, keepsDifferences, packedSums)
        rows.withUnsafeBufferPointer { input in
            sums.withUnsafeMutableBufferPointer { sums in
                marks.withUnsafeMutableBufferPointer { marks in
                    guard let row = input.baseAddress.map({ $0 + start }) else { return }
                    if keeps { Self.mark(row, width: width, factor: factor, into: marks) }
                    Self.sum(row, width: width, factor: factor, packed: packed, into: sums)
                }
            }
        }
    }

    /// Marks each block that holds a differing pixel (2) or else an anti-aliased one (1).
    @inline(__always)
    private static func mark(
        _ row: UnsafePointer<UInt32>, width: Int, factor: Int, into marks: UnsafeMutableBufferPointer<UInt8>
    ) {
        let red = PixelComparator.differenceColor
        let yellow = PixelComparator.antialiasingColor
        var x = 0
        var column = 0
        while x < width {
            var mark = marks[column]
            for index in x..<min(x + factor, width) {
                let pixel = row[index]
                if pixel == red {
                    mark = 2
                } else if pixel == yellow && mark == 0 {
                    mark = 1
                }
            }
            marks[column] = mark
            x += factor
            column += 1
        }
    }

    /// Adds the row's pixels to their blocks' channel sums (``packedSums``: two channels a word).
    @inline(__always)
    private static func sum(
        _ row: UnsafePointer<UInt32>, width: Int, factor: Int, packed: Bool,
        into sums: UnsafeMutableBufferPointer<UInt32>
    ) {
        let mask: UInt32 = 0x00FF_00FF
        let whole = width / factor
        if packed && factor == 2 {
            for column in 0..<whole {
                let one = row[2 * column]
                let two = row[2 * column + 1]
                sums[column * 4] &+= (one & mask) &+ (two & mask)
                sums[column * 4 + 1] &+= ((one >> 8) & mask) &+ ((two >> 8) & mask)
            }
        } else if packed {
            for column in 0..<whole {
                var (redBlue, greenAlpha) = (UInt32(0), UInt32(0))
                for index in (column * factor)..<(column * factor + factor) {
                    let pixel = row[index]
                    redBlue &+= pixel & mask
                    greenAlpha &+= (pixel >> 8) & mask
                }
                sums[column * 4] &+= redBlue
                sums[column * 4 + 1] &+= greenAlpha
            }
        }
        // The columns left: all of them unpacked, the last, partial block packed.
        for column in (packed ? whole : 0)..<((width + factor - 1) / factor) {
            for index in (column * factor)..<min(column * factor + factor, width) {
                let pixel = row[index]
                if packed {
                    sums[column * 4] &+= pixel & mask
                    sums[column * 4 + 1] &+= (pixel >> 8) & mask
                } else {
                    sums[column * 4] &+= pixel & 0xFF
                    sums[column * 4 + 1] &+= (pixel >> 8) & 0xFF
                    sums[column * 4 + 2] &+= (pixel >> 16) & 0xFF
                    sums[column * 4 + 3] &+= pixel >> 24
                }
            }
        }
    }

    private mutating func emit() -> [UInt32] {
        let (width, factor, rowsInBlock, outputWidth) = (self.width, self.factor, self.rowsInBlock, self.outputWidth)
        let packed = packedSums
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
                            // A power of two (a whole 2 × 2 block) shifts: a division a channel was
                            // half of this function's time.
                            let shift = count & (count - 1) == 0 ? UInt32(count.trailingZeroBitCount) : nil
                            let (red, green, blue, alpha) =
                                packed
                                ? (
                                    sums[column * 4] & 0xFFFF, sums[column * 4 + 1] & 0xFFFF, sums[column * 4] >> 16,
                                    sums[column * 4 + 1] >> 16
                                )
                                : (sums[column * 4], sums[column * 4 + 1], sums[column * 4 + 2], sums[column * 4 + 3])
                            if let shift {
                                row[column] =
                                    red >> shift | (green >> shift) << 8 | (blue >> shift) << 16 | (alpha >> shift)
                                    << 24
                            } else {
                                row[column] =
                                    red / count | (green / count) << 8 | (blue / count) << 16 | (alpha / count) << 24
                            }
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
