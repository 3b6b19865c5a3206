import Foundation

/// A theme file that cannot be used.
public struct ThemeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence to show.
    public var description: String

    /// Creates an error with a message.
    public init(_ description: String) { self.description = description }
}

extension Theme {
    /// The most bytes a theme file may hold (the shipped ones are about 5 KB).
    public static let maximumFileBytes = 1 << 20

    /// Decodes a theme file, naming the offending key when a value is missing or malformed.
    /// Font file paths are resolved against `directory` (the theme file's folder), and the
    /// theme's `family` and `displayFamily` are applied to its styles (``Theme/Fonts/applyingFamilies(relativeTo:)``).
    public static func decode(_ data: Data, source: String, directory: URL? = nil) throws(ThemeError) -> Theme {
        var theme: Theme
        do {
            theme = try JSONDecoder().decode(Theme.self, from: data)
        } catch let error as DecodingError {
            throw ThemeError(Self.describe(error, source: source))
        } catch {
            throw ThemeError("The theme \(source) could not be read: \(DecodingProblem.clause(error, data: data)).")
        }
        try theme.checkRanges(source: source)
        theme.notes = theme.fonts.cutLists()
        theme.fonts = theme.fonts.applyingFamilies(relativeTo: directory)
        return theme
    }

    /// The allowed range of each number, in points: wide enough for any sensible design, narrow
    /// enough that no layout arithmetic overflows or builds a canvas no machine can hold.
    static func range(of key: String) -> ClosedRange<Double> {
        switch key {
        case "size": return 1...200
        case "lineHeight": return 1...400
        case "readableContentWidth": return 100...5000
        case "thumbnailSize", "buttonHeight", "navigationBarHeight", "textRowMinimumHeight": return 1...400
        case "chevronStrokeWidth": return 0.1...20
        case "tracking": return -10...10
        default: return 0...400
        }
    }

    /// Throws a ``ThemeError`` naming the first number outside its ``range(of:)``.
    func checkRanges(source: String) throws(ThemeError) {
        var numbers: [(String, Double)] = Mirror(reflecting: metrics).children.compactMap { child in
            guard let label = child.label, let value = child.value as? Double else { return nil }
            return ("metrics.\(label)", value)
        }
        for child in Mirror(reflecting: fonts).children {
            guard let label = child.label, let style = child.value as? FontStyle else { continue }
            numbers += [("fonts.\(label).size", style.size), ("fonts.\(label).lineHeight", style.lineHeight)]
            if let tracking = style.tracking { numbers.append(("fonts.\(label).tracking", tracking)) }
        }
        for (key, value) in numbers {
            let range = Self.range(of: String(key.split(separator: ".").last ?? ""))
            guard value.isFinite, range.contains(value) else {
                throw ThemeError(
                    "The theme \(source) has \(key) = \(Self.format(value)), which is out of range: it must be from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)) points."
                )
            }
        }
    }

    private static func format(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
        return value == value.rounded() ? String(Int64(value)) : "\(value)"
    }

    static func describe(_ error: DecodingError, source: String) -> String {
        func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            DecodingProblem.path(codingPath, last)
        }
        switch error {
        case .keyNotFound(let key, let context):
            return
                "The theme \(source) has no value for '\(path(context.codingPath, key))'. Add it (see Templates/light.json)."
        case .valueNotFound(_, let context):
            return
                "The theme \(source) has a null value for '\(path(context.codingPath))'. Give it a value (see Templates/light.json)."
        case .typeMismatch(let type, let context):
            return
                "The theme \(source) has the wrong kind of value for '\(path(context.codingPath))': expected \(type)."
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return "The theme \(source) is not valid JSON."
            }
            return
                "The theme \(source) has a malformed value for '\(path(context.codingPath))': \(context.debugDescription)."
        @unknown default:
            return "The theme \(source) could not be decoded."
        }
    }
}
