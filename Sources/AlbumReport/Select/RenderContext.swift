import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// What every screen of a run is drawn with: the theme, the text engine (made once the chart is
/// known, since Han characters take the forms of its storefront), the device, locale and PNG
/// settings, and the part every render key shares. Read-only, shared by the card tasks.
struct RenderContext: Sendable {
    var theme: Theme
    var engine: TextEngine
    var device: Device
    var localeIdentifier: String
    var compressionLevel: Int
    /// The level for screens that are mostly photograph (nil: ``compressionLevel``).
    var photographicLevel: Int?
    var rowFilter: PNGStreamEncoder.RowFilter
    /// Split the sheet into screen-height pages.
    var paginate: Bool
    /// How the screens are presented.
    var screen: ScreenOptions

    /// Whether the sheet is written as numbered pages (`--pages`, or `--fit screen`).
    var pagesSheet: Bool { paginate || screen.fit == .screen }

    /// The locale dates are formatted for.
    var locale: Locale { Locale(identifier: localeIdentifier) }

    /// Draws screens with ``engine``.
    var renderer: ScreenRenderer { ScreenRenderer(text: engine, theme: theme) }

    /// Everything every render key shares: renderer version, device, theme, locale, PNG level.
    var renderSalt: String {
        RenderCache.key(
            [
                RenderCache.rendererVersion, RenderCache.json(device), RenderCache.json(theme),
                RenderCache.json(screen),
                localeIdentifier,
                "\(compressionLevel)",
            ] + (photographicLevel.map { ["photographic \($0)"] } ?? []))
    }
}
