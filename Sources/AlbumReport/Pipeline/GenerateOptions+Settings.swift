import AlbumReportCore
import Foundation

/// The settings as the stages read them: each derived from ``GenerateOptions/settings``, the one
/// place they are stored (setting one writes through to it).
extension GenerateOptions {
    /// The device as drawn (the preset, turned and scaled). Setting it sets the preset, the
    /// orientation and the scale.
    public var device: Device {
        get { settings.resolvedDevice }
        set {
            settings.device = newValue
            settings.orientation = newValue.orientation
            settings.scale = nil
        }
    }

    /// The theme.
    public var theme: ThemeChoice {
        get { settings.theme }
        set { settings.theme = newValue }
    }

    /// The locale dates are formatted for.
    public var localeIdentifier: String {
        get { settings.locale }
        set { settings.locale = newValue }
    }

    /// The language of the app's own words (`--language`): a file of `Templates/strings`
    /// (``ChromeStringsLoader/availableLanguages(templatesDirectory:)``); nil: English.
    public var language: String? {
        get { settings.language }
        set { settings.language = newValue }
    }

    /// The UI's direction (`--layout-direction`); nil: the language's own (right to left for ar, he, fa, ur).
    public var layoutDirection: LayoutDirection? {
        get { settings.layoutDirection.direction }
        set { settings.layoutDirection = LayoutDirectionChoice(newValue) }
    }

    /// How the screens are presented: style, title, fit, button, status bar and accessibility.
    public var screen: ScreenOptions {
        get { settings.screen }
        set { settings.screen = newValue }
    }

    /// Split the sheet into screen-height pages (`sheet-001.png`, …) instead of one tall image.
    public var paginateSheet: Bool { settings.pages }
}
