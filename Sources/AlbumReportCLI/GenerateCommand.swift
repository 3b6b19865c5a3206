import AlbumReport
import AlbumReportCommandSupport
import AlbumReportCore
import AlbumReportGraphics
import ArgumentParser
import Foundation
import Logging

/// `albumreport generate`: the whole pipeline.
package struct GenerateCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Fetch a feed and render the sheet, one card per album, and manifest.json.",
        discussion: """
            Without --feed the embedded 100-album sample (with its own artwork) is rendered, offline.
            Writes sheet.png, cards/NNN-slug.png, manifest.json and index.html into --output, \
            atomically: the new report replaces the previous one only when it is complete.
            Exit codes: 0 done; 1 fetch, decode or write failed (the message says which); \
            3 report written but --strict found warnings; 64 usage error; 130/143 interrupted \
            (SIGINT/SIGTERM; the previous report is left as it was).
            """
    )

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A feed file path, a file:// or http(s):// URL, or apple:COUNTRY[/LIMIT] for Apple's live chart (e.g. apple:us/100). Default: the embedded sample.",
            valueName: "feed"))
    var feed: String?

    @Option(help: ArgumentHelp("Render only the first N items.", valueName: "n"))
    var limit: Int?

    @OptionGroup(title: "Screens")
    var screen: ScreenArguments

    @OptionGroup(title: "Output")
    var destination: OutputArguments

    @Option(help: ArgumentHelp("Artwork downloads and card renders in flight at most (1–64).", valueName: "n"))
    var concurrency: Int = 8

    @Option(help: ArgumentHelp("Seconds before a request (feed or artwork) is given up.", valueName: "seconds"))
    var timeout: Double = 10

    @Option(
        help: ArgumentHelp(
            "Where downloaded feeds and artwork are cached and revalidated (ETag, Last-Modified). Default: $XDG_CACHE_HOME/albumreport or ~/.cache/albumreport.",
            valueName: "dir"))
    var cacheDir: String?

    @Flag(help: "Do not read or write the download cache.")
    var noCache = false

    @Flag(help: "Revalidate the feed even when the cached copy is still fresh (artwork is always revalidated).")
    var refresh = false

    @Flag(help: "Do not fill a v2 feed's missing copyright lines from the iTunes Lookup API.")
    var noEnrich = false

    @Flag(
        help:
            "No network at all: the feed and artwork come from the download cache or files; anything else draws its placeholder."
    )
    var offline = false

    @Flag(
        help:
            "Let a feed from the internet make albumreport reach loopback, private, link-local and other non-public addresses (refused by default)."
    )
    var allowPrivateNetwork = false

    @Option(help: ArgumentHelp("The iTunes Lookup API's address.", visibility: .hidden))
    var lookupURL: String = "https://itunes.apple.com/lookup"

    @Option(
        help: ArgumentHelp(
            "Render part I of N (1 ≤ I ≤ N): the cards of ranks ≡ I mod N; shard 1 also renders the sheet. Join the parts with `albumreport merge`.",
            valueName: "I/N"),
        transform: Shard.argument)
    var shard: Shard?

    @Option(
        help: ArgumentHelp(
            "Render every combination of a matrix, each in its own folder, with one manifest.json and index.html over them: a JSON file ({\"devices\": [\"iphone-15\", \"ipad-10\"], \"themes\": [\"light\", \"dark\"]}) or inline (devices=iphone-15,ipad-10;themes=light,dark). With --shard I/N, combination k goes to shard k mod N + 1.",
            valueName: "file"),
        transform: MatrixSpec.argument)
    package var matrix: MatrixSpec?

    @Flag(help: "Render the sheet only, no detail cards.")
    var noCards = false

    @Flag(help: "Exit with code 3 when the report was written with warnings.")
    var strict = false

    @OptionGroup(title: "Reporting")
    var reporting: ReportingArguments

    @Flag(
        name: .shortAndLong,
        help: "Also log debug detail (stages, artwork failures, libgd's messages) to standard error.")
    var verbose = false

    @Option(
        help: ArgumentHelp(
            "trace, debug, info, notice, warning (default), error or critical; overrides --verbose and --quiet.",
            valueName: "level"))
    var logLevel: Logger.Level?

    /// The level of the standard-error logger.
    var effectiveLogLevel: Logger.Level {
        logLevel ?? (verbose ? .debug : reporting.quiet ? .error : .warning)
    }

    package init() {}

    package func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1 (got \(limit)).") }
        guard (1...64).contains(concurrency) else {
            throw ValidationError("--concurrency must be from 1 to 64 (got \(concurrency)).")
        }
        guard timeout.isFinite, timeout >= 0.1, timeout <= 600 else {
            throw ValidationError("--timeout must be from 0.1 to 600 seconds (got \(timeout)).")
        }
        if case .failure(let refusal) = RequestURL.check(lookupURL) {
            throw ValidationError("The --lookup-url \(refusal). Pass an http(s) URL with a host and a valid port.")
        }
        if let feed, feed.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError(
                "--feed is empty. Pass a file, a URL or apple:COUNTRY, or leave --feed out for the embedded sample.")
        }
        try validateLanguage()
        try validateTheme()
        if offline && refresh {
            throw ValidationError("--offline and --refresh contradict each other: --refresh asks the server again.")
        }
        try validateMatrix()
    }

    package func run() async throws {
        // Each card's large buffers go back to the system when it is written: a 1,000-item report
        // peaks about 10 % above a 100-item one instead of 15–35 % (README, Figures). Here and in
        // `merge`, not in `compare`, which keeps its freed buffers for the next pair instead
        // (``CompareMemory``).
        GraphicsRuntime.keepResidentMemorySteady()
        if let matrix { return try await runMatrix(matrix) }
        let options = try options(in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let console = Console()
        let network =
            offline
            ? nil
            : AsyncHTTPTransport(
                limits: options.limits, connectionsPerHost: max(options.concurrency, 8))
        let transport: any HTTPTransport = network ?? OfflineTransport()
        // A live bar on a terminal, lines in logs and pipes; lines too when debug logging is on,
        // so that log lines and the bar do not overwrite each other.
        let bar =
            console.isTerminal && !reporting.quiet && !reporting.json && effectiveLogLevel > .info
            ? TerminalProgress(console: console, columns: Console.terminalColumns()) : nil
        let progress: any ProgressReporter =
            bar
            ?? (reporting.quiet || reporting.json
                ? SilentProgress() as any ProgressReporter : LineProgress(console: console))
        let ended = await Interrupts.run(writingTo: options.output, control: options.control) {
            let pipeline = ReportPipeline(transport: transport, progress: progress)
            return await outcome { () async throws(ReportError) in try await pipeline.run(options) }
        }
        bar?.finish()
        await network?.shutdown()
        try report(ended, output: options.output, console: console)
    }

    /// The options the command line asks for, paths relative to `directory`.
    package func options(in directory: URL) throws -> GenerateOptions {
        var options = GenerateOptions(output: destination.outputURL(in: directory))
        do {
            options.feed = try FeedSource.parse(feed, relativeTo: directory)
        } catch {
            throw ValidationError(error.description)
        }
        options.limit = limit
        options.settings = screen.settings
        options.templatesDirectory = destination.templatesURL(in: directory)
        options.concurrency = concurrency
        options.timeout = .milliseconds(Int64(timeout * 1000))
        options.renderCards = !noCards
        var logger = Logger(label: "albumreport") { OneLineLogHandler(label: $0) }
        logger.logLevel = effectiveLogLevel
        options.logger = logger
        options.force = destination.force
        options.shard = shard
        options.cacheDirectory =
            noCache
            ? nil
            : cacheDir.map { URL(fileURLWithPath: $0, relativeTo: directory).standardizedFileURL }
                ?? HTTPCache.defaultDirectory()
        options.refresh = refresh
        options.enrich = !noEnrich
        options.offline = offline
        options.allowPrivateNetwork = allowPrivateNetwork
        if let lookup = URL(string: lookupURL) { options.lookupURL = lookup }
        return options
    }

    /// Prints what happened and exits with the documented code.
    private func report(_ outcome: Interruptible<ReportSummary>, output: URL, console: Console) throws {
        let summary = try outcome.value(console: console, json: reporting.json) { signal, completed in
            completed
                ? "Interrupted by \(Interrupts.name(of: signal)) after the report was complete; it was written to \(Excerpt.location(output.path))."
                : "Interrupted by \(Interrupts.name(of: signal)): the run was cancelled and its temporary files removed; the previous report in \(Excerpt.location(output.path)) was left as it was."
        }
        if reporting.json {
            console.output(try SummaryText.json(summary))
        } else if !reporting.quiet {
            for line in SummaryText.warnings(summary) { console.warning(line) }
            console.error(SummaryText.line(summary))
        }
        if strict && !summary.warnings.isEmpty {
            if !reporting.json {
                console.error("--strict: \(summary.warnings.count) warning(s); exiting with code 3.")
            }
            throw ExitCode(3)
        }
    }
}

extension GenerateCommand {
    /// `generate ARGUMENTS` parsed and checked in this process, as the command line does, and the
    /// options it asks for (paths relative to `directory`): what the settings-spine tests hold
    /// against the matrix.
    package static func options(
        parsing arguments: [String], in directory: URL
    ) throws -> (options: GenerateOptions, matrix: MatrixSpec?) {
        let command = try parse(arguments)
        return (try command.options(in: directory), command.matrix)
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
