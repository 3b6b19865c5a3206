import AlbumReportCore
import CGD
import CText
import Foundation

/// The text engine: HarfBuzz shapes, FriBidi orders, fontconfig picks a font per grapheme
/// cluster, ICU finds line breaks and FreeType rasterises glyphs straight into the gd canvas
/// (colour emoji from the colour font's bitmaps). Shaped lines and rasterised glyphs are cached,
/// so a chart's repeated strings and characters are shaped and rendered once.
///
/// Text is never passed to libgd, so nothing in it is decoded as an HTML entity: `&amp;` is drawn
/// as the five characters it is.
public final class TextEngine: TextMeasuring {
    /// The pixel scale text is drawn at.
    public let scale: Double
    /// The theme's resolved fonts (one face per style).
    public let fonts: FontBook
    /// The language Han characters take their forms from when the text itself does not say
    /// (kana means Japanese, Hangul Korean): "ja", "ko", "zh-cn", "zh-tw" or "zh-hk".
    public let hanLanguage: String?
    /// The report's language ("en"): fontconfig's and HarfBuzz's language for text that is not
    /// Chinese, Japanese or Korean. Always explicit, so that nothing depends on `$LANG`.
    public let baseLanguage: String
    private let fallback: FontFallback
    private let shaper: LineShaper
    private let breakLocale: String
    /// Widths of measured strings (wrapping measures many candidates that are never drawn).
    /// What repeats is a screen's labels and a layout's own candidates, not one album's text
    /// across albums: 10,000 entries serve any chart, where 100,000 held megabytes of a
    /// 1,000-item chart's titles to its end, for nothing.
    private let widths = BoundedCache<LineKey, Double>(limit: 10_000)
    /// Shaped lines that were drawn, by glyph count (about 50 bytes a glyph): 1 MB at most.
    private let lines = BoundedCache<LineKey, ShapedLine>(limit: 20_000)
    /// Rasterised glyphs, by bytes.
    private let bitmaps = BoundedCache<GlyphKey, GlyphBitmap?>(limit: 24 << 20)

    private struct LineKey: Hashable {
        var text: String
        var family: String
        var weight: FontWeight
        var size: Double
        var tracking: Double
        var direction: TextDirection?
        /// Levels resolved over the whole paragraph, when the line is part of one.
        var levels: [Int8]?
        var language: String
    }

    private struct GlyphKey: Hashable {
        var face: ObjectIdentifier
        var glyph: UInt32
        var pixelSize: Int
        var phase: Int
    }

    /// An engine drawing at `scale` pixels per point.
    /// - Parameters:
    ///   - fallbackFamilies: The theme's font list, tried after each style's own family.
    ///   - localeIdentifier: The report's locale: line-breaking rules, and Han forms for a
    ///     Chinese, Japanese or Korean locale.
    ///   - country: The chart's storefront; decides Han forms when the locale does not.
    ///   - colorEmoji: Draw emoji from the colour emoji font (off: from a monochrome outline font),
    ///     the one `fonts` resolved first (``FontBook/preferredEmoji``), else fontconfig's "emoji".
    public init(
        fonts: FontBook, fallbackFamilies: [String], scale: Double, localeIdentifier: String = "en_US",
        country: String? = nil, colorEmoji: Bool = true
    ) {
        GraphicsRuntime.prepare()
        self.fonts = fonts
        self.scale = scale
        hanLanguage = Self.hanLanguage(localeIdentifier: localeIdentifier, country: country)
        breakLocale = localeIdentifier
        baseLanguage = Locale(identifier: localeIdentifier).language.languageCode?.identifier ?? "en"
        fallback = FontFallback(themeFamilies: fallbackFamilies, colorEmoji: colorEmoji, emoji: fonts.preferredEmoji)
        shaper = LineShaper(fallback: fallback)
    }

    /// An engine for `theme`'s fonts.
    public convenience init(
        theme: Theme, scale: Double, localeIdentifier: String = "en_US", country: String? = nil,
        colorEmoji: Bool = true
    ) throws(GraphicsError) {
        self.init(
            fonts: try FontBook(theme: theme), fallbackFamilies: theme.fonts.fallbackFamilies, scale: scale,
            localeIdentifier: localeIdentifier, country: country, colorEmoji: colorEmoji)
    }

    // MARK: - TextMeasuring

    /// The advance width in points of the shaped text.
    public func width(of text: String, font: FontStyle) -> Double {
        let font = tracked(font)
        let language = language(of: text)
        let key = LineKey(
            text: text, family: font.family, weight: font.weight, size: font.size, tracking: font.effectiveTracking,
            direction: nil, levels: nil,
            language: language)
        return widths.value(for: key) {
            shapeUncached(text, font: font, direction: nil, levels: nil, language: language).width
        }
    }

    /// Ascender and descender in points, of the style's own font.
    public func metrics(of font: FontStyle) -> FontMetrics {
        guard let resolved = fonts.font(for: font) else {
            return FontMetrics(ascender: font.size * 0.95, descender: font.size * 0.25)
        }
        return FontMetrics(ascender: font.size * resolved.ascenderPerEm, descender: font.size * resolved.descenderPerEm)
    }

    /// The paragraph direction from the first strong character (FriBidi).
    public func direction(of text: String) -> TextDirection {
        let codes = text.unicodeScalars.map(\.value)
        return ar_bidi_paragraph_direction(codes, Int32(codes.count)) == 1 ? .rightToLeft : .leftToRight
    }

    /// ICU's UAX #14 line-break opportunities for the report's locale, on grapheme-cluster
    /// boundaries only. Between two Hangul syllables there is none: Korean breaks between words,
    /// as iOS does by default (Hangul word priority).
    public func lineBreakOpportunities(in text: String) -> [String.Index] {
        let units = Array(text.utf16)
        guard units.count > 1 else { return [] }
        var found = [Int32](repeating: 0, count: units.count + 1)
        let count = ar_line_breaks(units, Int32(units.count), breakLocale, &found, Int32(found.count))
        guard count > 0 else { return [] }
        var clusterStarts: [Int: String.Index] = [:]
        for index in text.indices { clusterStarts[index.utf16Offset(in: text)] = index }
        return found.prefix(Int(count)).compactMap { offset -> String.Index? in
            guard offset > 0, offset < units.count, let index = clusterStarts[Int(offset)] else { return nil }
            let before = text[text.index(before: index)]
            return Self.isHangul(before) && Self.isHangul(text[index]) ? nil : index
        }
    }

    // MARK: - Shaping

    /// `text` shaped as one line in `font`, in `direction` (from its first strong character
    /// when nil). Cached.
    public func shape(_ text: String, font: FontStyle, direction: TextDirection? = nil) -> ShapedLine {
        shape(text, font: font, direction: direction, language: language(of: text))
    }

    private func shape(
        _ text: String, font: FontStyle, direction: TextDirection?, levels: [Int8]? = nil, language: String
    ) -> ShapedLine {
        let font = tracked(font)
        let key = LineKey(
            text: text, family: font.family, weight: font.weight, size: font.size, tracking: font.effectiveTracking,
            direction: direction,
            levels: levels, language: language)
        return lines.value(for: key, cost: { max($0.glyphs.count, 1) }) {
            shapeUncached(text, font: font, direction: direction, levels: levels, language: language)
        }
    }

    private func shapeUncached(
        _ text: String, font: FontStyle, direction: TextDirection?, levels: [Int8]?, language: String
    ) -> ShapedLine {
        guard let primary = primaryFace(for: font) else {
            return ShapedLine(glyphs: [], width: 0, direction: direction ?? .leftToRight, undrawable: [])
        }
        return shaper.shape(
            text, font: font, primary: primary, direction: direction, levels: levels, language: language)
    }

    /// The characters of `text` that no installed font has (drawn as U+FFFD), in order.
    /// The same answer as shaping would give (``ShapedLine/undrawable``), from font coverage alone.
    public func undrawableCharacters(in text: String, font: FontStyle) -> [Unicode.Scalar] {
        let text = TextNormalizer.normalize(text)
        guard !text.isEmpty, let primary = primaryFace(for: font) else { return [] }
        let language = language(of: text)
        return text.flatMap {
            fallback.assignment(for: $0, primary: primary, weight: font.weight, language: language).missing
        }
    }

    /// `font` with its tracking made explicit: the theme's, else that of the family that was
    /// actually resolved (``FontTracking``), so that Inter standing in for a missing Inter
    /// Display gets Inter's tracking, and an SF Pro file Apple's.
    func tracked(_ font: FontStyle) -> FontStyle {
        guard font.tracking == nil, let resolved = fonts.font(for: font) else { return font }
        var tracked = font
        tracked.tracking = FontTracking.points(family: resolved.family, size: font.size)
        return tracked
    }

    /// The face of the style's own font.
    private func primaryFace(for font: FontStyle) -> FontFace? {
        fonts.font(for: font).flatMap { FontFace.load(file: $0.file, index: $0.index) }
    }

    /// The language `text` is drawn in: Japanese when it has kana, Korean when it has Hangul,
    /// otherwise the report's Han language, otherwise the report's language.
    func language(of text: String) -> String {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return "ja"
            case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return "ko"
            default: continue
            }
        }
        return hanLanguage ?? baseLanguage
    }

    /// "ja", "ko", "zh-cn", "zh-tw" or "zh-hk" from a Chinese, Japanese or Korean locale, else
    /// from the chart's storefront; nil for other charts (fontconfig's default forms).
    static func hanLanguage(localeIdentifier: String, country: String?) -> String? {
        let locale = Locale(identifier: localeIdentifier)
        let language = locale.language.languageCode?.identifier
        let region = locale.region?.identifier.lowercased()
        let script = locale.language.script?.identifier
        switch language {
        case "ja": return "ja"
        case "ko": return "ko"
        case "zh":
            if script == "Hant" || region == "tw" || region == "mo" { return region == "hk" ? "zh-hk" : "zh-tw" }
            if region == "hk" { return "zh-hk" }
            return "zh-cn"
        default: break
        }
        switch country?.lowercased() {
        case "jp": return "ja"
        case "kr": return "ko"
        case "cn", "sg": return "zh-cn"
        case "tw", "mo": return "zh-tw"
        case "hk": return "zh-hk"
        default: return nil
        }
    }

    private static func isHangul(_ character: Character) -> Bool {
        character.unicodeScalars.first.map {
            (0xAC00...0xD7AF).contains($0.value) || (0x1100...0x11FF).contains($0.value)
        }
            ?? false
    }

    // MARK: - Drawing

    /// Draws every line of `block` into `image` (coordinates in points, scaled here).
    public func draw(_ block: TextBlock, in image: GDImage) throws(GraphicsError) {
        guard fonts.font(for: block.font) != nil else {
            throw .fontNotFound(family: block.font.family, weight: block.font.weight.rawValue)
        }
        for (line, shaped) in zip(block.lines, shapedLines(of: block)) {
            // Rounded in the whole screen's pixels, then moved into this strip's, so that a glyph
            // cut by a strip boundary lands on the same row in both strips.
            draw(
                shaped, x: line.x * scale, baseline: Int((line.baseline * scale).rounded()) - image.originY,
                pixelSize: block.font.size * scale, color: block.color, in: image)
        }
    }

    /// The lines of `block` shaped as they are drawn. The whole block decides the Han forms, so
    /// that every line of a Japanese title agrees, and its bidi levels are resolved over the
    /// whole paragraph (UAX #9), then each line is reordered alone: a bracket on the second line
    /// still takes the direction its context on the first line gives it. The lines are the
    /// paragraph's text with the breaks' spaces trimmed; one space stands in at each break (a
    /// neutral, as the trimmed spaces were).
    public func shapedLines(of block: TextBlock) -> [ShapedLine] {
        let language = language(of: block.text)
        var paragraphLevels: [Int8] = []
        if block.lines.count > 1 {
            let base: Int32 = block.direction == .rightToLeft ? 1 : 0
            paragraphLevels = LineShaper.bidiLevels(of: block.lines.map(\.text).joined(separator: " "), base: base).1
        }
        var offset = 0
        return block.lines.map { line in
            let count = line.text.unicodeScalars.count
            let levels =
                paragraphLevels.count >= offset + count ? Array(paragraphLevels[offset..<offset + count]) : nil
            offset += count + 1
            return shape(line.text, font: block.font, direction: block.direction, levels: levels, language: language)
        }
    }

    private func draw(
        _ line: ShapedLine, x: Double, baseline baselineY: Int, pixelSize: Double, color: RGBA, in image: GDImage
    ) {
        for glyph in line.glyphs {
            let glyphX = x + glyph.x * scale
            var whole = Int(glyphX.rounded(.down))
            var phase = Int(((glyphX - Double(whole)) * 4).rounded())
            if phase == 4 {
                whole += 1
                phase = 0
            }
            if glyph.face.isColorBitmap { phase = 0 }
            guard let bitmap = bitmap(glyph.face, glyph.id, pixelSize: pixelSize, phase: phase) else { continue }
            let top = baselineY - Int((glyph.y * scale).rounded()) - bitmap.top
            Self.blit(bitmap, x: whole + bitmap.left, y: top, color: color, in: image)
        }
    }

    private func bitmap(_ face: FontFace, _ glyph: UInt32, pixelSize: Double, phase: Int) -> GlyphBitmap? {
        let key = GlyphKey(
            face: ObjectIdentifier(face), glyph: glyph, pixelSize: Int((pixelSize * 64).rounded()), phase: phase)
        return bitmaps.value(for: key, cost: { 64 + ($0?.pixels.count ?? 0) }) {
            face.rasterize(glyph, pixelSize: pixelSize, phase: phase)
        }
    }

    /// Blends `bitmap` with its top-left at (`x`, `y`) over the opaque canvas: coverage in
    /// `color`, colour pixels as they are (premultiplied "over").
    static func blit(_ bitmap: GlyphBitmap, x: Int, y: Int, color: RGBA, in image: GDImage) {
        // The image may be one strip of a taller screen: a glyph can lie partly or wholly outside it.
        let firstColumn = max(0, -x)
        let firstRow = max(0, -y)
        let endColumn = min(bitmap.width, image.width - x)
        let endRow = min(bitmap.height, image.height - y)
        guard firstColumn < endColumn, firstRow < endRow else { return }
        let columns = firstColumn..<endColumn
        let red = Int32(color.red)
        let green = Int32(color.green)
        let blue = Int32(color.blue)
        let opacity = Int32(color.alpha)
        bitmap.pixels.withUnsafeBufferPointer { source in
            for row in firstRow..<endRow {
                image.withRow(y + row) { pixels in
                    for column in columns {
                        let target = x + column
                        let pixel = pixels[target]
                        let oldRed = (pixel >> 16) & 0xFF
                        let oldGreen = (pixel >> 8) & 0xFF
                        let oldBlue = pixel & 0xFF
                        let newRed: Int32
                        let newGreen: Int32
                        let newBlue: Int32
                        if bitmap.isColor {
                            let offset = (row * bitmap.width + column) * 4
                            let alpha = Int32(source[offset + 3])
                            guard alpha > 0 else { continue }
                            let keep = 255 - alpha
                            newRed = min(255, Int32(source[offset]) + (oldRed * keep + 127) / 255)
                            newGreen = min(255, Int32(source[offset + 1]) + (oldGreen * keep + 127) / 255)
                            newBlue = min(255, Int32(source[offset + 2]) + (oldBlue * keep + 127) / 255)
                        } else {
                            let coverage = Int32(source[row * bitmap.width + column])
                            guard coverage > 0 else { continue }
                            let alpha = (coverage * opacity + 127) / 255
                            let keep = 255 - alpha
                            newRed = (red * alpha + oldRed * keep + 127) / 255
                            newGreen = (green * alpha + oldGreen * keep + 127) / 255
                            newBlue = (blue * alpha + oldBlue * keep + 127) / 255
                        }
                        pixels[target] = (pixel & ~0x00FF_FFFF) | (newRed << 16) | (newGreen << 8) | newBlue
                    }
                }
            }
        }
    }
}

extension TextEngine: TextRendering {}
