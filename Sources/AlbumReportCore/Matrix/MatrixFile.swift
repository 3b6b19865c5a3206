import Foundation

/// The bytes of a matrix file (`generate --matrix m.json`) as lists of values by key: the part of
/// reading one that needs no disk and no knowledge of what a value means, fuzzed by
/// `Fuzz/Sources/FuzzMatrix`. The caller checks the values (devices, themes, …).
public enum MatrixFile {
    /// The most bytes a matrix file may have.
    public static let maximumBytes = 1 << 20

    /// Why a matrix file's bytes cannot be used: `clause` says what and where, and what to write
    /// instead.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var clause: String
        public var description: String { clause }
    }

    /// `data` as a JSON object whose every member (but `$schema`) is one of `keys` and a list of
    /// strings: UTF-8 (the first byte that is not is located), valid JSON, no key given twice.
    public static func lists(_ data: Data, keys: [String]) throws(Problem) -> [String: [String]] {
        if let clause = JSONFileCheck.clause(
            in: data, maximumBytes: maximumBytes,
            tooLarge: "it is larger than 1 MB; a matrix file lists a few values per key.",
            afterDuplicate: "; put all of its values in one list.")
        {
            throw Problem(clause: clause)
        }
        guard let object = try? JSONSerialization.jsonObject(with: data), let members = object as? [String: Any] else {
            throw Problem(
                clause:
                    "it is not a JSON object. Write it as {\"devices\": [\"iphone-15\", \"ipad-10\"], \"themes\": [\"light\", \"dark\"]}."
            )
        }
        if let schema = members["$schema"], !(schema is String) {
            throw Problem(clause: "\"$schema\" must be a string (the schema's path or URL).")
        }
        var lists: [String: [String]] = [:]
        for key in members.keys.sorted() where key != "$schema" {
            // The key first: a value of any type under a key that is no key is that mistake.
            guard keys.contains(key) else { throw unknownKey(key, keys: keys) }
            guard let strings = members[key] as? [String] else {
                throw Problem(
                    clause: "key \"\(Excerpt.printable(key))\" must be a list of strings, e.g. [\"light\", \"dark\"].")
            }
            lists[key] = strings
        }
        return lists
    }

    /// The problem of a key that names no axis, listing `keys`.
    public static func unknownKey(_ key: String, keys: [String]) -> Problem {
        Problem(
            clause: "\"\(Excerpt.printable(key))\" is not a matrix key. Valid keys: \(keys.joined(separator: ", ")).")
    }
}
