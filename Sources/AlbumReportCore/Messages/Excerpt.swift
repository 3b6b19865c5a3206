import Foundation

/// Text from outside quoted inside a message: the one helper every message uses for a value it
/// did not write itself (a name, a path, a URL, a header value, an id, a JSON fragment, a file
/// name), so that a quoted value can never start a line of output, hide what it is, or run to
/// kilobytes.
///
/// `printable(_:limit:)` keeps these bounds:
/// - **Length**: at most `limit` grapheme clusters as shown, escapes counted by what they show
///   (`\u{200D}` is 8), plus "…" when cut: `defaultLimit`, 80, unless the call says otherwise;
///   `identifierLimit`, 60, for ids, keys and numbers through `identifier(_:)`; `locationLimit`,
///   200, for paths and URLs through `location(_:)`. A shown cluster holds at
///   most `maximumScalarsPerCharacter` scalars, so the result never exceeds `limit × 40 + 3`
///   UTF-8 bytes, plus one closing bracket for each "(" or "[" a cut leaves open.
/// - **Cuts** fall at a word boundary when one is in the second half of what is shown, and
///   close the brackets they leave open: "(Connection reset by…)", not "(Connection reset by pee…".
/// - **Escaped** (as in a Swift string literal): line breaks, tabs and other control characters
///   (`\n`, `\r`, `\t`, `\u{1B}`, `\u{85}`), the line and paragraph separators, and every
///   invisible scalar: format characters (zero-width space and joiners, bidi marks, embeddings,
///   overrides and isolates, the soft hyphen, the byte-order mark), other default-ignorable code
///   points (variation selectors, Hangul fillers), surrogates and unassigned code points. The
///   joiners and selectors inside an emoji sequence (👨‍👩‍👧, ❤️) are kept.
/// - **Floods**: a grapheme cluster of more than `maximumScalarsPerCharacter` scalars (a pile of
///   combining marks) keeps its first scalar; every further one is shown escaped, so one mark is
///   never shown both ways; so are combining marks with no base character of their own (after a
///   control or format character).
///
/// Backslashes are not escaped, so Windows paths and regular expressions read as written.
/// `line(_:)` is the net under it for whole messages, and `githubData(_:)` and
/// `githubProperty(_:)` escape workflow commands as GitHub's toolkit does.
public enum Excerpt {
    /// Grapheme clusters shown of a quoted value unless a call says otherwise.
    public static let defaultLimit = 80
    /// Grapheme clusters shown of a quoted path or URL (`location(_:)`): Apple's artwork URLs, about 130
    /// characters, are shown whole.
    public static let locationLimit = 200
    /// Grapheme clusters shown of a quoted id, key or number (`identifier(_:)`).
    public static let identifierLimit = 60
    /// Scalars of one grapheme cluster shown as they are; the rest are escaped.
    public static let maximumScalarsPerCharacter = 10

    // MARK: - Quoting a value

    /// `text` with newlines, control and invisible characters escaped, cut to `limit` grapheme
    /// clusters as shown (an escape such as `\u{200D}` counts as the 8 it shows) and ending with
    /// "…" when cut.
    public static func printable(_ text: some StringProtocol, limit: Int = defaultLimit) -> String {
        var result = ""
        var shownCount = 0
        let limit = max(limit, 1)
        for character in text {
            for piece in shown(character) {
                let cost = piece.count
                guard shownCount + cost <= limit else { return cut(result, before: character) }
                result += piece
                shownCount += cost
            }
        }
        return result
    }

    /// `shown`, the part of a value that fit, ended with "…": when the cut falls inside a word,
    /// at the space before it (if that space is in the second half, so little is lost), never
    /// after a space; then a ")" or "]" for each bracket it leaves open, so the message around
    /// it still reads as balanced.
    private static func cut(_ shown: String, before next: Character) -> String {
        var kept = Substring(shown)
        if !next.isWhitespace, let last = kept.last, !last.isWhitespace,
            let space = kept.lastIndex(where: \.isWhitespace),
            kept.distance(from: kept.startIndex, to: space) >= kept.count / 2
        {
            kept = kept[..<space]
        }
        while let last = kept.last, last.isWhitespace { kept.removeLast() }
        var open: [Character] = []
        for character in kept {
            switch character {
            case "(", "[": open.append(character)
            case ")" where open.last == "(", "]" where open.last == "[": open.removeLast()
            default: break
            }
        }
        return String(kept) + "…" + String(open.reversed().map { $0 == "(" ? ")" : "]" })
    }

    /// A path or URL quoted in a message: `printable` with `locationLimit`.
    public static func location(_ text: some StringProtocol) -> String {
        printable(text, limit: locationLimit)
    }

    /// An id, a JSON key or a number quoted in a message: `printable` with `identifierLimit`.
    public static func identifier(_ text: some StringProtocol) -> String {
        printable(text, limit: identifierLimit)
    }

    /// `character` as the pieces it is shown as: itself, or its scalars where some are escaped
    /// (one piece per escape, and the visible runs between them).
    private static func shown(_ character: Character) -> [String] {
        let scalars = Array(character.unicodeScalars)
        let emoji = isEmojiSequence(scalars)
        // Marks with nothing to sit on (after an escape, or at the start) would pile onto the
        // character before them: all of them are escaped.
        let baseless = scalars.first.map(isMark) ?? false
        let plain = scalars.count <= maximumScalarsPerCharacter
        // A cluster over the bound keeps only its first scalar as it is: every mark of the pile
        // is shown the same way, escaped, wherever a cut falls.
        let hidden = scalars.indices.map { index in
            baseless || (!plain && index > 0)
                || (isInvisible(scalars[index]) && !(emoji && keepsInEmoji(scalars, index)))
        }
        if plain && !hidden.contains(true) { return [String(character)] }
        var pieces: [String] = []
        var run = ""
        for (index, scalar) in scalars.enumerated() {
            if hidden[index] {
                if !run.isEmpty { pieces.append(run) }
                run = ""
                pieces.append(escape(scalar))
            } else {
                run.unicodeScalars.append(scalar)
            }
        }
        if !run.isEmpty { pieces.append(run) }
        return pieces
    }

    /// Whether `scalar` draws nothing a reader can see, or breaks or reorders the line.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: return true
        default: return scalar.properties.isDefaultIgnorableCodePoint
        }
    }

    /// Whether `scalar` is a combining mark, drawn on the character before it.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Whether `scalars` is an emoji presentation sequence, whose joiners and selectors are part of
    /// the picture.
    private static func isEmojiSequence(_ scalars: [Unicode.Scalar]) -> Bool {
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        return first.properties.isEmojiPresentation || (scalars.count > 1 && scalars[1].value == 0xFE0F)
    }

    /// Whether the invisible scalar at `index` of an emoji sequence belongs to it: a zero-width
    /// joiner between two emoji, a variation selector after a scalar, a tag character of a flag.
    private static func keepsInEmoji(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
        switch scalars[index].value {
        case 0x200D:
            return index > 0 && index + 1 < scalars.count && scalars[index + 1].properties.isEmoji
        case 0xFE0E, 0xFE0F:
            return index > 0 && !isInvisible(scalars[index - 1])
        case 0xE0020...0xE007F:
            return true
        default:
            return false
        }
    }

    /// `scalar` as it is written in a Swift string literal: `\n`, `\r`, `\t` or `\u{200D}`.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }

    // MARK: - A whole message

    /// `message` on one line: every line break, and every other control character, escaped as
    /// `printable` escapes them; nothing is cut. The console's net under every message, so that a
    /// value that reached a message without `printable` still cannot start a line of its own.
    public static func line(_ message: some StringProtocol) -> String {
        guard message.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || breaksLine($0) })
        else { return String(message) }
        var result = ""
        for scalar in message.unicodeScalars {
            if scalar.properties.generalCategory == .control || breaksLine(scalar) {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` ends a line for some reader (GitHub's runner splits on CR and LF; other
    /// tools on the Unicode line and paragraph separators too).
    private static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(scalar.value)
    }

    // MARK: - GitHub workflow commands

    /// A workflow command's message (after `::`), escaped as `@actions/core`'s `escapeData`:
    /// `%` → `%25`, CR → `%0D`, LF → `%0A`.
    public static func githubData(_ text: some StringProtocol) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value (`file=`, `title=`), escaped as `@actions/core`'s
    /// `escapeProperty`: what `githubData` escapes, and `:` → `%3A`, `,` → `%2C`.
    public static func githubProperty(_ text: some StringProtocol) -> String {
        githubData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
