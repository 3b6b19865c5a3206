import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// A sheet being drawn into one streamed PNG a strip at a time (`ScreenRenderer/renderSheet`
/// draws them all in one call): between strips the caller may wait for the thumbnails the next
/// strip draws (``nextStripRanks``), so a strip needs only its own rows' artwork. The strips, and
/// so the pixels and bytes, are the same however long the caller waits.
public struct SheetDrawing {
    private let renderer: ScreenRenderer
    private let layout: SheetLayout
    private let encoder: PNGStreamEncoder
    private let stripHeight: Int
    /// Antialiasing and glyph overhang reach a little past frames; rows this close are drawn too.
    private let bleed: Int
    /// A scrolled bar's material blurs what lies under it and a little below: the first strip
    /// holds all of that.
    private let materialRows: Int
    private var failures: [Int: GraphicsError] = [:]

    /// The picture's width in pixels.
    public let width: Int
    /// The picture's height in pixels.
    public let height: Int
    /// The pixel rows drawn so far.
    public private(set) var rowsDone = 0

    /// Starts a sheet of `layout`, its PNG going to `sink` as it is compressed.
    public init(
        _ renderer: ScreenRenderer, layout: SheetLayout, compression: PNGCompression, stripHeight: Int = 2048,
        sink: ((Data) -> Void)? = nil
    ) throws(GraphicsError) {
        self.renderer = renderer
        self.layout = layout
        self.stripHeight = max(stripHeight, 1)
        let scale = layout.scale
        width = Int((layout.size.width * scale).rounded())
        height = Int((layout.size.height * scale).rounded())
        encoder = try PNGStreamEncoder(width: width, height: height, compression: compression, sink: sink)
        bleed = Int((4 * scale).rounded(.up))
        materialRows =
            layout.navigationBar.material.map {
                layout.navigationBar.frame.pixels(scale: scale).maxY + Int((3 * $0.blurSigma * scale).rounded(.up))
            } ?? 0
    }

    /// Whether every strip is drawn.
    public var isFinished: Bool { rowsDone >= height }

    /// The pixel rows of the next strip.
    private var nextStripRows: Int {
        min(rowsDone == 0 ? max(stripHeight, materialRows) : stripHeight, height - rowsDone)
    }

    /// The rows the strip starting at `top`, `rows` tall, touches.
    private func rows(from top: Int, count rows: Int) -> [RowLayout] {
        layout.rows.filter { row in
            let frame = row.frame.pixels(scale: layout.scale)
            return frame.maxY + bleed > top && frame.y - bleed < top + rows
        }
    }

    /// The ranks whose thumbnails the next strip draws.
    public var nextStripRanks: [Int] {
        guard !isFinished else { return [] }
        return rows(from: rowsDone, count: nextStripRows).filter { $0.thumbnail != nil }.map(\.rank)
    }

    /// Draws and compresses the next strip; `thumbnail(rank)` gives each of its rows' artwork
    /// bytes (nil: placeholder).
    public mutating func drawStrip(thumbnail: (Int) -> Data?) throws(GraphicsError) {
        guard !isFinished else { return }
        let scale = layout.scale
        let top = rowsDone
        let stripRows = nextStripRows
        let strip = try GDImage(width: width, height: stripRows, background: layout.background)
        strip.originY = top
        if let header = layout.header { try renderer.text.draw(header, in: strip) }
        for row in rows(from: top, count: stripRows) {
            if let failure = try renderer.drawRow(
                row, on: strip, scale: scale, listBackground: layout.background,
                thumbnail: row.thumbnail == nil ? nil : thumbnail(row.rank))
            {
                failures[row.rank] = failure
            }
        }
        if layout.navigationBar.frame.pixels(scale: scale).maxY + bleed > top {
            try renderer.drawNavigationBar(layout.navigationBar, on: strip, scale: scale)
        }
        if let indicator = layout.homeIndicator, indicator.frame.pixels(scale: scale).maxY + bleed > top {
            renderer.drawHomeIndicator(indicator, on: strip, scale: scale)
        }
        try encoder.append(strip)
        rowsDone = top + stripRows
    }

    /// Ends the PNG once every strip is drawn.
    public func finish() throws(GraphicsError) -> ScreenRenderer.RenderedSheet {
        ScreenRenderer.RenderedSheet(
            png: try encoder.finish(), width: width, height: height, decodeFailures: failures)
    }
}
