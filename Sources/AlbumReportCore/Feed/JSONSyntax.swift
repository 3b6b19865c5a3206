import Foundation

/// Where a body stops being JSON, and why: a single linear pass over the bytes with an explicit
/// stack (no recursion, so no depth can overflow it), used to explain a body the JSON parser
/// refused. Knows the grammar of RFC 8259 and nothing else.
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
        }
    }

    /// Whether the body looks cut off rather than malformed.
    public var isTruncation: Bool {
        if case .endedEarly = kind { return true }
        return false
    }
}

public enum JSONSyntax {
    /// The deepest nesting accepted.
    public static let maximumDepth = 512

    /// The first syntax error in `bytes`, or nil when they are one valid JSON value.
    public static func firstError(in bytes: some Collection<UInt8>) -> JSONSyntaxError? {
        var scanner = Scanner(bytes: Array(bytes))
        return scanner.scan()
    }

    private enum Container {
        case object, array
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var stack: [Container] = []

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
                        index += 1
                        skipWhitespace()
                        if peek(UInt8(ascii: "}")) {
                            index += 1
                            stack.removeLast()
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
            if let error = string() { return error }
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
                        guard index + 6 <= bytes.count else { return error(.endedEarly(inside: "a string")) }
                        guard bytes[(index + 2)..<(index + 6)].allSatisfy(Self.isHexDigit) else {
                            index += 2
                            return error(.unexpected(expected: "four hexadecimal digits after \\u"))
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

        private mutating func number() -> JSONSyntaxError? {
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
