import AlbumReportCore

/// Why a comparison could not be made at all (exit code 2).
public enum CompareError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(String)
    case kindMismatch(expected: String, actual: String)
    case writeFailed(path: String, detail: String)
    /// The report's template cannot be used (`detail` is a clause saying why).
    case template(path: String, detail: String)

    /// The user-facing sentence.
    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(Excerpt.location(path)) does not exist. Pass two PNG files or two folders of PNG files."
        case .kindMismatch(let expected, let actual):
            return
                "\(Excerpt.location(expected)) and \(Excerpt.location(actual)) are not both files or both folders. Pass two PNG files or two folders of PNG files."
        case .writeFailed(let path, let detail):
            return
                "\(Excerpt.location(path)) could not be written (\(detail)). Check that the folder is writable, or pass another --diff-dir."
        case .template(let path, let detail):
            return
                "The report template \(Excerpt.location(path)) cannot be used: \(detail). Fix it, or remove compare.mustache from --templates to use the built-in one."
        }
    }
}
