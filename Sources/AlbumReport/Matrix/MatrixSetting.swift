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
    /// The values, when the list is closed.
    public let validValues: [String]?
    /// Parses a matrix value into the change it makes; nil when the value is not one.
    public let parse: @Sendable (String) -> Apply?
    /// The canonical value `settings` holds.
    public let read: @Sendable (RenderSettings) -> String
    /// The folder level of an accepted value.
    public let folderName: @Sendable (String) -> String

    /// A setting of a ``MatrixValue`` type; its folders are its canonical values.
    static func value<Value: MatrixValue>(
        _ property: String, _ path: WritableKeyPath<RenderSettings, Value>
    ) -> MatrixSetting {
        // A key path is an immutable value; Swift 6.3 does not yet infer the literal's sendability here.
        nonisolated(unsafe) let keyPath = path
        return MatrixSetting(
            property: property, validValues: Value.matrixValues,
            parse: { text -> Apply? in
                guard let value = Value(matrixValue: text) else { return nil }
                return { (settings: inout RenderSettings) in settings[keyPath: keyPath] = value }
            },
            read: { $0[keyPath: keyPath].matrixValue },
            folderName: { text in Value(matrixValue: text)?.matrixValue ?? text })
    }

    /// An on/off setting (`on`, `off`): its folder is `folder` when on and `no-folder` when off,
    /// so that a path reads as what was drawn (`iphone-15/bold-text/…`).
    static func flag(
        _ property: String, _ path: WritableKeyPath<RenderSettings, Bool>, folder: String
    ) -> MatrixSetting {
        nonisolated(unsafe) let keyPath = path
        return MatrixSetting(
            property: property, validValues: Bool.matrixValues,
            parse: { text -> Apply? in
                guard let value = Bool(matrixValue: text) else { return nil }
                return { (settings: inout RenderSettings) in settings[keyPath: keyPath] = value }
            },
            read: { $0[keyPath: keyPath].matrixValue },
            folderName: { text in Bool(matrixValue: text) == true ? folder : "no-\(folder)" })
    }
}

// MARK: - The settings' types

extension Orientation: MatrixValue {}
extension ScreenOptions.Style: MatrixValue {}
extension ScreenOptions.TitleStyle: MatrixValue {}
extension ScreenOptions.Fit: MatrixValue {}
extension ScreenOptions.ButtonTarget: MatrixValue {}
extension ScreenOptions.StatusBar: MatrixValue {}
extension LayoutDirectionChoice: MatrixValue {}

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
}

extension ContentSizeCategory: MatrixValue {
    /// A short name, or UIKit's or SwiftUI's name (``init(parsing:)``).
    public init?(matrixValue: String) { self.init(parsing: matrixValue) }
    public var matrixValue: String { rawValue }
    public static var matrixValues: [String]? { names }
}

extension PNGCompression: MatrixValue {
    public init?(matrixValue: String) { self.init(parsing: matrixValue) }
    public var matrixValue: String { name }
    public static var matrixValues: [String]? { names }
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
    public static var matrixValues: [String]? { Wrapped.matrixValues.map { [Wrapped.unsetValue] + $0 } }
}

/// A setting that may be left unset (`--scale`, `--language`), with the word for unset.
public protocol MatrixOptional: MatrixValue {
    /// The value that stands for "not given" (`native`, `auto`).
    static var unsetValue: String { get }
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
}
