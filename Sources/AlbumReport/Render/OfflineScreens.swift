import AlbumReportCore
import AlbumReportGraphics
import AlbumReportRenderer
import Foundation

/// A chart's screens drawn from their layouts alone, as `generate` with the same settings draws
/// them (the same theme, fonts, language, text engine, layouts and PNG encoder), but with no
/// fetch, cache, output folder or server: the caller holds the feed and gives each album's artwork
/// bytes (nil: the placeholder). Golden tests of the screens draw through this; so can an app that
/// already holds its chart.
///
/// ```swift
/// let screens = try OfflineScreens(feed: feed, settings: settings)
/// let sheet = try screens.sheet { rank in thumbnails[rank] }   // one PNG per page
/// let card = try screens.card(screens.items[0], artwork: cover)
/// ```
public struct OfflineScreens: Sendable {
    /// The chart.
    public let feed: Feed
    /// The albums drawn: the feed's first `limit` items.
    public let items: [FeedItem]
    /// What the setup warns about: fonts substituted for missing ones, words a strings file lacks.
    public let warnings: [String]
    let render: RenderContext

    /// Loads what `feed`'s screens are drawn with under `settings` (themes and strings files from
    /// `templatesDirectory` first, as `--templates` does). Fails as `generate`'s setup would: an
    /// unknown theme, a font that cannot be loaded, a broken strings file.
    public init(
        feed: Feed, settings: RenderSettings = RenderSettings(), limit: Int? = nil, templatesDirectory: URL? = nil
    ) throws(ReportError) {
        let resources = try ScreenResources(
            theme: settings.theme, templatesDirectory: templatesDirectory, language: settings.language,
            layoutDirection: settings.layoutDirection.direction, screen: settings.screen)
        let items = limit.map { Array(feed.items.prefix(max($0, 0))) } ?? feed.items
        self.feed = feed
        self.items = items
        warnings = resources.warnings
        render = SelectStage.renderContext(
            SelectStage.Input(
                feed: feed, items: items, shard: nil, renderCards: true, resources: resources, settings: settings))
    }

    /// The renderer the screens are drawn with (its text engine is also the layouts' measurer).
    public var renderer: ScreenRenderer { render.renderer }

    /// The sheet's pages as laid out: one, unless the settings ask for pages or screen-sized PNGs.
    public var sheetLayouts: [SheetLayout] { render.sheetPages(feed: feed, items: items).pages }

    /// `item`'s card as laid out (with the sheet's rows behind it when it is presented as a sheet).
    public func cardLayout(for item: FeedItem) -> CardLayout {
        render.cardLayout(for: item, feed: feed, listItems: items)
    }

    /// The sheet's PNGs, one per page: `thumbnail(rank)` gives each row's artwork bytes.
    public func sheet(thumbnail: (Int) -> Data?) throws(GraphicsError) -> [Data] {
        try sheetLayouts.map { page throws(GraphicsError) in
            try renderer.renderSheet(
                page, compressionLevel: render.compressionLevel, photographicLevel: render.photographicLevel,
                filter: render.rowFilter, thumbnail: thumbnail
            ).png
        }
    }

    /// `item`'s card as a PNG, with `artwork` bytes (nil, or bytes that do not decode: the placeholder).
    public func card(_ item: FeedItem, artwork: Data?) throws(GraphicsError) -> Data {
        try renderer.encodeCard(
            cardLayout(for: item), artwork: artwork, compressionLevel: render.compressionLevel,
            photographicLevel: render.photographicLevel, filter: render.rowFilter
        ).finish()
    }
}
