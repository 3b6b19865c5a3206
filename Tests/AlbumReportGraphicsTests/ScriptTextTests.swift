import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation
import Testing

/// The text engine on every script the chart feeds carry: font fallback, shaping, bidi, emoji
/// and line breaking, asserted on the shaped glyphs (what will be drawn) and on real pixels.
@Suite("Text in every script")
struct ScriptTextTests {
    static let theme: Theme = {
        do { return try Theme.shipped() } catch { fatalError("the shipped theme must load: \(error)") }
    }()
    static let engine: TextEngine = {
        do { return try TextEngine(theme: theme, scale: 3) } catch { fatalError("fonts must resolve: \(error)") }
    }()
    var engine: TextEngine { Self.engine }
    var font: FontStyle { Self.theme.fonts.cardTitle }

    static let scriptFeeds = [
        "ja", "ko", "zh-hans", "zh-hant", "ar", "he", "th", "hi", "el", "ru", "emoji", "mixed", "unbroken",
    ]

    @Test("no .notdef glyph and no undrawable character in any test feed, in any of the theme's fonts")
    func everyFeedIsDrawable() throws {
        let recorded = try FileManager.default.contentsOfDirectory(atPath: Fixtures.feed("").path)
            .filter { $0.hasSuffix(".json") && $0 != Fixtures.Feeds.v2SingleItem }.sorted()  // that one is not a feed
        #expect(recorded.count == 7)
        var checked = 0
        for name in Self.scriptFeeds.map({ "scripts/\($0).json" }) + recorded {
            let data = try Data(contentsOf: Fixtures.feed(name))
            let feed = try FeedDecoder().decode(data, source: name).feed
            #expect(!feed.items.isEmpty, "\(name)")
            for item in feed.items {
                let texts = item.drawnTexts(format: feed.format, theme: Self.theme, locale: Locale(identifier: "en_US"))
                for (text, font) in texts where !text.isEmpty {
                    let shaped = engine.shape(TextNormalizer.normalize(text), font: font)
                    #expect(shaped.undrawable.isEmpty, "\(name): \(text)")
                    #expect(!shaped.glyphs.contains { $0.id == 0 }, "\(name): .notdef in \(text)")
                    checked += 1
                }
            }
        }
        #expect(checked > 2_000)
    }

    @Test("Arabic is shaped: letters take their joining forms, not the isolated ones")
    func arabicJoins() {
        // م ح م د: every letter joins its neighbours (initial, medial, medial, final).
        let word = "محمد"
        let shaped = engine.shape(word, font: font)
        let isolated = word.map { engine.shape(String($0), font: font).glyphs.map(\.id) }
        #expect(shaped.glyphs.count == word.count)
        #expect(shaped.direction == .rightToLeft)
        let joined = shaped.glyphs.sorted { $0.cluster < $1.cluster }.map(\.id)
        for (index, glyph) in joined.enumerated() { #expect([glyph] != isolated[index], "letter \(index)") }
        #expect(shaped.glyphs.allSatisfy { $0.fontFamily.contains("Arabic") })
    }

    @Test("Hebrew reads right to left: the first letter is drawn rightmost")
    func hebrewRightToLeft() {
        let shaped = engine.shape("שלום", font: font)
        let byCluster = shaped.glyphs.sorted { $0.cluster < $1.cluster }
        #expect(byCluster.map(\.x) == byCluster.map(\.x).sorted(by: >))
        #expect(engine.direction(of: "שלום עולם") == .rightToLeft)
        #expect(engine.direction(of: "2024 שלום") == .rightToLeft)
        #expect(engine.direction(of: "Hello שלום") == .leftToRight)
    }

    @Test("mixed Arabic and Latin: the paragraph is right to left and 'Vol. 2' keeps its own order on the left")
    func mixedDirections() throws {
        let text = "عمرو دياب Vol. 2"
        let shaped = engine.shape(text, font: font)
        #expect(shaped.direction == .rightToLeft)
        let scalars = Array(text.unicodeScalars)
        func x(of character: Unicode.Scalar) throws -> Double {
            let index = try #require(scalars.firstIndex(of: character))
            return try #require(shaped.glyphs.first { $0.cluster == index }).x
        }
        // Latin left of the Arabic; within it, V o l . 2 from left to right.
        #expect(try x(of: "V") < x(of: "ع"))
        #expect(try x(of: "V") < x(of: "o"))
        #expect(try x(of: "l") < x(of: "2"))
        // The Arabic words: the first (عمرو) right of the second (دياب).
        #expect(try x(of: "ع") > x(of: "د"))
    }

    @Test("'&amp;' stays five literal characters")
    func entitiesStayLiteral() {
        let shaped = engine.shape("&amp;", font: font)
        #expect(shaped.glyphs.count == 5)
        #expect(shaped.glyphs.map(\.cluster) == [0, 1, 2, 3, 4])
        #expect(shaped.width > engine.width(of: "&", font: font) * 3)
    }

    @Test(
        "an emoji is one cluster and one colour glyph: a ZWJ family, a flag, a skin tone, a keycap",
        arguments: [
            "👨‍👩‍👧‍👦", "🇯🇵", "👍🏽", "❤️", "1️⃣",
        ])
    func emojiCluster(_ emoji: String) {
        let shaped = engine.shape(emoji, font: font)
        #expect(shaped.glyphs.count == 1)
        #expect(shaped.glyphs.first?.cluster == 0)
        #expect(shaped.glyphs.first?.isColor == true)
        #expect(shaped.glyphs.first?.id != 0)
        #expect(engine.lineBreakOpportunities(in: emoji + emoji).count <= 1)
    }

    @Test("without the colour font, emoji come from a monochrome outline font, still drawable")
    func monochromeEmoji() throws {
        let mono = try TextEngine(theme: Self.theme, scale: 3, colorEmoji: false)
        let shaped = mono.shape("😀 🎵", font: font)
        #expect(shaped.undrawable.isEmpty)
        #expect(shaped.glyphs.allSatisfy { !$0.isColor && $0.id != 0 })
    }

    @Test("Han characters take the Japanese, Korean or Chinese form from the text or the locale")
    func hanForms() throws {
        func family(_ text: String, locale: String = "en_US", country: String? = nil) throws -> String {
            let engine = try TextEngine(theme: Self.theme, scale: 2, localeIdentifier: locale, country: country)
            return try #require(engine.shape(text, font: font).glyphs.first).fontFamily
        }
        #expect(try family("直", locale: "ja_JP") == "Noto Sans CJK JP")
        #expect(try family("直", locale: "zh_CN") == "Noto Sans CJK SC")
        #expect(try family("直", locale: "zh_TW") == "Noto Sans CJK TC")
        #expect(try family("直", locale: "zh-Hant_HK") == "Noto Sans CJK HK")
        #expect(try family("直", locale: "ko_KR") == "Noto Sans CJK KR")
        #expect(try family("直", country: "tw") == "Noto Sans CJK TC")
        // Kana in the text means Japanese, whatever the locale; Hangul means Korean.
        #expect(try family("直の", locale: "zh_CN") == "Noto Sans CJK JP")
        #expect(try family("直 아이유", locale: "zh_CN") == "Noto Sans CJK KR")
    }

    @Test("lines break between ideographs but not before closing punctuation, and Korean between words")
    func lineBreaks() {
        func pieces(_ text: String) -> [String] {
            var result: [String] = []
            var start = text.startIndex
            for end in engine.lineBreakOpportunities(in: text) + [text.endIndex] {
                result.append(String(text[start..<end]))
                start = end
            }
            return result
        }
        #expect(pieces("夜にしがみついて、朝で溶かして") == ["夜", "に", "し", "が", "み", "つ", "い", "て、", "朝", "で", "溶", "か", "し", "て"])
        #expect(pieces("꽃갈피 아이유") == ["꽃갈피 ", "아이유"])
        #expect(pieces("After Hours (Deluxe)") == ["After ", "Hours ", "(Deluxe)"])
        #expect(pieces("e\u{301}e\u{301}") == ["e\u{301}e\u{301}"])
        let width = engine.width(of: "夜にしがみつい", font: font)
        let lines = TextWrapper.wrap("夜にしがみついて、朝で溶かして", font: font, width: width, measurer: engine)
        #expect(lines.map(\.text) == ["夜にしがみつい", "て、朝で溶かし", "て"])
    }

    @Test("Thai marks, Devanagari conjuncts and combining accents are shaped into their clusters")
    func complexScripts() {
        // क्ष is one conjunct: fewer glyphs than code points.
        let conjunct = engine.shape("क्ष", font: font)
        #expect(conjunct.glyphs.count < 3)
        #expect(conjunct.glyphs.allSatisfy { $0.fontFamily.contains("Devanagari") && $0.id != 0 })
        // ที่: a consonant with a vowel and a tone mark stacked above, one cluster.
        let thai = engine.shape("ที่", font: font)
        #expect(Set(thai.glyphs.map(\.cluster)) == [0])
        #expect(
            thai.glyphs.contains { $0.y != 0 } || thai.glyphs.count == 1
                || thai.glyphs.dropFirst().allSatisfy { $0.advance == 0 })
        // e + combining acute: one cluster, the accent does not advance the pen.
        let accent = engine.shape("e\u{301}", font: font)
        #expect(Set(accent.glyphs.map(\.cluster)) == [0])
        #expect(abs(accent.width - engine.width(of: "e", font: font)) < 0.01)
    }

    @Test("a character no font has is drawn as a visible U+FFFD and reported")
    func undrawable() {
        let shaped = engine.shape("A\u{F0001}B", font: font)
        #expect(shaped.undrawable == ["\u{F0001}"])
        #expect(shaped.glyphs.count == 3)
        #expect(shaped.glyphs.allSatisfy { $0.id != 0 })
        #expect(engine.undrawableCharacters(in: "  A\u{F0001}B ", font: font) == ["\u{F0001}"])
    }

    @Test("a colour emoji is drawn in its own colours, text in the text colour")
    func drawsColor() throws {
        let image = try GDImage(width: 300, height: 90, background: RGBA(red: 255, green: 255, blue: 255))
        let block = TextBlock.make(
            "A ❤️", font: font, color: RGBA(red: 0, green: 0, blue: 0), x: 5, y: 5, width: 90, measurer: engine)
        try engine.draw(block, in: image)
        var red = 0
        var black = 0
        for y in 0..<90 {
            for x in 0..<300 {
                let pixel = image.pixel(x: x, y: y)
                if pixel.red > 180 && pixel.green < 90 && pixel.blue < 90 { red += 1 }
                if pixel.red < 40 && pixel.green < 40 && pixel.blue < 40 { black += 1 }
            }
        }
        #expect(red > 200)
        #expect(black > 100)
    }

    @Test("a right-to-left paragraph in the English UI is aligned left (natural alignment follows the UI)")
    func rightToLeftAlignment() {
        let block = TextBlock.make(
            "שלום", font: font, color: RGBA(red: 0, green: 0, blue: 0), x: 10, y: 0, width: 300, measurer: engine)
        #expect(block.direction == .rightToLeft)
        let line = block.lines[0]
        #expect(line.x == 10)
        let centered = TextBlock.make(
            "שלום", font: font, color: RGBA(red: 0, green: 0, blue: 0), x: 10, y: 0, width: 300, alignment: .center,
            measurer: engine)
        #expect(abs(centered.lines[0].x - (10 + (300 - line.width) / 2)) < 0.001)
    }

    @Test("bidi levels come from the whole paragraph: a wrapped line keeps the direction its context gave it")
    func paragraphLevels() throws {
        let text = "אהבה Deluxe Edition (Live) Ed"
        let firstLine = engine.width(of: "אהבה Deluxe Edition", font: font)
        let block = TextBlock.make(
            text, font: font, color: RGBA(red: 0, green: 0, blue: 0), x: 0, y: 0, width: firstLine + 1,
            measurer: engine)
        #expect(block.lines.map(\.text) == ["אהבה Deluxe Edition", "(Live) Ed"])
        let second = try #require(engine.shapedLines(of: block).last)
        let scalars = Array("(Live) Ed".unicodeScalars)
        func x(_ character: Unicode.Scalar) throws -> Double {
            let index = try #require(scalars.firstIndex(of: character))
            return try #require(second.glyphs.first { $0.cluster == index }).x
        }
        // Over the paragraph the brackets follow "Edition" (left to right): "(Live) Ed" reads as
        // written. Resolved alone (after the start of a right-to-left paragraph) they would be
        // right to left, and the line would read "Ed (Live)".
        #expect(try x("(") < x("E"))
        #expect(try x("L") < x("E"))
    }
}
