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
/// What `generate` does before drawing is the caller's here: the feed is drawn as given (no Lookup
/// enrichment of a v2 feed's copyright lines), the language, when not given, is the locale's (a
/// chart's storefront is not known here: set `language` for one), and a card is drawn for any item
/// asked for (`generate` draws none for a facts feed).
///
/// ```swift
/// let screens = try OfflineScreens(feed: feed, settings: settings)
/// let sheet = try screens.sheet { rank in thumbnails[rank] }   // one PNG per page
/// let card = try screens.card(screens.items[0], artwork: cover)
/// ```
public struct OfflineScreens: Sendable {
    /// The chart.
    public let feed: Feed
    /// The albums drawn: the feed's first `limit` items, and no more than `generate` draws
    /// (`FeedLimits/items`).
    public let items: [FeedItem]
    /// What `generate` would warn about before drawing: fonts substituted for missing ones, words a
    /// strings file lacks (stage `setup`), characters no installed font has (stage `select`).
    public let warnings: [ReportWarning]
    /// Per rank, the code points of the item's text that no installed font has ("U+E000"; drawn
    /// as U+FFFD), as `manifest.json` records them.
    public let undrawableCharacters: [Int: [String]]
    let render: RenderContext

    /// Loads what `feed`'s screens are drawn with under `settings` (themes and strings files from
    /// `templatesDirectory` first, as `--templates` does). Fails as `generate`'s setup would: an
    /// unknown theme, a font that cannot be loaded, a broken strings file.
    public init(
        feed: Feed, settings: RenderSettings = RenderSettings(), limit: Int? = nil, templatesDirectory: URL? = nil
    ) throws(ReportError) {
        let settings = settings.resolved(
            feed: nil, available: ChromeStringsLoader.availableLanguages(templatesDirectory: templatesDirectory))
        let resources = try ScreenResources(settings, templatesDirectory: templatesDirectory)
        let items = Array(feed.items.prefix(min(max(limit ?? .max, 0), FeedLimits.items)))
        let input = SelectStage.Input(
            feed: feed, items: items, shard: nil, renderCards: true, settings: settings, resources: resources)
        let render = SelectStage.renderContext(input)
        let coverage = try SelectStage.coverage(input, render: render)
        self.feed = feed
        self.items = items
        self.render = render
        warnings = resources.warnings + coverage.warnings
        undrawableCharacters = coverage.undrawable
    }

    /// The renderer the screens are drawn with (its text engine is also the layouts' measurer).
    public var renderer: ScreenRenderer { render.renderer() }

    /// The sheet's pages as laid out: one, unless the settings ask for pages or screen-sized PNGs.
    public var sheetLayouts: [SheetLayout] { render.sheetPages(feed: feed, items: items).pages }

    /// `item`'s card as laid out (with the sheet's rows behind it when it is presented as a sheet).
    public func cardLayout(for item: FeedItem) -> CardLayout {
        render.cardLayout(for: item, feed: feed, listItems: items)
    }

    /// The sheet's PNGs, one per page: `thumbnail(rank)` gives each row's artwork bytes.
    public func sheet(thumbnail: (Int) -> Data?) throws(GraphicsError) -> [Data] {
        try sheetLayouts.map { page throws(GraphicsError) in
            try renderer.renderSheet(page, compression: render.compression, thumbnail: thumbnail).png
        }
    }

    /// `item`'s card as a PNG, with `artwork` bytes (nil, or bytes that do not decode: the
    /// placeholder). A card presented over the list (iPad, `--style swiftui`) shows the list's rows
    /// with `thumbnail(rank)`'s bytes.
    public func card(
        _ item: FeedItem, artwork: Data?, thumbnail: (Int) -> Data? = { _ in nil }
    ) throws(GraphicsError) -> Data {
        let layout = cardLayout(for: item)
        let ranks = layout.presentation?.presentingList?.rows.map(\.rank) ?? []
        let thumbnails = ranks.reduce(into: [Int: Data]()) { $0[$1] = thumbnail($1) }
        return try renderer.encodeCard(
            layout, artwork: artwork, listThumbnails: thumbnails, compression: render.compression
        ).finish()
    }
}
