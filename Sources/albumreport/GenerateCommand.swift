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

    @Option(help: ArgumentHelp("The folder the report is written to.", valueName: "dir"))
    var output: String = "Output"

    @Option(
        help: ArgumentHelp(
            "The device preset, or an App Store Connect screenshot size: appstore-6.9, appstore-6.5, appstore-13 (see `albumreport devices`).",
            valueName: "id"))
    var device: String = Device.iPhone15.id

    @Option(help: ArgumentHelp("portrait or landscape.", valueName: "orientation"))
    var orientation: Orientation = .portrait

    @Option(help: ArgumentHelp("Override the device's pixel scale (1–4).", valueName: "scale"))
    var scale: Double?

    @Option(
        help: ArgumentHelp(
            "uikit (a plain list with chevrons, the detail pushed with a back button) or swiftui (an inset-grouped list, the detail presented as a sheet with a Done button).",
            valueName: "style"))
    var style: ScreenOptions.Style = .uikit

    @Option(
        help: ArgumentHelp(
            "large (iOS's large title on the list; inline in iPhone landscape, as iOS does) or inline.",
            valueName: "style"))
    var titleStyle: ScreenOptions.TitleStyle = .large

    @Option(
        help: ArgumentHelp(
            "content (every PNG as tall as its content needs; nothing is cut) or screen (every PNG exactly the device's size: the sheet paged like scrolled screenshots, cards scrolled under their pinned button).",
            valueName: "fit"))
    var fit: ScreenOptions.Fit = .content

    @Option(
        help: ArgumentHelp(
            "What the card's button opens: album (the album's store page) or artist (\"View Artist\", the feed's artistUrl).",
            valueName: "target"))
    var button: ScreenOptions.ButtonTarget = .album

    @Option(
        help: ArgumentHelp(
            "device (9:41, full signal, Wi-Fi and battery, laid out for the device; none in iPhone landscape) or none.",
            valueName: "bar"))
    var statusBar: ScreenOptions.StatusBar = .device

    @Option(
        help: ArgumentHelp(
            "iOS's Dynamic Type size: xs, s, m, l (iOS's default), xl, xxl, xxxl, or the accessibility sizes ax1 … ax5 (list rows then stack their text under the thumbnail). Text scales by Apple's Dynamic Type table; the status bar and the inline bar keep their size.",
            valueName: "size"))
    var contentSize: String = "l"

    @Flag(help: "Draw as iOS does with Bold Text on (Settings › Accessibility): every text style one weight heavier.")
    var boldText = false

    @Flag(
        help:
            "Draw as iOS does with Increase Contrast on: the high-contrast system blue, secondary label and separators (a theme's own colours are kept)."
    )
    var increaseContrast = false

    @Option(
        help: ArgumentHelp(
            "light, dark, another theme name in --templates, or a path to a theme JSON file.", valueName: "theme"))
    var theme: String = "light"

    @Option(
        help: ArgumentHelp(
            "A folder with your own theme files and index.mustache (the built-in Templates/ otherwise).",
            valueName: "dir"))
    var templates: String?

    @Option(
        help: ArgumentHelp(
            "The locale release dates are formatted for; it also picks line-breaking rules, and the Japanese, Korean or Chinese forms of Han characters (ja, ko, zh_CN, zh_TW, zh-Hant_HK) when the text does not say.",
            valueName: "id"))
    var locale: String = "en_US"

    @Option(
        help: ArgumentHelp(
            "The language of the app's own words: the list's title, Back, Done, the card's button, \"Released\", the status bar and the dates (en, ar, de, es, fr, he, it, ja, ko, nl, pt-BR, ru, zh-Hans, zh-Hant, or strings/CODE.json in --templates). Feed text is never translated. Default: --locale's language, else the storefront's of an apple:COUNTRY feed, else en.",
            valueName: "code"))
    var language: String?

    @Option(
        help: ArgumentHelp(
            "ltr, rtl (the whole screen mirrored; artwork and numbers are not) or auto (rtl for ar, he, fa and ur).",
            valueName: "direction"))
    var layoutDirection: LayoutDirectionOption = .auto

    @Option(help: ArgumentHelp("Artwork downloads and card renders in flight at most (1–64).", valueName: "n"))
    var concurrency: Int = 8

    @Option(help: ArgumentHelp("Seconds before a request (feed or artwork) is given up.", valueName: "seconds"))
    var timeout: Double = 10

    @Option(
        help: ArgumentHelp(
            "PNG compression: fast (1, or 2 for screens that are not mostly photograph), balanced (5, or 1 for screens that are mostly photograph), small (9), or a level from 0 to 9.",
            valueName: "level"))
    var pngCompression: String = "balanced"

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
            valueName: "I/N"))
    var shard: String?

    @Option(
        help: ArgumentHelp(
            "Render every combination of a matrix, each in its own folder, with one manifest.json and index.html over them: a JSON file ({\"devices\": [\"iphone-15\", \"ipad-10\"], \"themes\": [\"light\", \"dark\"]}) or inline (devices=iphone-15,ipad-10;themes=light,dark). With --shard I/N, combination k goes to shard k mod N + 1.",
            valueName: "file"))
    var matrix: String?

    @Flag(help: "Write into a non-empty folder that holds no report of ours (your files there are kept).")
    var force = false

    @Flag(help: "Render the sheet only, no detail cards.")
    var noCards = false

    @Flag(
        help:
            "Split the sheet into screen-height pages (sheet-001.png, …); rows are never cut. (--fit screen pages the sheet too, cutting rows at the edges like screenshots.)"
    )
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

    @Option(
        help: ArgumentHelp(
            "trace, debug, info, notice, warning (default), error or critical; overrides --verbose and --quiet.",
            valueName: "level"))
    var logLevel: Logger.Level?

    /// The level of the standard-error logger.
    var effectiveLogLevel: Logger.Level {
        logLevel ?? (verbose ? .debug : quiet ? .error : .warning)
    }

    /// Whether `identifier` names a language ISO 639 knows (with any region and script).
    static func isKnownLocale(_ identifier: String) -> Bool {
        guard identifier.count <= 64,
            identifier.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-@=;".contains($0)) }),
            let code = Locale(identifier: identifier).language.languageCode?.identifier
        else { return false }
        return Locale.LanguageCode.isoLanguageCodes.contains { $0.identifier == code }
    }

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1 (got \(limit)).") }
        guard Device.preset(id: device) != nil else {
            let ids = Device.presets.map(\.id).joined(separator: ", ")
            throw ValidationError("There is no device preset '\(Excerpt.printable(device))'. Choose one of: \(ids).")
        }
        if let scale, !(1...4).contains(scale) { throw ValidationError("--scale must be from 1 to 4 (got \(scale)).") }
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
        guard !output.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("--output is empty. Pass the folder the report is written to (default: Output).")
        }
        if let templates {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: templates, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError(
                    "--templates \(Excerpt.printable(templates)) is not a folder. Pass a folder holding your themes or index.mustache."
                )
            }
        }
        guard Self.isKnownLocale(locale) else {
            throw ValidationError(
                "--locale \(Excerpt.printable(locale)) is not a locale albumreport knows. Use an identifier such as en_US, de_DE, ja_JP or zh-Hant_HK."
            )
        }
        try validateLanguage()
        if offline && refresh {
            throw ValidationError("--offline and --refresh contradict each other: --refresh asks the server again.")
        }
        try validateMatrix()
        if let shard, Shard(parsing: shard) == nil {
            throw ValidationError("--shard must be I/N with 1 ≤ I ≤ N, e.g. 2/4 (got \(Excerpt.printable(shard))).")
        }
        guard ContentSizeCategory(parsing: contentSize) != nil else {
            throw ValidationError(
                "--content-size must be one of \(ContentSizeCategory.names.joined(separator: ", ")) (got \(Excerpt.printable(contentSize)))."
            )
        }
        guard PNGCompression(parsing: pngCompression) != nil else {
            throw ValidationError(
                "--png-compression must be fast, balanced, small or a level from 0 to 9 (got \(Excerpt.printable(pngCompression)))."
            )
        }
    }

    func run() async throws {
        if matrix != nil { return try await runMatrix() }
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
            console.isTerminal && !quiet && !json && effectiveLogLevel > .info
            ? TerminalProgress(console: console, columns: Console.terminalColumns()) : nil
        let progress: any ProgressReporter =
            bar ?? (quiet || json ? SilentProgress() as any ProgressReporter : LineProgress(console: console))
        let outcome = await Self.generateUntilInterrupted(options, transport: transport, progress: progress)
        bar?.finish()
        await network?.shutdown()
        try report(outcome, output: options.output, console: console)
    }

    /// The options the command line asks for, paths relative to `directory`.
    func options(in directory: URL) throws -> GenerateOptions {
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
        options.language = resolvedLanguage(in: directory)
        options.layoutDirection = layoutDirection.direction
        options.concurrency = concurrency
        options.timeout = .milliseconds(Int64(timeout * 1000))
        options.renderCards = !noCards
        options.paginateSheet = pages
        options.screen = ScreenOptions(
            style: style, titleStyle: titleStyle, fit: fit, button: button, statusBar: statusBar
        ).withAccessibility(
            contentSize: ContentSizeCategory(parsing: contentSize) ?? .l, boldText: boldText,
            increaseContrast: increaseContrast)
        let compression = PNGCompression(parsing: pngCompression) ?? .balanced
        options.pngCompressionLevel = compression.level
        options.pngPhotographicLevel = compression.photographicLevel
        var logger = Logger(label: "albumreport") { OneLineLogHandler(label: $0) }
        logger.logLevel = effectiveLogLevel
        options.logger = logger
        options.force = force
        options.shard = shard.flatMap(Shard.init(parsing:))
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
    private func report(_ outcome: Outcome, output: URL, console: Console) throws {
        let summary: ReportSummary
        switch outcome {
        case .finished(.success(let value)):
            summary = value
        case .finished(.failure(let error)):
            console.failure("[\(error.stage?.rawValue ?? "internal")] \(error.description)")
            if json { console.output(RunFailure(error).json) }
            throw ExitCode(1)
        case .interrupted(let signal, let completed):
            let message =
                completed
                ? "Interrupted by \(Interrupts.name(of: signal)) after the report was complete; it was written to \(Excerpt.location(output.path))."
                : "Interrupted by \(Interrupts.name(of: signal)): the run was cancelled and its temporary files removed; the previous report in \(Excerpt.location(output.path)) was left as it was."
            console.error(message)
            if json { console.output(RunFailure(message: message, exitCode: Interrupts.exitStatus(for: signal)).json) }
            throw ExitCode(Interrupts.exitStatus(for: signal))
        }

        if json {
            console.output(try SummaryJSON.encode(summary))
        } else if !quiet {
            for line in SummaryText.warnings(summary) { console.warning(line) }
            console.error(SummaryText.line(summary))
        }
        if strict && !summary.warnings.isEmpty {
            if !json { console.error("--strict: \(summary.warnings.count) warning(s); exiting with code 3.") }
            throw ExitCode(3)
        }
    }

    enum Outcome: Sendable {
        case finished(Result<ReportSummary, ReportError>)
        /// A signal arrived; `completed` when the report had been written all the same.
        case interrupted(Int32, completed: Bool)
    }

    /// Runs the pipeline; SIGINT or SIGTERM cancels it (it removes its temporary files as it
    /// unwinds) and a second signal ends the process at once.
    private static func generateUntilInterrupted(
        _ options: GenerateOptions, transport: any HTTPTransport, progress: any ProgressReporter
    ) async -> Outcome {
        let output = options.output
        let signals = Interrupts.stream(beforeExit: { ReportWriter.removeOwnStaging(for: output) }) { signal in
            "Interrupted by \(Interrupts.name(of: signal)): the run did not stop within a second, so it was ended and its temporary files removed; the previous report in \(Excerpt.location(output.path)) was left as it was."
        }
        return await withTaskGroup(of: Outcome?.self, returning: Outcome.self) { group in
            group.addTask {
                let pipeline = ReportPipeline(transport: transport, progress: progress)
                return .finished(await outcome { () async throws(ReportError) in try await pipeline.run(options) })
            }
            group.addTask {
                var iterator = signals.makeAsyncIterator()
                guard let first = await iterator.next() else { return nil }
                return .interrupted(first, completed: false)
            }
            var interrupted: Int32?
            while let next = await group.next() {
                switch next {
                case .finished(let result)?:
                    group.cancelAll()
                    let completed = (try? result.get()) != nil
                    return interrupted.map { .interrupted($0, completed: completed) } ?? .finished(result)
                case .interrupted(let signal, _)?:
                    interrupted = signal
                    group.cancelAll()
                    group.addTask {
                        var iterator = signals.makeAsyncIterator()
                        if let second = await iterator.next() { Foundation.exit(Interrupts.exitStatus(for: second)) }
                        return nil
                    }
                case nil:
                    continue
                }
            }
            return interrupted.map { .interrupted($0, completed: false) } ?? .finished(.failure(.cancelled))
        }
    }
}

extension Orientation: ExpressibleByArgument {}
extension ScreenOptions.Style: ExpressibleByArgument {}
extension ScreenOptions.TitleStyle: ExpressibleByArgument {}
extension ScreenOptions.Fit: ExpressibleByArgument {}
extension ScreenOptions.ButtonTarget: ExpressibleByArgument {}
extension ScreenOptions.StatusBar: ExpressibleByArgument {}

extension Logger.Level: @retroactive ExpressibleByArgument {}
