import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// What a run's screens are drawn with before the chart is known: the theme adapted to the
/// accessibility settings, its fonts, and the app's language. Loaded by the setup stage of every
/// run, and by ``OfflineScreens``, so that both draw with the same.
struct ScreenResources: Sendable {
    var theme: Theme
    var fonts: FontBook
    /// The app's words and the UI's direction (nil: English, left to right).
    var language: ChromeLanguage?
    /// Fonts substituted for missing ones, and what the language's strings file lacks: the
    /// setup stage's warnings.
    var warnings: [ReportWarning]

    /// Loads the theme (`templatesDirectory` first), its fonts and, when a language or direction
    /// is given, the strings; `screen` holds the accessibility settings the theme is adapted to.
    init(
        theme choice: ThemeChoice, templatesDirectory: URL?, language code: String?, layoutDirection: LayoutDirection?,
        screen: ScreenOptions
    ) throws(ReportError) {
        theme = try ThemeLoader.load(choice, templatesDirectory: templatesDirectory).adapted(to: screen)
        do {
            fonts = try FontBook(theme: theme)
        } catch {
            throw .fonts(error)
        }
        var loaded: (language: ChromeLanguage?, warnings: [String]) = (nil, [])
        if code != nil || layoutDirection != nil {
            loaded = try ChromeStringsLoader.load(
                code ?? "en", direction: layoutDirection, templatesDirectory: templatesDirectory)
        }
        language = loaded.language
        warnings = (fonts.substitutions + loaded.warnings).map { ReportWarning(stage: .setup, message: $0) }
    }

    /// `screen` with this run's language.
    func screen(_ screen: ScreenOptions) -> ScreenOptions {
        var screen = screen
        screen.language = language
        return screen
    }

    /// The locale of the screens' dates and line breaking: `given` (`--locale`), or the
    /// language's own when `given` is in another language.
    func localeIdentifier(given: String) -> String {
        language.map { $0.dateLocale(given: Locale(identifier: given)).identifier } ?? given
    }
}
