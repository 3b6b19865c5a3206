import AlbumReportCommandSupport
import AlbumReportCompare
import AlbumReportCompareReport
import AlbumReportCore
import ArgumentParser
import Foundation

/// `albumreport compare EXPECTED ACTUAL`: golden-image comparison.
package struct CompareCommand: AsyncParsableCommand, UsageExitCode {
    package static let usageExitCode: Int32 = 2

    package static let configuration = CommandConfiguration(
        commandName: "compare", abstract: CompareArguments.abstract, discussion: CompareArguments.discussion)

    @OptionGroup package var arguments: CompareArguments

    package init() {}

    package func run() async throws { try await arguments.run() }
}

/// `albumreport-compare EXPECTED ACTUAL`: the same command as the root of the compare-only
/// executable, which links libpng and nothing of the renderer.
package struct StandaloneCompareCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "albumreport-compare", abstract: CompareArguments.abstract,
        discussion: CompareArguments.discussion, version: AlbumReportVersion.current)

    @OptionGroup package var arguments: CompareArguments

    package init() {}

    package func run() async throws { try await arguments.run() }

    /// Runs the command line; a usage error exits 2, as `albumreport compare`'s does.
    package static func execute() async {
        await CommandEntry.execute(Self.self) { _ in CompareCommand.usageExitCode }
    }
}

/// The comparison's arguments and what it does with them: one command, whichever executable
/// runs it.
package struct CompareArguments: ParsableArguments {
    static let abstract = "Compare two PNG files, or two folders of PNG files matched by relative path."

    static let discussion = """
        A pixel differs when its perceptual (YIQ) colour difference exceeds --threshold, as pixelmatch \
        7.1 counts it: pixels on anti-aliased edges are counted apart and do not fail unless \
        --fail-on-antialiasing; a solid element moved by one pixel does, and so does any other \
        differing pixel, a lone one too. Speck tolerance is an opt-in: with --minimum-cluster N, \
        differing pixels in clusters smaller than N are specks (where re-rendered strokes nearly \
        touch) that do not fail. Images of different sizes always mismatch. The report folder (--report-dir) holds report.html and every image it shows.
        Exit codes: 0 nothing fails; 1 a changed, new or missing file that --fail-on counts; 2 usage or \
        I/O error (an unreadable or non-PNG file).
        """

    package init() {}

    @Argument(help: ArgumentHelp("The expected (golden) PNG file or folder.", valueName: "expected"))
    var expected: String

    @Argument(help: ArgumentHelp("The actual PNG file or folder.", valueName: "actual"))
    var actual: String

    // Each value is taken as given even when it starts with "-" (`--mask -5,-5,10,10`), so that
    // a negative number is refused as a value, not read as a missing one.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Perceptual colour difference (0–1) above which a pixel differs.", valueName: "t"))
    var threshold: Double = 0.1

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Largest share (0–1) of pixels that may differ.", valueName: "ratio"))
    var maxDiffRatio: Double = 0

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Largest number of pixels that may differ (replaces the ratio when given alone).", valueName: "n"))
    var maxDiffPixels: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Differing pixels in clusters smaller than this are specks that do not fail (opt-in; 1, the default: every pixel counts).",
            valueName: "n"))
    var minimumCluster: Int = 1

    @Flag(help: "Count anti-aliased pixels as real differences (pixelmatch's includeAA).")
    var failOnAntialiasing = false

    @Option(
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "A region to ignore, in pixels, in every file or in the files matching a glob (repeatable).",
            valueName: "[glob:]x,y,w,h"),
        transform: ScopedMask.argument)
    var mask: [ScopedMask] = []

    @Option(
        help: ArgumentHelp(
            "A JSON file of settings per glob (threshold, maxDiffRatio, maxDiffPixels, minimumCluster, failOnAntialiasing, masks) over these options; schema: schemas/compare-config.schema.json.",
            valueName: "file.json"))
    var config: String?

    @Option(
        help: ArgumentHelp(
            "An element to ignore wherever the report's manifest.json places it: navigationBar, artwork, button, title, … (repeatable).",
            valueName: "name"))
    var maskElement: [String] = []

    @Option(
        help: ArgumentHelp(
            "Which kinds of file fail the comparison: new, missing and/or changed, or none. Default: new,missing,changed.",
            valueName: "kinds"),
        transform: FailOn.argument)
    var failOn: FailOn = .all

    @Option(
        name: [.customLong("report-dir"), .customLong("diff-dir")],
        help: ArgumentHelp(
            "The report folder: report.html and every image it shows (self-contained: upload it as it is). Default: Diffs.",
            valueName: "dir"))
    var reportDir: String?

    /// The previous interface: one HTML file. Still accepted for a release, with a warning; the
    /// report goes to a folder beside it and the file becomes a page that opens it.
    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            "Deprecated: use --report-dir. The report is written to a folder named after FILE, which opens it.",
            valueName: "file.html", visibility: .hidden))
    var legacyReport: String?

    @Option(help: ArgumentHelp("Write JUnit XML for CI dashboards to this file.", valueName: "path.xml"))
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "text, github (annotations and a job summary; the default when GITHUB_ACTIONS=true) or markdown.",
            valueName: "format"))
    var format: OutputFormat?

    @OptionGroup var templateFolder: TemplatesArguments

    @Flag(
        help:
            "Converge the goldens on the actual images: write changed and new images over them, remove those whose actual file is gone."
    )
    var update = false

    @OptionGroup var reporting: ReportingArguments

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, github, markdown
    }

    package func validate() throws {
        guard (0...1).contains(threshold) else {
            throw ValidationError("--threshold must be from 0 to 1 (got \(threshold)).")
        }
        guard (0...1).contains(maxDiffRatio) else {
            throw ValidationError("--max-diff-ratio must be from 0 to 1 (got \(maxDiffRatio)).")
        }
        if let maxDiffPixels, maxDiffPixels < 0 { throw ValidationError("--max-diff-pixels cannot be negative.") }
        guard (1...1000).contains(minimumCluster) else {
            throw ValidationError("--minimum-cluster must be from 1 to 1000 (got \(minimumCluster)).")
        }
        if reporting.json, let format, format != .text {
            throw ValidationError("--json and --format \(format.rawValue) both write to standard output; pick one.")
        }
    }

    package func run() async throws {
        CompareMemory.keepFreedBuffers()
        let console = Console()
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        func url(_ path: String) -> URL { URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL }
        let options = try comparisonOptions(console: console, url: url)
        let report = url(reportDir ?? legacyReport.map(Self.reportFolder(forLegacyFile:)) ?? "Diffs")
        do {
            try ComparisonReportWriter.checkReportFolder(report)
            // JUnit XML inside the report folder is written after the folder is made.
            if let junit, url(junit).deletingLastPathComponent().standardizedFileURL.path != report.path {
                try ComparisonReportWriter.checkOutputFile(url(junit), option: "--junit")
            }
            if let legacyReport { try ComparisonReportWriter.checkOutputFile(url(legacyReport), option: "--report") }
        } catch {
            throw failure(error.description, console: console)
        }
        let comparer = GoldenComparer(options: options, reportDirectory: report, update: update)
        // `{platform}` in a path is this platform's key (goldens kept per platform side by side).
        let environment = ProcessInfo.processInfo.environment
        let (expectedPath, actualPath) = (
            PlatformKey.expand(expected, environment: environment), PlatformKey.expand(actual, environment: environment)
        )
        let (expectedURL, actualURL) = (url(expectedPath), url(actualPath))
        let summary: ComparisonSummary
        switch await outcome(of: { () async throws(CompareError) in
            try await comparer.compare(expected: expectedURL, actual: actualURL)
        }) {
        case .success(var value):
            // The report's header, the JUnit suite and --json name the folders as they were given,
            // not the runner's absolute paths.
            (value.expected, value.actual) = (expectedPath, actualPath)
            summary = value
        case .failure(let error):
            throw failure(error.description, console: console)
        }
        let wroteReport: Bool
        do {
            wroteReport = try writeFiles(summary, report: report, url: url, console: console)
        } catch {
            throw failure(error.description, console: console)
        }
        // JSON owns standard output: annotations and Markdown only when asked for by name.
        let chosen = format ?? (environment["GITHUB_ACTIONS"] == "true" && !reporting.json ? .github : .text)
        if reporting.json {
            console.output(ComparisonReportWriter.json(summary))
        } else {
            printText(summary, console: console, report: wroteReport ? report : nil)
        }
        switch chosen {
        case .text: break
        case .markdown: console.output(ComparisonReportFormats.markdown(summary))
        case .github: publishToGitHub(summary, environment: environment, console: console)
        }
        if summary.count(.error) > 0 { throw ExitCode(2) }
        if !summary.passes { throw ExitCode(1) }
    }

    /// The comparison's options: the command line's, with `--config`'s settings per glob.
    private func comparisonOptions(console: Console, url: (String) -> URL) throws -> CompareOptions {
        var paths: [PathSettings] = []
        if let config {
            do {
                paths = try CompareConfig.load(url(config))
            } catch {
                throw failure(error.clause, console: console)
            }
        }
        return CompareOptions(
            threshold: threshold, maxDiffRatio: maxDiffRatio, maxDiffPixels: maxDiffPixels,
            failOnAntialiasing: failOnAntialiasing, masks: mask.filter { $0.pattern == "**" }.map(\.rect),
            scopedMasks: mask.filter { $0.pattern != "**" }, maskElements: maskElement,
            failOn: failOn, minimumCluster: minimumCluster, paths: paths)
    }

    /// Writes the report, JUnit XML and the deprecated `--report` page; whether a report was
    /// written. When every file matches there is nothing to show: no report is written, and one
    /// an earlier comparison left in the folder is removed (JUnit XML is still written, into the
    /// report folder when asked, which is then made).
    private func writeFiles(
        _ summary: ComparisonSummary, report: URL, url: (String) -> URL, console: Console
    ) throws(CompareError) -> Bool {
        let everyFileMatches = summary.pairs.allSatisfy { $0.status == .match } && legacyReport == nil
        if everyFileMatches {
            try ComparisonReportWriter.removeEarlierReport(in: report)
        } else {
            try ComparisonReportWriter.writeHTML(
                summary, into: report, templatesDirectory: templateFolder.templates.map(url))
        }
        if let junit {
            let file = url(junit)
            if file.deletingLastPathComponent().standardizedFileURL.path == report.path {
                try? FileManager.default.createDirectory(at: report, withIntermediateDirectories: false)
            }
            try ComparisonReportWriter.writeJUnit(summary, to: file)
        }
        if let legacyReport {
            let page = url(legacyReport)
            try ComparisonReportWriter.writeRedirect(at: page, to: report)
            console.warning(
                "--report FILE is deprecated and goes in the next release: the report is a folder now. It was written to \(Excerpt.location(report.path)) and \(Excerpt.location(page.path)) opens it; pass --report-dir \(Excerpt.location(report.path)) instead."
            )
        }
        return !everyFileMatches
    }

    /// Prints `message` as the error it is (with `--json`, also as the error object on standard
    /// output) and returns exit code 2.
    private func failure(_ message: String, console: Console) -> ExitCode {
        console.failure(message)
        if reporting.json { console.output(RunFailure(message: message, exitCode: 2).json) }
        return ExitCode(2)
    }

    /// The pairs that are not matches, the summary line and where the report is (`report` nil:
    /// none was written, every file matches).
    private func printText(_ summary: ComparisonSummary, console: Console, report: URL?) {
        // Drift first: it explains the pixel figures that follow.
        for line in summary.drift { console.warning(line) }
        if let source = summary.maskSource, !reporting.quiet {
            console.error(
                "Element masks (\(summary.options.maskElements.joined(separator: ", "))) placed from \(Excerpt.location(source))."
            )
        }
        for pair in summary.pairs
        where pair.status != .match && (!reporting.quiet || pair.fails(summary.options.failOn)) {
            var line =
                "\(Self.symbol(pair, summary.options.failOn)) \(pair.status.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(Excerpt.location(pair.name)): \(pair.message)"
            if let report, let sideBySide = pair.images?.sideBySide {
                line += " → \(Excerpt.location(report.appendingPathComponent(sideBySide).path))"
            }
            console.error(line)
        }
        console.error(summary.line)
        if let report {
            console.error(
                "Report: \(Excerpt.location(report.appendingPathComponent(ComparisonReportWriter.pageName).path))")
        } else {
            console.error("Report: none written; every file matches.")
        }
    }

    /// Annotations on standard output, and the Markdown summary appended to
    /// `$GITHUB_STEP_SUMMARY` with a link to the run's artifacts.
    private func publishToGitHub(
        _ summary: ComparisonSummary, environment: [String: String], console: Console
    ) {
        let workspace = environment["GITHUB_WORKSPACE"] ?? FileManager.default.currentDirectoryPath
        let base = URL(fileURLWithPath: workspace).standardizedFileURL.resolvingSymlinksInPath().path
        for line in ComparisonReportFormats.githubAnnotations(summary, relativeTo: base) { console.output(line) }
        var artifacts: String?
        if let server = environment["GITHUB_SERVER_URL"], let repository = environment["GITHUB_REPOSITORY"],
            let run = environment["GITHUB_RUN_ID"]
        {
            artifacts = "\(server)/\(repository)/actions/runs/\(run)#artifacts"
        }
        guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
        let markdown = Data(ComparisonReportFormats.markdown(summary, artifacts: artifacts).utf8)
        if let problem = ComparisonReportWriter.appendProblem(markdown, to: path) {
            // The job summary is a courtesy: the comparison's verdict and exit code stand.
            console.warning(
                "The job summary was not written to GITHUB_STEP_SUMMARY (\(Excerpt.location(path))): \(problem). The comparison's result is unaffected; the report folder has everything."
            )
        }
    }

    /// The report folder the deprecated `--report FILE` stands for: FILE without its extension
    /// (`out/diff.html` → `out/diff`), or FILE with `-report` added when it has none.
    static func reportFolder(forLegacyFile file: String) -> String {
        let url = URL(fileURLWithPath: file)
        let bare = url.deletingPathExtension()
        if url.pathExtension.isEmpty || bare.lastPathComponent.isEmpty { return file + "-report" }
        return file.dropLast(url.pathExtension.count + 1).description
    }

    private static func symbol(_ pair: PairResult, _ failOn: FailOn) -> String {
        switch pair.status {
        case .match: return "✓"
        case .error: return "!"
        default: return pair.fails(failOn) ? "✗" : "·"
        }
    }
}

extension ScopedMask {
    /// Parses `--mask [GLOB:]x,y,w,h`, or says what it takes.
    static func argument(_ text: String) throws -> ScopedMask {
        guard let mask = ScopedMask(parsing: text) else {
            throw ValidationError(
                "--mask takes x,y,w,h or GLOB:x,y,w,h in whole pixels with a positive width and height.")
        }
        return mask
    }
}

extension FailOn {
    /// Parses `--fail-on`, or says what it takes; an empty list is refused, since it would let
    /// every difference pass unseen.
    static func argument(_ text: String) throws -> FailOn {
        guard text.contains(where: { $0.isLetter }) else {
            throw ValidationError(
                "--fail-on is empty, which would let every difference pass unseen. Pass new, missing and/or changed, or none to never fail."
            )
        }
        guard let failOn = FailOn(parsing: text) else {
            throw ValidationError("--fail-on takes a list of new, missing and changed, or none.")
        }
        return failOn
    }
}
