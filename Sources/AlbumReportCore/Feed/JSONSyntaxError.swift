import Foundation

/// Where a body stops being JSON, and why (``JSONSyntax``): its kind, its place and the text there.
public struct JSONSyntaxError: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: Sendable, Hashable {
        /// The bytes end inside a value (a cut-off download).
        case endedEarly(inside: String)
        /// A complete value is followed by more than whitespace.
        case trailingBytes
        /// Something other than what the grammar allows here.
        case unexpected(expected: String)
        /// Nesting deeper than any feed needs.
        case tooDeep(limit: Int)
        /// Grammatical JSON that no parser can hold: a number beyond a Double's range, a lone
        /// UTF-16 surrogate; `what` says which ("the number 1e400, beyond …").
        case unreadable(what: String)
        /// A member name given twice in one object (JSON parsers keep one of the two silently);
        /// only reported by ``JSONSyntax/firstError(in:refusingDuplicateNames:)``.
        case duplicateName(String)
    }

    public var kind: Kind
    /// Byte offset of the problem.
    public var offset: Int
    /// 1-based line and column (in characters) of the problem.
    public var line: Int
    public var column: Int
    /// The text around the problem, made printable and short.
    public var excerpt: String

    public var description: String {
        let place = "at line \(line), column \(column)"
        switch kind {
        case .endedEarly(let inside):
            return "it ends \(place) in the middle of \(inside)"
        case .trailingBytes:
            return "a complete JSON value ends \(place), where \(excerpt) follows"
        case .unexpected(let expected):
            return "\(place) there is \(excerpt) where \(expected) should be"
        case .tooDeep(let limit):
            return "it nests arrays and objects more than \(limit) deep \(place)"
        case .unreadable(let what):
            return "\(place) there is \(what)"
        case .duplicateName(let name):
            return "\(place) the name “\(Excerpt.printable(name))” is given a second time in the same object"
        }
    }

    /// Whether the body looks cut off rather than malformed.
    public var isTruncation: Bool {
        if case .endedEarly = kind { return true }
        return false
    }
}
