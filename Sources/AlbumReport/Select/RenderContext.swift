import AlbumReportCore
import AlbumReportGraphics
import AlbumReportRenderer
import Foundation

/// What every screen of a run is drawn with: the theme, the text engine (made once the chart is
/// known, since Han characters take the forms of its storefront), the device, locale and PNG
/// settings, and the part every render key shares. Read-only, shared by the card tasks.
struct RenderContext: Sendable {
    let theme: Theme
    let engine: TextEngine
    let device: Device
    let localeIdentifier: String
    let compressionLevel: Int
    /// The level for screens that are mostly photograph (nil: ``compressionLevel``).
    let photographicLevel: Int?
    let rowFilter: PNGStreamEncoder.RowFilter
    /// Split the sheet into screen-height pages.
    let paginate: Bool
    /// How the screens are presented.
    let screen: ScreenOptions
    /// The settings as the command line (or the matrix) gave them, for `manifest.json`.
    let settings: RenderSettings
    /// Everything every render key shares: renderer version, device, theme, locale, PNG level.
    /// Made once: every screen's key starts with it, and the theme's JSON is not free.
    let renderSalt: String
    /// The locale dates are formatted for.
    let locale: Locale
    /// What the screens share with other runs drawn at the same time (a matrix's combinations).
    let sharing: ScreenSharing?

    init(
        theme: Theme, engine: TextEngine, device: Device, localeIdentifier: String, compressionLevel: Int,
        photographicLevel: Int?, rowFilter: PNGStreamEncoder.RowFilter, paginate: Bool, screen: ScreenOptions,
        settings: RenderSettings = RenderSettings(), sharing: ScreenSharing? = nil
    ) {
        self.settings = settings
        self.sharing = sharing
        self.theme = theme
        self.engine = engine
        self.device = device
        self.localeIdentifier = localeIdentifier
        self.compressionLevel = compressionLevel
        self.photographicLevel = photographicLevel
        self.rowFilter = rowFilter
        self.paginate = paginate
        self.screen = screen
        locale = Locale(identifier: localeIdentifier)
        renderSalt = RenderCache.key(
            [
                RenderCache.rendererVersion, RenderCache.json(device), RenderCache.json(theme),
                RenderCache.json(screen),
                localeIdentifier,
                "\(compressionLevel)",
            ] + (photographicLevel.map { ["photographic \($0)"] } ?? []))
    }

    /// Whether the sheet is written as numbered pages (`--pages`, or `--fit screen`).
    var pagesSheet: Bool { paginate || screen.fit == .screen }

    /// Draws screens with ``engine``.
    var renderer: ScreenRenderer { ScreenRenderer(text: engine, theme: theme, sharing: sharing) }

    /// The sheet of `items` laid out, and its rows' count and pages: screens with `--fit screen`,
    /// screen-height pages with `--pages`, else one page.
    func sheetPages(feed: Feed, items: [FeedItem]) -> (rowCount: Int, pages: [SheetLayout]) {
        let layout = SheetLayout.make(
            feed: feed, items: items, device: device, theme: theme, locale: locale, options: screen, measurer: engine)
        let height = device.size.height
        if screen.fit == .screen { return (layout.rows.count, layout.screens(height: height)) }
        let pages = paginate ? layout.pages(height: height, bottomInset: device.safeArea.bottom) : [layout]
        return (layout.rows.count, pages)
    }

    /// The edge, in pixels, thumbnails are downloaded at: the row's slot at the device's scale.
    var thumbnailEdge: Int {
        ArtworkURL.requestEdge(pixels: theme.metrics.thumbnailSize * device.scale)
    }

    /// `item`'s card laid out (`listItems`: the sheet's rows, seen behind a presented card).
    func cardLayout(for item: FeedItem, feed: Feed, listItems: [FeedItem]) -> CardLayout {
        CardLayout.make(
            item: item, feed: feed, device: device, theme: theme, locale: locale, options: screen,
            listItems: listItems, measurer: engine)
    }
}
