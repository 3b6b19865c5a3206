/// Perceptual per-pixel comparison with anti-aliasing detection, on raw buffers.
///
/// The colour difference is pixelmatch's YIQ-weighted delta (Kotsarenko and Ramos, "Measuring
/// perceived color difference using YIQ NTSC transmission color space"). A differing pixel is
/// counted as anti-aliasing, not as a difference, when either image shows it is an edge pixel
/// (pixelmatch's test: it lies between darker and brighter neighbours that sit in flat regions of
/// both images), or when both images' colours at it appear within one pixel in the other image —
/// what a one-pixel shift of anti-aliased text produces.
public enum PixelComparator {
    /// The diff image's colours.
    public static let differenceColor: UInt32 = 0xFF_0000
    public static let antialiasingColor: UInt32 = 0xFF_D700

    /// Compares `expected` with `actual`. Images of different sizes are compared over their
    /// overlapping region and reported as a size mismatch. Rows are split into `bands` that run
    /// concurrently. When `diffImage` is true, also returns the diff: red differences and yellow
    /// anti-aliasing over a faded grey copy of `expected` (parts only one image has are red).
    public static func compare(
        _ expected: PixelBuffer, _ actual: PixelBuffer, options: CompareOptions = CompareOptions(),
        diffImage: Bool = false, bands: Int = 4
    ) async -> (difference: PixelDifference, diff: PixelBuffer?) {
        let width = min(expected.width, actual.width)
        let height = min(expected.height, actual.height)
        let maxDelta = 35215 * options.threshold * options.threshold
        let bandCount = max(1, min(bands, height))
        let rowsPerBand = (height + bandCount - 1) / max(bandCount, 1)

        let results = await withTaskGroup(of: BandResult.self, returning: [BandResult].self) { group in
            for band in 0..<bandCount {
                let rows = (band * rowsPerBand)..<min((band + 1) * rowsPerBand, height)
                guard !rows.isEmpty else { continue }
                group.addTask {
                    compareBand(
                        expected, actual, rows: rows, width: width, height: height, maxDelta: maxDelta,
                        masks: options.masks, diffImage: diffImage)
                }
            }
            var all: [BandResult] = []
            for await result in group { all.append(result) }
            return all.sorted { $0.firstRow < $1.firstRow }
        }

        var difference = PixelDifference(comparedPixels: 0, differentPixels: 0, antialiasedPixels: 0, maskedPixels: 0)
        for result in results {
            difference.comparedPixels += result.compared
            difference.differentPixels += result.different
            difference.antialiasedPixels += result.antialiased
            difference.maskedPixels += result.masked
        }
        if expected.width != actual.width || expected.height != actual.height {
            difference.sizeMismatch = .init(
                expectedWidth: expected.width, expectedHeight: expected.height, actualWidth: actual.width,
                actualHeight: actual.height)
        }
        guard diffImage else { return (difference, nil) }

        let diffWidth = max(expected.width, actual.width)
        let diffHeight = max(expected.height, actual.height)
        var diff = PixelBuffer(width: diffWidth, height: diffHeight, fill: differenceColor)
        diff.pixels.withUnsafeMutableBufferPointer { output in
            for result in results {
                for (offset, row) in result.rows.enumerated() {
                    let y = result.firstRow + offset
                    for x in 0..<width { output[y * diffWidth + x] = row[x] }
                }
            }
        }
        return (difference, diff)
    }

    // MARK: - One band of rows

    private struct BandResult: Sendable {
        var firstRow: Int
        var compared = 0
        var different = 0
        var antialiased = 0
        var masked = 0
        var rows: [[UInt32]] = []
    }

    private static func compareBand(
        _ expected: PixelBuffer, _ actual: PixelBuffer, rows: Range<Int>, width: Int, height: Int, maxDelta: Double,
        masks: [PixelRect], diffImage: Bool
    ) -> BandResult {
        var result = BandResult(firstRow: rows.lowerBound)
        let a = Plane(buffer: expected, width: width, height: height)
        let b = Plane(buffer: actual, width: width, height: height)
        for y in rows {
            var outputRow = diffImage ? [UInt32](repeating: 0, count: width) : []
            let rowMasks = masks.filter { y >= $0.y && y < $0.maxY }
            for x in 0..<width {
                let pixelA = a[x, y]
                let pixelB = b[x, y]
                if !rowMasks.isEmpty && rowMasks.contains(where: { x >= $0.x && x < $0.maxX }) {
                    result.masked += 1
                    if diffImage { outputRow[x] = faded(pixelA, tint: true) }
                    continue
                }
                result.compared += 1
                if pixelA == pixelB || abs(colorDelta(pixelA, pixelB)) <= maxDelta {
                    if diffImage { outputRow[x] = faded(pixelA, tint: false) }
                    continue
                }
                let isAntialiasing =
                    isEdgePixel(a, x, y, other: b) || isEdgePixel(b, x, y, other: a)
                    || (appearsNearby(pixelB, in: a, x, y, maxDelta: maxDelta)
                        && appearsNearby(pixelA, in: b, x, y, maxDelta: maxDelta))
                if isAntialiasing {
                    result.antialiased += 1
                    if diffImage { outputRow[x] = antialiasingColor }
                } else {
                    result.different += 1
                    if diffImage { outputRow[x] = differenceColor }
                }
            }
            if diffImage { result.rows.append(outputRow) }
        }
        return result
    }

    /// Read access to the overlapping region of one image.
    private struct Plane {
        let buffer: PixelBuffer
        let width: Int
        let height: Int

        subscript(x: Int, y: Int) -> UInt32 { buffer.pixels[y * buffer.width + x] }
    }

    // MARK: - Colour maths

    /// The signed YIQ-weighted squared difference (sign: whether `b` is darker).
    static func colorDelta(_ a: UInt32, _ b: UInt32) -> Double {
        let (r1, g1, b1) = components(a)
        let (r2, g2, b2) = components(b)
        let y = luma(r1, g1, b1) - luma(r2, g2, b2)
        let i = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let q = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return luma(r1, g1, b1) > luma(r2, g2, b2) ? -delta : delta
    }

    /// The brightness difference only (for the edge test).
    static func brightnessDelta(_ a: UInt32, _ b: UInt32) -> Double {
        let (r1, g1, b1) = components(a)
        let (r2, g2, b2) = components(b)
        return luma(r1, g1, b1) - luma(r2, g2, b2)
    }

    private static func components(_ pixel: UInt32) -> (Double, Double, Double) {
        (Double((pixel >> 16) & 0xFF), Double((pixel >> 8) & 0xFF), Double(pixel & 0xFF))
    }

    private static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.298_895_31 + g * 0.586_622_47 + b * 0.114_482_23
    }

    private static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.595_977_99 - g * 0.274_176_10 - b * 0.321_801_89
    }

    private static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.211_470_17 - g * 0.522_617_24 + b * 0.311_147_07
    }

    /// A faded grey copy of a pixel (masked regions tinted blue).
    private static func faded(_ pixel: UInt32, tint: Bool) -> UInt32 {
        let (r, g, b) = components(pixel)
        let grey = UInt32(255 + (luma(r, g, b) - 255) * 0.1)
        return tint ? (grey - 40) << 16 | (grey - 20) << 8 | grey : grey << 16 | grey << 8 | grey
    }

    // MARK: - Anti-aliasing

    /// pixelmatch's edge test: the pixel has both a darker and a brighter neighbour, at most two
    /// neighbours of its own colour, and the darkest or brightest neighbour lies in a flat region of
    /// both images (so the pixel is a blend along an edge, not a change of content).
    private static func isEdgePixel(_ image: Plane, _ x: Int, _ y: Int, other: Plane) -> Bool {
        let x0 = max(x - 1, 0)
        let y0 = max(y - 1, 0)
        let x1 = min(x + 1, image.width - 1)
        let y1 = min(y + 1, image.height - 1)
        var zeroes = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        var darkest = 0.0
        var brightest = 0.0
        var darkestAt = (x: 0, y: 0)
        var brightestAt = (x: 0, y: 0)
        let center = image[x, y]
        for ny in y0...y1 {
            for nx in x0...x1 where nx != x || ny != y {
                let delta = brightnessDelta(center, image[nx, ny])
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestAt = (nx, ny)
                } else if delta > brightest {
                    brightest = delta
                    brightestAt = (nx, ny)
                }
            }
        }
        guard darkest != 0, brightest != 0 else { return false }
        return (hasManySiblings(image, darkestAt.x, darkestAt.y) && hasManySiblings(other, darkestAt.x, darkestAt.y))
            || (hasManySiblings(image, brightestAt.x, brightestAt.y)
                && hasManySiblings(other, brightestAt.x, brightestAt.y))
    }

    /// Whether more than two neighbours of (`x`, `y`) have exactly its colour.
    private static func hasManySiblings(_ image: Plane, _ x: Int, _ y: Int) -> Bool {
        let x0 = max(x - 1, 0)
        let y0 = max(y - 1, 0)
        let x1 = min(x + 1, image.width - 1)
        let y1 = min(y + 1, image.height - 1)
        var zeroes = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        let center = image[x, y]
        for ny in y0...y1 {
            for nx in x0...x1 where (nx != x || ny != y) && image[nx, ny] == center {
                zeroes += 1
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    /// Whether `pixel` matches (within the threshold) some pixel of `image` within one pixel of (`x`, `y`).
    private static func appearsNearby(_ pixel: UInt32, in image: Plane, _ x: Int, _ y: Int, maxDelta: Double) -> Bool {
        for ny in max(y - 1, 0)...min(y + 1, image.height - 1) {
            for nx in max(x - 1, 0)...min(x + 1, image.width - 1) where nx != x || ny != y {
                if abs(colorDelta(pixel, image[nx, ny])) <= maxDelta { return true }
            }
        }
        return false
    }
}
