import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// Lays out and draws the table sheet strip by strip, streaming the PNG to its staged file (one
/// page, or screen-height pages with `--pages`); an unchanged page is copied from the previous
/// report instead.
struct SheetStage: PipelineStage {
    static let stage = Stage.sheet

    struct Input: Sendable {
        var selection: SelectStage.Output
        var artwork: ArtworkStage.Output
        var writer: ReportWriter
        var renderCache: RenderCache
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
        let layout = timings.time(\.layout) {
            SheetLayout.make(
                feed: selection.feed, items: selection.items, device: device, theme: render.theme,
                locale: render.locale, options: render.screen, measurer: render.engine)
        }
        let pages =
            render.screen.fit == .screen
            ? layout.screens(height: device.size.height)
            : render.paginate ? layout.pages(height: device.size.height, bottomInset: device.safeArea.bottom) : [layout]
        let items = selection.items
        let byRank = Dictionary(items.map { ($0.rank, $0) }, uniquingKeysWith: { first, _ in first })
        let feed = selection.feed
        let sheetKey = RenderCache.key(
            [
                render.renderSalt, "sheet", feed.title, feed.country ?? "", feed.updated ?? "", feed.format.rawValue,
                RenderCache.json(selection.records), "\(render.pagesSheet)",
            ] + items.map { item in input.artwork.thumbnail(of: item).map { Digest.sha256Hex($0) } ?? "none" })
        var output = Output(rowCount: layout.rows.count, progressDetail: "")
        for (index, page) in pages.enumerated() {
            let path = ReportLayout.sheetPath(page: render.pagesSheet ? index + 1 : nil)
            let pageKey = RenderCache.key([sheetKey, "\(index)"])
            let drawn = try drawPage(
                page, index: index, of: pages.count, path: path, key: pageKey, input: input, context: context,
                thumbnail: { rank in byRank[rank].flatMap(input.artwork.thumbnail(of:)) }, timings: &timings)
            output.files.append(drawn.file)
            output.screens.append(
                Manifest.ScreenRecord(
                    kind: .sheet, file: path, rank: nil, page: render.pagesSheet ? index + 1 : nil,
                    sizePoints: page.size,
                    elements: page.elements.map { Manifest.ElementRecord($0, scale: device.scale) },
                    renderKey: drawn.failures.isEmpty ? pageKey : nil))
            output.decodeFailures.merge(drawn.failures) { first, _ in first }
        }
        output.timings = timings
        let size = output.files.first.map { "\($0.widthPixels)×\($0.heightPixels) px" } ?? ""
        output.progressDetail =
            "\(output.rowCount) rows, \(size)" + (output.files.count > 1 ? ", \(output.files.count) pages" : "")
        return output
    }

    /// One page: the previous report's PNG when its key matches, else drawn and streamed.
    private func drawPage(
        _ page: SheetLayout, index: Int, of count: Int, path: String, key: String, input: Input, context: RunContext,
        thumbnail: (Int) -> Data?, timings: inout RenderTimings
    ) throws(ReportError) -> (file: Manifest.FileRecord, failures: [Int: ArtworkFailure]) {
        let render = input.selection.render
        if let previous = try input.renderCache.reuse(path: path, key: key, writer: input.writer) {
            return (
                Manifest.FileRecord(
                    path: path, widthPixels: previous.width, heightPixels: previous.height, bytes: previous.bytes,
                    sha256: previous.sha256), [:]
            )
        }
        // The PNG goes to its file chunk by chunk as the strips are encoded.
        let file = try input.writer.stageStream(at: path)
        let rendered: ScreenRenderer.RenderedSheet
        do {
            // Strips are drawn and encoded interleaved; their time counts as rendering.
            rendered = try timings.time(\.render) { () throws(GraphicsError) in
                try render.renderer.renderSheet(
                    page, compressionLevel: render.compressionLevel, photographicLevel: render.photographicLevel,
                    filter: render.rowFilter,
                    sink: { file.write($0) }, thumbnail: thumbnail
                ) { done, height in
                    context.progress.report(
                        .advanced(stage: Self.stage, done: index * height + done, total: count * height))
                    return !Task.isCancelled
                }
            }
        } catch .cancelled {
            throw .cancelled
        } catch {
            throw .render(Self.stage, what: "the sheet", error)
        }
        let written = try file.close()
        if rendered.decodeFailures.isEmpty {
            input.renderCache.record(key: key, sha256: written.sha256, stagedAt: path, by: input.writer)
        }
        return (
            Manifest.FileRecord(
                path: path, widthPixels: rendered.width, heightPixels: rendered.height, bytes: written.bytes,
                sha256: written.sha256), rendered.decodeFailures.mapValues(ArtworkFailure.undecodable)
        )
    }
}
