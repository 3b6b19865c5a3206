import AlbumReportCompare
import AlbumReportCore
import Foundation
import Testing

/// When a golden file is (re-)recorded instead of compared.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Never write goldens; a missing golden fails. Recommended on CI (and the default there).
    case never
    /// Record goldens that do not exist yet; compare the others. The default off CI.
    case missing
    /// Re-record goldens that do not match (and record missing ones).
    case failed
    /// Re-record every golden.
    case all

    /// The environment variable that chooses the mode for a whole test run.
    public static let environmentVariable = "ALBUMREPORT_RECORD"
    /// With mode `all`, `ALBUMREPORT_RECORD_PASSES=1` lets the recording tests pass (a bulk
    /// re-record in one run); otherwise recording fails the test, so that it is never silent.
    public static let passesVariable = "ALBUMREPORT_RECORD_PASSES"

    /// Why `ALBUMREPORT_RECORD` in `environment` is no mode, as a sentence; nil when it is one
    /// or unset. An assertion refuses to run with such a value (a typo such as `ALBUMREPORT_RECORD=al`
    /// would otherwise compare, or record, silently).
    public static func problem(in environment: [String: String]) -> String? {
        guard let value = environment[environmentVariable], RecordMode(rawValue: value.lowercased()) == nil else {
            return nil
        }
        let modes = allCases.map(\.rawValue).joined(separator: ", ")
        return
            "\(environmentVariable) is '\(Excerpt.printable(value, limit: 40))', which is no record mode: use one of \(modes), or unset it (then \(RecordMode.missing.rawValue) off CI, \(RecordMode.never.rawValue) on CI)."
    }

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
    /// The golden was written, and the run asked for that to pass (`ALBUMREPORT_RECORD=all` with
    /// `ALBUMREPORT_RECORD_PASSES=1`).
    case recorded(String)
}

/// A golden-image assertion failure: figures, artifact paths and the command that re-records.
/// Recording a golden is a failure too ("recorded; re-run to compare"), as in
/// swift-snapshot-testing and Playwright, so a missing golden is never passed over silently.
public struct GoldenMismatch: Error, Sendable, CustomStringConvertible {
    /// The comparison, when one was made.
    public var pair: PairResult?
    /// Whether the failure is a recording (the golden was written).
    public var recorded = false
    /// The full message.
    public var description: String
}

/// Asserts that `png` matches its golden, found from the calling test like
/// swift-snapshot-testing's `__Snapshots__`: `__Goldens__/<TestFile>/<test>[.<name>][.<case>].png`
/// beside the test file, where `<case>` names the arguments of a parameterised test's case (see
/// ``GoldenImage/caseName(describing:)``), so that every case has its own golden and artifacts.
///
/// ```swift
/// @Test func sheet() async throws {
///     try await assertGolden(sheetPNG)                  // __Goldens__/SheetTests/sheet.png
///     try await assertGolden(cardPNG, named: "dark")    // __Goldens__/SheetTests/sheet.dark.png
/// }
/// @Test(arguments: ["light", "dark"]) func card(scheme: String) async throws {
///     try await assertGolden(render(scheme))            // …/card.light.png, …/card.dark.png
/// }
/// ```
/// Inside a Swift Testing test a mismatch, a missing golden or a recording is recorded as an issue
/// at the assertion's line (the test goes on, so a test with N goldens records all N in one run)
/// and the function returns nil; outside one (XCTest) it throws ``GoldenMismatch``. Other errors
/// (an unwritable folder) are thrown. On a mismatch the actual image, the diff and a side-by-side
/// are attached to the result and written under `ALBUMREPORT_ARTIFACTS` (default: the temporary
/// folder, one folder per golden); the message ends with the command that re-records.
/// `goldens` replaces the `__Goldens__` folder beside the test file (the `<TestFile>` folder
/// stays).
@discardableResult
public func assertGolden(
    _ png: Data, named name: String? = nil, options: CompareOptions = CompareOptions(), record: RecordMode? = nil,
    goldens: URL? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: Int = #line, column: Int = #column
) async throws -> GoldenOutcome? {
    let location = SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column)
    var testCase = GoldenImage.currentCase(function: "\(function)", filePath: "\(filePath)", name: name)
    if let instability = testCase?.instability {
        // A name from these arguments would change every run (never green, orphans piling up):
        // `named:` names the golden alone, and the owner check below keeps two cases apart.
        guard name != nil else {
            Issue.record(
                Comment(
                    rawValue:
                        "This test case cannot name its golden: \(instability). Pass a stable name per case (assertGolden(_:named:)), or give the argument's type a stable description (CustomTestStringConvertible)."
                ), sourceLocation: location)
            return nil
        }
        testCase = nil
    }
    let golden = GoldenImage.resolvedLocation(
        filePath: "\(filePath)", function: "\(function)", name: name, testCase: testCase, goldens: goldens,
        record: record)
    if let test = Test.current {
        let owner = "\(test.id)" + (testCase.map { " (case \($0.key))" } ?? "")
        if let other = await GoldenOwners.shared.claim(golden, for: owner) {
            // Two tests of the same name in one file (in two suites), two tests calling one
            // helper, or two cases whose names a `goldens:` folder or `named:` made the same: they
            // would race for one golden and compare against each other's image.
            let sentence =
                "The golden \(golden.path) belongs to another test or test case, \(other), as well as to \(owner): the two would record and compare one file. Give one of them another name: assertGolden(_:named:)."
            Issue.record(
                Comment(rawValue: sentence),
                sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column)
            )
            return nil
        }
    }
    do {
        return try await GoldenImage.assertMatches(
            png, golden: golden, options: options, record: record,
            testFilter: Test.current.map(GoldenImage.rerecordFilter(for:)) ?? GoldenImage.testName("\(function)"))
    } catch let mismatch as GoldenMismatch where Test.current != nil {
        Issue.record(
            Comment(rawValue: mismatch.description),
            sourceLocation: SourceLocation(
                fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column))
        return nil
    }
}

/// Golden-image assertions for Swift tests (Swift Testing or XCTest): compare a PNG with a
/// golden file using the same perceptual comparison as `albumreport compare`.
public enum GoldenImage {
    /// The golden of a test: `__Goldens__/<TestFile>/<test>[.<name>][.<testCase>].png` beside the
    /// test file (`testCase` as made by ``caseName(describing:)``); `goldens` replaces that
    /// `__Goldens__` folder.
    /// `platform` (AlbumReportCore's `PlatformKey`, opt-in) ends the name: `<test>[…].<platform>.png`.
    public static func location(
        filePath: String, function: String, name: String? = nil, testCase: String? = nil, goldens: URL? = nil,
        platform: String? = nil
    ) -> URL {
        let file = URL(fileURLWithPath: filePath)
        let stem =
            testName(function) + (name.map { "." + nameSlug($0) } ?? "") + (testCase.map { "." + $0 } ?? "")
            + (platform.map { "." + $0 } ?? "")
        let folder = goldens ?? file.deletingLastPathComponent().appendingPathComponent("__Goldens__")
        return folder.appendingPathComponent(file.deletingPathExtension().lastPathComponent)
            .appendingPathComponent(stem + ".png")
    }

    /// The golden of a test as ``location(filePath:function:name:testCase:goldens:)`` names it;
    /// when no file is there but one is at the name albumreport 0.4.0 gave the case (it hashed
    /// enum cases with raw values or camelCase names), that one: compared as it is, and moved to
    /// the new name when the run records.
    static func resolvedLocation(
        filePath: String, function: String, name: String?, testCase: CurrentCase?, goldens: URL?, record: RecordMode?
    ) -> URL {
        let platform = PlatformKey.requested(ProcessInfo.processInfo.environment)
        let golden = location(
            filePath: filePath, function: function, name: name, testCase: testCase?.name, goldens: goldens,
            platform: platform)
        guard let testCase, testCase.legacyName != testCase.name else { return golden }
        let legacy = location(
            filePath: filePath, function: function, name: name, testCase: testCase.legacyName, goldens: goldens,
            platform: platform)
        let manager = FileManager.default
        guard !manager.fileExists(atPath: golden.path), manager.fileExists(atPath: legacy.path) else { return golden }
        let mode = record ?? RecordMode.fromEnvironment()
        guard mode != .never, (try? manager.moveItem(at: legacy, to: golden)) != nil else { return legacy }
        return golden
    }

    /// `named:` as it appears in the file name: itself when it is a slug of at most 60 characters,
    /// else its slug cut to 60, `-` and eight hex digits of its SHA-256, so that "Dark Mode" and
    /// "dark-mode" never share a golden.
    public static func nameSlug(_ name: String) -> String {
        let slug = String(Slug.make(name).prefix(maximumCaseNameLength))
        return slug == name ? slug : slug + "-" + SHA256.hex(of: Data(name.utf8)).prefix(8)
    }

    /// The `swift test --filter` pattern that runs `test` and no other. Swift Testing matches the
    /// pattern anywhere in the text of each test's ID (`Module.Suite/card(_:)/Cases.swift:12:5`),
    /// so it is that text without its source location (which moves with every edit), anchored at
    /// the start and ended by the `/` that follows the name, regular-expression characters
    /// escaped: no test of the same name in another suite or module, nor a suite whose name ends
    /// the same way, is selected. (The function's bare name, as before, selected all of those.)
    public static func rerecordFilter(for test: Test) -> String {
        let identity = String(describing: test.id)
        guard let location = test.id.sourceLocation, identity.hasSuffix("/\(location)") else {
            return "^" + regexEscaped(identity)
        }
        return "^" + regexEscaped(String(identity.dropLast("/\(location)".count))) + "/"
    }

    /// `text` with each regular-expression metacharacter preceded by a backslash.
    static func regexEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// A test function's name without its parameter list (`sheet(variant:)` → `sheet`).
    static func testName(_ function: String) -> String {
        let base = function.split(separator: "(").first.map(String.init) ?? function
        return base.isEmpty ? "test" : base
    }

    /// Asserts that `png` matches the golden file at `golden`.
    ///
    /// - Parameters:
    ///   - png: the image's PNG bytes.
    ///   - golden: the golden file's path.
    ///   - options: the comparison settings (defaults as `albumreport compare`).
    ///   - record: nil to take the mode from ``RecordMode/fromEnvironment(_:)``.
    ///   - artifacts: where the actual, diff and side-by-side images of a failure go (default:
    ///     `ALBUMREPORT_ARTIFACTS`, else a folder under the temporary directory named after the
    ///     golden and its path, so that goldens of the same name never share one).
    ///   - testFilter: the `swift test --filter` value printed in the re-record command.
    @discardableResult
    public static func assertMatches(
        _ png: Data, golden: URL, options: CompareOptions = CompareOptions(), record: RecordMode? = nil,
        artifacts: URL? = nil, testFilter: String? = nil
    ) async throws -> GoldenOutcome {
        let environment = ProcessInfo.processInfo.environment
        if record == nil, let problem = RecordMode.problem(in: environment) {
            throw GoldenMismatch(pair: nil, description: problem)
        }
        let mode = record ?? RecordMode.fromEnvironment(environment)
        GoldenOrphans.claimed(golden, mode: mode)
        let goldenExists = FileManager.default.fileExists(atPath: golden.path)
        // In single quotes for the shell (a raw identifier may hold a quote).
        let filter = testFilter.map { " --filter '\($0.replacingOccurrences(of: "'", with: #"'\''"#))'" } ?? ""
        if mode == .all || (!goldenExists && mode != .never) {
            try writeGolden(png, to: golden)
            let what = goldenExists ? "Re-recorded the golden \(golden.path)" : "Recorded the new golden \(golden.path)"
            return try recorded(what, mode: mode, environment: environment)
        }
        let folder = try artifacts ?? artifactsFolder(for: golden, environment: environment)
        guard goldenExists else {
            // The image a CI run made is kept where the job uploads its artifacts, so that it can
            // be promoted to the golden without running the test again.
            let promoted = try? ArtifactsRun.promote(
                png, golden: golden, artifacts: artifacts, environment: environment)
            throw GoldenMismatch(
                pair: nil,
                description:
                    "There is no golden image at \(golden.path) and the record mode is 'never'. Record it with: \(RecordMode.environmentVariable)=missing swift test\(filter)"
                    + (promoted.map { "\nActual: \($0.path) (\(ArtifactsRun.promoteHint))" } ?? "")
            )
        }
        // The comparison works in a folder of its own (the actual image, then the diff and the
        // side by side), so that two runs of one case at once never compare each other's file;
        // the case's artifacts folder is replaced by it only when the image does not match.
        let work = try ArtifactsWork(folder: folder)
        defer { work.discard() }
        let actual = work.staging.appendingPathComponent(golden.lastPathComponent)
        try png.writeCreatingFolders(to: actual)
        let comparer = GoldenComparer(options: options, reportDirectory: work.staging)
        let summary = try await comparer.compare(expected: golden, actual: actual)
        guard let pair = summary.pairs.first else {
            throw GoldenMismatch(pair: nil, description: "Nothing was compared for \(golden.path).")
        }
        if pair.status == .match {
            work.clearPrevious()  // a failure's images of an earlier run must not outlive it
            return .matched(pair.difference)
        }
        if mode == .failed, pair.status == .mismatch {
            try png.writeCreatingFolders(to: golden)
            work.clearPrevious()
            return try recorded(
                "Re-recorded the golden \(golden.path) (\(pair.message))", mode: mode, environment: environment)
        }
        attach(pair, actual: png, folder: work.staging)
        let promoted = try? ArtifactsRun.promote(png, golden: golden, artifacts: artifacts, environment: environment)
        throw GoldenMismatch(
            pair: pair,
            description: mismatch(pair, golden: golden, published: work.publish(), promoted: promoted, filter: filter))
    }

    /// A mismatch's message: the figures, where its images are, how to re-record or promote.
    private static func mismatch(
        _ pair: PairResult, golden: URL, published: URL, promoted: URL?, filter: String
    ) -> String {
        var lines = ["The image does not match its golden \(golden.path): \(pair.message)."]
        lines.append("Actual: \(published.appendingPathComponent(golden.lastPathComponent).path)")
        if let diff = pair.images?.diff { lines.append("Diff: \(published.appendingPathComponent(diff).path)") }
        if let sideBySide = pair.images?.sideBySide {
            lines.append("Side by side: \(published.appendingPathComponent(sideBySide).path)")
        }
        lines.append(
            "If the change is intended, re-record with: \(RecordMode.environmentVariable)=failed swift test\(filter)")
        if let promoted { lines.append("Or promote this run's image (\(promoted.path)): \(ArtifactsRun.promoteHint)") }
        return lines.joined(separator: "\n")
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

    /// Writes `png` as the golden, once it reads back whole: nothing is recorded that would fail,
    /// or pass, every later run.
    private static func writeGolden(_ png: Data, to golden: URL) throws {
        if let problem = PNGReader.readBackProblem(png, name: "The image for \(golden.lastPathComponent)") {
            throw GoldenMismatch(
                pair: nil, description: "\(problem.description) It was not recorded as the golden \(golden.path).")
        }
        try png.writeCreatingFolders(to: golden)
    }

    /// A recording: a failure that says so, unless mode `all` was asked to pass.
    private static func recorded(
        _ what: String, mode: RecordMode, environment: [String: String]
    ) throws -> GoldenOutcome {
        if mode == .all, environment[RecordMode.passesVariable] == "1" { return .recorded(what) }
        throw GoldenMismatch(pair: nil, recorded: true, description: "\(what); re-run the test to compare against it.")
    }

    /// `ALBUMREPORT_ARTIFACTS/<golden>-<hash of its path>`, or the same under this user's private
    /// `albumreport-golden-artifacts-<uid>` in the temporary folder.
    static func artifactsFolder(for golden: URL, environment: [String: String]) throws -> URL {
        let base = try ArtifactsRun.folder(environment: environment)
        return base.appendingPathComponent(
            golden.deletingPathExtension().lastPathComponent + "-"
                + SHA256.hex(of: Data(golden.standardizedFileURL.path.utf8)).prefix(8))
    }

    /// The actual, diff and side-by-side images attached to the running Swift Testing test.
    private static func attach(_ pair: PairResult, actual: Data, folder: URL) {
        guard Test.current != nil else { return }
        let stem = URL(fileURLWithPath: pair.name).deletingPathExtension().lastPathComponent
        Attachment.record([UInt8](actual), named: "\(stem).actual.png")
        for (path, suffix) in [(pair.images?.diff, "diff"), (pair.images?.sideBySide, "compare")] {
            if let path, let data = try? Data(contentsOf: folder.appendingPathComponent(path)) {
                Attachment.record([UInt8](data), named: "\(stem).\(suffix).png")
            }
        }
    }
}
