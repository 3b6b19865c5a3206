import AlbumReportCompare
import AlbumReportCore
import Foundation

/// When a golden file is (re-)recorded instead of compared.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Never write goldens; a missing golden fails. Recommended on CI.
    case never
    /// Record goldens that do not exist yet; compare the others. The default off CI.
    case missing
    /// Re-record goldens that do not match (and record missing ones).
    case failed
    /// Re-record every golden.
    case all

    /// The environment variable that chooses the mode for a whole test run.
    public static let environmentVariable = "ALBUMREPORT_RECORD"

    /// The mode from `ALBUMREPORT_RECORD`, else `never` when `CI` is set, else `missing`.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> RecordMode {
        if let value = environment[environmentVariable]?.lowercased(), let mode = RecordMode(rawValue: value) {
            return mode
        }
        let ci = environment["CI"]?.lowercased()
        return ci == nil || ci == "false" || ci == "0" ? .missing : .never
    }
}

/// What an assertion did when it did not fail.
public enum GoldenOutcome: Sendable, Equatable {
    /// The image matched its golden.
    case matched(PixelDifference?)
    /// The golden was written (it was missing, did not match with `failed`, or the mode is `all`).
    case recorded(String)
}

/// A golden-image assertion failure: figures, artifact paths and the command that re-records.
public struct GoldenMismatch: Error, Sendable, CustomStringConvertible {
    /// The comparison, when one was made.
    public var pair: PairResult?
    /// The full message.
    public var description: String
}

/// Golden-image assertions for Swift tests (Swift Testing or XCTest): compare a PNG with a
/// golden file using the same perceptual comparison as `albumreport compare`.
///
/// ```swift
/// try await GoldenImage.assertMatches(pngData, golden: goldensFolder.appendingPathComponent("sheet.png"))
/// ```
/// A thrown ``GoldenMismatch`` fails the test with a message that ends with the command to re-record.
public enum GoldenImage {
    /// Asserts that `png` matches the golden file at `golden`.
    ///
    /// - Parameters:
    ///   - options: the comparison settings (defaults as `albumreport compare`).
    ///   - record: nil to take the mode from ``RecordMode/fromEnvironment(_:)``.
    ///   - artifacts: where the actual, diff and side-by-side images of a failure go (default: a
    ///     folder under the temporary directory named after the golden and its path, so that
    ///     goldens of the same name in different folders, compared in parallel, never share one).
    ///   - testFilter: the `swift test --filter` value printed in the re-record command.
    @discardableResult
    public static func assertMatches(
        _ png: Data, golden: URL, options: CompareOptions = CompareOptions(), record: RecordMode? = nil,
        artifacts: URL? = nil, testFilter: String? = nil
    ) async throws -> GoldenOutcome {
        let mode = record ?? RecordMode.fromEnvironment()
        let manager = FileManager.default
        let goldenExists = manager.fileExists(atPath: golden.path)
        let rerecord =
            "\(RecordMode.environmentVariable)=failed swift test"
            + (testFilter.map { " --filter '\($0)'" } ?? "")

        if mode == .all || (!goldenExists && mode != .never) {
            try png.writeCreatingFolders(to: golden)
            return .recorded(goldenExists ? "re-recorded \(golden.path)" : "recorded the new golden \(golden.path)")
        }
        guard goldenExists else {
            throw GoldenMismatch(
                pair: nil,
                description:
                    "There is no golden image at \(golden.path) and the record mode is 'never'. Record it with: \(RecordMode.environmentVariable)=missing swift test"
                    + (testFilter.map { " --filter '\($0)'" } ?? ""))
        }

        let folder =
            artifacts
            ?? manager.temporaryDirectory.appendingPathComponent("albumreport-golden-artifacts")
            .appendingPathComponent(
                golden.deletingPathExtension().lastPathComponent + "-"
                    + SHA256.hex(of: Data(golden.standardizedFileURL.path.utf8)).prefix(8))
        let actual = folder.appendingPathComponent(golden.lastPathComponent)
        try png.writeCreatingFolders(to: actual)
        let comparer = GoldenComparer(options: options, diffDirectory: folder)
        let summary = try await comparer.compare(expected: golden, actual: actual)
        guard let pair = summary.pairs.first else {
            throw GoldenMismatch(pair: nil, description: "Nothing was compared for \(golden.path).")
        }
        if pair.status == .match {
            try? manager.removeItem(at: actual)
            return .matched(pair.difference)
        }
        if mode == .failed, pair.status == .mismatch {
            try png.writeCreatingFolders(to: golden)
            return .recorded("re-recorded \(golden.path) (\(pair.message))")
        }
        var lines = ["The image does not match its golden \(golden.path): \(pair.message)."]
        lines.append("Actual: \(actual.path)")
        if let diff = pair.diffImagePath { lines.append("Diff: \(diff)") }
        if let compare = pair.compareImagePath { lines.append("Side by side: \(compare)") }
        lines.append("If the change is intended, re-record with: \(rerecord)")
        throw GoldenMismatch(pair: pair, description: lines.joined(separator: "\n"))
    }

    /// Asserts that the PNG file at `file` matches the golden file at `golden`.
    @discardableResult
    public static func assertMatches(
        file: URL, golden: URL, options: CompareOptions = CompareOptions(), record: RecordMode? = nil,
        artifacts: URL? = nil, testFilter: String? = nil
    ) async throws -> GoldenOutcome {
        try await assertMatches(
            Data(contentsOf: file), golden: golden, options: options, record: record, artifacts: artifacts,
            testFilter: testFilter)
    }
}
