import AlbumReportCore
import Foundation

/// A setting's type as a matrix, `manifest.json` and `merge` see it: parsed from a value of the
/// matrix file and written back in one canonical form.
public protocol MatrixValue: Sendable, Equatable {
    /// Parses a value as the matrix file (and the command line) writes it; nil when it is not one.
    init?(matrixValue: String)
    /// The canonical form: the folder name and what `manifest.json` records.
    var matrixValue: String { get }
    /// Every value, when the list is closed (nil: open, such as theme names).
    static var matrixValues: [String]? { get }
    /// The value in words, for the matrix page ("iPhone 15", "Accessibility Extra Large",
    /// "العربية"): ``matrixValue`` unless the type says better.
    var matrixLabel: String { get }
}

extension MatrixValue {
    public var matrixLabel: String { matrixValue }
}

extension MatrixValue where Self: RawRepresentable, Self.RawValue == String, Self: CaseIterable {
    public init?(matrixValue: String) { self.init(rawValue: matrixValue) }
    public var matrixValue: String { rawValue }
    public static var matrixValues: [String]? { allCases.map(\.rawValue) }
}

/// One row of ``MatrixAxis``'s table: a ``RenderSettings`` property and what a matrix value
/// does to it. Built from a key path only (``value(_:_:)``, ``flag(_:_:folder:)``), so a new
/// setting needs no code of its own here.
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
    /// An accepted value in words (``MatrixValue/matrixLabel``); a value it does not accept as it is.
    public let label: @Sendable (String) -> String

    /// A setting of a ``MatrixValue`` type; its folders are its canonical values.
    static func value<Value: MatrixValue>(
        _ property: String, _ path: WritableKeyPath<RenderSettings, Value>, title: String
    ) -> MatrixSetting {
        // A key path is an immutable value; Swift 6.3 does not yet infer the literal's sendability here.
        nonisolated(unsafe) let keyPath = path
        return MatrixSetting(
            property: property, title: title, validValues: Value.matrixValues,
            parse: { text -> Apply? in
                guard let value = Value(matrixValue: text) else { return nil }
                return { (settings: inout RenderSettings) in settings[keyPath: keyPath] = value }
            },
            read: { $0[keyPath: keyPath].matrixValue },
            folderName: { text in Value(matrixValue: text)?.matrixValue ?? text },
            label: { text in Value(matrixValue: text)?.matrixLabel ?? text })
    }

    /// An on/off setting (`on`, `off`): its folder is `folder` when on and `no-folder` when off,
    /// so that a path reads as what was drawn (`iphone-15/bold-text/…`); in words, `title` or
    /// "`title` off".
    static func flag(
        _ property: String, _ path: WritableKeyPath<RenderSettings, Bool>, folder: String, title: String
    ) -> MatrixSetting {
        nonisolated(unsafe) let keyPath = path
        return MatrixSetting(
            property: property, title: title, validValues: Bool.matrixValues,
            parse: { text -> Apply? in
                guard let value = Bool(matrixValue: text) else { return nil }
                return { (settings: inout RenderSettings) in settings[keyPath: keyPath] = value }
            },
            read: { $0[keyPath: keyPath].matrixValue },
            folderName: { text in Bool(matrixValue: text) == true ? folder : "no-\(folder)" },
            label: { text in Bool(matrixValue: text).map { $0 ? title : "\(title) off" } ?? text })
    }
}

// MARK: - The settings' types

extension Orientation: MatrixValue {
    public var matrixLabel: String { self == .portrait ? "Portrait" : "Landscape" }
}
extension ScreenOptions.Style: MatrixValue {
    public var matrixLabel: String { self == .uikit ? "UIKit" : "SwiftUI" }
}
extension ScreenOptions.TitleStyle: MatrixValue {
    public var matrixLabel: String { self == .large ? "Large title" : "Inline title" }
}
extension ScreenOptions.Fit: MatrixValue {
    public var matrixLabel: String { self == .content ? "Content-sized" : "Screen-sized" }
}
extension ScreenOptions.ButtonTarget: MatrixValue {
    public var matrixLabel: String { self == .album ? "Album button" : "Artist button" }
}
extension ScreenOptions.StatusBar: MatrixValue {
    public var matrixLabel: String { self == .device ? "Status bar" : "No status bar" }
}
extension LayoutDirectionChoice: MatrixValue {
    public var matrixLabel: String {
        switch self {
        case .ltr: return "Left to right"
        case .rtl: return "Right to left"
        case .auto: return "The language's direction"
        }
    }
}

extension Bool: MatrixValue {
    /// `on` or `off` (also `true`/`false`, `yes`/`no`).
    public init?(matrixValue: String) {
        switch matrixValue.lowercased() {
        case "on", "true", "yes": self = true
        case "off", "false", "no": self = false
        default: return nil
        }
    }
    public var matrixValue: String { self ? "on" : "off" }
    public static var matrixValues: [String]? { ["off", "on"] }
}

extension Device: MatrixValue {
    /// A preset's id or alias, in any case.
    public init?(matrixValue: String) {
        guard let preset = Device.preset(id: matrixValue) else { return nil }
        self = preset
    }
    public var matrixValue: String { id }
    public static var matrixValues: [String]? { presets.map(\.id) + aliases.keys.sorted() }
    /// Its name ("iPhone 15", "iPad Pro 13-inch").
    public var matrixLabel: String { name }
}

extension ContentSizeCategory: MatrixValue {
    /// A short name, or UIKit's or SwiftUI's name (``init(parsing:)``).
    public init?(matrixValue: String) { self.init(parsing: matrixValue) }
    public var matrixValue: String { rawValue }
    public static var matrixValues: [String]? { names }
    /// UIKit's name for it, spelled out ("Large (default)", "Accessibility Extra Large").
    public var matrixLabel: String {
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

extension PNGCompression: MatrixValue {
    public init?(matrixValue: String) { self.init(parsing: matrixValue) }
    public var matrixValue: String { name }
    public static var matrixValues: [String]? { names }
    public var matrixLabel: String { "PNG \(name)" }
}

extension ThemeChoice: MatrixValue {
    /// A theme name or a theme file's path (checked again when loaded).
    public init?(matrixValue: String) {
        guard !matrixValue.isEmpty, matrixValue.count <= 1024, !matrixValue.contains("\u{0}") else { return nil }
        self = ThemeChoice.parse(matrixValue)
    }
    /// The name, or a theme file's name without `.json` (its folder).
    public var matrixValue: String {
        switch self {
        case .named(let name): return name
        case .file(let url): return url.deletingPathExtension().lastPathComponent
        }
    }
    public static var matrixValues: [String]? { nil }
    /// A named theme capitalised ("Dark"); a file's name.
    public var matrixLabel: String { matrixValue.prefix(1).uppercased() + matrixValue.dropFirst() }
}

/// `--scale`: a pixel scale from 1 to 4, or the device's own (`native`).
extension Optional: MatrixValue where Wrapped: MatrixOptional {
    public init?(matrixValue: String) {
        if matrixValue == Wrapped.unsetValue {
            self = .none
        } else if let value = Wrapped(matrixValue: matrixValue) {
            self = .some(value)
        } else {
            return nil
        }
    }
    public var matrixValue: String { map(\.matrixValue) ?? Wrapped.unsetValue }
    public var matrixLabel: String { map(\.matrixLabel) ?? Wrapped.unsetLabel }
    public static var matrixValues: [String]? { Wrapped.matrixValues.map { [Wrapped.unsetValue] + $0 } }
}

/// A setting that may be left unset (`--scale`, `--language`), with the word for unset.
public protocol MatrixOptional: MatrixValue {
    /// The value that stands for "not given" (`native`, `auto`).
    static var unsetValue: String { get }
    /// ``unsetValue`` in words.
    static var unsetLabel: String { get }
}

extension Double: MatrixOptional {
    /// A scale from 1 to 4, written as the command line writes it (`2`, `2.5`).
    public init?(matrixValue: String) {
        guard matrixValue.count <= 8, let scale = Double(matrixValue), (1...4).contains(scale) else { return nil }
        self = scale
    }
    public var matrixValue: String { self == rounded() ? String(Int(self)) : String(self) }
    public static var matrixValues: [String]? { nil }
    public static var unsetValue: String { "native" }
    public static var unsetLabel: String { "Native scale" }
    /// `@2x`, `@2.5x`.
    public var matrixLabel: String { "@\(matrixValue)x" }
}

extension String: MatrixOptional {
    /// A language code or locale identifier: ISO 639 letters with an optional region or script.
    public init?(matrixValue: String) {
        guard matrixValue.count <= 64,
            matrixValue.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-".contains($0)) }),
            let code = Locale(identifier: matrixValue).language.languageCode?.identifier,
            Locale.LanguageCode.isoLanguageCodes.contains(where: { $0.identifier == code })
        else { return nil }
        self = matrixValue
    }
    public var matrixValue: String { self }
    public static var matrixValues: [String]? { nil }
    public static var unsetValue: String { "auto" }
    public static var unsetLabel: String { "Automatic" }
    /// A language or locale in its own language and script ("Deutsch", "العربية", "中文（简体）").
    public var matrixLabel: String { Locale(identifier: self).localizedString(forIdentifier: self) ?? self }
}
