/// How deeply a Mustache template nests its sections, measured before the template is handed to
/// swift-mustache: its parser and renderer recurse once per level, so a few thousand nested
/// sections overflow the stack and end the process. No real page nests more than a handful.
///
/// The scan is linear and allocation-free: it follows `{{` … `}}` tags (and the delimiters a
/// set-delimiter tag `{{=<% %>=}}` chooses), counts `{{#`, `{{^`, `{{$` and `{{<` as opening a
/// level and `{{/` as closing one, and skips comments, triple mustaches and text.
public enum TemplateNesting {
    /// The deepest nesting of sections albumreport renders.
    public static let maximumDepth = 100

    /// Where a template nests too deeply: the 1-based line of the first tag past the limit.
    public struct TooDeep: Error, Sendable, Equatable, CustomStringConvertible {
        /// The limit that was passed.
        public var limit: Int
        /// The line of the tag that opened level `limit + 1`.
        public var line: Int

        /// A clause for an error naming the template.
        public var description: String {
            "its sections are nested more than \(limit) levels deep (at line \(line)), deeper than albumreport renders"
        }
    }

    /// Nil when no section of `text` is nested more than `limit` levels deep, else where it is.
    public static func check(_ text: String, limit: Int = maximumDepth) -> TooDeep? {
        let bytes = Array(text.utf8)
        var open: [UInt8] = Array("{{".utf8)
        var close: [UInt8] = Array("}}".utf8)
        var depth = 0
        var line = 1
        var index = 0
        while let start = find(open, in: bytes, from: index, line: &line) {
            var tagStart = start + open.count
            var tagClose = close
            // A triple mustache `{{{name}}}` ends with `}}}`.
            if open == Array("{{".utf8), tagStart < bytes.count, bytes[tagStart] == UInt8(ascii: "{") {
                tagStart += 1
                tagClose = Array("}}}".utf8)
            }
            var tagLine = line
            guard let end = find(tagClose, in: bytes, from: tagStart, line: &tagLine) else { return nil }
            let tag = trimmed(bytes[tagStart..<end])
            index = end + tagClose.count
            line = tagLine
            guard let sigil = tag.first else { continue }
            switch sigil {
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "<"):
                depth += 1
                if depth > limit { return TooDeep(limit: limit, line: line) }
            case UInt8(ascii: "/"):
                depth = max(depth - 1, 0)
            case UInt8(ascii: "="):
                // `{{=<% %>=}}`: the two delimiters between the equals signs, separated by spaces.
                var inner = tag.dropFirst()
                if inner.last == UInt8(ascii: "=") { inner = inner.dropLast() }
                let parts = trimmed(inner).split(whereSeparator: isSpace)
                if parts.count == 2 {
                    open = Array(parts[0])
                    close = Array(parts[1])
                }
            default:
                continue
            }
        }
        return nil
    }

    /// The first index of `needle` in `bytes` from `start`, counting the newlines passed.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, line: inout Int) -> Int? {
        guard let first = needle.first else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            let byte = bytes[index]
            if byte == first, bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            if byte == 0x0A { line += 1 }
            index += 1
        }
        return nil
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return bytes[first...last]
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
