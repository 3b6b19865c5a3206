import Foundation

/// A theme file that cannot be used.
public struct ThemeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence to show.
    public var description: String

    /// Creates an error with a message.
    public init(_ description: String) { self.description = description }
}

extension Theme {
    /// Decodes a theme file, naming the offending key when a value is missing or malformed.
    public static func decode(_ data: Data, source: String) throws(ThemeError) -> Theme {
        do {
            return try JSONDecoder().decode(Theme.self, from: data)
        } catch let error as DecodingError {
            throw ThemeError(Self.describe(error, source: source))
        } catch {
            throw ThemeError("The theme \(source) could not be read: \(error.localizedDescription)")
        }
    }

    static func describe(_ error: DecodingError, source: String) -> String {
        func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            let keys = (codingPath + (last.map { [$0] } ?? [])).map { key in
                key.intValue.map { "[\($0)]" } ?? key.stringValue
            }
            return keys.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
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
