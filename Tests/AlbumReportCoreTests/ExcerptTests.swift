import AlbumReportCore
import Testing

@Suite("Quoting a value in a message")
struct ExcerptTests {
    @Test("a short, plain value is shown as it is")
    func plain() {
        #expect(Excerpt.printable("Thriller — Michael Jackson") == "Thriller — Michael Jackson")
        #expect(Excerpt.printable("C:\\Music\\a.png") == "C:\\Music\\a.png", "backslashes are not escaped")
        #expect(Excerpt.printable("") == "")
    }

    @Test("newlines and control characters are escaped, so a value cannot start a line")
    func newlines() {
        let quoted = Excerpt.printable("1\n::warning title=from-feed::ID-INJECTED\r\n\t\u{0}\u{1B}[31m")
        #expect(quoted == "1\\n::warning title=from-feed::ID-INJECTED\\r\\n\\t\\u{0}\\u{1B}[31m")
        #expect(!quoted.contains("\n") && !quoted.contains("\r"))
    }

    @Test("invisible characters are shown escaped: zero-width, bidi, soft hyphen, separators, fillers")
    func invisible() {
        #expect(Excerpt.printable("a\u{200B}b") == "a\\u{200B}b")
        #expect(Excerpt.printable("a\u{200D}b") == "a\\u{200D}b")
        #expect(Excerpt.printable("evil\u{202E}gnp.exe") == "evil\\u{202E}gnp.exe")
        #expect(Excerpt.printable("\u{2066}x\u{2069}") == "\\u{2066}x\\u{2069}")
        #expect(Excerpt.printable("soft\u{AD}hyphen") == "soft\\u{AD}hyphen")
        #expect(Excerpt.printable("\u{FEFF}bom") == "\\u{FEFF}bom")
        #expect(Excerpt.printable("a\u{2028}b\u{2029}c\u{85}") == "a\\u{2028}b\\u{2029}c\\u{85}")
        #expect(Excerpt.printable("\u{3164}") == "\\u{3164}")
    }

    @Test("emoji sequences keep their joiners and selectors")
    func emoji() {
        for text in ["👨‍👩‍👧‍👦", "❤️", "🏳️‍🌈", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "👩🏽‍🤝‍👨🏿", "é", "한국어", "नमस्ते"] {
            #expect(Excerpt.printable(text) == text)
        }
        #expect(Excerpt.printable("1\u{200D}\u{200D}") == "1\\u{200D}\\u{200D}", "a digit is no emoji sequence")
    }

    @Test("a long value is cut to the limit in grapheme clusters, escapes counted as shown, with an ellipsis")
    func cut() {
        let long = String(repeating: "é", count: 500)
        let quoted = Excerpt.printable(long)
        #expect(quoted == String(repeating: "é", count: Excerpt.defaultLimit) + "…")
        #expect(Excerpt.printable("abcdef", limit: 3) == "abc…")
        #expect(Excerpt.printable("abc", limit: 3) == "abc")
        #expect(Excerpt.printable("ab\ncd", limit: 4) == "ab\\n…", "an escape counts as the two it shows")
        #expect(Excerpt.printable(String(repeating: "\u{200B}", count: 100), limit: 20) == "\\u{200B}\\u{200B}…")
    }

    @Test("a cut falls at a word boundary and closes the parentheses it leaves open")
    func cutAtWords() {
        #expect(Excerpt.printable("Connection reset by peer", limit: 23) == "Connection reset by…")
        #expect(
            Excerpt.printable("could not connect (Connection reset by peer)", limit: 40)
                == "could not connect (Connection reset by…)")
        #expect(Excerpt.printable("a [b (c d e f g h", limit: 12) == "a [b (c d e…)]")
        #expect(Excerpt.printable("abcdefghij", limit: 4) == "abcd…", "one long word is still cut inside")
        #expect(Excerpt.printable("(balanced) text that goes on", limit: 20) == "(balanced) text that…")
    }

    @Test("4 KB of zero-width joiners, soft hyphens or combining marks is bounded")
    func floods() {
        for flood in ["\u{200D}", "\u{AD}", "\u{301}", "\u{FE0F}"] {
            let href = "https://example.com/a" + String(repeating: flood, count: 4_096) + ".png"
            let quoted = Excerpt.printable(href)
            #expect(quoted.hasSuffix("…"), "\(quoted)")
            #expect(quoted.utf8.count <= Excerpt.defaultLimit * 40 + 3, "\(quoted.utf8.count) bytes")
            #expect(!quoted.contains(flood) || flood == "\u{301}", "\(quoted)")
        }
        let baseless = Excerpt.printable("x\u{AD}\u{301}\u{301}y")
        #expect(baseless == "x\\u{AD}\\u{301}\\u{301}y", "marks after an escape do not pile onto it")
        #expect(Excerpt.printable("\u{301}a") == "\\u{301}a")
        let zalgo = "a" + String(repeating: "\u{301}", count: 1_000)
        let quoted = Excerpt.printable(zalgo, limit: 20)
        #expect(
            quoted.unicodeScalars.filter { $0 == "\u{301}" }.isEmpty, "every mark of a pile is shown one way: escaped")
        #expect(quoted == "a\\u{301}\\u{301}…", "\(quoted)")
    }

    @Test("a whole message on one line: line breaks escaped, nothing cut")
    func line() {
        #expect(Excerpt.line("warning: a\nb\r\n::x") == "warning: a\\nb\\r\\n::x")
        let long = String(repeating: "x", count: 1_000)
        #expect(Excerpt.line(long) == long)
        #expect(Excerpt.line("a\u{2028}b") == "a\\u{2028}b")
    }

    @Test("workflow commands are escaped as GitHub's toolkit escapes data and properties")
    func github() {
        #expect(Excerpt.githubData("100% a\r\nb: c, d") == "100%25 a%0D%0Ab: c, d")
        #expect(Excerpt.githubProperty("100% a\r\nb: c, d") == "100%25 a%0D%0Ab%3A c%2C d")
        #expect(Excerpt.githubProperty("%3A") == "%253A", "a percent is escaped first")
    }
}
