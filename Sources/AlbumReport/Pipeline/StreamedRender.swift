import AlbumReportCore
import Foundation

/// What `artwork`, `sheet` and `cards` share for one report: its staging writer, the render
/// cache, the thumbnail board, the download slots and the large images' loader, and the three
/// stages' inputs built from them.
///
/// Why: the three stages run at the same time and meet only through these values, so they are
/// made once, in one place, before any of them starts.
struct StreamedRender: Sendable {
    var writer: ReportWriter
    var renderCache: RenderCache
    var board: ThumbnailBoard
    /// The downloads' slots, shared by thumbnails and large images (these take a later turn).
    var slots: DownloadSlots
    var large: LargeArtwork

    /// The values for `selection`, staged for `stagingOutput` when given, else for
    /// `options.output`; the previous PNGs the render cache may reuse are always in
    /// `options.output`. Only preparing the writer can fail, so nothing needs undoing then.
    init(
        _ options: GenerateOptions, setup: SetupStage.Output, feed: ReportPipeline.FetchedFeed,
        selection: SelectStage.Output, context: RunContext, stagingOutput: URL?
    ) throws(ReportError) {
        // Setup read the output folder's manifest already (a combination's folder it did not).
        var writer = try ReportWriter.prepare(
            output: stagingOutput ?? options.output, force: options.force,
            holdsReport: stagingOutput == nil ? setup.previous != nil : nil, control: options.control)
        // A combination's folder is flushed with the matrix's.
        writer.flushes = stagingOutput == nil
        self.writer = writer
        renderCache = RenderCache(
            output: stagingOutput == nil ? writer.output : ReportWriter.resolved(options.output),
            previous: setup.previous, cacheDirectory: options.cacheDirectory,
            refresh: options.refresh)
        board = ThumbnailBoard(
            takes: ThumbnailBoard.takes(
                sheet: selection.drawsSheet ? selection.items : [], cards: selection.cardItems,
                backdrop: selection.backdropItems))
        slots = DownloadSlots(options.concurrency)
        var largeLoader = ArtworkStage.loader(
            network: feed.network, localDirectory: feed.loaded.localDirectory, slots: slots, context: context
        ).counting(as: .cards)
        largeLoader.slotPriority = .later
        large = LargeArtwork(loader: largeLoader)
    }

    /// The thumbnails' downloads, posted to the board.
    func artwork(
        _ options: GenerateOptions, feed: ReportPipeline.FetchedFeed, selection: SelectStage.Output
    ) -> (stage: ArtworkStage, input: ArtworkStage.Input) {
        (
            ArtworkStage(network: feed.network),
            .init(
                items: selection.thumbnailItems, isAlbumChart: feed.decoded.feed.format.isAlbumChart,
                localDirectory: feed.loaded.localDirectory, concurrency: options.concurrency, board: board,
                slots: slots, edge: selection.render.thumbnailEdge)
        )
    }

    /// The sheet, drawn from the board's thumbnails.
    func sheet(
        _ options: GenerateOptions, setup: SetupStage.Output, selection: SelectStage.Output
    ) -> SheetStage.Input {
        .init(
            selection: selection, thumbnails: board, writer: writer, renderCache: renderCache,
            previouslyKeyed: options.refresh ? [] : Set(setup.previous.map { Array($0.renderKeys.keys) } ?? []),
            shard: options.shard)
    }

    /// The cards, each with its thumbnail from the board and its large image.
    func cards(_ options: GenerateOptions, selection: SelectStage.Output) -> CardsStage.Input {
        .init(
            selection: selection, thumbnails: board, large: large, writer: writer, renderCache: renderCache,
            concurrency: options.concurrency)
    }
}
