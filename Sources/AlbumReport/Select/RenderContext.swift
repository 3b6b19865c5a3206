import AlbumReportCore
import AlbumReportGraphics
import AlbumReportRenderer
import Foundation

/// What every screen of a run is drawn with: its settings (every default resolved), the theme,
/// fonts and language loaded for them, and the text engine (made once the chart is known, since
/// Han characters take the forms of its storefront). Everything else (the device, the
/// presentation, the locale, the PNG compression) is derived from these. Read-only, shared by
/// the card tasks.
struct RenderContext: Sendable {
    /// The settings as this run draws them, recorded in `manifest.json`.
    let settings: RenderSettings
    /// The theme, its fonts and the app's language.
    let resources: ScreenResources
    let engine: TextEngine
    /// The device as drawn (``RenderSettings/resolvedDevice``).
    let device: Device
    /// How the screens are presented, in this run's language.
    let screen: ScreenOptions
    /// The locale dates are formatted for (``ScreenResources/localeIdentifier(given:)``).
    let localeIdentifier: String
    let locale: Locale
    /// Everything every render key shares: renderer version, device, theme, presentation,
    /// locale, PNG compression. Made once: every screen's key starts with it, and the theme's
    /// JSON is not free.
    let renderSalt: String

    /// What `settings` draw with `resources`, text through `engine`.
    init(settings: RenderSettings, resources: ScreenResources, engine: TextEngine) {
        self.settings = settings
        self.resources = resources
        self.engine = engine
        device = settings.resolvedDevice
        screen = resources.screen(settings)
        localeIdentifier = resources.localeIdentifier(given: settings.locale)
        locale = Locale(identifier: localeIdentifier)
        let compression = settings.pngCompression
        renderSalt = RenderCache.key(
            [
                RenderCache.rendererVersion, RenderCache.json(device), RenderCache.json(resources.theme),
                RenderCache.json(screen), localeIdentifier, "\(compression.level)",
            ] + (compression.photographicLevel.map { ["photographic \($0)"] } ?? []))
    }

    /// The theme, adapted to the accessibility settings.
    var theme: Theme { resources.theme }

    /// How the PNGs are compressed.
    var compression: PNGCompression { settings.pngCompression }

    /// Whether the sheet is written as numbered pages (`--pages`, or `--fit screen`).
    var pagesSheet: Bool { settings.pages || screen.fit == .screen }

    /// Draws screens with ``engine``, sharing what `sharing` holds with the screens drawn
    /// together (a matrix's combinations; nothing in a single run).
    func renderer(_ sharing: ScreenSharing = .none) -> ScreenRenderer {
        ScreenRenderer(text: engine, theme: theme, sharing: sharing)
    }

    /// The sheet of `items` laid out, and its rows' count and pages: screens with `--fit screen`,
    /// screen-height pages with `--pages`, else one page.
    func sheetPages(feed: Feed, items: [FeedItem]) -> (rowCount: Int, pages: [SheetLayout]) {
        let layout = SheetLayout.make(
            feed: feed, items: items, device: device, theme: theme, locale: locale, options: screen, measurer: engine)
        let height = device.size.height
        if screen.fit == .screen { return (layout.rows.count, layout.screens(height: height)) }
        let pages = settings.pages ? layout.pages(height: height, bottomInset: device.safeArea.bottom) : [layout]
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
