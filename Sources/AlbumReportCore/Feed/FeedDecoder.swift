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
            let last = body.last(where: { !Self.isJSONWhitespace($0) })
            let opensContainer = first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
            let closesContainer = last == UInt8(ascii: "}") || last == UInt8(ascii: "]")
            if opensContainer && !closesContainer {
                throw .truncatedJSON(source: source, byteCount: data.count)
            }
            throw .notJSON(source: source, detail: Self.preview(of: body))
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
            throw .noUsableItems(source: source, skipped: skipped)
        }
        return Output(feed: feed, warnings: warnings, detectedEncoding: repaired.detectedEncoding)
    }

    // MARK: - Describing what arrived

    static func describeShape(_ value: Any) -> String {
        switch value {
        case let object as [String: Any]:
            if object["artistName"] != nil && object["name"] != nil {
                let name = (object["name"] as? String).map { " (\"\($0)\")" } ?? ""
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
        let shown = sorted.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
        return sorted.count > 8 ? shown + ", …" : shown
    }

    static func preview(of body: Data) -> String {
        let text = String(decoding: body.prefix(60), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: " ")
            .trimmingCharacters(in: .whitespaces)
        return "it begins with \"\(text)\(body.count > 60 ? "…" : "")\""
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
