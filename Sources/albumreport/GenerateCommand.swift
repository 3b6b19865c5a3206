import AlbumReport
import AlbumReportCore
import ArgumentParser
import Foundation
import Logging

/// `albumreport generate`: the whole pipeline.
struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Fetch a feed and render the sheet, one card per album, and manifest.json.",
        discussion: """
            Without --feed the embedded 100-album sample (with its own artwork) is rendered, offline.
            Exit codes: 0 done; 1 fetch, decode or write failed (the message says which); \
            3 report written but --strict found warnings; 64 usage error.
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

    @Option(help: ArgumentHelp("The folder the report is written to.", valueName: "dir"))
    var output: String = "Output"

    @Option(help: ArgumentHelp("The device preset (see `albumreport devices`).", valueName: "id"))
    var device: String = Device.iPhone15.id

    @Option(help: ArgumentHelp("portrait or landscape.", valueName: "orientation"))
    var orientation: Orientation = .portrait

    @Option(help: ArgumentHelp("Override the device's pixel scale (1–4).", valueName: "scale"))
    var scale: Double?

    @Option(
        help: ArgumentHelp(
            "light, dark, another theme name in --templates, or a path to a theme JSON file.", valueName: "theme"))
    var theme: String = "light"

    @Option(help: ArgumentHelp("A folder of theme files to use instead of the built-in Templates/.", valueName: "dir"))
    var templates: String?

    @Option(help: ArgumentHelp("The locale release dates are formatted for.", valueName: "id"))
    var locale: String = "en_US"

    @Option(help: ArgumentHelp("Artwork downloads and card renders in flight at most (1–64).", valueName: "n"))
    var concurrency: Int = 8

    @Option(help: ArgumentHelp("Seconds before a request (feed or artwork) is given up.", valueName: "seconds"))
    var timeout: Double = 10

    @Option(
        help: ArgumentHelp(
            "PNG compression: fast (zlib level 1), balanced (6), small (9), or a level from 0 to 9.",
            valueName: "level"))
    var pngCompression: String = "balanced"

    /// `--png-compression` as a zlib level.
    var compressionLevel: Int? {
        switch pngCompression.lowercased() {
        case "fast": return 1
        case "balanced": return 6
        case "small": return 9
        default: return Int(pngCompression).flatMap { (0...9).contains($0) ? $0 : nil }
        }
    }

    @Flag(help: "Render the sheet only, no detail cards.")
    var noCards = false

    @Flag(help: "Split the sheet into screen-height pages (sheet-001.png, …); rows are never cut.")
    var pages = false

    @Flag(help: "Exit with code 3 when the report was written with warnings.")
    var strict = false

    @Flag(help: "Print a machine-readable JSON summary on standard output.")
    var json = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(
        name: .shortAndLong,
        help: "Also log debug detail (stages, artwork failures, libgd's messages) to standard error.")
    var verbose = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1 (got \(limit)).") }
        guard Device.preset(id: device) != nil else {
            let ids = Device.presets.map(\.id).joined(separator: ", ")
            throw ValidationError("There is no device preset '\(device)'. Choose one of: \(ids).")
        }
        if let scale, !(1...4).contains(scale) { throw ValidationError("--scale must be from 1 to 4 (got \(scale)).") }
        guard (1...64).contains(concurrency) else {
            throw ValidationError("--concurrency must be from 1 to 64 (got \(concurrency)).")
        }
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be from 0 to 600 seconds.") }
        guard compressionLevel != nil else {
            throw ValidationError(
                "--png-compression must be fast, balanced, small or a level from 0 to 9 (got \(pngCompression)).")
        }
    }

    func run() async throws {
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var options = GenerateOptions(output: URL(fileURLWithPath: output, relativeTo: directory).standardizedFileURL)
        do {
            options.feed = try FeedSource.parse(feed, relativeTo: directory)
        } catch {
            throw ValidationError(error.description)
        }
        options.limit = limit
        var chosen = (Device.preset(id: device) ?? .iPhone15).oriented(orientation)
        if let scale { chosen = chosen.withScale(scale) }
        options.device = chosen
        options.theme = ThemeChoice.parse(theme)
        options.templatesDirectory = templates.map {
            URL(fileURLWithPath: $0, relativeTo: directory).standardizedFileURL
        }
        options.localeIdentifier = locale
        options.concurrency = concurrency
        options.timeout = .milliseconds(Int64(timeout * 1000))
        options.renderCards = !noCards
        options.paginateSheet = pages
        options.pngCompressionLevel = compressionLevel ?? 6
        var logger = Logger(label: "albumreport") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = verbose ? .debug : .warning
        options.logger = logger

        let console = Console()
        let transport = AsyncHTTPTransport(limits: HTTPLimits(timeout: options.timeout))
        let progress: any ProgressReporter = quiet || json ? SilentProgress() : LineProgress(console: console)
        let outcome = await Self.generate(options, transport: transport, progress: progress)
        await transport.shutdown()
        let summary: ReportSummary
        switch outcome {
        case .success(let value):
            summary = value
        case .failure(let error):
            console.error("error: [\(error.stage)] \(error.description)")
            throw ExitCode(1)
        }

        if json {
            console.output(try SummaryJSON.encode(summary))
        } else if !quiet {
            for warning in summary.warnings { console.error("warning: \(warning)") }
            console.error(SummaryText.line(summary))
        }
        if strict && !summary.warnings.isEmpty {
            if !json { console.error("--strict: \(summary.warnings.count) warning(s); exiting with code 3.") }
            throw ExitCode(3)
        }
    }

    private static func generate(
        _ options: GenerateOptions, transport: AsyncHTTPTransport, progress: any ProgressReporter
    ) async -> Result<ReportSummary, ReportError> {
        do {
            return .success(try await ReportGenerator(transport: transport, progress: progress).generate(options))
        } catch {
            return .failure(error)
        }
    }
}

extension Orientation: ExpressibleByArgument {}
