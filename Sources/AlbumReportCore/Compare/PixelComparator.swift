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
        let results = await withTaskGroup(of: BandResult.self, returning: [BandResult].self) { group in
            for band in 0..<bandCount {
                let rows = (band * rowsPerBand)..<min((band + 1) * rowsPerBand, job.height)
                guard !rows.isEmpty else { continue }
                group.addTask { job.band(rows, diffImage: diffImage) }
            }
            var all: [BandResult] = []
            for await result in group { all.append(result) }
            return all.sorted { $0.firstRow < $1.firstRow }
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

    /// One comparison's inputs, shared by its bands.
    private struct Job: Sendable {
        var options: CompareOptions
        var width: Int
        var height: Int
        var a: Plane
        var b: Plane
        var mask: MaskMap
        var setting: Setting

        /// The expected image (the whole buffer; ``a`` reads its common part).
        var expected: PixelBuffer { a.buffer }
        /// The actual image.
        var actual: PixelBuffer { b.buffer }

        init(_ expected: PixelBuffer, _ actual: PixelBuffer, options: CompareOptions) {
            self.options = options
            width = min(expected.width, actual.width)
            height = min(expected.height, actual.height)
            a = Plane(expected, width: width, height: height)
            b = Plane(actual, width: width, height: height)
            mask = MaskMap(options.masks, width: width, height: height)
            setting = Setting(
                maxDelta: 35215 * options.threshold * options.threshold,
                countAntialiasing: options.failOnAntialiasing)
        }

        func band(_ rows: Range<Int>, diffImage: Bool) -> BandResult {
            compareBand(a, b, rows: rows, mask: mask, setting: setting, diffImage: diffImage)
        }

        /// The figures (and the diff image) from the bands' results, in row order.
        func assemble(_ results: [BandResult], diffImage: Bool) -> (difference: PixelDifference, diff: PixelBuffer?) {
            var difference = PixelDifference(
                comparedPixels: 0, differentPixels: 0, antialiasedPixels: 0, maskedPixels: 0)
            for result in results {
                difference.comparedPixels += result.compared
                difference.differentPixels += result.different
                difference.antialiasedPixels += result.antialiased
                difference.maskedPixels += result.masked
            }
            if difference.differentPixels > 0 {
                let differing = results.flatMap(\.differing)
                if options.minimumCluster > 1 {
                    difference.speckPixels = speckPixels(
                        differing, width: width, height: height, minimumCluster: options.minimumCluster)
                }
                difference.changedRegions = ChangedRegions.find(differing: differing, width: width, height: height)
            }
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
                    for (offset, row) in result.rows.enumerated() {
                        let start = (result.firstRow + offset) * diffWidth
                        for x in 0..<width { output[start + x] = row[x] }
                    }
                }
            }
            return (difference, diff)
        }
    }

    /// How many of the differing pixels (`indices` into a `width` × `height` image) lie in
    /// 8-connected clusters of fewer than `minimumCluster` pixels.
    static func speckPixels(_ indices: [Int], width: Int, height: Int, minimumCluster: Int) -> Int {
        // 0: not differing, 1: differing and not yet visited, 2: visited.
        var state = [UInt8](repeating: 0, count: width * height)
        for index in indices { state[index] = 1 }
        var specks = 0
        var stack: [Int] = []
        for start in indices where state[start] == 1 {
            state[start] = 2
            stack.append(start)
            var size = 0
            while let index = stack.popLast() {
                size += 1
                let x = index % width
                let y = index / width
                for ny in max(y - 1, 0)...min(y + 1, height - 1) {
                    for nx in max(x - 1, 0)...min(x + 1, width - 1) where state[ny * width + nx] == 1 {
                        state[ny * width + nx] = 2
                        stack.append(ny * width + nx)
                    }
                }
            }
            if size < minimumCluster { specks += size }
        }
        return specks
    }

    // MARK: - One band of rows

    struct Setting: Sendable {
        var maxDelta: Double
        var countAntialiasing: Bool
    }

    private struct BandResult: Sendable {
        var firstRow: Int
        var compared = 0
        var different = 0
        var antialiased = 0
        var masked = 0
        var rows: [[UInt32]] = []
        /// Indices (y × width + x) of the differing pixels.
        var differing: [Int] = []
    }

    private static func compareBand(
        _ a: Plane, _ b: Plane, rows: Range<Int>, mask: MaskMap, setting: Setting, diffImage: Bool
    ) -> BandResult {
        var result = BandResult(firstRow: rows.lowerBound)
        let width = a.width
        for y in rows {
            var outputRow = diffImage ? [UInt32](repeating: 0, count: width) : []
            for x in 0..<width {
                let pixelA = a[x, y]
                let pixelB = b[x, y]
                if mask.contains(x, y) {
                    result.masked += 1
                    if diffImage { outputRow[x] = maskedColor }
                    continue
                }
                result.compared += 1
                let offset = 4 * (y * width + x)
                let delta = pixelA == pixelB ? 0 : colorDelta(pixelA, pixelB, offset: offset, brightnessOnly: false)
                guard abs(delta) > setting.maxDelta else {
                    if diffImage { outputRow[x] = faded(pixelA) }
                    continue
                }
                let isAntialiasing = antialiased(a, x, y, other: b) || antialiased(b, x, y, other: a)
                if isAntialiasing && !setting.countAntialiasing {
                    result.antialiased += 1
                    if diffImage { outputRow[x] = antialiasingColor }
                } else {
                    result.different += 1
                    result.differing.append(y * width + x)
                    if diffImage { outputRow[x] = differenceColor }
                }
            }
            if diffImage { result.rows.append(outputRow) }
        }
        return result
    }

    /// Read access to the overlapping region of one image.
    struct Plane: Sendable {
        let buffer: PixelBuffer
        let width: Int
        let height: Int

        init(_ buffer: PixelBuffer, width: Int, height: Int) {
            self.buffer = buffer
            self.width = width
            self.height = height
        }

        subscript(x: Int, y: Int) -> UInt32 { buffer.pixels[y * buffer.width + x] }
    }

    /// Which pixels are masked, as a bitmap (masks may be many: every element of a kind).
    struct MaskMap: Sendable {
        let width: Int
        let bits: [Bool]

        init(_ masks: [PixelRect], width: Int, height: Int) {
            self.width = width
            guard !masks.isEmpty else {
                bits = []
                return
            }
            var bits = [Bool](repeating: false, count: width * height)
            for rect in masks {
                let x0 = max(rect.x, 0)
                let x1 = min(rect.maxX, width)
                let y0 = max(rect.y, 0)
                let y1 = min(rect.maxY, height)
                guard x0 < x1, y0 < y1 else { continue }
                for y in y0..<y1 { for x in x0..<x1 { bits[y * width + x] = true } }
            }
            self.bits = bits
        }

        func contains(_ x: Int, _ y: Int) -> Bool { !bits.isEmpty && bits[y * width + x] }
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

    /// pixelmatch's grey background for similar pixels: brightness blended 90 % towards white.
    private static func faded(_ pixel: UInt32) -> UInt32 {
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
    /// Neighbours are visited column by column, as pixelmatch does (it decides which of two
    /// equally dark neighbours is "the darkest").
    static func antialiased(_ image: Plane, _ x1: Int, _ y1: Int, other: Plane) -> Bool {
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
                let delta = colorDelta(center, image[x, y], offset: offset, brightnessOnly: true)
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
    static func hasManySiblings(_ image: Plane, _ x1: Int, _ y1: Int) -> Bool {
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
