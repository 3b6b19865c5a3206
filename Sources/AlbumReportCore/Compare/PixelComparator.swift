import Foundation

/// Perceptual per-pixel comparison with anti-aliasing detection, on raw RGBA buffers: the
/// algorithm of pixelmatch 7.1.0 (mapbox/pixelmatch, ISC licence), reimplemented, so that its
/// own test suite's counts are ours.
///
/// - The colour difference is the YIQ-weighted squared delta of Kotsarenko and Ramos ("Measuring
///   perceived color difference using YIQ NTSC transmission color space in mobile applications");
///   a pixel differs when it exceeds `35215 × threshold²`.
/// - A pixel with any transparency is blended over a background that varies from pixel to pixel
///   (pixelmatch ≥ 7.1), so that transparent never passes for white or black.
/// - A differing pixel is anti-aliasing, not counted, only when it lies on an edge in either
///   image: it has both darker and brighter neighbours, at most two neighbours of its own colour,
///   and its darkest or brightest neighbour sits in a flat region of both images (Vysniauskas,
///   "Anti-aliased Pixel and Intensity Slope Detector", 2009). A solid element moved by one
///   pixel is therefore a difference.
public enum PixelComparator {
    /// The diff image's colours (opaque RGBA, packed as ``PixelBuffer`` packs them).
    public static let differenceColor = PixelBuffer.pack(RGBA(red: 255, green: 0, blue: 0))
    public static let antialiasingColor = PixelBuffer.pack(RGBA(red: 255, green: 255, blue: 0))
    public static let maskedColor = PixelBuffer.pack(RGBA(red: 200, green: 220, blue: 255))

    /// Compares `expected` with `actual`. Images of different sizes are compared over their
    /// overlapping region and reported as a size mismatch. Rows are split into `bands` that run
    /// concurrently. When `diffImage` is true, also returns the diff as pixelmatch draws it: red
    /// differences and yellow anti-aliasing over a faded grey copy of `expected` (masked regions
    /// tinted blue, parts only one image has red).
    public static func compare(
        _ expected: PixelBuffer, _ actual: PixelBuffer, options: CompareOptions = CompareOptions(),
        diffImage: Bool = false, bands: Int = 4
    ) async -> (difference: PixelDifference, diff: PixelBuffer?) {
        let job = Job(expected, actual, options: options)
        let bandCount = max(1, min(bands, job.height))
        let rowsPerBand = (job.height + bandCount - 1) / bandCount
        let results = await withTaskGroup(of: RowComparison.self, returning: [RowComparison].self) { group in
            for band in 0..<bandCount {
                let rows = (band * rowsPerBand)..<min((band + 1) * rowsPerBand, job.height)
                guard !rows.isEmpty else { continue }
                group.addTask { job.band(rows, diffImage: diffImage) }
            }
            var all: [RowComparison] = []
            for await result in group { all.append(result) }
            return all.sorted { $0.rows.lowerBound < $1.rows.lowerBound }
        }
        return job.assemble(results, diffImage: diffImage)
    }

    /// ``compare(_:_:options:diffImage:bands:)`` on the calling thread, for callers that cannot
    /// await (swift-snapshot-testing's `Diffing` closures). Same figures, same diff image.
    public static func compareSynchronously(
        _ expected: PixelBuffer, _ actual: PixelBuffer, options: CompareOptions = CompareOptions(),
        diffImage: Bool = false
    ) -> (difference: PixelDifference, diff: PixelBuffer?) {
        let job = Job(expected, actual, options: options)
        return job.assemble([job.band(0..<job.height, diffImage: diffImage)], diffImage: diffImage)
    }

    /// Compares `rows` of two images of the same size (`width` × `height`) held as windows of
    /// rows: the streamed comparison's step. Each window must hold `rows` and the two rows above
    /// and below them that exist (the anti-aliasing test looks two rows away). `options.masks`
    /// are in image coordinates. The figures are those the whole-image comparison finds for
    /// these rows; the clusters are left to a ``ClusterTracker`` fed with the runs.
    public static func compareRows(
        _ rows: Range<Int>, expected: PixelRows, actual: PixelRows, height: Int, options: CompareOptions,
        diffImage: Bool
    ) -> RowComparison {
        for window in [expected, actual] {
            precondition(
                window.width == expected.width && window.pixels.count == window.rowCount * window.width
                    && (rows.isEmpty
                        || (window.firstRow <= rows.lowerBound && rows.upperBound <= window.rows.upperBound)),
                "compareRows: both windows must be as wide and hold the rows compared")
        }
        let setting = Setting(
            maxDelta: 35215 * options.threshold * options.threshold, countAntialiasing: options.failOnAntialiasing)
        return compareBand(
            Plane(expected, height: height), Plane(actual, height: height), rows: rows,
            masks: RowMasks(options.masks, width: expected.width), setting: setting, diffImage: diffImage)
    }

    /// One comparison's inputs, shared by its bands.
    private struct Job: Sendable {
        var options: CompareOptions
        var width: Int
        var height: Int
        var expected: PixelBuffer
        var actual: PixelBuffer
        var a: Plane
        var b: Plane
        var masks: RowMasks
        var setting: Setting

        init(_ expected: PixelBuffer, _ actual: PixelBuffer, options: CompareOptions) {
            // `pixels` is public: a buffer whose array was replaced by one of another size is a bug.
            precondition(
                expected.pixels.count == expected.width * expected.height
                    && actual.pixels.count == actual.width * actual.height,
                "PixelComparator: a buffer's pixels must be its width × height")
            self.options = options
            self.expected = expected
            self.actual = actual
            width = min(expected.width, actual.width)
            height = min(expected.height, actual.height)
            a = Plane(expected, width: width, height: height)
            b = Plane(actual, width: width, height: height)
            masks = RowMasks(options.masks, width: width)
            setting = Setting(
                maxDelta: 35215 * options.threshold * options.threshold,
                countAntialiasing: options.failOnAntialiasing)
        }

        func band(_ rows: Range<Int>, diffImage: Bool) -> RowComparison {
            compareBand(a, b, rows: rows, masks: masks, setting: setting, diffImage: diffImage)
        }

        /// The figures (and the diff image) from the bands' results, in row order.
        func assemble(
            _ results: [RowComparison], diffImage: Bool
        ) -> (difference: PixelDifference, diff: PixelBuffer?) {
            var difference = PixelDifference(
                comparedPixels: 0, differentPixels: 0, antialiasedPixels: 0, maskedPixels: 0)
            var clusters = ClusterTracker(minimumCluster: options.minimumCluster)
            for result in results {
                difference.add(result)
                clusters.add(result.runs)
            }
            clusters.finish(into: &difference)
            if expected.width != actual.width || expected.height != actual.height {
                difference.sizeMismatch = .init(
                    expectedWidth: expected.width, expectedHeight: expected.height, actualWidth: actual.width,
                    actualHeight: actual.height)
            }
            guard diffImage else { return (difference, nil) }
            let diffWidth = max(expected.width, actual.width)
            var diff = PixelBuffer(
                width: diffWidth, height: max(expected.height, actual.height),
                fill: .init(red: 255, green: 0, blue: 0))
            diff.pixels.withUnsafeMutableBufferPointer { output in
                for result in results {
                    for (offset, y) in result.rows.enumerated() {
                        let start = y * diffWidth
                        for x in 0..<width { output[start + x] = result.diff[offset * width + x] }
                    }
                }
            }
            return (difference, diff)
        }
    }

    // MARK: - One band of rows

    struct Setting: Sendable {
        var maxDelta: Double
        var countAntialiasing: Bool
    }

    private static func compareBand(
        _ a: Plane, _ b: Plane, rows: Range<Int>, masks: RowMasks, setting: Setting, diffImage: Bool
    ) -> RowComparison {
        var result = RowComparison(rows: rows)
        var diff = diffImage ? [UInt32](repeating: 0, count: rows.count * a.width) : []
        a.pixels.withUnsafeBufferPointer { one in
            b.pixels.withUnsafeBufferPointer { two in
                diff.withUnsafeMutableBufferPointer { out in
                    guard let first = one.baseAddress, let second = two.baseAddress else { return }
                    compareBand(
                        View(a, base: first), View(b, base: second), rows: rows, masks: masks, setting: setting,
                        diff: diffImage ? out.baseAddress : nil, into: &result)
                }
            }
        }
        result.diff = diff
        return result
    }

    /// The band's loop over raw pixels: the figures into `result`, the diff's pixels into `diff`
    /// (row after row from the band's first) when given.
    private static func compareBand(
        _ a: View, _ b: View, rows: Range<Int>, masks: RowMasks, setting: Setting,
        diff: UnsafeMutablePointer<UInt32>?, into result: inout RowComparison
    ) {
        let width = a.width
        var rowMask: [Bool] = []
        var written = 0
        // Per pixel of a row that differs: whether it has more than two neighbours of its very
        // value in `a` (in `b`), an image edge counting as one. The anti-aliasing test of such a
        // pixel answers no before it computes anything (it stops at the third zero delta, and an
        // equal neighbour is one), so where both are flat a difference is one, without the test.
        var flat = (a: [Bool](repeating: false, count: width), b: [Bool](repeating: false, count: width))
        // Neighbouring pixels are mostly the same values: the last answers are kept.
        var fade = FadeMemo()
        var memo: (a: UInt32, b: UInt32, delta: Double)?
        for y in rows {
            let masked = masks.row(y, into: &rowMask)
            let rowA = a.row(y)
            let rowB = b.row(y)
            if !masked && memcmp(rowA, rowB, width * 4) == 0 {
                // The usual case for a golden: the whole row is the same, so nothing can differ.
                result.compared += width
                if let diff { for x in 0..<width { diff[written + x] = fade.faded(rowA[x]) } }
                written += width
                continue
            }
            // Marked when the row's first difference needs them (a masked row may have none).
            var flatMarked = false
            var runStart = -1
            for x in 0..<width {
                let pixelA = rowA[x]
                let pixelB = rowB[x]
                var mark = pixelA
                var isDifferent = false
                if masked && rowMask[x] {
                    result.masked += 1
                    mark = maskedColor
                } else {
                    result.compared += 1
                    let delta: Double
                    if pixelA == pixelB {
                        delta = 0
                    } else if let memo, memo.a == pixelA, memo.b == pixelB {
                        delta = memo.delta
                    } else {
                        delta = colorDelta(pixelA, pixelB, offset: 4 * (y * width + x), brightnessOnly: false)
                        // Only opaque pixels' delta is the same wherever they are (a translucent
                        // one is blended over a background that depends on its place).
                        memo = pixelA >> 24 == 0xFF && pixelB >> 24 == 0xFF ? (pixelA, pixelB, delta) : nil
                    }
                    // pixelmatch's own test (not `<=`: a NaN threshold then passes every pixel, as there).
                    if !(abs(delta) > setting.maxDelta) {
                        mark = fade.faded(pixelA)
                    } else if !setting.countAntialiasing
                        && isAntialiased(x, y, a, b, flat: &flat, flatMarked: &flatMarked)
                    {
                        result.antialiased += 1
                        mark = antialiasingColor
                    } else {
                        result.different += 1
                        isDifferent = true
                        mark = differenceColor
                    }
                }
                if let diff { diff[written + x] = mark }
                if isDifferent {
                    if runStart < 0 { runStart = x }
                } else if runStart >= 0 {
                    result.runs.append(DifferingRun(y: y, start: runStart, end: x))
                    runStart = -1
                }
            }
            if runStart >= 0 { result.runs.append(DifferingRun(y: y, start: runStart, end: width)) }
            written += width
        }
    }

    /// pixelmatch's anti-aliasing test of a differing pixel, in either image, skipped where both
    /// are flat; the row's flat marks are made when its first differing pixel needs them.
    private static func isAntialiased(
        _ x: Int, _ y: Int, _ a: View, _ b: View, flat: inout (a: [Bool], b: [Bool]), flatMarked: inout Bool
    ) -> Bool {
        if !flatMarked {
            // The neighbour reads need the rows around `y` in both windows.
            a.checkCovers(y)
            b.checkCovers(y)
            flat.a.withUnsafeMutableBufferPointer { markFlat(a, row: y, into: $0) }
            flat.b.withUnsafeMutableBufferPointer { markFlat(b, row: y, into: $0) }
            flatMarked = true
        }
        if flat.a[x] && flat.b[x] { return false }
        return antialiased(a, x, y, other: b) || antialiased(b, x, y, other: a)
    }

    /// Marks each pixel of row `y` of `image` that has more than two neighbours of exactly its
    /// value, an image edge counting as one (``hasManySiblings(_:_:_:)``'s rule): such a pixel is
    /// never on an anti-aliased edge.
    package static func markFlat(_ image: View, row y: Int, into flat: UnsafeMutableBufferPointer<Bool>) {
        let width = image.width
        guard width > 0 else { return }
        let row = image.row(y)
        let above = y > 0 ? image.row(y - 1) : nil
        let below = y + 1 < image.height ? image.row(y + 1) : nil
        let edgeRow = above == nil || below == nil
        // Pixels at either end of the row, and every pixel of the first and last rows: the
        // general rule, neighbour by neighbour.
        func general(_ x: Int) {
            let center = row[x]
            var count = (x == 0 || x == width - 1 || edgeRow) ? 1 : 0
            for dx in -1...1 where x + dx >= 0 && x + dx < width {
                if dx != 0 && row[x + dx] == center { count += 1 }
                if let above, above[x + dx] == center { count += 1 }
                if let below, below[x + dx] == center { count += 1 }
            }
            flat[x] = count > 2
        }
        guard !edgeRow, width > 2, let above, let below else {
            for x in 0..<width { general(x) }
            return
        }
        general(0)
        general(width - 1)
        for x in 1..<(width - 1) {
            let center = row[x]
            var count = 0
            count &+= above[x - 1] == center ? 1 : 0
            count &+= above[x] == center ? 1 : 0
            count &+= above[x + 1] == center ? 1 : 0
            count &+= row[x - 1] == center ? 1 : 0
            count &+= row[x + 1] == center ? 1 : 0
            count &+= below[x - 1] == center ? 1 : 0
            count &+= below[x] == center ? 1 : 0
            count &+= below[x + 1] == center ? 1 : 0
            flat[x] = count > 2
        }
    }

    /// A plane's pixels as a raw pointer, for the inner loops (valid while the plane's array is
    /// pinned by `withUnsafeBufferPointer`).
    package struct View {
        let base: UnsafePointer<UInt32>
        let stride: Int
        let firstRow: Int
        let width: Int
        let height: Int
        /// How many rows the window holds.
        let rowCount: Int

        package init(_ plane: Plane, base: UnsafePointer<UInt32>) {
            self.base = base
            stride = plane.stride
            firstRow = plane.firstRow
            width = plane.width
            height = plane.height
            rowCount = plane.stride == 0 ? 0 : plane.pixels.count / plane.stride
        }

        /// Row `y`'s first pixel.
        func row(_ y: Int) -> UnsafePointer<UInt32> { base + (y - firstRow) * stride }

        /// Stops the process unless the window holds row `y` and the two rows either side of it
        /// that the image has (what the anti-aliasing test reads): a caller's windows too small
        /// are a bug, never a read outside them.
        func checkCovers(_ y: Int) {
            precondition(
                firstRow <= max(y - 2, 0) && min(y + 2, height - 1) < firstRow + rowCount,
                "compareRows: the windows must hold the rows compared and two rows either side")
        }

        subscript(x: Int, y: Int) -> UInt32 { base[(y - firstRow) * stride + x] }
    }

    /// Read access to the overlapping region of one image, or to a window of its rows.
    package struct Plane: Sendable {
        let pixels: [UInt32]
        /// Pixels per row in `pixels`.
        let stride: Int
        /// The image row `pixels` starts with.
        let firstRow: Int
        let width: Int
        let height: Int

        package init(_ buffer: PixelBuffer, width: Int, height: Int) {
            pixels = buffer.pixels
            stride = buffer.width
            firstRow = 0
            self.width = width
            self.height = height
        }

        init(_ rows: PixelRows, height: Int) {
            pixels = rows.pixels
            stride = rows.width
            firstRow = rows.firstRow
            width = rows.width
            self.height = height
        }

    }

    /// Which pixels are masked, row by row (masks may be many: every element of a kind), so that
    /// no bitmap of the whole image is ever made.
    struct RowMasks: Sendable {
        let width: Int
        let rects: [PixelRect]

        init(_ masks: [PixelRect], width: Int) {
            self.width = width
            rects = masks.filter { $0.width > 0 && $0.height > 0 && $0.x < width && $0.maxX > 0 }
        }

        /// Fills `bits` with row `y`'s mask and returns true, or returns false when no mask covers it.
        func row(_ y: Int, into bits: inout [Bool]) -> Bool {
            var covered = false
            for rect in rects where rect.y <= y && y < rect.maxY {
                if !covered {
                    bits = [Bool](repeating: false, count: width)
                    covered = true
                }
                for x in max(rect.x, 0)..<min(rect.maxX, width) { bits[x] = true }
            }
            return covered
        }
    }

    // MARK: - Colour maths

    /// pixelmatch's `colorDelta`: the signed YIQ-weighted squared difference of two pixels
    /// (negative when the second is brighter), or only the brightness difference. Pixels with
    /// any transparency are blended over a background chosen by the byte offset `offset` of the
    /// pixel in the image (48 or 207 per channel), so a transparent pixel is never white.
    static func colorDelta(_ first: UInt32, _ second: UInt32, offset k: Int, brightnessOnly: Bool) -> Double {
        let r1 = Double(first & 0xFF)
        let g1 = Double((first >> 8) & 0xFF)
        let b1 = Double((first >> 16) & 0xFF)
        let a1 = Double(first >> 24)
        let r2 = Double(second & 0xFF)
        let g2 = Double((second >> 8) & 0xFF)
        let b2 = Double((second >> 16) & 0xFF)
        let a2 = Double(second >> 24)
        var dr = r1 - r2
        var dg = g1 - g2
        var db = b1 - b2
        let da = a1 - a2
        if dr == 0 && dg == 0 && db == 0 && da == 0 { return 0 }
        if a1 < 255 || a2 < 255 {
            let rb = 48 + 159 * Double(k % 2)
            let gb = 48 + 159 * Double(Int(Double(k) / 1.618033988749895) % 2)
            let bb = 48 + 159 * Double(Int(Double(k) / 2.618033988749895) % 2)
            dr = (r1 * a1 - r2 * a2 - rb * da) / 255
            dg = (g1 * a1 - g2 * a2 - gb * da) / 255
            db = (b1 * a1 - b2 * a2 - bb * da) / 255
        }
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        if brightnessOnly { return y }
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    /// ``faded(_:)`` with its last answer kept.
    struct FadeMemo {
        private var pixel: UInt32 = 0
        private var value: UInt32 = PixelComparator.faded(0)

        mutating func faded(_ pixel: UInt32) -> UInt32 {
            if pixel != self.pixel {
                self.pixel = pixel
                value = PixelComparator.faded(pixel)
            }
            return value
        }
    }

    /// pixelmatch's grey background for similar pixels: brightness blended 90 % towards white.
    package static func faded(_ pixel: UInt32) -> UInt32 {
        let r = Double(pixel & 0xFF)
        let g = Double((pixel >> 8) & 0xFF)
        let b = Double((pixel >> 16) & 0xFF)
        let a = Double(pixel >> 24)
        let value = 255 + (r * 0.29889531 + g * 0.58662247 + b * 0.11448223 - 255) * 0.1 * a / 255
        let grey = UInt32(max(0, min(255, value)))
        return grey | grey << 8 | grey << 16 | 0xFF << 24
    }

    // MARK: - Anti-aliasing

    /// pixelmatch's `antialiased`: whether (`x`, `y`) of `image` is an anti-aliased edge pixel.
    /// Neighbours are visited column by column, as pixelmatch does (it decides which of two equally dark neighbours is "the
    /// darkest"). A neighbour of the very same value has a zero delta without the arithmetic.
    package static func antialiased(_ image: View, _ x1: Int, _ y1: Int, other: View) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, image.width - 1)
        let y2 = min(y1 + 1, image.height - 1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minimum = 0.0
        var maximum = 0.0
        var darkest = (x: 0, y: 0)
        var brightest = (x: 0, y: 0)
        let center = image[x1, y1]
        let offset = 4 * (y1 * image.width + x1)
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let neighbour = image[x, y]
                let delta =
                    neighbour == center ? 0 : colorDelta(center, neighbour, offset: offset, brightnessOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minimum {
                    minimum = delta
                    darkest = (x, y)
                } else if delta > maximum {
                    maximum = delta
                    brightest = (x, y)
                }
            }
        }
        guard minimum != 0, maximum != 0 else { return false }
        return (hasManySiblings(image, darkest.x, darkest.y) && hasManySiblings(other, darkest.x, darkest.y))
            || (hasManySiblings(image, brightest.x, brightest.y) && hasManySiblings(other, brightest.x, brightest.y))
    }

    /// Whether more than two neighbours of (`x1`, `y1`) have exactly its value (an image edge
    /// counts as one).
    package static func hasManySiblings(_ image: View, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, image.width - 1)
        let y2 = min(y1 + 1, image.height - 1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        let center = image[x1, y1]
        for x in x0...x2 {
            for y in y0...y2 where (x != x1 || y != y1) && image[x, y] == center {
                zeroes += 1
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
