import AlbumReportCore
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
    /// The diff image (red differences, yellow anti-aliasing over a faded expected), on a
    /// mismatch; downscaled past ``DiffPictures/maximumSide`` pixels, differences kept red.
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
        /// Both are PNGs of the same declared size: the streamed pixel pass decides.
        case pixels
        /// One of them is not a PNG.
        case failed(PNGReader.Problem)
    }

    /// Signatures, then identical bytes (no decoding, but the stream's chunks walked whole: two
    /// copies of one damaged file are no match), then the headers' sizes (no decoding).
    static func prepare(expected: Data, actual: Data, expectedName: String, actualName: String) -> Prepared {
        if let problem = PNGReader.signatureProblem(expected, name: expectedName) { return .failed(problem) }
        if let problem = PNGReader.signatureProblem(actual, name: actualName) { return .failed(problem) }
        if let same = identicalBytes(expected, actual) {
            if let damage = PNGChunkWalk.problem(in: actual) {
                return .failed(
                    PNGReader.Problem(
                        description:
                            "\(Excerpt.location(actualName)) is byte for byte its golden \(Excerpt.location(expectedName)), but neither is a whole PNG: \(damage). Record the golden again from a good image."
                    ))
            }
            return .decided(same, message: "identical bytes")
        }
        if let mismatch = sizeMismatch(expected, actual) { return .decided(mismatch, message: mismatch.summary) }
        return .pixels
    }

    /// Compares `actual` with `expected`. Unreadable data is a problem naming `expectedName` or
    /// `actualName`; identical bytes are a match and different sizes a mismatch without decoding;
    /// otherwise both are decoded and compared in bands of rows (``StreamedComparison``), and the
    /// pictures of a mismatch encoded as the bands go.
    public static func compare(
        expected: Data, actual: Data, options: CompareOptions = CompareOptions(),
        expectedName: String = "the reference image", actualName: String = "the actual image"
    ) -> Result<PNGComparison, PNGReader.Problem> {
        switch prepare(expected: expected, actual: actual, expectedName: expectedName, actualName: actualName) {
        case .failed(let problem): return .failure(problem)
        case .decided(let difference, _):
            return .success(PNGComparison(difference: difference, matches: difference.matches(options)))
        case .pixels:
            return StreamedComparison.compare(
                expected: expected, actual: actual, expectedName: expectedName, actualName: actualName,
                options: options, pictures: true
            ).map { outcome in
                let matches = outcome.difference.matches(options)
                return PNGComparison(
                    difference: outcome.difference, matches: matches, diffPNG: matches ? nil : outcome.diff,
                    sideBySidePNG: matches ? nil : outcome.sideBySide)
            }
        }
    }
}
