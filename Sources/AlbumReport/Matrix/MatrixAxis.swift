import AlbumReportCore
import Foundation

/// One dimension of `generate --matrix`: a key of the matrix file, the values it accepts, the
/// folder name of each value, and the one function that applies a value to a copy of the
/// command line's ``GenerateOptions``.
///
/// The order of the cases is the order of the folder levels and of the combinations (the last
/// axis varies fastest).
public enum MatrixAxis: String, Sendable, Hashable, Codable, CaseIterable {
    case devices, orientations, themes, styles, titleStyles, fits, buttons, statusBars, contentSizes, languages

    /// The values the axis accepts; nil when it is open (theme names and files, language codes).
    public var validValues: [String]? {
        switch self {
        case .devices: return Device.presets.map(\.id) + Device.aliases.keys.sorted()
        case .orientations: return Orientation.allCases.map(\.rawValue)
        case .themes, .languages: return nil
        case .styles: return ScreenOptions.Style.allCases.map(\.rawValue)
        case .titleStyles: return ScreenOptions.TitleStyle.allCases.map(\.rawValue)
        case .fits: return ScreenOptions.Fit.allCases.map(\.rawValue)
        case .buttons: return ScreenOptions.ButtonTarget.allCases.map(\.rawValue)
        case .statusBars: return ScreenOptions.StatusBar.allCases.map(\.rawValue)
        case .contentSizes: return ContentSizeCategory.names
        }
    }

    /// What a valid value looks like, for error messages.
    var expected: String {
        switch self {
        case .themes: return "light, dark, another theme name in --templates, or a path to a theme JSON file"
        case .languages:
            return
                "a language with a strings file (shipped: en, ar, de, es, fr, he, it, ja, ko, nl, pt-BR, ru, "
                + "zh-Hans, zh-Hant; or strings/CODE.json in --templates)"
        default: return (validValues ?? []).joined(separator: ", ")
        }
    }

    /// Whether `value` is one the axis accepts (themes are checked again when loaded).
    func accepts(_ value: String) -> Bool {
        switch self {
        case .devices:
            return Device.preset(id: value) != nil
        case .contentSizes:
            return ContentSizeCategory(parsing: value) != nil
        case .themes:
            return !value.isEmpty && value.count <= 1024 && !value.contains("\u{0}")
        case .languages:
            guard value.count <= 64,
                value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-".contains($0)) }),
                let code = Locale(identifier: value).language.languageCode?.identifier
            else { return false }
            return Locale.LanguageCode.isoLanguageCodes.contains { $0.identifier == code }
        default:
            return validValues?.contains(value) ?? false
        }
    }

    /// The folder level `value` is written to: the value itself, or for a theme file its name
    /// without `.json`.
    func folderName(_ value: String) -> String {
        // A Dynamic Type size by any of its names is written to its short name's folder.
        if self == .contentSizes, let size = ContentSizeCategory(parsing: value) { return size.rawValue }
        guard self == .themes, case .file(let url) = ThemeChoice.parse(value) else { return value }
        return url.deletingPathExtension().lastPathComponent
    }

    /// `options` with `value` applied (a value ``accepts(_:)`` accepted).
    func apply(_ value: String, to options: inout GenerateOptions) {
        switch self {
        case .devices:
            if let preset = Device.preset(id: value) { options.device = preset.oriented(options.device.orientation) }
        case .orientations:
            if let orientation = Orientation(rawValue: value) { options.device = options.device.oriented(orientation) }
        case .themes:
            options.theme = ThemeChoice.parse(value)
        case .styles:
            if let style = ScreenOptions.Style(rawValue: value) { options.screen.style = style }
        case .titleStyles:
            if let titleStyle = ScreenOptions.TitleStyle(rawValue: value) { options.screen.titleStyle = titleStyle }
        case .fits:
            if let fit = ScreenOptions.Fit(rawValue: value) { options.screen.fit = fit }
        case .buttons:
            if let button = ScreenOptions.ButtonTarget(rawValue: value) { options.screen.button = button }
        case .statusBars:
            if let statusBar = ScreenOptions.StatusBar(rawValue: value) { options.screen.statusBar = statusBar }
        case .contentSizes:
            if let size = ContentSizeCategory(parsing: value) {
                options.screen = options.screen.withAccessibility(
                    contentSize: size, boldText: options.screen.boldText ?? false,
                    increaseContrast: options.screen.increaseContrast ?? false)
            }
        case .languages:
            // The direction stays the command line's (`--layout-direction`; by default the
            // language's own), and an unknown language fails at setup, before anything is drawn.
            options.language = value
        }
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
