import Foundation

/// What a theme's family value names: an installed family ("Inter Display", found through
/// fontconfig) or a font file (`.otf`, `.ttf`, `.ttc`, `.otc`, or any value with a `/`).
///
/// A value may list several, separated by commas, as CSS's `font-family` does: "SF Pro Text,
/// Inter" is SF Pro Text where fontconfig has it and Inter otherwise (``candidates(of:)``). The
/// first that is installed is used, silently; a warning comes only when none is. (A file path
/// in a list cannot itself hold a comma.)
///
/// A file path may hold `{weight}`, replaced by the weight's name as Apple's and most foundries'
/// files spell it (`Regular`, `Medium`, `Semibold`, `Bold`): `SF-Pro-Display-{weight}.otf` is
/// four files, one per weight. When that exact name does not exist, a file in the same folder
/// whose name differs only in case is taken (`InterDisplay-SemiBold.otf`). A path without
/// `{weight}` is one file for every weight.
public struct FontSource: Sendable, Hashable {
    /// The value as the theme (after relative paths were resolved) spells it.
    public var value: String

    /// The placeholder a file path's weight name replaces.
    public static let weightPlaceholder = "{weight}"

    /// Wraps a family value.
    public init(_ value: String) { self.value = value }

    /// The families and files a theme's family value lists, in order: the value split at its
    /// commas, each part trimmed, empty parts dropped ("SF Pro Text, Inter" is two). A value
    /// without a comma is itself the one candidate.
    /// (At most ``maximumCandidates``: the rest are never tried.)
    public static func candidates(of value: String) -> [FontSource] {
        let all = allCandidates(of: value)
        return all.count > maximumCandidates ? Array(all.prefix(maximumCandidates)) : all
    }

    /// How many fonts one list (a family value, or `fallbackFamilies`) may name: each costs a
    /// fontconfig lookup (about 1 ms) for every style that misses, so a list of 100,000 would
    /// take minutes. A longer list is cut, and the run says so (``cutNote(_:key:)``).
    public static let maximumCandidates = 32

    /// Every candidate `value` lists, uncapped.
    static func allCandidates(of value: String) -> [FontSource] {
        guard value.contains(",") else { return [FontSource(value)] }
        let parts = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return parts.isEmpty ? [FontSource(value)] : parts.map(FontSource.init)
    }

    /// The warning for a list under `key` that names `count` fonts, or nil within the limit.
    public static func cutNote(_ count: Int, key: String) -> String? {
        guard count > maximumCandidates else { return nil }
        return
            "The theme's \(key) lists \(count) fonts; only the first \(maximumCandidates) are tried. Keep a font list to a handful of families."
    }

    /// A family value with each candidate's relative file path made absolute against
    /// `directory` (``resolved(relativeTo:)``), the list joined again with ", ".
    public static func resolvedList(_ value: String, relativeTo directory: URL?) -> String {
        guard value.contains(",") else { return FontSource(value).resolved(relativeTo: directory).value }
        return candidates(of: value).map { $0.resolved(relativeTo: directory).value }.joined(separator: ", ")
    }

    /// Whether the value is a font file's path rather than a family name.
    public var isFile: Bool {
        let lowered = value.lowercased()
        return value.contains("/") || [".otf", ".ttf", ".ttc", ".otc"].contains { lowered.hasSuffix($0) }
    }

    /// The value with a relative file path made absolute against `directory` (the theme file's
    /// folder); family names and absolute paths unchanged.
    public func resolved(relativeTo directory: URL?) -> FontSource {
        guard isFile, !value.hasPrefix("/"), let directory else { return self }
        return FontSource(directory.appendingPathComponent(value).standardizedFileURL.path)
    }

    /// The file path for `weight` (`{weight}` replaced), or nil for a family name.
    public func path(for weight: FontWeight) -> String? {
        guard isFile else { return nil }
        return value.replacingOccurrences(of: Self.weightPlaceholder, with: Self.fileName(of: weight))
    }

    /// A weight's name in font file names.
    public static func fileName(of weight: FontWeight) -> String {
        switch weight {
        case .regular: return "Regular"
        case .medium: return "Medium"
        case .semibold: return "Semibold"
        case .bold: return "Bold"
        case .heavy: return "Heavy"
        }
    }
}
