import AlbumReportCore
import Foundation

/// One pair of PNGs compared in bands of rows, both decoders streaming: memory follows the band
/// (plus two rows of context above and below it, which pixelmatch's anti-aliasing test reads),
/// never the image, and the figures are exactly those of the whole-image comparison.
///
/// The diff and side-by-side pictures, when asked for, are encoded as the bands go, starting at
/// the first row whose pixels differ at all: rows before it are the same in both images, so they
/// are encoded then from a second pass of the expected image alone. A pair whose pixels are all
/// the same (identical pixels in differently compressed files) is therefore decoded and compared
/// without any picture being made.
package struct StreamedComparison {
    /// What one comparison found: the figures, and the pictures of a mismatch when asked for.
    package struct Outcome {
        package var difference: PixelDifference
        package var diff: Data?
        package var sideBySide: Data?

        /// Images of different sizes: no pixel compared.
        static func sizeMismatch(expected: PNGRowReader, actual: PNGRowReader) -> Outcome {
            Outcome(
                difference: PixelDifference(
                    comparedPixels: 0, differentPixels: 0, antialiasedPixels: 0, maskedPixels: 0,
                    sizeMismatch: .init(
                        expectedWidth: expected.width, expectedHeight: expected.height, actualWidth: actual.width,
                        actualHeight: actual.height)))
        }
    }

    /// Rows a band holds for an image `width` pixels wide: about two million pixels, so that a
    /// pair in flight holds a few tens of megabytes at most, whatever the image's size.
    static func bandRows(width: Int) -> Int { max(8, min(1024, 2_000_000 / max(width, 1))) }

    /// Compares `actual` with `expected` (PNG data; the names are for messages). `pictures`
    /// asks for the diff and side-by-side PNGs of a mismatch; `bandRows` (nil: ``bandRows(width:)``)
    /// sets how many rows a band has, `keptBytes` how many bytes of same rows are kept for them.
    package static func compare(
        expected: Data, actual: Data, expectedName: String, actualName: String, options: CompareOptions,
        pictures: Bool, bandRows: Int? = nil, keptBytes: Int = StreamedComparison.keptBytes
    ) -> Result<Outcome, PNGReader.Problem> {
        do {
            return .success(
                try run(
                    expected: (expected, expectedName), actual: (actual, actualName), options: options,
                    pictures: pictures, bandRows: bandRows, keptBytes: keptBytes))
        } catch {
            return .failure(error)
        }
    }

    private static func run(
        expected: (data: Data, name: String), actual: (data: Data, name: String), options: CompareOptions,
        pictures: Bool, bandRows: Int?, keptBytes: Int
    ) throws(PNGReader.Problem) -> Outcome {
        var one = try BandWindow(PNGRowReader(expected.data, name: expected.name))
        var two = try BandWindow(PNGRowReader(actual.data, name: actual.name))
        let (width, height) = (one.reader.width, one.reader.height)
        guard width == two.reader.width, height == two.reader.height else {
            return .sizeMismatch(expected: one.reader, actual: two.reader)
        }
        let step = max(1, bandRows ?? Self.bandRows(width: width))
        var difference = PixelDifference(comparedPixels: 0, differentPixels: 0, antialiasedPixels: 0, maskedPixels: 0)
        var clusters = ClusterTracker(minimumCluster: options.minimumCluster)
        var drawn = Pictures(width: width, asked: pictures, keptBytes: keptBytes)
        for start in stride(from: 0, to: height, by: step) {
            let rows = start..<min(start + step, height)
            try one.load(rows)
            try two.load(rows)
            if drawn.waiting, !one.same(rows, as: two) {
                try drawn.start(before: start, height: height, step: step, options: options, replaying: expected)
            }
            drawn.keep(rows, of: one)
            let result = PixelComparator.compareRows(
                rows, expected: one.window, actual: two.window, height: height, options: options,
                diffImage: drawn.drawing != nil)
            difference.add(result)
            clusters.add(result.runs)
            drawn.add(rows, expected: one, actual: two, diff: result.diff)
        }
        clusters.finish(into: &difference)
        var outcome = Outcome(difference: difference)
        if !difference.matches(options), var pictures = drawn.drawing {
            // The verdict stands without its pictures should they fail; the figures say what differs.
            if let images = try? pictures.finish() {
                outcome.diff = images.diff
                outcome.sideBySide = images.sideBySide
            }
        }
        return outcome
    }

    /// A mismatch's pictures as the bands go: not started while the pixels are the same (the
    /// rows seen so far kept, while they fit the budget, so that the pictures can start with them
    /// without decoding the expected image a second time), drawn from the first change on, or
    /// given up when they cannot be made (the verdict never depends on them).
    private struct Pictures {
        let width: Int
        let keptBytes: Int
        private(set) var drawing: DiffPictures?
        private var failed = false
        private var before: PixelRows?

        init(width: Int, asked: Bool, keptBytes: Int) {
            self.width = width
            self.keptBytes = keptBytes
            before = asked ? PixelRows(width: width) : nil
            failed = !asked
        }

        /// Whether the pictures are asked for and not started yet.
        var waiting: Bool { drawing == nil && !failed }

        /// Starts the pictures at the first band with a change, with the `before` rows above it.
        mutating func start(
            before start: Int, height: Int, step: Int, options: CompareOptions,
            replaying expected: (data: Data, name: String)
        ) throws(PNGReader.Problem) {
            do {
                var started = try DiffPictures(width: width, height: height)
                if let kept = before {
                    try StreamedComparison.draw(kept, step: step, height: height, options: options, into: &started)
                } else {
                    try StreamedComparison.replay(
                        expected, rows: 0..<start, step: step, options: options, into: &started)
                }
                before = nil
                drawing = started
            } catch let problem as PNGReader.Problem {
                throw problem
            } catch {
                failed = true
            }
        }

        /// Keeps `rows` of `window` while the pixels are the same; gives them up (to be replayed)
        /// once over the budget.
        mutating func keep(_ rows: Range<Int>, of window: BandWindow) {
            guard drawing == nil, !failed, var kept = before else { return }
            before = nil
            if (kept.pixels.count + rows.count * width) * 4 <= keptBytes {
                kept.pixels += window.slice(rows)
                before = kept
            }
        }

        /// Adds `rows` of both images and their diff to pictures being drawn.
        mutating func add(_ rows: Range<Int>, expected: BandWindow, actual: BandWindow, diff: [UInt32]) {
            guard var pictures = drawing else { return }
            drawing = nil
            do {
                try pictures.add(expected: expected.slice(rows), actual: actual.slice(rows), diff: diff[...])
                drawing = pictures
            } catch {
                failed = true
            }
        }
    }

    /// The most bytes of same rows kept for the pictures (a phone screen's, 15 MB at most); a
    /// longer run of them is decoded again when the first change comes.
    package static let keptBytes = 16 << 20

    /// Draws kept rows that are the same in both images (from row 0): their diff rows are the
    /// comparison of those rows with themselves (faded, masks tinted), as ``replay`` draws them.
    fileprivate static func draw(
        _ kept: PixelRows, step: Int, height: Int, options: CompareOptions, into pictures: inout DiffPictures
    ) throws -> Void {
        for start in stride(from: 0, to: kept.rowCount, by: step) {
            let band = start..<min(start + step, kept.rowCount)
            let result = PixelComparator.compareRows(
                band, expected: kept, actual: kept, height: height, options: options, diffImage: true)
            let pixels = kept.pixels[(band.lowerBound * kept.width)..<(band.upperBound * kept.width)]
            try pictures.add(expected: pixels, actual: pixels, diff: result.diff[...])
        }
    }

    /// Draws rows that are the same in both images from a second pass of the expected image: the
    /// comparison of the expected image with itself gives their diff rows (faded, masks tinted).
    fileprivate static func replay(
        _ expected: (data: Data, name: String), rows: Range<Int>, step: Int, options: CompareOptions,
        into pictures: inout DiffPictures
    ) throws -> Void {
        guard !rows.isEmpty else { return }
        var window = try BandWindow(PNGRowReader(expected.data, name: expected.name))
        for start in stride(from: rows.lowerBound, to: rows.upperBound, by: step) {
            let band = start..<min(start + step, rows.upperBound)
            try window.load(band)
            let result = PixelComparator.compareRows(
                band, expected: window.window, actual: window.window, height: window.reader.height, options: options,
                diffImage: true)
            let pixels = window.slice(band)
            try pictures.add(expected: pixels, actual: pixels, diff: result.diff[...])
        }
    }
}

/// The rows of one image a band needs: the band and up to two rows on either side, read from a
/// streaming reader as the bands move down.
struct BandWindow {
    /// Rows of context either side of a band (pixelmatch's anti-aliasing test reads two away).
    static let context = 2

    let reader: PNGRowReader
    private(set) var window: PixelRows

    init(_ reader: PNGRowReader) {
        self.reader = reader
        window = PixelRows(width: reader.width)
    }

    /// Makes the window hold `rows` and their context (rows must move down, never back).
    mutating func load(_ rows: Range<Int>) throws(PNGReader.Problem) {
        let top = max(rows.lowerBound - Self.context, 0)
        let bottom = min(rows.upperBound + Self.context, reader.height)
        let width = reader.width
        let drop = min(max(top - window.firstRow, 0), window.rowCount)
        var pixels = window.pixels
        window.pixels = []
        pixels.removeFirst(drop * width)
        let firstRow = window.firstRow + drop
        try reader.read(bottom - reader.nextRow, into: &pixels)
        window = PixelRows(width: width, firstRow: firstRow, pixels: pixels)
    }

    /// The pixels of `rows` (inside the window).
    func slice(_ rows: Range<Int>) -> ArraySlice<UInt32> {
        let width = reader.width
        return window.pixels[
            ((rows.lowerBound - window.firstRow) * width)..<((rows.upperBound - window.firstRow) * width)]
    }

    /// Whether `rows` hold the same bytes in both windows.
    func same(_ rows: Range<Int>, as other: BandWindow) -> Bool {
        slice(rows) == other.slice(rows)
    }
}
