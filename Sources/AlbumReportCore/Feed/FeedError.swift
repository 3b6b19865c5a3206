/// Why a feed body could not be turned into a ``Feed``. Every case reads as a sentence that says
/// what arrived, what was expected and what to do next.
public enum FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body has no bytes (or only whitespace).
    case empty(source: String)
    /// The body is an HTML page (typically an error page from a proxy or CDN).
    case html(source: String, status: Int?)
    /// The body starts like JSON but ends early.
    case truncatedJSON(source: String, byteCount: Int, detail: String)
    /// The body is not JSON at all.
    case notJSON(source: String, detail: String)
    /// The body is UTF-16 (or UTF-32) text, which JSON feeds never are.
    case wideText(source: String, encoding: String)
    /// Valid JSON, but not any feed format this tool knows.
    case unexpectedShape(source: String, found: String)
    /// A feed whose every entry was unusable: how many, and the first reasons.
    case noUsableItems(source: String, skipped: Int, reasons: [String])

    /// The user-facing sentence.
    public var description: String {
        let expected =
            "Expected an Apple RSS feed ({\"feed\": {\"results\": [...]}}) or a facts feed ({\"title\", \"rows\": [...]})."
        switch self {
        case .empty(let source):
            return
                "\(source) is empty (no bytes), not a JSON feed. \(expected) Check the path or URL, or try again later."
        case .html(let source, let status):
            let statusText = status.map { " (HTTP \($0))" } ?? ""
            return "\(source) returned an HTML page\(statusText), not JSON. Try again later or pass --feed PATH."
        case .truncatedJSON(let source, let byteCount, let detail):
            return
                "\(source) is truncated JSON: \(detail), after \(byteCount) bytes. The download was probably cut off; try again or pass --feed PATH."
        case .notJSON(let source, let detail):
            return "\(source) is not valid JSON: \(detail). \(expected)"
        case .wideText(let source, let encoding):
            return
                "\(source) is \(encoding) text; albumreport reads feeds as UTF-8 (or Latin-1). Convert it first, e.g. iconv -f \(encoding) -t UTF-8 FILE > feed.json."
        case .unexpectedShape(let source, let found):
            return "\(source) is JSON but not a feed: it holds \(found). \(expected)"
        case .noUsableItems(let source, let skipped, let reasons):
            let shown = reasons.prefix(3).joined(separator: "; ")
            return
                "\(source) has no usable entries: all \(skipped) were skipped (\(shown)\(reasons.count > 3 ? "; …" : "")). Check that it is an album chart or a facts feed."
        }
    }
}
