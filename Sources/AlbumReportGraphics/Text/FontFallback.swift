import AlbumReportCore
import CGD
import Foundation

/// Which face draws each grapheme cluster: the theme's fonts first (the style's family, then
/// the theme's `fallbackFamilies`), then fontconfig's best match for the character in the
/// text's language, so that Han characters take the Japanese, Korean or Chinese form. Clusters
/// that want emoji presentation try the colour emoji font first: the theme's `emojiFamily`
/// (Apple Color Emoji where the runner has it when the theme names none), else fontconfig's
/// "emoji" family (Noto Color Emoji on Debian). A face whose ℗ is a small
/// superscript (Inter's) does not draw ℗: the next font with a full-size one does, as SF does. Every answer is cached, and
/// every answer depends only on the cluster, the weight and the language (never on what was
/// drawn before), so reports stay byte-identical however cards are scheduled.
final class FontFallback: Sendable {
    /// The theme's families, tried in order after the style's own family.
    let themeFamilies: [String]
    /// Whether emoji prefer the colour emoji font (off: they take the first font with an outline).
    let colorEmoji: Bool

    private struct ClusterKey: Hashable {
        var cluster: String
        var family: String
        var weight: FontWeight
        var language: String
    }

    private struct ListKey: Hashable {
        var generic: String
        var weight: FontWeight
        var language: String
    }

    private let clusters = BoundedCache<ClusterKey, FontFace?>(limit: 100_000)
    // A handful each: one per weight, one per generic family × weight × language.
    private let themeFaces = BoundedCache<FontWeight, [FontFace]>(limit: .max)
    private let lists = BoundedCache<ListKey, FontconfigList>(limit: .max)

    /// The preferred colour emoji face (``FontBook/preferredEmoji(_:)``), when there is one.
    let emojiFace: FontFace?

    init(themeFamilies: [String], colorEmoji: Bool, emoji: FontResolver.Named? = nil) {
        self.themeFamilies = themeFamilies
        self.colorEmoji = colorEmoji
        emojiFace = emoji.flatMap { FontFace.load(file: $0.file, index: $0.index) }
    }

    /// The face that draws `cluster` for a style whose own face is `primary`, or nil when no
    /// installed font has all of its characters.
    func face(for cluster: Character, primary: FontFace, weight: FontWeight, language: String) -> FontFace? {
        let key = ClusterKey(cluster: String(cluster), family: primary.family, weight: weight, language: language)
        return clusters.value(for: key) { resolve(cluster, primary: primary, weight: weight, language: language) }
    }

    /// The face for `cluster` (as ``face(for:primary:weight:language:)``) and the characters of
    /// the cluster it does not have: normally none; all of them when no font has its base.
    func assignment(
        for cluster: Character, primary: FontFace, weight: FontWeight, language: String
    ) -> (face: FontFace?, missing: [Unicode.Scalar]) {
        let face = face(for: cluster, primary: primary, weight: weight, language: language)
        return (face, Self.drawnScalars(of: cluster).filter { face?.glyph(for: $0) == nil })
    }

    private func resolve(_ cluster: Character, primary: FontFace, weight: FontWeight, language: String) -> FontFace? {
        let scalars = Self.drawnScalars(of: cluster)
        guard let first = scalars.first else { return primary }
        let wantsEmoji = colorEmoji && Self.wantsEmojiPresentation(cluster)
        if wantsEmoji {
            if let emojiFace, emojiFace.covers(scalars) { return emojiFace }
            if let face = list(generic: "emoji", weight: weight, language: language).face(covering: scalars) {
                return face
            }
        }
        let fullSize = { (face: FontFace) in scalars.allSatisfy { face.drawsAtTextSize($0) } }
        for face in [primary] + faces(weight: weight)
        where (colorEmoji || !face.isColorBitmap) && face.covers(scalars) && fullSize(face) {
            return face
        }
        let list = list(generic: "sans-serif", weight: weight, language: language)
        if let face = list.face(covering: scalars, allowColor: colorEmoji, where: fullSize) { return face }
        if let face = list.face(covering: scalars, allowColor: colorEmoji) { return face }
        // No font has the whole cluster (a base with a mark nobody pairs with it): the font
        // with its base character draws it, and the rest is counted as undrawable.
        return list.face(covering: [first], allowColor: colorEmoji)
    }

    /// The theme's fallback faces at `weight` that draw letters, resolved once.
    private func faces(weight: FontWeight) -> [FontFace] {
        themeFaces.value(for: weight) {
            themeFamilies.compactMap { family in
                FontResolver.match(family, weight: weight).flatMap {
                    FontFace.load(file: $0.file, index: $0.index)
                }
            }.filter(\.drawsLetters)
        }
    }

    private func list(generic: String, weight: FontWeight, language: String) -> FontconfigList {
        lists.value(for: ListKey(generic: generic, weight: weight, language: language)) {
            FontconfigList(generic: generic, weight: weight, language: language)
        }
    }

    /// The scalars a font must have to draw `cluster`: all but default-ignorable ones (joiners,
    /// variation selectors, bidi marks), which shaping hides.
    static func drawnScalars(of cluster: Character) -> [Unicode.Scalar] {
        cluster.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
    }

    /// Whether `cluster` is shown as an emoji picture: emoji presentation by default, or asked
    /// for with U+FE0F, a keycap, a skin-tone modifier or a flag; never with U+FE0E.
    static func wantsEmojiPresentation(_ cluster: Character) -> Bool {
        let scalars = cluster.unicodeScalars
        if scalars.contains("\u{FE0E}") { return false }
        if scalars.contains("\u{FE0F}") || scalars.contains("\u{20E3}") { return true }
        return scalars.contains { $0.properties.isEmojiPresentation || $0.properties.isEmojiModifier }
    }
}

/// Fontconfig's installed fonts sorted by closeness to a generic family ("sans-serif",
/// "emoji") at a weight and language. The first whose
/// character set has a character is fontconfig's best match for it (what `fc-match
/// "sans-serif:charset=…:lang=…"` answers), found without sorting again per character.
final class FontconfigList: @unchecked Sendable {
    private struct Entry {
        var file: String
        var index: Int
        var charset: OpaquePointer
        var isColor: Bool
    }

    // The set owns the character sets the entries point to; both live as long as the list,
    // and are only read after init.
    private let fontSet: UnsafeMutablePointer<FcFontSet>?
    private let entries: [Entry]

    init(generic: String, weight: FontWeight, language: String) {
        var entries: [Entry] = []
        var fontSet: UnsafeMutablePointer<FcFontSet>?
        // The language is always explicit, never the shell's: see ``Fontconfig``.
        if let fontconfig = Fontconfig.shared,
            let pattern = fontconfig.pattern(
                family: generic, weight: FontResolver.fontconfigWeight(weight), language: language,
                explicitLanguage: true)
        {
            var result = FcResultNoMatch
            // Untrimmed: trimming drops fonts that add no new characters to those before them,
            // which can be the only font with a whole base-and-mark cluster.
            fontSet = FcFontSort(fontconfig.config, pattern, 0, nil, &result)
            FcPatternDestroy(pattern)
        }
        if let fontSet, let fonts = fontSet.pointee.fonts {
            for position in 0..<Int(fontSet.pointee.nfont) {
                guard let font = fonts[position] else { continue }
                var file: UnsafeMutablePointer<FcChar8>?
                var charset: OpaquePointer?
                guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file,
                    FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch, let charset
                else { continue }
                // Absent values mean: the only face in its file, not a colour font, an outline font.
                var index: Int32 = 0
                if FcPatternGetInteger(font, "index", 0, &index) != FcResultMatch { index = 0 }
                var color: FcBool = 0
                if FcPatternGetBool(font, "color", 0, &color) != FcResultMatch { color = 0 }
                var scalable: FcBool = 1
                if FcPatternGetBool(font, "scalable", 0, &scalable) != FcResultMatch { scalable = 1 }
                // A bitmap font without colour cannot be drawn at any size.
                guard scalable != 0 || color != 0 else { continue }
                entries.append(
                    Entry(file: String(cString: file), index: Int(index), charset: charset, isColor: color != 0))
            }
        }
        self.fontSet = fontSet
        self.entries = entries
    }

    deinit {
        if let fontSet { FcFontSetDestroy(fontSet) }
    }

    /// The first font that has every scalar of `scalars`, loads and passes `accept`.
    func face(
        covering scalars: [Unicode.Scalar], allowColor: Bool = true, where accept: (FontFace) -> Bool = { _ in true }
    ) -> FontFace? {
        for entry in entries where allowColor || !entry.isColor {
            guard scalars.allSatisfy({ FcCharSetHasChar(entry.charset, $0.value) != 0 }) else { continue }
            if let face = FontFace.load(file: entry.file, index: entry.index), face.covers(scalars), accept(face) {
                return face
            }
        }
        return nil
    }
}
