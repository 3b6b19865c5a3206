import AlbumReportCore
import Foundation

/// One dimension of `generate --matrix`: a key of the matrix file bound to one property of
/// ``RenderSettings``. Every setting is an axis; what an axis accepts, the folder each value is
/// written to, how a value is applied, recorded in `manifest.json` and compared by `merge` all
/// follow from its row in ``setting`` (a key path and the value's type), with no per-axis code
/// elsewhere.
///
/// The order of the cases is the order of the folder levels and of the combinations (the last
/// axis varies fastest).
public enum MatrixAxis: String, Sendable, Hashable, Codable, CaseIterable {
    /// `device`: the device presets.
    case devices
    /// `orientation`: portrait, landscape.
    case orientations
    /// `scale`: a pixel scale, or `native`.
    case scales
    /// `theme`: a theme name or file.
    case themes
    /// `style`: uikit, swiftui.
    case styles
    /// `titleStyle`: large, inline.
    case titleStyles
    /// `fit`: content, screen.
    case fits
    /// `button`: album, artist.
    case buttons
    /// `statusBar`: device, none.
    case statusBars
    /// `homeIndicator`: device, none.
    case homeIndicators
    /// `contentSize`: Dynamic Type sizes.
    case contentSizes
    /// `boldText`: on, off.
    case boldText
    /// `increaseContrast`: on, off.
    case increaseContrast
    /// `language`: a language code, or `auto`.
    case languages
    /// `layoutDirection`: ltr, rtl, auto.
    case layoutDirections
    /// `locale`: a locale identifier.
    case locales
    /// `pngCompression`: fast, balanced, small, or a level.
    case pngCompressions
    /// `pages`: on, off.
    case pages

    /// The table: the property each key sets.
    public var setting: MatrixSetting {
        switch self {
        case .devices: return .value("device", \.device, .named, title: "Device")
        case .orientations: return .value("orientation", \.orientation, .named, title: "Orientation")
        case .scales: return .value("scale", \.scale, .scale, title: "Scale")
        case .themes: return .value("theme", \.theme, .named, title: "Theme")
        case .styles: return .value("style", \.screen.style, .named, title: "Style")
        case .titleStyles: return .value("titleStyle", \.screen.titleStyle, .named, title: "Title")
        case .fits: return .value("fit", \.screen.fit, .named, title: "Fit")
        case .buttons: return .value("button", \.screen.button, .named, title: "Button")
        case .statusBars: return .value("statusBar", \.screen.statusBar, .named, title: "Status bar")
        case .homeIndicators:
            return .value("homeIndicator", \.screen.homeIndicator, .named, title: "Home indicator")
        case .contentSizes: return .value("contentSize", \.screen.contentSize, .named, title: "Text size")
        case .boldText: return .flag("boldText", \.screen.boldText, folder: "bold-text", title: "Bold Text")
        case .increaseContrast:
            return .flag(
                "increaseContrast", \.screen.increaseContrast, folder: "increase-contrast", title: "Increase Contrast")
        case .languages: return .value("language", \.language, .language, title: "Language")
        case .layoutDirections: return .value("layoutDirection", \.layoutDirection, .named, title: "Direction")
        case .locales: return .value("locale", \.locale, .locale, title: "Locale")
        case .pngCompressions: return .value("pngCompression", \.pngCompression, .named, title: "PNG compression")
        case .pages: return .flag("pages", \.pages, folder: "pages", title: "Pages")
        }
    }

    /// The values the axis accepts; nil when it is open (theme names and files, language codes).
    public var validValues: [String]? { setting.validValues }

    /// What a valid value looks like, for error messages.
    var expected: String {
        switch self {
        case .themes: "light, dark, another theme name in --templates, or a path to a theme JSON file"
        case .languages:
            "a language with a strings file (shipped: en, ar, de, es, fr, he, it, ja, ko, nl, pt-BR, ru, "
                + "zh-Hans, zh-Hant; or strings/CODE.json in --templates)"
        case .locales: "a locale identifier such as en_US, de_DE, ja_JP or zh-Hant_HK"
        case .scales: "a pixel scale from 1 to 4"
        default: (validValues ?? []).joined(separator: ", ")
        }
    }

    /// A value other than the default, for examples and the settings-spine tests: the last of a
    /// closed list that is not the default, or a sample of an open one.
    package var exampleValue: String {
        let samples: [MatrixAxis: String] = [.themes: "dark", .languages: "de", .locales: "de_DE", .scales: "2"]
        if let sample = samples[self] { return sample }
        let defaultValue = setting.read(RenderSettings())
        return (validValues ?? []).last { canonical($0) != defaultValue } ?? ""
    }

    /// Whether `value` is one the axis accepts (themes are checked again when loaded).
    func accepts(_ value: String) -> Bool { setting.parse(value) != nil }

    /// The folder level `value` is written to: its canonical form (a theme file's name without
    /// `.json`, a Dynamic Type size's short name), or the flag's name for a flag that is on.
    func folderName(_ value: String) -> String { setting.folderName(value) }

    /// The canonical form of `value` (``RenderSettings``'s own, as `manifest.json` records it).
    public func canonical(_ value: String) -> String? {
        setting.parse(value).map { apply in
            var settings = RenderSettings()
            apply(&settings)
            return setting.read(settings)
        }
    }

    /// `options` with `value` applied (a value `accepts(_:)` accepted).
    public func apply(_ value: String, to options: inout GenerateOptions) {
        setting.parse(value)?(&options.settings)
    }
}

/// Why a matrix cannot be run: a sentence naming the matrix file (or `--matrix`), the key and
/// the values that would do.
public struct MatrixError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence.
    public var description: String

    /// An error about `source` ("matrix file m.json" or "--matrix").
    init(_ source: String, _ detail: String) {
        description = "\(source): \(detail)"
    }
}
