import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// Two PNGs compared in memory, synchronously: the figures, the verdict and (on a mismatch) the
/// diff and side-by-side images as PNG data. The comparison `albumreport compare` makes for one
/// pair, for callers that hold data rather than files and cannot await, such as
/// swift-snapshot-testing's `Diffing` closures.
public struct PNGComparison: Sendable {
    /// What the pixel comparison found.
    public var difference: PixelDifference
    /// Whether the images match under the options.
    public var matches: Bool
    /// The diff image (red differences, yellow anti-aliasing over a faded expected), on a mismatch.
    public var diffPNG: Data?
    /// expected | actual | diff on a grey ground, on a mismatch.
    public var sideBySidePNG: Data?

    /// The figures of a match when the two files are the same bytes (no decoding: the pixel
    /// count comes from the header); nil when they differ.
    static func identicalBytes(_ expected: Data, _ actual: Data) -> PixelDifference? {
        guard expected == actual else { return nil }
        let header = ImageHeader.read(expected)
        return PixelDifference(
            comparedPixels: (header?.width ?? 0) * (header?.height ?? 0), differentPixels: 0, antialiasedPixels: 0,
            maskedPixels: 0)
    }

    /// The figures of a mismatch when the two PNG headers declare different sizes (read from
    /// the headers alone: nothing is decoded or allocated); nil when the sizes are equal or a
    /// header cannot be read (decoding then says why).
    static func sizeMismatch(_ expected: Data, _ actual: Data) -> PixelDifference? {
        guard let one = ImageHeader.read(expected.prefix(64)), let two = ImageHeader.read(actual.prefix(64)),
            one.format == .png, two.format == .png, one.width != two.width || one.height != two.height
        else { return nil }
        return PixelDifference(
            comparedPixels: 0, differentPixels: 0, antialiasedPixels: 0, maskedPixels: 0,
            sizeMismatch: .init(
                expectedWidth: one.width, expectedHeight: one.height, actualWidth: two.width, actualHeight: two.height))
    }

    /// What a pair of PNGs comes to before any pixel is compared: the one path by which both
    /// `compare` (``GoldenComparer``) and ``compare(expected:actual:options:expectedName:actualName:)``
    /// take a pair, cheapest check first.
    enum Prepared {
        /// Decided without a pixel pass: identical bytes (a match) or header sizes that differ
        /// (a mismatch), with the message to report.
        case decided(PixelDifference, message: String)
        /// Both decoded: the pixel pass decides.
        case pixels(PixelBuffer, PixelBuffer)
        /// One of them is not a readable PNG.
        case failed(PNGReader.Problem)
    }

    /// Signatures, then identical bytes (no decoding), then the headers' sizes (no decoding),
    /// then both images decoded.
    static func prepare(expected: Data, actual: Data, expectedName: String, actualName: String) -> Prepared {
        if let problem = PNGReader.signatureProblem(expected, name: expectedName) { return .failed(problem) }
        if let problem = PNGReader.signatureProblem(actual, name: actualName) { return .failed(problem) }
        if let same = identicalBytes(expected, actual) { return .decided(same, message: "identical bytes") }
        if let mismatch = sizeMismatch(expected, actual) { return .decided(mismatch, message: mismatch.summary) }
        switch (PNGReader.decode(expected, name: expectedName), PNGReader.decode(actual, name: actualName)) {
        case (.success(let one), .success(let two)): return .pixels(one, two)
        case (.failure(let problem), _), (_, .failure(let problem)): return .failed(problem)
        }
    }

    /// Compares `actual` with `expected`. Unreadable data is a problem naming `expectedName` or
    /// `actualName`; identical bytes are a match and different sizes a mismatch without decoding.
    public static func compare(
        expected: Data, actual: Data, options: CompareOptions = CompareOptions(),
        expectedName: String = "the reference image", actualName: String = "the actual image"
    ) -> Result<PNGComparison, PNGReader.Problem> {
        let expectedPixels: PixelBuffer
        let actualPixels: PixelBuffer
        switch prepare(expected: expected, actual: actual, expectedName: expectedName, actualName: actualName) {
        case .failed(let problem): return .failure(problem)
        case .decided(let difference, _):
            return .success(PNGComparison(difference: difference, matches: difference.matches(options)))
        case .pixels(let one, let two): (expectedPixels, actualPixels) = (one, two)
        }
        let (difference, diff) = PixelComparator.compareSynchronously(
            expectedPixels, actualPixels, options: options, diffImage: true)
        var result = PNGComparison(difference: difference, matches: difference.matches(options))
        guard !result.matches, let diff else { return .success(result) }
        do {
            let images = try DiffImages(expected: expectedPixels, actual: actualPixels, diff: diff)
            result.diffPNG = images.diff
            result.sideBySidePNG = images.sideBySide
        } catch {
            // The verdict stands without its pictures; the figures say what differs.
        }
        return .success(result)
    }
}

/// The diff and side-by-side pictures of a mismatch, PNG-encoded (fast level: they are looked at,
/// not archived).
struct DiffImages {
    var diff: Data
    var sideBySide: Data

    init(expected: PixelBuffer, actual: PixelBuffer, diff: PixelBuffer) throws(GraphicsError) {
        let diffImage = try GDImage(diff)
        self.diff = try diffImage.pngData(compressionLevel: 3)
        sideBySide = try Self.sideBySide([GDImage(expected), GDImage(actual), diffImage]).pngData(compressionLevel: 3)
    }

    /// expected | actual | diff, on a grey ground with gaps.
    static func sideBySide(_ images: [GDImage]) throws(GraphicsError) -> GDImage {
        let gap = 16
        let width = images.reduce(gap) { $0 + $1.width + gap }
        let height = (images.map(\.height).max() ?? 1) + 2 * gap
        let canvas = try GDImage(width: width, height: height, background: RGBA(red: 128, green: 128, blue: 128))
        var x = gap
        for image in images {
            canvas.copy(image, x: x, y: gap)
            x += image.width + gap
        }
        return canvas
    }
}
