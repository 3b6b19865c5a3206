import Foundation

/// Where a body stops being JSON, and why: a single linear pass over the bytes with an explicit
/// stack (no recursion, so no depth can overflow it), used to explain a body the JSON parser
/// refused. Knows the grammar of RFC 8259 and nothing else.
public enum JSONSyntax {
    /// Where `bytes` first stop being UTF-8 (a stray byte, a cut or overlong sequence, an encoded
    /// surrogate), as a located ``JSONSyntaxError/Kind/unreadable(what:)`` naming the byte and
    /// its offset; nil when they are all UTF-8. JSON files must be UTF-8 (RFC 8259 §8.1), and a
    /// parser that refuses them says only that the data is corrupt.
    public static func firstInvalidUTF8(in bytes: some Collection<UInt8>) -> JSONSyntaxError? {
        let bytes = Array(bytes)
        var index = 0
        var (line, lineStart) = (1, 0)
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0x0A { (line, lineStart) = (line + 1, index + 1) }
                index += 1
                continue
            }
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else {
                let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).count + 1
                let hex = String(byte, radix: 16, uppercase: true)
                return JSONSyntaxError(
                    kind: .unreadable(what: "a byte that is not UTF-8 (0x\(hex), at byte offset \(index))"),
                    offset: index, line: line, column: column, excerpt: "0x\(hex)")
            }
            index += length
        }
        return nil
    }

    /// The length of the valid UTF-8 sequence starting at `index` (a non-ASCII lead byte), or 0.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let (length, second): (Int, ClosedRange<UInt8>)
        switch bytes[index] {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return 0
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]),
            bytes[(index + 2)..<(index + length)].allSatisfy({ (0x80...0xBF).contains($0) })
        else { return 0 }
        return length
    }

    /// The deepest nesting accepted.
    public static let maximumDepth = 512

    /// The first syntax error in `bytes`, or nil when they are one valid JSON value.
    public static func firstError(in bytes: some Collection<UInt8>) -> JSONSyntaxError? {
        var scanner = Scanner(bytes: Array(bytes))
        return scanner.scan()
    }

    /// The first syntax error in `bytes` or, with `refusingDuplicateNames`, the first member name
    /// given twice in one object (for a file a person writes, where the second of two `"themes"`
    /// lists would silently replace the first).
    public static func firstError(
        in bytes: some Collection<UInt8>, refusingDuplicateNames: Bool
    ) -> JSONSyntaxError? {
        var scanner = Scanner(bytes: Array(bytes))
        scanner.namesSeen = refusingDuplicateNames ? [] : nil
        return scanner.scan()
    }

    private enum Container {
        case object, array
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var stack: [Container] = []
        /// The member names of each open object, innermost last (nil: duplicates not checked).
        var namesSeen: [Set<String>]?

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func scan() -> JSONSyntaxError? {
            skipWhitespace()
            if let error = value() { return error }
            skipWhitespace()
            return index < bytes.count ? error(.trailingBytes) : nil
        }

        /// One value, containers walked iteratively.
        private mutating func value() -> JSONSyntaxError? {
            var expectingValue = true
            while true {
                skipWhitespace()
                if expectingValue {
                    guard index < bytes.count else {
                        return error(.endedEarly(inside: insideDescription(orValue: true)))
                    }
                    switch bytes[index] {
                    case UInt8(ascii: "{"):
                        guard stack.count < JSONSyntax.maximumDepth else {
                            return error(.tooDeep(limit: JSONSyntax.maximumDepth))
                        }
                        stack.append(.object)
                        namesSeen?.append([])
                        index += 1
                        skipWhitespace()
                        if peek(UInt8(ascii: "}")) {
                            index += 1
                            stack.removeLast()
                            namesSeen?.removeLast()
                            expectingValue = false
                            continue
                        }
                        if let error = key() { return error }
                        continue
                    case UInt8(ascii: "["):
                        guard stack.count < JSONSyntax.maximumDepth else {
                            return error(.tooDeep(limit: JSONSyntax.maximumDepth))
                        }
                        stack.append(.array)
                        index += 1
                        skipWhitespace()
                        if peek(UInt8(ascii: "]")) {
                            index += 1
                            stack.removeLast()
                            expectingValue = false
                        }
                        continue
                    case UInt8(ascii: "\""):
                        if let error = string() { return error }
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        if let error = number() { return error }
                    case UInt8(ascii: "t"):
                        if let error = literal("true") { return error }
                    case UInt8(ascii: "f"):
                        if let error = literal("false") { return error }
                    case UInt8(ascii: "n"):
                        if let error = literal("null") { return error }
                    default:
                        return error(
                            .unexpected(expected: "a value (an object, array, string, number, true, false or null)"))
                    }
                    expectingValue = false
                }
                // After a value: the end, a separator or a closing bracket.
                guard let container = stack.last else { return nil }
                skipWhitespace()
                guard index < bytes.count else { return error(.endedEarly(inside: insideDescription(orValue: false))) }
                let byte = bytes[index]
                switch (container, byte) {
                case (.object, UInt8(ascii: ",")):
                    index += 1
                    skipWhitespace()
                    if let error = key() { return error }
                    expectingValue = true
                case (.array, UInt8(ascii: ",")):
                    index += 1
                    expectingValue = true
                case (.object, UInt8(ascii: "}")), (.array, UInt8(ascii: "]")):
                    index += 1
                    stack.removeLast()
                    if container == .object { namesSeen?.removeLast() }
                default:
                    return error(
                        .unexpected(
                            expected: container == .object ? "',' or '}' after a member" : "',' or ']' after an element"
                        ))
                }
            }
        }

        /// A member's key and its colon.
        private mutating func key() -> JSONSyntaxError? {
            guard index < bytes.count else { return error(.endedEarly(inside: "an object")) }
            guard bytes[index] == UInt8(ascii: "\"") else {
                return error(.unexpected(expected: "a member name in double quotes"))
            }
            let start = index
            if let error = string() { return error }
            if namesSeen != nil, let last = namesSeen?.indices.last {
                // The name as a parser reads it (escapes resolved), so "a" and "\u0061" are one name.
                let quoted = Data(bytes[start..<index])
                let name =
                    (try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed)) as? String
                    ?? String(decoding: quoted, as: UTF8.self)
                guard namesSeen?[last].insert(name).inserted == true else {
                    index = start
                    return error(.duplicateName(name))
                }
            }
            skipWhitespace()
            guard index < bytes.count else { return error(.endedEarly(inside: "an object")) }
            guard bytes[index] == UInt8(ascii: ":") else {
                return error(.unexpected(expected: "':' after a member name"))
            }
            index += 1
            return nil
        }

        private mutating func string() -> JSONSyntaxError? {
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return nil
                case UInt8(ascii: "\\"):
                    guard index + 1 < bytes.count else { return error(.endedEarly(inside: "a string")) }
                    let escaped = bytes[index + 1]
                    if escaped == UInt8(ascii: "u") {
                        guard let unit = hexEscape(at: index) else {
                            guard index + 6 <= bytes.count else { return error(.endedEarly(inside: "a string")) }
                            index += 2
                            return error(.unexpected(expected: "four hexadecimal digits after \\u"))
                        }
                        if (0xD800...0xDFFF).contains(unit) {
                            // A surrogate must be a high one followed by a low one: JSON parsers
                            // refuse a lone half, which the grammar alone allows.
                            let low = unit <= 0xDBFF ? hexEscape(at: index + 6) : nil
                            guard let low, (0xDC00...0xDFFF).contains(low) else {
                                let shown = String(decoding: bytes[index..<index + 6], as: UTF8.self)
                                return error(
                                    .unreadable(
                                        what:
                                            "\(shown), half of a UTF-16 surrogate pair without its other half (a lone surrogate encodes no character)"
                                    ))
                            }
                            index += 6
                        }
                        index += 6
                    } else {
                        guard "\"\\/bfnrt".utf8.contains(escaped) else {
                            index += 1
                            return error(
                                .unexpected(expected: "an escape (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u)"))
                        }
                        index += 2
                    }
                case 0..<0x20:
                    return error(.unexpected(expected: "text (a control character must be escaped in a string)"))
                default:
                    index += 1
                }
            }
            return error(.endedEarly(inside: "a string"))
        }

        /// The code unit of a `\\uXXXX` escape starting at `start`, or nil when there is none.
        private func hexEscape(at start: Int) -> UInt16? {
            guard start + 6 <= bytes.count, bytes[start] == UInt8(ascii: "\\"), bytes[start + 1] == UInt8(ascii: "u"),
                bytes[(start + 2)..<(start + 6)].allSatisfy(Self.isHexDigit)
            else { return nil }
            return UInt16(String(decoding: bytes[(start + 2)..<(start + 6)], as: UTF8.self), radix: 16)
        }

        private mutating func number() -> JSONSyntaxError? {
            let start = index
            if let error = numberGrammar() { return error }
            // The grammar has no bound; JSON parsers read numbers as Doubles, which end at ±1.8e308.
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if let value = Double(text), !value.isFinite {
                index = start
                return error(
                    .unreadable(
                        what:
                            "the number \(Excerpt.identifier(text)), beyond the range JSON numbers are read in (about ±1.8e308)"
                    ))
            }
            return nil
        }

        private mutating func numberGrammar() -> JSONSyntaxError? {
            if peek(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else {
                return index < bytes.count
                    ? error(.unexpected(expected: "a digit")) : error(.endedEarly(inside: "a number"))
            }
            if peek(UInt8(ascii: ".")) {
                index += 1
                guard digits() > 0 else { return error(.unexpected(expected: "a digit after the decimal point")) }
            }
            if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
                index += 1
                if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
                guard digits() > 0 else { return error(.unexpected(expected: "a digit in the exponent")) }
            }
            return nil
        }

        private mutating func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }

        private mutating func literal(_ word: String) -> JSONSyntaxError? {
            for expected in word.utf8 {
                guard index < bytes.count else { return error(.endedEarly(inside: "'\(word)'")) }
                guard bytes[index] == expected else { return error(.unexpected(expected: "'\(word)'")) }
                index += 1
            }
            return nil
        }

        private func peek(_ byte: UInt8) -> Bool {
            index < bytes.count && bytes[index] == byte
        }

        private mutating func skipWhitespace() {
            while index < bytes.count, FeedDecoder.isJSONWhitespace(bytes[index]) { index += 1 }
        }

        private func insideDescription(orValue: Bool) -> String {
            switch stack.last {
            case .object?: return "an object"
            case .array?: return "an array"
            case nil: return orValue ? "the document (it holds no value)" : "the document"
            }
        }

        private static func isHexDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }

        /// The error at the current index, with its line, column and excerpt.
        private func error(_ kind: JSONSyntaxError.Kind) -> JSONSyntaxError {
            let offset = min(index, bytes.count)
            let before = bytes[..<offset]
            let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
            let excerpt: String
            if offset >= bytes.count {
                excerpt = "the end of the data"
            } else {
                let end = min(offset + 24, bytes.count)
                excerpt = "“" + Excerpt.printable(String(decoding: bytes[offset..<end], as: UTF8.self), limit: 24) + "”"
            }
            return JSONSyntaxError(kind: kind, offset: offset, line: line, column: column, excerpt: excerpt)
        }
    }
}
