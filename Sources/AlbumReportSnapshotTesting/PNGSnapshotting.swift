import AlbumReportCompare
import AlbumReportCore
import Foundation
@preconcurrency import SnapshotTesting
import Testing

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
/// anti-aliasing) and a side-by-side are attached to the test result (which swift-snapshot-testing
/// does only under Xcode) and, on every platform, written to
/// `$ALBUMREPORT_ARTIFACTS` (else `$SNAPSHOT_ARTIFACTS`, else the temporary folder)
/// `/png-snapshots/<test>-<hash>/` as `actual.png`, `difference.png` and
/// `reference-actual-difference.png`; the message ends with that folder.
extension Snapshotting where Value == Data, Format == Data {
    /// PNG data, compared with the defaults of `albumreport compare` (threshold 0.1, no
    /// differing pixel allowed, anti-aliasing and specks ignored).
    public static var png: Snapshotting { .png() }

    /// PNG data, compared with `options` (threshold, allowed differing pixels or ratio, masks,
    /// anti-aliasing, the smallest cluster that counts); a failure's images are written under
    /// `artifacts` (nil: ``PNGSnapshotArtifacts/folder(_:)``).
    public static func png(options: CompareOptions, artifacts: URL? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .png(options: options, artifacts: artifacts))
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
    ///
    /// - Parameter artifacts: the folder under which a failure's images are written (nil: as
    ///   ``PNGSnapshotArtifacts/folder(_:)`` says).
    public static func png(options: CompareOptions = CompareOptions(), artifacts: URL? = nil) -> Diffing<Data> {
        .diff(toData: { $0 }, fromData: { $0 }) { reference, actual in
            PNGSnapshotDiff.failure(
                reference: reference, actual: actual, options: options,
                artifacts: artifacts ?? PNGSnapshotArtifacts.folder())
        }
    }
}

/// Where the `.png` strategy writes a failure's images, since swift-snapshot-testing attaches
/// them only under Xcode.
public enum PNGSnapshotArtifacts {
    /// `$ALBUMREPORT_ARTIFACTS/png-snapshots`, else `$SNAPSHOT_ARTIFACTS/png-snapshots`
    /// (swift-snapshot-testing's own variable, where it writes the failed snapshot), else the
    /// same under the temporary folder.
    public static func folder(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base =
            (environment["ALBUMREPORT_ARTIFACTS"] ?? environment["SNAPSHOT_ARTIFACTS"]).map {
                URL(fileURLWithPath: $0, isDirectory: true)
            } ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent("png-snapshots", isDirectory: true)
    }

    /// The folder of one failure: the running test's name (when there is one) and a hash of the
    /// two images, so that concurrent tests and cases never share a folder.
    static func failureFolder(in base: URL, reference: Data, actual: Data) -> URL {
        let test = Testing.Test.current.map { Slug.make($0.name) + "-" } ?? ""
        let hash = SHA256.hex(of: reference + actual).prefix(12)
        return base.appendingPathComponent(test + hash, isDirectory: true)
    }
}

/// The failure message and attachments of one PNG snapshot comparison.
enum PNGSnapshotDiff {
    static func failure(
        reference: Data, actual: Data, options: CompareOptions, artifacts: URL
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
            var message =
                "The PNG does not match its reference snapshot: \(result.difference.summary)."
                + " The attachments show the actual image, the difference (red: differing pixels, yellow: anti-aliasing) and the three side by side."
            message += " " + write(attachments, reference: reference, actual: actual, under: artifacts)
            return (message, attachments)
        }
    }

    /// Writes the attachments into a folder of their own under `base`; the sentence that says where.
    static func write(_ attachments: [DiffAttachment], reference: Data, actual: Data, under base: URL) -> String {
        let folder = PNGSnapshotArtifacts.failureFolder(in: base, reference: reference, actual: actual)
        do {
            for attachment in attachments {
                if case .data(let data, let name) = attachment {
                    try data.writeCreatingFolders(to: folder.appendingPathComponent(name))
                }
            }
        } catch {
            return "They could not be written to \(folder.path): \(error.localizedDescription)"
        }
        let names = attachments.compactMap { attachment -> String? in
            if case .data(_, let name) = attachment { return name }
            return nil
        }
        return "Written to \(folder.path): \(names.joined(separator: ", "))."
    }
}
