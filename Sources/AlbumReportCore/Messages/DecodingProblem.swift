import Foundation

/// Why a JSON file of ours (a manifest, a summary) could not be decoded, as a clause a user can
/// act on instead of Swift's `DecodingError.keyNotFound(CodingKeys(stringValue: …), Context(…))`.
public enum DecodingProblem {
    /// "it has no 'items[3].rank'", "'files[0].sha256' is not a string", "at line 4, column 2 …".
    public static func clause(_ error: any Error, data: Data) -> String {
        guard let error = error as? DecodingError else {
            return JSONSyntax.firstError(in: data).map { "it is not valid JSON: \($0)" } ?? "it could not be decoded"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "it has no '\(path(context.codingPath, key))'"
        case .valueNotFound(_, let context):
            return context.codingPath.isEmpty ? "it is null" : "'\(path(context.codingPath))' is null"
        case .typeMismatch(let type, let context):
            // The file as a whole (a list where an object belongs) has no path to name.
            let subject = context.codingPath.isEmpty ? "it" : "'\(path(context.codingPath))'"
            return "\(subject) is not \(kind(of: type))"
        case .dataCorrupted(let context):
            if let syntax = JSONSyntax.firstError(in: data) { return "it is not valid JSON: \(syntax)" }
            if context.codingPath.isEmpty { return "it is not valid JSON" }
            return "'\(path(context.codingPath))' holds a value that is not allowed there"
        @unknown default:
            return "it could not be decoded"
        }
    }

    /// `fonts.title.size`, `items[3].rank`: a coding path as a reader writes it.
    public static func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
        let keys = (codingPath + (last.map { [$0] } ?? [])).map { key in
            key.intValue.map { "[\($0)]" } ?? Excerpt.identifier(key.stringValue)
        }
        return keys.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    }

    /// "a string", "a whole number", … for the type a decoder expected.
    static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is Int64.Type, is UInt64.Type, is Int32.Type: return "a whole number"
        case is Double.Type, is Float.Type: return "a number"
        case is Bool.Type: return "true or false"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "a list" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "what albumreport expects (\(name))"
        }
    }
}
