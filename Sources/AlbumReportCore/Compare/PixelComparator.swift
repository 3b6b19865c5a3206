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
        // Neighbouring pixels are mostly the same values: the last answers are kept.
        var state = RowState(
            flat: (a: [Bool](repeating: false, count: width), b: [Bool](repeating: false, count: width)),
            fade: FadeMemo(), memo: nil)
        for y in rows {
            let masked = masks.row(y, into: &rowMask)
            let rowA = a.row(y)
            let rowB = b.row(y)
            if !masked && memcmp(rowA, rowB, width * 4) == 0 {
                // The usual case for a golden: the whole row is the same, so nothing can differ.
                result.compared += width
                if let diff { for x in 0..<width { diff[written + x] = state.fade.faded(rowA[x]) } }
                written += width
                continue
            }
            compareRow(
                y, rowA, rowB, mask: masked ? rowMask : nil, views: (a, b), setting: setting,
                diff: diff.map { $0 + written }, state: &state, into: &result)
            written += width
        }
    }

    /// What ``compareRow`` carries from pixel to pixel and row to row: the rows' flat marks, and
    /// the last answers of the fade and of the colour delta.
    struct RowState {
        var flat: (a: [Bool], b: [Bool])
        var fade: FadeMemo
        var memo: (a: UInt32, b: UInt32, delta: Double)?
    }

    /// One row that is not the same in both images: each pixel compared (masked, same within the
    /// threshold, anti-aliased or different), its diff pixel into `diff`, its runs of differing
    /// pixels into `result`.
    @inline(__always)
    private static func compareRow(
        _ y: Int, _ rowA: UnsafePointer<UInt32>, _ rowB: UnsafePointer<UInt32>, mask: [Bool]?, views: (View, View),
        setting: Setting, diff: UnsafeMutablePointer<UInt32>?, state: inout RowState,
        into result: inout RowComparison
    ) {
        let width = views.0.width
        // Marked when the row's first difference needs them (a masked row may have none).
        var flatMarked = false
        var runStart = -1
        for x in 0..<width {
            let pixelA = rowA[x]
            let pixelB = rowB[x]
            var mark = pixelA
            var isDifferent = false
            if let mask, mask[x] {
                result.masked += 1
                mark = maskedColor
            } else {
                result.compared += 1
                let delta: Double
                if pixelA == pixelB {
                    delta = 0
                } else if let memo = state.memo, memo.a == pixelA, memo.b == pixelB {
                    delta = memo.delta
                } else {
                    delta = colorDelta(pixelA, pixelB, offset: 4 * (y * width + x), brightnessOnly: false)
                    // Only opaque pixels' delta is the same wherever they are (a translucent
                    // one is blended over a background that depends on its place).
                    state.memo = pixelA >> 24 == 0xFF && pixelB >> 24 == 0xFF ? (pixelA, pixelB, delta) : nil
                }
                // pixelmatch's own test (not `<=`: a NaN threshold then passes every pixel, as there).
                if !(abs(delta) > setting.maxDelta) {
                    mark = state.fade.faded(pixelA)
                } else if !setting.countAntialiasing
                    && isAntialiased(x, y, views.0, views.1, flat: &state.flat, flatMarked: &flatMarked)
                {
                    result.antialiased += 1
                    mark = antialiasingColor
                } else {
                    result.different += 1
                    isDifferent = true
                    mark = differenceColor
                }
            }
            if let diff { diff[x] = mark }
            if isDifferent {
                if runStart < 0 { runStart = x }
            } else if runStart >= 0 {
                result.runs.append(DifferingRun(y: y, start: runStart, end: x))
                runStart = -1
            }
        }
        if runStart >= 0 { result.runs.append(DifferingRun(y: y, start: runStart, end: width)) }
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
}
