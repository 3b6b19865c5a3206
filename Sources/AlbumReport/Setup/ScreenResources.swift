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

    /// Loads the theme of `settings` (`templatesDirectory` first) adapted to its accessibility
    /// settings, its fonts and, when a language or direction is given, the strings.
    init(_ settings: RenderSettings, templatesDirectory: URL?) throws(ReportError) {
        theme = try ThemeLoader.load(settings.theme, templatesDirectory: templatesDirectory).adapted(
            to: settings.screen)
        do {
            fonts = try FontBook(theme: theme)
        } catch {
            throw .fonts(error)
        }
        var loaded: (language: ChromeLanguage?, warnings: [String]) = (nil, [])
        let direction = settings.layoutDirection.direction
        if settings.language != nil || direction != nil {
            loaded = try ChromeStringsLoader.load(
                settings.language ?? "en", direction: direction, templatesDirectory: templatesDirectory)
        }
        language = loaded.language
        warnings = (theme.notes + fonts.substitutions + loaded.warnings).map {
            ReportWarning(stage: .setup, message: $0)
        }
    }

    /// The screens as `settings` present them, in this run's language.
    func screen(_ settings: RenderSettings) -> ScreenOptions {
        var screen = settings.screen
        screen.language = language
        return screen
    }

    /// The locale of the screens' dates and line breaking: `given` (`--locale`), or the
    /// language's own when `given` is in another language.
    func localeIdentifier(given: String) -> String {
        language.map { $0.dateLocale(given: Locale(identifier: given)).identifier } ?? given
    }
}
