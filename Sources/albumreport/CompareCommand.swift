import AlbumReport
import AlbumReportCompare
import AlbumReportCore
import ArgumentParser
import Foundation

/// `albumreport compare EXPECTED ACTUAL`: golden-image comparison.
struct CompareCommand: AsyncParsableCommand, UsageExitCode {
    static let usageExitCode: Int32 = 2

    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two PNG files, or two folders of PNG files matched by relative path.",
        discussion: """
            A pixel differs when its perceptual (YIQ) colour difference exceeds --threshold; pixels that \
            differ only as anti-aliasing or a one-pixel shift would are counted separately and do not \
            fail unless --fail-on-antialiasing. Images of different sizes always mismatch.
            Exit codes: 0 all match; 1 any mismatch, missing or new file; 2 usage or I/O error \
            (an unreadable or non-PNG file).
            """
    )

    @Argument(help: ArgumentHelp("The expected (golden) PNG file or folder.", valueName: "expected"))
    var expected: String

    @Argument(help: ArgumentHelp("The actual PNG file or folder.", valueName: "actual"))
    var actual: String

    @Option(help: ArgumentHelp("Perceptual colour difference (0–1) above which a pixel differs.", valueName: "t"))
    var threshold: Double = 0.1

    @Option(help: ArgumentHelp("Largest share (0–1) of pixels that may differ.", valueName: "ratio"))
    var maxDiffRatio: Double = 0

    @Option(
        help: ArgumentHelp(
            "Largest number of pixels that may differ (replaces the ratio when given alone).", valueName: "n"))
    var maxDiffPixels: Int?

    @Flag(help: "Count anti-aliasing and one-pixel-shift differences as real differences.")
    var failOnAntialiasing = false

    @Option(help: ArgumentHelp("A region to ignore, in pixels (repeatable).", valueName: "x,y,w,h"))
    var mask: [String] = []

    @Option(
        help: ArgumentHelp("Where NAME.diff.png and NAME.compare.png are written for each mismatch.", valueName: "dir"))
    var diffDir: String = "Diffs"

    @Option(help: ArgumentHelp("Write a self-contained HTML report to this file.", valueName: "path.html"))
    var report: String?

    @Option(help: ArgumentHelp("Write JUnit XML for CI dashboards to this file.", valueName: "path.xml"))
    var junit: String?

    @Flag(help: "Copy the actual image over the expected one for each mismatched or new pair.")
    var update = false

    @Flag(help: "Print a machine-readable JSON summary on standard output.")
    var json = false

    @Flag(name: .shortAndLong, help: "Print nothing but the summary line and errors.")
    var quiet = false

    func validate() throws {
        guard (0...1).contains(threshold) else {
            throw ValidationError("--threshold must be from 0 to 1 (got \(threshold)).")
        }
        guard (0...1).contains(maxDiffRatio) else {
            throw ValidationError("--max-diff-ratio must be from 0 to 1 (got \(maxDiffRatio)).")
        }
        if let maxDiffPixels, maxDiffPixels < 0 { throw ValidationError("--max-diff-pixels cannot be negative.") }
        for text in mask where Self.parseMask(text) == nil {
            throw ValidationError("--mask '\(text)' is not x,y,w,h in whole pixels with a positive width and height.")
        }
    }

    static func parseMask(_ text: String) -> PixelRect? {
        let numbers = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3],
            w > 0, h > 0
        else { return nil }
        return PixelRect(x: x, y: y, width: w, height: h)
    }

    func run() async throws {
        let console = Console()
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        func url(_ path: String) -> URL { URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL }
        let options = CompareOptions(
            threshold: threshold, maxDiffRatio: maxDiffRatio, maxDiffPixels: maxDiffPixels,
            failOnAntialiasing: failOnAntialiasing, masks: mask.compactMap(Self.parseMask))
        let comparer = GoldenComparer(options: options, diffDirectory: url(diffDir), update: update)
        let summary: ComparisonSummary
        let expectedURL = url(expected)
        let actualURL = url(actual)
        switch await outcome(of: { () async throws(CompareError) in
            try await comparer.compare(expected: expectedURL, actual: actualURL)
        }) {
        case .success(let value):
            summary = value
        case .failure(let error):
            console.error("error: \(error.description)")
            throw ExitCode(2)
        }
        if let error = Self.writeReports(summary, html: report.map(url), junit: junit.map(url)) {
            console.error("error: \(error.description)")
            throw ExitCode(2)
        }

        if json {
            console.output(ComparisonReportWriter.json(summary))
        } else {
            for pair in summary.pairs where !quiet || pair.fails {
                var line =
                    "\(Self.symbol(pair.status)) \(pair.status.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(pair.name): \(pair.message)"
                if let compare = pair.compareImagePath { line += " → \(compare)" }
                console.error(line)
            }
            console.error(summary.line)
            if let report { console.error("Report: \(url(report).path)") }
        }
        if summary.count(.error) > 0 { throw ExitCode(2) }
        if !summary.allMatch { throw ExitCode(1) }
    }

    private static func writeReports(_ summary: ComparisonSummary, html: URL?, junit: URL?) -> CompareError? {
        do {
            if let html { try ComparisonReportWriter.writeHTML(summary, to: html) }
            if let junit { try ComparisonReportWriter.writeJUnit(summary, to: junit) }
            return nil
        } catch {
            return error
        }
    }

    private static func symbol(_ status: PairResult.Status) -> String {
        switch status {
        case .match: return "✓"
        case .mismatch, .missing, .new: return "✗"
        case .error: return "!"
        }
    }
}
