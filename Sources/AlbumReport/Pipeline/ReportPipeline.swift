import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// `generate`, from `--feed` to `manifest.json`: a sequence of typed stages.
///
/// ```
/// setup → fetch → decode → enrich → select → (artwork ∥ sheet ∥ cards) → write
/// ```
/// Each stage is a value in the folder that names it (`Fetch/FetchStage.swift`, …) with a typed
/// input and output; this type only runs them, numbered and timed, and hands each the outputs it
/// needs. `artwork`, `sheet` and `cards` stream: they run at the same time, the thumbnails posted
/// to a `ThumbnailBoard` as they arrive, so neither the sheet nor the cards wait for every
/// download (see `streamArtwork(_:sheet:cards:runner:)`). Nothing is written into the output folder until `write` swaps the finished
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
        try await RunScope.run(context, logger: options.logger) { [transport] context in
            try await Self.sequence(options, transport: transport, context: context)
        }
    }

    private static func sequence(
        _ options: GenerateOptions, transport: any HTTPTransport, context: RunContext
    ) async throws(ReportError) -> ReportSummary {
        let started = ContinuousClock.now
        var runner = StageRunner(context: context)
        let setup = try await runner.run(SetupStage(), .init(options))
        let feed = try await fetchFeed(options, network: network(options, transport: transport), runner: &runner)
        return try await render(options, setup: setup, feed: feed, runner: &runner, context: context, started: started)
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

    /// select → (artwork ∥ sheet ∥ cards) → write. The report is staged for `stagingOutput` (a
    /// matrix's combination folder inside the matrix's own staging folder) when given, else for
    /// `options.output`; the previous PNGs the render cache may reuse are always in `options.output`.
    /// The summary's ``ReportSummary/seconds`` count from `started`.
    static func render(
        _ options: GenerateOptions, setup: SetupStage.Output, feed: FetchedFeed, runner: inout StageRunner,
        context: RunContext, stagingOutput: URL? = nil, started: ContinuousClock.Instant
    ) async throws(ReportError) -> ReportSummary {
        let decoded = feed.decoded
        let selection = try await runner.run(
            SelectStage(),
            .init(
                feed: decoded.feed, items: feed.enriched.items, shard: options.shard,
                renderCards: options.renderCards, settings: setup.settings, resources: setup.resources))
        let streamed = try StreamedRender(
            options, setup: setup, feed: feed, selection: selection, context: context, stagingOutput: stagingOutput)
        do {
            let (artwork, sheet, cards) = try await streamArtwork(
                streamed.artwork(options, feed: feed, selection: selection),
                sheet: streamed.sheet(options, setup: setup, selection: selection),
                cards: streamed.cards(options, selection: selection), runner: &runner)
            let written = try await runner.run(
                WriteStage(),
                .init(
                    source: options.feed, decoded: decoded, selection: selection, artwork: artwork, sheet: sheet,
                    cards: cards, setup: setup, shard: options.shard, matrixPage: options.matrixPage,
                    warnings: runner.warnings,
                    writer: streamed.writer, renderCache: streamed.renderCache))
            return ReportSummary(
                output: options.output.path, feedTitle: decoded.feed.title, feedFormat: decoded.feed.format,
                itemsInFeed: decoded.feed.items.count,
                itemsRendered: selection.ownItems.count,
                cardsRendered: cards.cards.count, files: written.manifest.files, warnings: runner.warnings,
                seconds: (ContinuousClock.now - started).seconds, stages: runner.figures, network: context.stats.byName,
                render: [
                    SheetStage.stage.rawValue: .counting(sheet.decodeFailures.values),
                    CardsStage.stage.rawValue: .counting(cards.decodeFailures),
                ].compactMapValues { $0 }, causes: written.causes,
                breakdown: (sheet.timings + cards.timings).figures + [streamed.renderCache.figure])
        } catch {
            streamed.writer.abandon()
            // Named as the output's file: the staging folder is this run's, not the user's.
            throw ReportWriter.naming(error, output: streamed.writer.output, staging: streamed.writer.staging)
        }
    }

    /// What `artwork`, `sheet` and `cards` hand on.
    private enum Streamed: Sendable {
        case artwork(ArtworkStage.Output, StageRunner)
        case sheet(SheetStage.Output, StageRunner)
        case cards(CardsStage.Output, StageRunner)
    }

    /// The outputs of `artwork`, `sheet` and `cards` as they end, each with its runner.
    private struct StreamedOutputs: Sendable {
        var artwork: (output: ArtworkStage.Output, runner: StageRunner)?
        var sheet: (output: SheetStage.Output, runner: StageRunner)?
        var cards: (output: CardsStage.Output, runner: StageRunner)?
    }

    /// Runs `artwork`, `sheet` and `cards` at the same time, each timed by a runner of its own
    /// (their figures overlap; see ``ReportSummary/stages``) and absorbed into `runner` in
    /// pipeline order. The first failure cancels the others, and a cancelled stage stops waiting
    /// for artwork at once; the report is then not written.
    static func streamArtwork(
        _ artwork: (stage: ArtworkStage, input: ArtworkStage.Input), sheet: SheetStage.Input,
        cards: CardsStage.Input, runner: inout StageRunner
    ) async throws(ReportError) -> (ArtworkStage.Output, SheetStage.Output, CardsStage.Output) {
        let context = runner.context
        let outputs: StreamedOutputs
        do {
            outputs = try await withThrowingTaskGroup(of: Streamed.self, returning: StreamedOutputs.self) { group in
                group.addTask {
                    var own = StageRunner(context: context)
                    return .artwork(try await own.run(artwork.stage, artwork.input), own)
                }
                group.addTask {
                    var own = StageRunner(context: context)
                    return .sheet(try await own.run(SheetStage(), sheet), own)
                }
                group.addTask {
                    var own = StageRunner(context: context)
                    return .cards(try await own.run(CardsStage(), cards), own)
                }
                var outputs = StreamedOutputs()
                for try await streamed in group {
                    switch streamed {
                    case .artwork(let output, let own): outputs.artwork = (output, own)
                    case .sheet(let output, let own): outputs.sheet = (output, own)
                    case .cards(let output, let own): outputs.cards = (output, own)
                    }
                }
                return outputs
            }
        } catch {
            throw ReportError(mapping: error)
        }
        guard let artworkOutput = outputs.artwork, let sheetOutput = outputs.sheet, let cardsOutput = outputs.cards
        else { throw .cancelled }
        runner.absorb(artworkOutput.runner)
        runner.absorb(sheetOutput.runner)
        runner.absorb(cardsOutput.runner)
        return (artworkOutput.output, sheetOutput.output, cardsOutput.output)
    }
}
