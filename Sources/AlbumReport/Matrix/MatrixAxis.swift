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
    case devices, orientations, scales, themes, styles, titleStyles, fits, buttons, statusBars, contentSizes
    case boldText, increaseContrast, languages, layoutDirections, locales, pngCompressions, pages

    /// The table: the property each key sets.
    public var setting: MatrixSetting {
        switch self {
        case .devices: return .value("device", \.device, title: "Device")
        case .orientations: return .value("orientation", \.orientation, title: "Orientation")
        case .scales: return .value("scale", \.scale, title: "Scale")
        case .themes: return .value("theme", \.theme, title: "Theme")
        case .styles: return .value("style", \.style, title: "Style")
        case .titleStyles: return .value("titleStyle", \.titleStyle, title: "Title")
        case .fits: return .value("fit", \.fit, title: "Fit")
        case .buttons: return .value("button", \.button, title: "Button")
        case .statusBars: return .value("statusBar", \.statusBar, title: "Status bar")
        case .contentSizes: return .value("contentSize", \.contentSize, title: "Text size")
        case .boldText: return .flag("boldText", \.boldText, folder: "bold-text", title: "Bold Text")
        case .increaseContrast:
            return .flag(
                "increaseContrast", \.increaseContrast, folder: "increase-contrast", title: "Increase Contrast")
        case .languages: return .value("language", \.language, title: "Language")
        case .layoutDirections: return .value("layoutDirection", \.layoutDirection, title: "Direction")
        case .locales: return .value("locale", \.locale, title: "Locale")
        case .pngCompressions: return .value("pngCompression", \.pngCompression, title: "PNG compression")
        case .pages: return .flag("pages", \.pages, folder: "pages", title: "Pages")
        }
    }

    /// The axis of the ``RenderSettings`` property named `property`.
    public static func named(property: String) -> MatrixAxis? {
        allCases.first { $0.setting.property == property }
    }

    /// The values the axis accepts; nil when it is open (theme names and files, language codes).
    public var validValues: [String]? { setting.validValues }

    /// What a valid value looks like, for error messages.
    var expected: String {
        switch self {
        case .themes: return "light, dark, another theme name in --templates, or a path to a theme JSON file"
        case .languages:
            return
                "a language with a strings file (shipped: en, ar, de, es, fr, he, it, ja, ko, nl, pt-BR, ru, "
                + "zh-Hans, zh-Hant; or strings/CODE.json in --templates)"
        case .locales: return "a locale identifier such as en_US, de_DE, ja_JP or zh-Hant_HK"
        case .scales: return "a pixel scale from 1 to 4"
        default: return (validValues ?? []).joined(separator: ", ")
        }
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

    /// `options` with `value` applied (a value ``accepts(_:)`` accepted).
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
