import AlbumReportCore
import AlbumReportGraphics
import AlbumReportRenderer
import Foundation

/// Lays out and draws the table sheet strip by strip, streaming the PNG to its staged file (one
/// page, or screen-height pages with `--pages`); an unchanged page is copied from the previous
/// report instead.
///
/// It runs while the thumbnails download: each strip waits only for the thumbnails of its own
/// rows. A page's render key hashes every thumbnail, so when the previous report has a key for
/// one of the sheet's pages (and might be reused) the stage waits for them all first; otherwise
/// it draws as they arrive and computes the keys once the last one is in.
struct SheetStage: PipelineStage {
    static let stage = Stage.sheet

    struct Input: Sendable {
        var selection: SelectStage.Output
        /// The thumbnails, as they arrive.
        var thumbnails: ThumbnailBoard
        var writer: ReportWriter
        var renderCache: RenderCache
        /// The files of the previous report that have a render key (none with `--refresh`): only
        /// a page among them can be reused.
        var previouslyKeyed: Set<String>
        /// Which shard, for the detail of a run that leaves the sheet to shard 1.
        var shard: Shard?
    }

    struct Output: StageOutput {
        var files: [Manifest.FileRecord] = []
        var screens: [Manifest.ScreenRecord] = []
        var rowCount = 0
        /// Per rank, why a thumbnail that loaded could not be decoded (the summary's `render`
        /// figures; never the network's).
        var decodeFailures: [Int: ArtworkFailure] = [:]
        var timings = RenderTimings()
        var progressDetail: String
        var warnings: [ReportWarning] { [] }
    }

    func run(_ input: Input, context: RunContext) async throws(ReportError) -> Output {
        let selection = input.selection
        guard selection.drawsSheet else {
            return Output(progressDetail: "shard \(input.shard?.description ?? ""): shard 1 renders the sheet")
        }
        let render = selection.render
        let device = render.device
        var timings = RenderTimings()
        let items = selection.items
        let (rowCount, pages) = timings.time(\.layout) { render.sheetPages(feed: selection.feed, items: items) }
        let byRank = Dictionary(items.map { ($0.rank, $0) }, uniquingKeysWith: { first, _ in first })
        let paths = pages.indices.map { ReportLayout.sheetPath(page: render.pagesSheet ? $0 + 1 : nil) }
        let board = input.thumbnails
        // A page can be reused only when its key is known before it is drawn: all thumbnails first.
        let digests: [String: String]? =
            paths.contains(where: input.previouslyKeyed.contains) ? await board.digests() : nil
        let knownSheetKey = digests.map { Self.sheetKey(input, digests: $0) }
        var output = Output(rowCount: rowCount, progressDetail: "")
        var thumbnails = SheetThumbnails(pages: pages.map { $0.rows.filter { $0.thumbnail != nil }.map(\.rank) })
        defer {
            for rank in thumbnails.finish(byRank.keys) {
                if let url = byRank[rank]?.artworkURL { board.forgo(url) }
            }
        }
        // Per page: whether it drew every thumbnail it has, and the digest of a page drawn anew.
        var drawnPages: [(complete: Bool, sha256: String?)] = []
        for (index, page) in pages.enumerated() {
            let drawn = try await drawPage(
                page, index: index, of: pages.count, path: paths[index],
                key: knownSheetKey.map { Self.pageKey(index, sheetKey: $0) }, input: input, context: context,
                thumbnails: { ranks in
                    await thumbnails.take(ranks: ranks, page: index) { rank in
                        guard let url = byRank[rank]?.artworkURL else { return nil }
                        return await board.take(url)?.data
                    }
                }, timings: &timings)
            output.files.append(drawn.file)
            output.screens.append(
                Manifest.ScreenRecord(
                    kind: .sheet, file: paths[index], rank: nil, page: render.pagesSheet ? index + 1 : nil,
                    sizePoints: page.size,
                    elements: page.elements.map { Manifest.ElementRecord($0, scale: device.scale) }))
            drawnPages.append((drawn.failures.isEmpty, drawn.sha256))
            output.decodeFailures.merge(drawn.failures) { first, _ in first }
        }
        // Pages drawn before every thumbnail was in get their keys now that all are.
        let sheetKey: String
        if let knownSheetKey {
            sheetKey = knownSheetKey
        } else {
            sheetKey = Self.sheetKey(input, digests: await board.digests())
        }
        if Task.isCancelled { throw .cancelled }
        Self.recordKeys(drawnPages, sheetKey: sheetKey, in: &output, input: input)
        output.timings = timings
        let size = output.files.first.map { "\($0.widthPixels)×\($0.heightPixels) px" } ?? ""
        output.progressDetail =
            "\(output.rowCount) rows, \(size)" + (output.files.count > 1 ? ", \(output.files.count) pages" : "")
        return output
    }

    /// Gives each complete page its key, and records a page drawn anew in the render cache. A page
    /// with a placeholder for undecodable artwork gets none: it is drawn again next time, so that
    /// its warning is raised again.
    private static func recordKeys(
        _ drawnPages: [(complete: Bool, sha256: String?)], sheetKey: String, in output: inout Output, input: Input
    ) {
        for (index, drawn) in drawnPages.enumerated() where drawn.complete {
            let key = Self.pageKey(index, sheetKey: sheetKey)
            output.screens[index].renderKey = key
            if let sha256 = drawn.sha256 {
                input.renderCache.record(
                    key: key, sha256: sha256, stagedAt: output.files[index].path, by: input.writer)
            }
        }
    }

    /// The key every page's key derives from: the items, the feed and every thumbnail's bytes
    /// (their SHA-256 by URL text, `digests`).
    private static func sheetKey(_ input: Input, digests: [String: String]) -> String {
        let selection = input.selection
        let render = selection.render
        let feed = selection.feed
        return RenderCache.key(
            [
                render.renderSalt, "sheet", feed.title, feed.country ?? "", feed.updated ?? "", feed.format.rawValue,
                RenderCache.json(selection.records), "\(render.pagesSheet)",
            ]
                + selection.items.map { item in
                    item.artworkURL.flatMap { digests[$0] } ?? "none"
                })
    }

    /// The key of page `index`.
    private static func pageKey(_ index: Int, sheetKey: String) -> String {
        RenderCache.key([sheetKey, "\(index)"])
    }

    /// One page: the previous report's PNG when its key is known and matches, else drawn and
    /// streamed, each strip once its rows' thumbnails are in. Returns the digest of a page drawn
    /// anew (nil: reused).
    private func drawPage(
        _ page: SheetLayout, index: Int, of count: Int, path: String, key: String?, input: Input,
        context: RunContext, thumbnails: ([Int]) async -> [Int: Data], timings: inout RenderTimings
    ) async throws(ReportError) -> (file: Manifest.FileRecord, failures: [Int: ArtworkFailure], sha256: String?) {
        let render = input.selection.render
        if let key, let previous = try input.renderCache.reuse(path: path, key: key, writer: input.writer) {
            return (
                Manifest.FileRecord(
                    path: path, widthPixels: previous.width, heightPixels: previous.height, bytes: previous.bytes,
                    sha256: previous.sha256), [:], nil
            )
        }
        // The PNG goes to its file chunk by chunk as the strips are encoded.
        let file = try input.writer.stageStream(at: path)
        let rendered: ScreenRenderer.RenderedSheet
        do throws(GraphicsError) {
            var drawing = try SheetDrawing(
                render.renderer(context.sharing.screens), layout: page, compression: render.compression,
                sink: { file.write($0) })
            while !drawing.isFinished {
                // Waiting for the strip's thumbnails is not drawing: only the strip is timed.
                let arrived = await thumbnails(drawing.nextStripRanks)
                if Task.isCancelled { throw GraphicsError.cancelled }
                // Strips are drawn and encoded interleaved; their time counts as rendering.
                try timings.time(\.render) { () throws(GraphicsError) in
                    try drawing.drawStrip { arrived[$0] }
                }
                context.progress.report(
                    .advanced(
                        stage: Self.stage, done: index * drawing.height + drawing.rowsDone,
                        total: count * drawing.height))
            }
            rendered = try timings.time(\.render) { () throws(GraphicsError) in try drawing.finish() }
        } catch .cancelled {
            throw .cancelled
        } catch {
            throw .render(Self.stage, what: "the sheet", error)
        }
        let written = try file.close()
        return (
            Manifest.FileRecord(
                path: path, widthPixels: rendered.width, heightPixels: rendered.height, bytes: written.bytes,
                sha256: written.sha256), rendered.decodeFailures.mapValues(ArtworkFailure.undecodable),
            written.sha256
        )
    }
}
