import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation
import Testing

/// A theme's fonts as the engine resolves them: families by size, font files, ℗ at text size,
/// the emoji family.
@Suite("Theme fonts: families, files, ℗ and emoji")
struct ThemeFontTests {
    static let theme: Theme = {
        do { return try Theme.shipped() } catch { fatalError("the shipped theme must load: \(error)") }
    }()

    /// The shipped theme with `fonts` edited.
    func theme(_ edit: (inout Theme.Fonts) -> Void) -> Theme {
        var theme = Self.theme
        edit(&theme.fonts)
        return theme
    }

    @Test("the shipped theme draws display sizes from Inter Display's files and text from Inter's (no SF Pro here)")
    func shippedFiles() throws {
        let book = try FontBook(theme: Self.theme)
        #expect(book.substitutions.isEmpty)
        let large = try #require(book.font(for: Self.theme.fonts.largeTitleStyle))
        #expect(large.family == "Inter Display")
        #expect(URL(fileURLWithPath: large.file).lastPathComponent == "InterDisplay-Bold.otf")
        let row = try #require(book.font(for: Self.theme.fonts.rowTitle))
        #expect(URL(fileURLWithPath: row.file).lastPathComponent == "Inter-Regular.otf")
    }

    @Test("a family given as font files ({weight}) draws from those files, recorded under the face's own family")
    func fontFiles() throws {
        let pattern = "/usr/share/fonts/opentype/inter/InterDisplay-{weight}.otf"
        let custom = theme { fonts in
            fonts.displayFamily = pattern
            fonts = fonts.applyingFamilies(relativeTo: nil)
        }
        #expect(custom.fonts.cardTitle.family == pattern)
        let book = try FontBook(theme: custom)
        #expect(book.substitutions.isEmpty, "Semibold resolves to InterDisplay-SemiBold.otf by case")
        let title = try #require(book.font(for: custom.fonts.cardTitle))
        #expect(title.file == "/usr/share/fonts/opentype/inter/InterDisplay-Bold.otf")
        #expect(title.family == "Inter Display")
        let engine = TextEngine(fonts: book, fallbackFamilies: custom.fonts.fallbackFamilies, scale: 2)
        #expect(
            engine.shape("Top Albums", font: custom.fonts.cardTitle).glyphs.allSatisfy {
                $0.fontFamily == "Inter Display"
            })
    }

    @Test("a family list takes its first installed entry silently, and warns only when none is installed")
    func familyLists() throws {
        let custom = theme { fonts in
            fonts.family = "No Such Sans, Inter"
            fonts.displayFamily = "No Such Display, Also Missing"
            fonts.emojiFamily = "No Such Emoji, Noto Color Emoji"
            fonts = fonts.applyingFamilies(relativeTo: nil)
        }
        let book = try FontBook(theme: custom)
        #expect(book.font(for: custom.fonts.rowTitle)?.family == "Inter")
        // Nothing of the display list is installed: the shipped display cut stands in, with one
        // warning (the bold large title and the bold card title share it) naming the list.
        #expect(book.font(for: custom.fonts.largeTitleStyle)?.family == "Inter Display")
        #expect(book.substitutions.count == 1, "\(book.substitutions)")
        let warning = try #require(book.substitutions.first)
        #expect(
            warning.contains("None of the fonts given in fonts.displayFamily (No Such Display, Also Missing, bold)"))
        #expect(warning.contains("Inter Display is used instead"))
        #expect(book.emoji?.family == "Noto Color Emoji")
        // Nothing of an emoji list installed: one warning, and fontconfig's emoji font.
        let noEmoji = theme { fonts in fonts.emojiFamily = "No Such Emoji, Nor This" }
        let emojiWarnings = try FontBook(theme: noEmoji).substitutions
        #expect(
            emojiWarnings.count == 1 && emojiWarnings[0].contains("None of the emoji fonts given in fonts.emojiFamily"))
        #expect(try FontBook(theme: noEmoji).emoji?.family == "Noto Color Emoji")
    }

    @Test("a family value lists its candidates at commas, trimmed; a value without one is itself")
    func candidates() {
        #expect(FontSource.candidates(of: "SF Pro Text, Inter").map(\.value) == ["SF Pro Text", "Inter"])
        #expect(FontSource.candidates(of: " A ,, B ,").map(\.value) == ["A", "B"])
        #expect(FontSource.candidates(of: "Inter").map(\.value) == ["Inter"])
        #expect(FontSource.candidates(of: ",").map(\.value) == [","])
        #expect(
            FontSource.resolvedList("fonts/SF-{weight}.otf, Inter", relativeTo: URL(fileURLWithPath: "/themes"))
                == "/themes/fonts/SF-{weight}.otf, Inter")
        #expect(FontTracking.design(of: "SF Pro Text, Inter") == .sfPro)
        #expect(FontTracking.design(of: "Inter, SF Pro Text") == .inter)
    }

    @Test("a missing font file is a warning naming the file and the family used instead")
    func missingFile() throws {
        let custom = theme { fonts in
            fonts.displayFamily = "/nonexistent/SF-Pro-Display-{weight}.otf"
            fonts = fonts.applyingFamilies(relativeTo: nil)
        }
        let book = try FontBook(theme: custom)
        let warning = try #require(book.substitutions.first { $0.contains("SF-Pro-Display-Bold.otf") })
        #expect(warning.contains("/nonexistent/SF-Pro-Display-Bold.otf"))
        // A display size falls back to the shipped display cut, not to the text cut.
        #expect(warning.contains("Inter Display is used instead"))
        #expect(book.font(for: custom.fonts.largeTitleStyle)?.family == "Inter Display")
    }

    @Test("a missing family falls back to Inter, which is set with Inter's tracking, not the missing family's")
    func fallbackTracking() throws {
        // "SF Pro Text" names Apple's tracking table; what is drawn is Inter, so Inter's applies.
        let custom = theme { fonts in
            fonts.family = "SF Pro Text"
            fonts.displayFamily = "SF Pro Text"
            fonts = fonts.applyingFamilies(relativeTo: nil)
        }
        let engine = try TextEngine(theme: custom, scale: 3)
        var style = custom.fonts.rowTitle
        style.size = 34
        style.tracking = nil
        #expect(engine.fonts.font(for: style)?.family == "Inter")
        var inter = style
        inter.tracking = FontTracking.points(family: "Inter", size: 34)
        var untracked = style
        untracked.tracking = 0
        #expect(abs(engine.width(of: "Top Albums", font: style) - engine.width(of: "Top Albums", font: inter)) < 1e-9)
        #expect(engine.width(of: "Top Albums", font: style) < engine.width(of: "Top Albums", font: untracked) - 5)
    }

    @Test("℗ is drawn at text size, as tall as ©, not as Inter's small superscript")
    func phonogramAtTextSize() throws {
        let engine = try TextEngine(theme: Self.theme, scale: 3)
        let font = Self.theme.fonts.cardFootnote
        let copyright = try #require(engine.shape("©", font: font).glyphs.first)
        let phonogram = try #require(engine.shape("℗", font: font).glyphs.first)
        #expect(phonogram.fontFamily != "Inter", "Inter's ℗ is a superscript")
        #expect(copyright.fontFamily == "Inter")
        #expect(phonogram.advance >= 0.8 * copyright.advance)
        let heights = (try inkHeight("℗", font: font, engine: engine), try inkHeight("©", font: font, engine: engine))
        #expect(Double(heights.0) >= 0.8 * Double(heights.1))
    }

    /// The height in pixels of the ink `text` leaves when drawn.
    func inkHeight(_ text: String, font: FontStyle, engine: TextEngine) throws -> Int {
        let image = try GDImage(width: 120, height: 90, background: RGBA(red: 255, green: 255, blue: 255))
        let block = TextBlock.make(
            text, font: font, color: RGBA(red: 0, green: 0, blue: 0), x: 5, y: 5, width: 30, measurer: engine)
        try engine.draw(block, in: image)
        let rows = (0..<90).filter { y in (0..<120).contains { image.pixel(x: $0, y: y).red < 128 } }
        return (rows.last ?? 0) - (rows.first ?? 0) + 1
    }

    @Test("emoji come from the theme's emojiFamily; Noto Color Emoji by default; a missing one is a warning")
    func emojiFamily() throws {
        let font = Self.theme.fonts.rowTitle
        let standard = try TextEngine(theme: Self.theme, scale: 2)
        #expect(standard.shape("☕", font: font).glyphs.first?.fontFamily == "Noto Color Emoji")
        let symbola = theme { $0.emojiFamily = "Symbola" }
        let named = try TextEngine(theme: symbola, scale: 2)
        let glyph = try #require(named.shape("☕", font: font).glyphs.first)
        #expect(glyph.fontFamily == "Symbola")
        #expect(!glyph.isColor)
        let missing = try FontBook(theme: theme { $0.emojiFamily = "No Such Emoji" })
        #expect(missing.substitutions.contains { $0.contains("No Such Emoji") && $0.contains("Noto Color Emoji") })
    }
}
