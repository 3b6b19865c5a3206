import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import ArgumentParser
import Foundation

/// The options that shape the screens and their files, parsed once into their types and handed
/// on whole as one ``RenderSettings`` (`generate`'s, and every matrix combination's base). Each
/// default is ``RenderSettings``'s own; every setting has its option here (the settings-spine tests
/// parse each in process).
struct ScreenArguments: ParsableArguments {

    @Option(
        help: ArgumentHelp(
            "The device preset, or an App Store Connect screenshot size: appstore-6.9, appstore-6.5, appstore-13 (see `albumreport devices`).",
            valueName: "id"))
    var device = RenderSettings().device

    @Option(help: ArgumentHelp("portrait or landscape.", valueName: "orientation"))
    var orientation = RenderSettings().orientation

    @Option(help: ArgumentHelp("Override the device's pixel scale (1–4).", valueName: "scale"))
    var scale: Double?

    @Option(
        help: ArgumentHelp(
            "light, dark, another theme name in --templates, or a path to a theme JSON file.", valueName: "theme"))
    var theme = RenderSettings().theme

    @Option(
        help: ArgumentHelp(
            "uikit (a plain list with chevrons, the detail pushed with a back button) or swiftui (an inset-grouped list, the detail presented as a sheet with a Done button).",
            valueName: "style"))
    var style = RenderSettings().screen.style

    @Option(
        help: ArgumentHelp(
            "large (iOS's large title on the list; inline in iPhone landscape, as iOS does) or inline.",
            valueName: "style"))
    var titleStyle = RenderSettings().screen.titleStyle

    @Option(
        help: ArgumentHelp(
            "content (every PNG as tall as its content needs; nothing is cut) or screen (every PNG exactly the device's size: the sheet paged like scrolled screenshots, cards scrolled under their pinned button).",
            valueName: "fit"))
    var fit = RenderSettings().screen.fit

    @Option(
        help: ArgumentHelp(
            "What the card's button opens: album (the album's store page) or artist (\"View Artist\", the feed's artistUrl).",
            valueName: "target"))
    var button = RenderSettings().screen.button

    @Option(
        help: ArgumentHelp(
            "device (9:41, full signal, Wi-Fi and battery, laid out for the device; none in iPhone landscape) or none.",
            valueName: "bar"))
    var statusBar = RenderSettings().screen.statusBar

    @Option(
        help: ArgumentHelp(
            "device (the capsule at the bottom of Face ID iPhones and iPads, black over light content, white over dark; none where the device has a home button) or none.",
            valueName: "indicator"))
    var homeIndicator = RenderSettings().screen.homeIndicator

    @Option(
        help: ArgumentHelp(
            "iOS's Dynamic Type size: xs, s, m, l (iOS's default), xl, xxl, xxxl, or the accessibility sizes ax1 … ax5 (list rows then stack their text under the thumbnail); UIKit's and SwiftUI's names work too. Text scales by Apple's Dynamic Type table; the status bar and the inline bar keep their size.",
            valueName: "size"))
    var contentSize = RenderSettings().screen.contentSize

    @Flag(help: "Draw as iOS does with Bold Text on (Settings › Accessibility): every text style one weight heavier.")
    var boldText = RenderSettings().screen.boldText

    @Flag(
        help:
            "Draw as iOS does with Increase Contrast on: the high-contrast system blue, secondary label and separators (a theme's own colours are kept)."
    )
    var increaseContrast = RenderSettings().screen.increaseContrast

    @Option(
        help: ArgumentHelp(
            "The locale release dates are formatted for; it also picks line-breaking rules, and the Japanese, Korean or Chinese forms of Han characters (ja, ko, zh_CN, zh_TW, zh-Hant_HK) when the text does not say.",
            valueName: "id"))
    var locale = RenderSettings().locale

    @Option(
        help: ArgumentHelp(
            "The language of the app's own words: the list's title, Back, Done, the card's button, \"Released\", the status bar and the dates (en, ar, de, es, fr, he, it, ja, ko, nl, pt-BR, ru, zh-Hans, zh-Hant, or strings/CODE.json in --templates). Feed text is never translated. Default: --locale's language, else the storefront's of an apple:COUNTRY feed, else en.",
            valueName: "code"))
    var language: String?

    @Option(
        help: ArgumentHelp(
            "ltr, rtl (the whole screen mirrored; artwork and numbers are not) or auto (rtl for ar, he, fa and ur).",
            valueName: "direction"))
    var layoutDirection = RenderSettings().layoutDirection

    @Option(
        help: ArgumentHelp(
            "PNG compression: fast (1, or 2 for screens that are not mostly photograph), balanced (5, or 1 for screens that are mostly photograph), small (9), or a level from 0 to 9.",
            valueName: "level"))
    var pngCompression = RenderSettings().pngCompression

    @Flag(
        help:
            "Split the sheet into screen-height pages (sheet-001.png, …); rows are never cut. (--fit screen pages the sheet too, cutting rows at the edges like screenshots.)"
    )
    var pages = RenderSettings().pages

    func validate() throws {
        if let scale, !(1...4).contains(scale) { throw ValidationError("--scale must be from 1 to 4 (got \(scale)).") }
        guard RenderSettings.isKnownLocale(locale) else {
            throw ValidationError(
                "--locale \(Excerpt.printable(locale)) is not a locale albumreport knows. Use an identifier such as en_US, de_DE, ja_JP or zh-Hant_HK."
            )
        }
    }

    /// The settings, as given (a run resolves the language's default).
    var settings: RenderSettings {
        var settings = RenderSettings()
        settings.device = device
        settings.orientation = orientation
        settings.scale = scale
        settings.theme = theme
        settings.screen = ScreenOptions(
            style: style, titleStyle: titleStyle, fit: fit, button: button, statusBar: statusBar,
            contentSize: contentSize, boldText: boldText, increaseContrast: increaseContrast,
            homeIndicator: homeIndicator)
        settings.locale = locale
        settings.language = language
        settings.layoutDirection = layoutDirection
        settings.pngCompression = pngCompression
        settings.pages = pages
        return settings
    }
}

// MARK: - The settings' types as arguments

extension Orientation: ExpressibleByArgument {}
extension ScreenOptions.Style: ExpressibleByArgument {}
extension ScreenOptions.TitleStyle: ExpressibleByArgument {}
extension ScreenOptions.Fit: ExpressibleByArgument {}
extension ScreenOptions.ButtonTarget: ExpressibleByArgument {}
extension ScreenOptions.StatusBar: ExpressibleByArgument {}
extension ScreenOptions.HomeIndicator: ExpressibleByArgument {}
extension LayoutDirectionChoice: ExpressibleByArgument {}

extension Device: ExpressibleByArgument {
    /// A preset's id or alias (``Device/preset(id:)``).
    public init?(argument: String) { self.init(settingValue: argument) }
    public var defaultValueDescription: String { id }
    public static var allValueStrings: [String] { settingValues ?? [] }
}

extension ContentSizeCategory: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { names }
}

extension PNGCompression: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public var defaultValueDescription: String { name }
}

extension ThemeChoice: ExpressibleByArgument {
    public init?(argument: String) { self.init(settingValue: argument) }
    public var defaultValueDescription: String { description }
}
