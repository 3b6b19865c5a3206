import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// How one setting's values read and write as text, and read in words: the matrix file reads them,
/// `manifest.json` records their canonical form, `merge` compares it, and the matrix page shows
/// the words. A value per row of ``MatrixAxis``'s table, so that no type of the standard library
/// (`Bool`, `Double`, `String`, `Optional`) takes a conformance of this package's.
public struct SettingCodec<Value: Sendable>: Sendable {
    /// Parses a value as the matrix file (and the command line) writes it; nil when it is not one.
    public let parse: @Sendable (String) -> Value?
    /// The canonical form: the folder name and what `manifest.json` records.
    public let format: @Sendable (Value) -> String
    /// Every value, when the list is closed (nil: open, such as theme names).
    public let values: [String]?
    /// The value in words, for the matrix page ("iPhone 15", "Accessibility Extra Large", "العربية").
    public let label: @Sendable (Value) -> String
}

/// A setting's own type that names its values: the screens' enums, the device, the text size,
/// the theme and the PNG compression (``SettingCodec/named``).
public protocol SettingValue: Sendable, Equatable {
    /// Parses a value as the matrix file and the command line write it; nil when it is not one.
    init?(settingValue: String)
    /// The canonical form.
    var settingValue: String { get }
    /// Every value, when the list is closed.
    static var settingValues: [String]? { get }
    /// The value in words (``settingValue`` unless the type says better).
    var settingLabel: String { get }
}

extension SettingValue {
    public var settingLabel: String { settingValue }
}

extension SettingValue where Self: RawRepresentable, Self.RawValue == String, Self: CaseIterable {
    public init?(settingValue: String) { self.init(rawValue: settingValue) }
    public var settingValue: String { rawValue }
    public static var settingValues: [String]? { allCases.map(\.rawValue) }
}

extension SettingCodec where Value: SettingValue {
    /// The type's own names (``SettingValue``).
    public static var named: SettingCodec {
        SettingCodec(
            parse: { Value(settingValue: $0) }, format: { $0.settingValue }, values: Value.settingValues,
            label: { $0.settingLabel })
    }
}

extension SettingCodec where Value == Bool {
    /// `on` or `off` (also `true`/`false`, `yes`/`no`).
    public static var flag: SettingCodec {
        SettingCodec(
            parse: { text in
                switch text.lowercased() {
                case "on", "true", "yes": return true
                case "off", "false", "no": return false
                default: return nil
                }
            }, format: { $0 ? "on" : "off" }, values: ["off", "on"], label: { $0 ? "on" : "off" })
    }
}

extension SettingCodec where Value == Double? {
    /// `--scale`: a pixel scale from 1 to 4 written as the command line writes it (`2`, `2.5`),
    /// or `native`, the device's own.
    public static var scale: SettingCodec {
        SettingCodec(
            parse: { text -> Double?? in
                if text == "native" { return .some(nil) }
                guard text.count <= 8, let scale = Double(text), (1...4).contains(scale) else { return nil }
                return .some(scale)
            },
            format: { scale in scale.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? "native" },
            values: nil,
            label: { scale in
                scale.map { "@\($0 == $0.rounded() ? String(Int($0)) : String($0))x" } ?? "Native scale"
            })
    }
}

extension SettingCodec where Value == String {
    /// `--locale`: an identifier ``RenderSettings/isKnownLocale(_:)`` accepts, in its own
    /// language and script in words ("Deutsch (Deutschland)").
    public static var locale: SettingCodec {
        SettingCodec(
            parse: { RenderSettings.isKnownLocale($0) ? $0 : nil }, format: { $0 }, values: nil,
            label: { Locale(identifier: $0).localizedString(forIdentifier: $0) ?? $0 })
    }
}

extension SettingCodec where Value == String? {
    /// `--language`: a language code (as ``RenderSettings/isKnownLocale(_:)`` checks one), or
    /// `auto`, the run's default (the locale's, else the storefront's, else English).
    public static var language: SettingCodec {
        let codes = SettingCodec<String>.locale
        return SettingCodec(
            parse: { text -> String?? in text == "auto" ? .some(nil) : codes.parse(text).map { .some($0) } },
            format: { $0 ?? "auto" }, values: nil, label: { $0.map(codes.label) ?? "Automatic" })
    }
}

/// One row of ``MatrixAxis``'s table: a ``RenderSettings`` property and what a matrix value
/// does to it. Built from a key path and a codec only (`value(_:_:_:title:)`,
/// `flag(_:_:folder:title:)`), so a new setting needs no code of its own here.
public struct MatrixSetting: Sendable {
    /// Sets a parsed value.
    public typealias Apply = @Sendable (inout RenderSettings) -> Void

    /// The ``RenderSettings`` property's name (the key `manifest.json` records it under).
    public let property: String
    /// The setting in words, for the matrix page ("Text size").
    public let title: String
    /// The values, when the list is closed.
    public let validValues: [String]?
    /// Parses a matrix value into the change it makes; nil when the value is not one.
    public let parse: @Sendable (String) -> Apply?
    /// The canonical value `settings` holds.
    public let read: @Sendable (RenderSettings) -> String
    /// The folder level of an accepted value.
    public let folderName: @Sendable (String) -> String
    /// An accepted value in words; a value it does not accept as it is.
    public let label: @Sendable (String) -> String

    /// A setting whose values `codec` reads and writes; its folders are its canonical values.
    static func value<Value: Sendable>(
        _ property: String, _ path: any WritableKeyPath<RenderSettings, Value> & Sendable, _ codec: SettingCodec<Value>,
        title: String
    ) -> MatrixSetting {
        MatrixSetting(
            property: property, title: title, validValues: codec.values,
            parse: { text -> Apply? in
                guard let value = codec.parse(text) else { return nil }
                return { (settings: inout RenderSettings) in settings[keyPath: path] = value }
            },
            read: { codec.format($0[keyPath: path]) },
            folderName: { text in codec.parse(text).map(codec.format) ?? text },
            label: { text in codec.parse(text).map(codec.label) ?? text })
    }

    /// An on/off setting (`on`, `off`): its folder is `folder` when on and `no-folder` when off,
    /// so that a path reads as what was drawn (`iphone-15/bold-text/…`); in words, `title` or
    /// "`title` off".
    static func flag(
        _ property: String, _ path: any WritableKeyPath<RenderSettings, Bool> & Sendable, folder: String, title: String
    ) -> MatrixSetting {
        let codec = SettingCodec<Bool>.flag
        let setting = value(property, path, codec, title: title)
        return MatrixSetting(
            property: property, title: title, validValues: codec.values, parse: setting.parse, read: setting.read,
            folderName: { text in codec.parse(text) == true ? folder : "no-\(folder)" },
            label: { text in codec.parse(text).map { $0 ? title : "\(title) off" } ?? text })
    }
}

// MARK: - The settings' own types

extension Orientation: SettingValue {
    public var settingLabel: String { self == .portrait ? "Portrait" : "Landscape" }
}
extension ScreenOptions.Style: SettingValue {
    public var settingLabel: String { self == .uikit ? "UIKit" : "SwiftUI" }
}
extension ScreenOptions.TitleStyle: SettingValue {
    public var settingLabel: String { self == .large ? "Large title" : "Inline title" }
}
extension ScreenOptions.Fit: SettingValue {
    public var settingLabel: String { self == .content ? "Content-sized" : "Screen-sized" }
}
extension ScreenOptions.ButtonTarget: SettingValue {
    public var settingLabel: String { self == .album ? "Album button" : "Artist button" }
}
extension ScreenOptions.StatusBar: SettingValue {
    public var settingLabel: String { self == .device ? "Status bar" : "No status bar" }
}
extension ScreenOptions.HomeIndicator: SettingValue {
    public var settingLabel: String { self == .device ? "Home indicator" : "No home indicator" }
}
extension LayoutDirectionChoice: SettingValue {
    public var settingLabel: String {
        switch self {
        case .ltr: return "Left to right"
        case .rtl: return "Right to left"
        case .auto: return "The language's direction"
        }
    }
}

extension Device: SettingValue {
    /// A preset's id or alias, in any case.
    public init?(settingValue: String) {
        guard let preset = Device.preset(id: settingValue) else { return nil }
        self = preset
    }
    public var settingValue: String { id }
    public static var settingValues: [String]? { presets.map(\.id) + aliases.keys.sorted() }
    /// Its name ("iPhone 15", "iPad Pro 13-inch").
    public var settingLabel: String { name }
}

extension ContentSizeCategory: SettingValue {
    /// A short name, or UIKit's or SwiftUI's name (``init(parsing:)``).
    public init?(settingValue: String) { self.init(parsing: settingValue) }
    public var settingValue: String { rawValue }
    public static var settingValues: [String]? { names }
    /// UIKit's name for it, spelled out ("Large (default)", "Accessibility Extra Large").
    public var settingLabel: String {
        switch self {
        case .xs: return "Extra Small"
        case .s: return "Small"
        case .m: return "Medium"
        case .l: return "Large (default)"
        case .xl: return "Extra Large"
        case .xxl: return "Extra Extra Large"
        case .xxxl: return "Extra Extra Extra Large"
        case .ax1: return "Accessibility Medium"
        case .ax2: return "Accessibility Large"
        case .ax3: return "Accessibility Extra Large"
        case .ax4: return "Accessibility Extra Extra Large"
        case .ax5: return "Accessibility Extra Extra Extra Large"
        }
    }
}

extension PNGCompression: SettingValue {
    public init?(settingValue: String) { self.init(parsing: settingValue) }
    public var settingValue: String { name }
    public static var settingValues: [String]? { names }
    public var settingLabel: String { "PNG \(name)" }
}

extension ThemeChoice: SettingValue {
    /// A theme name or a theme file's path (checked again when loaded).
    public init?(settingValue: String) {
        guard !settingValue.isEmpty, settingValue.count <= 1024, !settingValue.contains("\u{0}") else { return nil }
        self = ThemeChoice.parse(settingValue)
    }
    /// The name, or a theme file's name without `.json` (its folder).
    public var settingValue: String {
        switch self {
        case .named(let name): return name
        case .file(let url): return url.deletingPathExtension().lastPathComponent
        }
    }
    public static var settingValues: [String]? { nil }
    /// A named theme capitalised ("Dark"); a file's name.
    public var settingLabel: String { settingValue.prefix(1).uppercased() + settingValue.dropFirst() }
}
