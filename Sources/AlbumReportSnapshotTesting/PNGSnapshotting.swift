import AlbumReportCompare
import AlbumReportCore
import Foundation
@preconcurrency import SnapshotTesting

/// swift-snapshot-testing strategies for PNG data, compared as `albumreport compare` compares:
/// pixelmatch's perceptual colour difference, its anti-aliasing rule and our speck rule, so that
/// a PNG re-encoded with other settings (same pixels, other bytes) or text re-rendered at a
/// sub-pixel offset still matches, while a solid element moved by one pixel does not. On Linux,
/// where swift-snapshot-testing's `.image` strategies do not exist, this is the one to use:
///
/// ```swift
/// import AlbumReportSnapshotTesting
/// import SnapshotTesting
///
/// @Test func card() throws {
///     let png: Data = try renderCard()
///     assertSnapshot(of: png, as: .png)               // __Snapshots__/CardTests/card.1.png
///     assertSnapshot(of: png, as: .png(options: CompareOptions(maxDiffPixels: 50)))
/// }
/// ```
///
/// A mismatch's message gives the figures; the actual image, the diff (red differences, yellow
/// anti-aliasing) and a side-by-side are attached to the test result.
extension Snapshotting where Value == Data, Format == Data {
    /// PNG data, compared with the defaults of `albumreport compare` (threshold 0.1, no
    /// differing pixel allowed, anti-aliasing and specks ignored).
    public static var png: Snapshotting { .png() }

    /// PNG data, compared with `options` (threshold, allowed differing pixels or ratio, masks,
    /// anti-aliasing, the smallest cluster that counts).
    public static func png(options: CompareOptions) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .png(options: options))
    }

    /// PNG data, with the options most often changed named.
    ///
    /// - Parameters:
    ///   - threshold: the perceptual colour difference (0–1) above which a pixel differs.
    ///   - maxDiffPixels: how many differing pixels still match (nil: none).
    ///   - masks: regions, in pixels, that are not compared (a clock, an ad, a date).
    public static func png(
        threshold: Double = 0.1, maxDiffPixels: Int? = nil, masks: [PixelRect] = []
    ) -> Snapshotting {
        .png(options: CompareOptions(threshold: threshold, maxDiffPixels: maxDiffPixels, masks: masks))
    }
}

extension Diffing where Value == Data {
    /// PNG data diffed as `albumreport compare` does (see ``SnapshotTesting/Snapshotting/png``).
    /// The closure gets the reference first, then the new snapshot.
    public static func png(options: CompareOptions = CompareOptions()) -> Diffing<Data> {
        .diff(toData: { $0 }, fromData: { $0 }) { reference, actual in
            PNGSnapshotDiff.failure(reference: reference, actual: actual, options: options)
        }
    }
}

/// The failure message and attachments of one PNG snapshot comparison.
enum PNGSnapshotDiff {
    static func failure(
        reference: Data, actual: Data, options: CompareOptions
    ) -> (String, [DiffAttachment])? {
        let comparison = PNGComparison.compare(
            expected: reference, actual: actual, options: options, expectedName: "The reference snapshot",
            actualName: "The new snapshot")
        switch comparison {
        case .failure(let problem):
            return (problem.description, [.data(actual, name: "actual.png")])
        case .success(let result):
            guard !result.matches else { return nil }
            var attachments: [DiffAttachment] = [.data(actual, name: "actual.png")]
            if let diff = result.diffPNG { attachments.append(.data(diff, name: "difference.png")) }
            if let sideBySide = result.sideBySidePNG {
                attachments.append(.data(sideBySide, name: "reference-actual-difference.png"))
            }
            let message =
                "The PNG does not match its reference snapshot: \(result.difference.summary)."
                + " The attachments show the actual image, the difference (red: differing pixels, yellow: anti-aliasing) and the three side by side."
            return (message, attachments)
        }
    }
}
