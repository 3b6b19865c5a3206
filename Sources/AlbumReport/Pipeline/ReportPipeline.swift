import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// `generate`, from `--feed` to `manifest.json`: a sequence of typed stages.
///
/// ```
/// setup → fetch → decode → enrich → select → artwork → sheet → cards → write
/// ```
/// Each stage is a value in the folder that names it (`Fetch/FetchStage.swift`, …) with a typed
/// input and output; this type only runs them in order, numbered and timed, and hands each the
/// outputs it needs. Nothing is written into the output folder until `write` swaps the finished
/// report in; a failure or a cancellation anywhere leaves the previous report as it was.
public struct ReportPipeline: Sendable {
    var transport: any HTTPTransport
    var context: RunContext

    /// A pipeline downloading through `transport`, reporting to `progress`, waiting on `clock`
    /// and drawing backoff jitter from `random`.
    public init(
        transport: any HTTPTransport, progress: any ProgressReporter = SilentProgress(),
        clock: any RunClock = SystemClock(), random: any RandomSource = SystemRandom()
    ) {
        self.transport = transport
        context = RunContext(progress: progress, clock: clock, random: random)
    }

    /// Runs every stage and writes the report into `options.output`.
    public func run(_ options: GenerateOptions) async throws(ReportError) -> ReportSummary {
        var context = self.context
        context.logger = options.logger
        context.stats = FetchStats()
        context.breaker = HostBreaker()
        let logger = options.logger
        // libgd's messages of this run (a truncated JPEG, a bad PNG chunk) go to this run's logger.
        do {
            return try await GraphicsMessages.routing(to: { logger.debug("libgd: \($0)") }) {
                try await Self.sequence(options, transport: transport, context: context)
            }
        } catch let error as ReportError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .unexpected(String(describing: error))
        }
    }

    private static func sequence(
        _ options: GenerateOptions, transport: any HTTPTransport, context: RunContext
    ) async throws(ReportError) -> ReportSummary {
        var runner = StageRunner(context: context)
        let setup = try await runner.run(
            SetupStage(),
            .init(
                theme: options.theme, templatesDirectory: options.templatesDirectory, output: options.output,
                force: options.force, language: options.language, layoutDirection: options.layoutDirection,
                screen: options.screen))
        let feed = try await fetchFeed(options, network: network(options, transport: transport), runner: &runner)
        return try await render(options, setup: setup, feed: feed, runner: &runner, context: context)
    }

    /// How `options` reach the network through `transport`.
    static func network(_ options: GenerateOptions, transport: any HTTPTransport) -> NetworkAccess {
        NetworkAccess(
            transport: transport, limits: options.limits, retry: options.retry,
            cache: options.cacheDirectory.map(HTTPCache.init(directory:)))
    }

    /// The feed as fetched, decoded and enriched: what every combination of a matrix shares.
    struct FetchedFeed: Sendable {
        var loaded: FetchStage.Output
        var decoded: DecodeStage.Output
        var enriched: EnrichStage.Output
        /// What the feed's artwork and Lookup requests may reach.
        var network: NetworkAccess
    }

    /// fetch → decode → enrich.
    static func fetchFeed(
        _ options: GenerateOptions, network: NetworkAccess, runner: inout StageRunner
    ) async throws(ReportError) -> FetchedFeed {
        let loaded = try await runner.run(FetchStage(network: network, refresh: options.refresh), options.feed)
        let decoded = try await runner.run(DecodeStage(), .init(loaded: loaded, limit: options.limit))
        // What the feed's artwork and Lookup requests may reach follows from where the feed came from.
        let feedNetwork = network.reaching(loaded.addressRule(allowPrivateNetwork: options.allowPrivateNetwork))
        let enriched = try await runner.run(
            EnrichStage(network: feedNetwork, lookupURL: options.lookupURL),
            .init(
                format: decoded.feed.format, items: decoded.items, enabled: options.enrich,
                drawsCards: options.renderCards, offline: options.offline))
        return FetchedFeed(loaded: loaded, decoded: decoded, enriched: enriched, network: feedNetwork)
    }

    /// select → artwork → sheet → cards → write. The report is staged for `stagingOutput` (a
    /// matrix's combination folder inside the matrix's own staging folder) when given, else for
    /// `options.output`; the previous PNGs the render cache may reuse are always in `options.output`.
    static func render(
        _ options: GenerateOptions, setup: SetupStage.Output, feed: FetchedFeed, runner: inout StageRunner,
        context: RunContext, stagingOutput: URL? = nil
    ) async throws(ReportError) -> ReportSummary {
        let (loaded, decoded, enriched, feedNetwork) = (feed.loaded, feed.decoded, feed.enriched, feed.network)
        let selection = try await runner.run(
            SelectStage(),
            .init(
                feed: decoded.feed, items: enriched.items, shard: options.shard, renderCards: options.renderCards,
                theme: setup.theme, fonts: setup.fonts, device: options.device,
                localeIdentifier: setup.localeIdentifier(given: options.localeIdentifier),
                compressionLevel: options.pngCompressionLevel, photographicLevel: options.pngPhotographicLevel,
                rowFilter: options.pngRowFilter, paginate: options.paginateSheet,
                screen: setup.screen(options.screen)))
        let artwork = try await runner.run(
            ArtworkStage(network: feedNetwork),
            .init(
                items: selection.thumbnailItems, isAlbumChart: decoded.feed.format.isAlbumChart,
                localDirectory: loaded.localDirectory, concurrency: options.concurrency))

        let writer = try ReportWriter.prepare(output: stagingOutput ?? options.output, force: options.force)
        do {
            let renderCache = RenderCache(
                output: stagingOutput == nil ? writer.output : ReportWriter.resolved(options.output),
                previous: setup.previous, cacheDirectory: options.cacheDirectory,
                refresh: options.refresh)
            let sheet = try await runner.run(
                SheetStage(),
                .init(
                    selection: selection, artwork: artwork, writer: writer, renderCache: renderCache,
                    shard: options.shard))
            let cards = try await runner.run(
                CardsStage(),
                .init(
                    selection: selection, artwork: artwork, writer: writer, renderCache: renderCache,
                    concurrency: options.concurrency))
            let written = try await runner.run(
                WriteStage(),
                .init(
                    source: options.feed, decoded: decoded, selection: selection, artwork: artwork, sheet: sheet,
                    cards: cards, setup: setup, shard: options.shard, warnings: runner.warnings, writer: writer,
                    renderCache: renderCache))
            return ReportSummary(
                output: options.output.path, feedTitle: decoded.feed.title, feedFormat: decoded.feed.format,
                itemsInFeed: decoded.feed.items.count,
                itemsRendered: selection.ownItems.count,
                cardsRendered: cards.cards.count, files: written.manifest.files, warnings: runner.warnings,
                stages: runner.figures, network: context.stats.byName,
                render: [
                    SheetStage.stage.rawValue: .counting(sheet.decodeFailures.values),
                    CardsStage.stage.rawValue: .counting(cards.decodeFailures),
                ].compactMapValues { $0 }, causes: written.causes,
                breakdown: (sheet.timings + cards.timings).figures + [renderCache.figure])
        } catch {
            writer.abandon()
            throw error
        }
    }
}
