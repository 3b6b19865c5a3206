import Foundation

/// The checks a small JSON file a person writes (a matrix file, a strings file) passes before it
/// is decoded, in order: its size, its encoding, its syntax and no member name given twice. Each
/// caller words the problem for its own file; the checks live here once.
public enum JSONFileCheck: Sendable, Equatable {
    /// More bytes than the file may have.
    case tooLarge(bytes: Int, maximum: Int)
    /// Begins with a UTF-8 byte order mark (EF BB BF), which JSON does not have; named rather
    /// than reported as an unexpected byte at line 1.
    case byteOrderMark
    /// Not UTF-8; the error locates the first byte that is not.
    case notUTF8(JSONSyntaxError)
    /// A member name given twice in one object (a decoder would silently keep one of the two),
    /// located at its second appearance.
    case duplicateName(String, line: Int, column: Int)
    /// Not valid JSON; the error locates where.
    case invalid(JSONSyntaxError)

    /// The first problem of `data` as such a file, or nil when it is within `maximumBytes` and one
    /// valid UTF-8 JSON value with no member name given twice.
    public static func firstProblem(in data: Data, maximumBytes: Int) -> JSONFileCheck? {
        guard data.count <= maximumBytes else { return .tooLarge(bytes: data.count, maximum: maximumBytes) }
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { return .byteOrderMark }
        if let encoding = JSONSyntax.firstInvalidUTF8(in: data) { return .notUTF8(encoding) }
        guard let syntax = JSONSyntax.firstError(in: data, refusingDuplicateNames: true) else { return nil }
        if case .duplicateName(let name) = syntax.kind {
            return .duplicateName(name, line: syntax.line, column: syntax.column)
        }
        return .invalid(syntax)
    }

    /// What ``firstProblem(in:maximumBytes:)`` finds, as a clause: `tooLarge` for a file too
    /// large, `afterDuplicate` ending the one for a name given twice; nil when nothing.
    static func clause(in data: Data, maximumBytes: Int, tooLarge: String, afterDuplicate: String) -> String? {
        switch firstProblem(in: data, maximumBytes: maximumBytes) {
        case nil: nil
        case .tooLarge: tooLarge
        case .byteOrderMark: "it begins with a byte order mark (EF BB BF). Save it as UTF-8 without one."
        case .notUTF8(let encoding): "it is not UTF-8: \(encoding). Save it as UTF-8."
        case .duplicateName(let name, let line, let column):
            "key \"\(Excerpt.printable(name))\" is given twice (the second time at line \(line), column \(column))\(afterDuplicate)"
        case .invalid(let syntax): "it is not valid JSON: \(syntax)."
        }
    }
}
