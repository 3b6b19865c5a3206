import Foundation

/// Detects a feed's format from its content and decodes it, tolerating bad entries.
///
/// Strict about the body (empty, HTML, truncated or foreign JSON is a ``FeedError``), tolerant
/// per entry (a bad entry is skipped with a warning naming its index and id).
public struct FeedDecoder: Sendable {
    /// A decoded feed plus everything that was skipped or repaired on the way.
    public struct Output: Sendable {
        /// The feed.
        public var feed: Feed
        /// One warning per skipped entry or repaired encoding.
        public var warnings: [ReportWarning]
        /// `"UTF-8"` or `"Windows-1252"`.
        public var detectedEncoding: String
    }

    /// Creates a decoder.
    public init() {}

    /// Decodes `data`. `source` names where it came from ("The feed at https://…") for messages;
    /// `httpStatus` is mentioned when the body turns out to be an HTML error page.
    public func decode(_ data: Data, source: String, httpStatus: Int? = nil) throws(FeedError) -> Output {
        if let wide = Self.wideEncoding(of: data) { throw .wideText(source: source, encoding: wide) }
        let repaired = TextEncodingRepair.utf8(from: data)
        let body = repaired.utf8
        guard let first = body.first(where: { !Self.isJSONWhitespace($0) }) else {
            throw .empty(source: source)
        }
        if first == UInt8(ascii: "<") { throw .html(source: source, status: httpStatus) }

        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
        } catch {
            guard let syntax = JSONSyntax.firstError(in: body) else {
                throw .notJSON(source: source, detail: Self.preview(of: body))
            }
            if syntax.isTruncation {
                throw .truncatedJSON(source: source, byteCount: data.count, detail: syntax.description)
            }
            throw .notJSON(source: source, detail: syntax.description)
        }

        var warnings: [ReportWarning] = []
        if repaired.detectedEncoding != "UTF-8" {
            warnings.append(
                ReportWarning(
                    stage: .decode,
                    message:
                        "\(source) is not valid UTF-8; it was read as \(repaired.detectedEncoding) (ISO-8859-1 compatible)."
                ))
        }

        let feed: Feed
        var skipped = 0
        if let object = root as? [String: Any], let appleFeed = object["feed"] as? [String: Any] {
            guard let results = appleFeed["results"] as? [Any] else {
                throw .unexpectedShape(
                    source: source,
                    found: "a \"feed\" object without a \"results\" list (keys: \(Self.keys(appleFeed)))")
            }
            let decoded = AppleRSSDecoding.decode(feed: appleFeed, results: results)
            feed = decoded.feed
            skipped = decoded.warnings.count
            warnings += decoded.warnings
        } else if let object = root as? [String: Any], let rows = object["rows"] as? [Any] {
            let decoded = FactsDecoding.decode(title: object["title"], rows: rows)
            feed = decoded.feed
            skipped = decoded.warnings.count
            warnings += decoded.warnings
        } else {
            throw .unexpectedShape(source: source, found: Self.describeShape(root))
        }

        if feed.items.isEmpty && skipped > 0 {
            throw .noUsableItems(
                source: source, skipped: skipped, reasons: warnings.filter { $0.rank != nil }.map(\.message))
        }
        return Output(feed: feed, warnings: warnings, detectedEncoding: repaired.detectedEncoding)
    }

    // MARK: - Describing what arrived

    static func describeShape(_ value: Any) -> String {
        switch value {
        case let object as [String: Any]:
            if object["artistName"] != nil && object["name"] != nil {
                let name = (object["name"] as? String).map { " (“\(Excerpt.printable($0))”)" } ?? ""
                return "a single album entry\(name), not a whole feed"
            }
            return object.isEmpty ? "an empty object" : "an object with the keys \(keys(object))"
        case let array as [Any]:
            return "an array of \(array.count) values"
        case is String:
            return "a single string"
        case is NSNull:
            return "null"
        default:
            return "a single value"
        }
    }

    static func keys(_ object: [String: Any]) -> String {
        let sorted = object.keys.sorted()
        let shown = sorted.prefix(8).map { "\"\(Excerpt.identifier($0))\"" }.joined(separator: ", ")
        return sorted.count > 8 ? shown + ", …" : shown
    }

    static func preview(of body: Data) -> String {
        "it begins with “\(Excerpt.printable(String(decoding: body.prefix(240), as: UTF8.self), limit: 60))”"
    }

    /// "UTF-16" or "UTF-32" when `data` is such text (a byte-order mark, or the zero bytes every
    /// ASCII character has in them), else nil.
    static func wideEncoding(of data: Data) -> String? {
        let head = Array(data.prefix(64))
        if head.starts(with: [0xFF, 0xFE, 0, 0]) || head.starts(with: [0, 0, 0xFE, 0xFF]) { return "UTF-32" }
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return "UTF-16" }
        guard head.count >= 8 else { return nil }
        let zeros = head.filter { $0 == 0 }.count
        if zeros * 4 >= head.count * 3 - 4 { return "UTF-32" }
        let evenZeros = stride(from: 0, to: head.count - 1, by: 2).filter { head[$0] == 0 }.count
        let oddZeros = stride(from: 1, to: head.count, by: 2).filter { head[$0] == 0 }.count
        return max(evenZeros, oddZeros) * 2 >= head.count - 2 ? "UTF-16" : nil
    }

    /// JSON insignificant whitespace (space, tab, CR, LF).
    public static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

// MARK: - Reading loosely typed JSON values

enum JSONField {
    /// A non-empty string, or a number rendered as a string (ids are sometimes numeric).
    static func string(_ value: Any?) -> String? {
        switch value {
        case let text as String:
            return text.isEmpty ? nil : text
        case let number as NSNumber:
            return number.stringValue
        default:
            return nil
        }
    }
}
