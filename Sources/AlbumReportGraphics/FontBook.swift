import AlbumReportCore
import CGD
import Foundation

/// A font family and weight resolved to a file on disk, with its vertical metrics.
public struct ResolvedFont: Sendable, Hashable {
    /// The family asked for.
    public var requestedFamily: String
    /// The family actually used (a fallback when the requested one is missing).
    public var family: String
    public var weight: FontWeight
    /// The font file's absolute path.
    public var file: String
    /// The face's index inside the file (non-zero in font collections such as `.ttc`).
    public var index: Int = 0
    /// Ascender and descender as fractions of the em.
    public var ascenderPerEm: Double
    public var descenderPerEm: Double
}

/// Every font a theme needs, resolved once at start-up through fontconfig to files (never passed
/// to gd as a bare name), so that the manifest can say exactly which files drew the text.
public struct FontBook: Sendable, Hashable {
    /// What a resolution fell back to, for warnings.
    public var substitutions: [String]
    private var fonts: [Key: ResolvedFont]

    private struct Key: Hashable, Sendable {
        var family: String
        var weight: FontWeight
    }

    /// The display family the shipped themes use from ``Theme/Fonts/displaySize``.
    static let shippedDisplayFamily = "Inter Display"

    /// The colour emoji family preferred when the theme names none: Apple's, where the runner
    /// has it (fontconfig's own "emoji" choice, Noto Color Emoji on Debian, comes after it).
    public static let appleEmojiFamily = "Apple Color Emoji"

    /// The colour emoji font tried first for emoji (``preferredEmoji(_:)``), resolved once.
    public var preferredEmoji: FontResolver.Named?

    /// The colour emoji font the report draws emoji with: its family and file, for the
    /// manifest; nil when the runner has none.
    public var emoji: FontResolver.Named?
    /// The emoji families asked for: the theme's `emojiFamily`, else Apple's.
    public var requestedEmoji: String

    /// Resolves every style of `theme`, trying the theme's fallback families when a family is
    /// missing, is not a regular file (checked before it is opened: a FIFO would block the run)
    /// or draws no letters (a font whose tables are corrupt).
    public init(theme: Theme) throws(GraphicsError) {
        let fonts = theme.fonts
        var resolved: [Key: ResolvedFont] = [:]
        var substitutions: [String] = []
        for style in fonts.allStyles where resolved[Key(family: style.family, weight: style.weight)] == nil {
            // The style's own candidates in order ("SF Pro Text, Inter": SF Pro where the runner
            // has it), silently; then, with a warning, the fallbacks. A display size whose
            // families are all missing falls back to the shipped display cut first, not to the
            // text cut.
            let own = FontSource.candidates(of: style.family).map(\.value)
            let display = style.size >= Theme.Fonts.displaySize ? [Self.shippedDisplayFamily] : []
            let candidates = own + (display + fonts.fallbackFamilies).filter { !own.contains($0) }
            guard
                let (family, found) = candidates.lazy.compactMap({ family in
                    Self.resolve(family, for: style).map { (family, $0) }
                }).first
            else { throw .fontNotFound(family: Excerpt.printable(style.family), weight: style.weight.rawValue) }
            if !own.contains(family) {
                substitutions.append(
                    Self.substitution(style: style, used: found.family, key: Self.key(of: style.family, in: fonts)))
            }
            resolved[Key(family: style.family, weight: style.weight)] = found
        }
        let preferred = Self.preferredEmoji(fonts.emojiFamily)
        substitutions += Self.unusableExtras(fonts, preferredEmoji: preferred)
        self.fonts = resolved
        self.substitutions = substitutions
        preferredEmoji = preferred
        emoji = preferred ?? FontResolver.generic("emoji")
        requestedEmoji = fonts.emojiFamily ?? Self.appleEmojiFamily
    }

    /// The colour emoji font tried before fontconfig's "emoji" family: the first of the theme's
    /// `emojiFamily` candidates that is installed (or, for a file, loads); when the theme names
    /// none, ``appleEmojiFamily`` where the runner has it. Nil: fontconfig's choice.
    public static func preferredEmoji(_ emojiFamily: String?) -> FontResolver.Named? {
        let candidates = emojiFamily.map { FontSource.candidates(of: $0).map(\.value) } ?? [appleEmojiFamily]
        for family in candidates {
            guard let match = FontResolver.match(family, weight: .regular) else { continue }
            let name = FontSource(family).isFile ? FontFace.load(file: match.file, index: match.index)?.family : family
            return FontResolver.Named(family: name ?? family, file: match.file, index: match.index)
        }
        return nil
    }

    /// `family` resolved for `style`, or nil when it is missing, is not a regular file, does not
    /// load or draws no letters.
    static func resolve(_ family: String, for style: FontStyle) -> ResolvedFont? {
        guard let match = FontResolver.match(family, weight: style.weight),
            let face = FontFace.load(file: match.file, index: match.index), face.drawsLetters
        else { return nil }
        let metrics = face.verticalMetrics
        // A file is recorded under the family its face names ("SF Pro Display").
        let name = FontSource(family).isFile ? face.family : family
        return ResolvedFont(
            requestedFamily: style.family, family: name, weight: style.weight, file: match.file, index: match.index,
            ascenderPerEm: metrics.ascender, descenderPerEm: metrics.descender)
    }

    /// The theme key a style's family came from, for warnings.
    static func key(of family: String, in fonts: Theme.Fonts) -> String {
        if family == fonts.displayFamily { return "fonts.displayFamily" }
        if family == fonts.family { return "fonts.family" }
        return "fonts"
    }

    /// Warnings for the emoji family and the fallback families that cannot be used.
    static func unusableExtras(_ fonts: Theme.Fonts, preferredEmoji: FontResolver.Named?) -> [String] {
        var warnings: [String] = []
        if let emoji = fonts.emojiFamily, preferredEmoji == nil {
            let source = FontSource(emoji)
            if FontSource.candidates(of: emoji).count > 1 {
                warnings.append(
                    "None of the emoji fonts given in fonts.emojiFamily (\(Excerpt.printable(emoji))) is installed or loads; fontconfig's emoji font (Noto Color Emoji) is used instead."
                )
            } else if let path = source.path(for: .regular) {
                warnings.append(
                    "The font file \(Excerpt.location(path)) given in fonts.emojiFamily cannot be used: \(Self.fileProblem(path)); fontconfig's emoji font (Noto Color Emoji) is used instead. Check the path in fonts.emojiFamily of the theme."
                )
            } else {
                warnings.append(
                    "The emoji family \(Excerpt.printable(emoji)) (fonts.emojiFamily) is not installed; fontconfig's emoji font (Noto Color Emoji) is used instead."
                )
            }
        }
        let unusable = fonts.fallbackFamilies.compactMap { family in
            FontSource(family).path(for: .regular).flatMap { path in
                FontResolver.match(family, weight: .regular) == nil ? path : nil
            }
        }
        if let path = unusable.first, unusable.count == 1 {
            warnings.append(
                "The font file \(Excerpt.location(path)) in fonts.fallbackFamilies cannot be used: \(Self.fileProblem(path)); it is skipped. Check the path in fonts.fallbackFamilies of the theme."
            )
        } else if !unusable.isEmpty {
            // One warning naming the first few, however long the list.
            let named = unusable.prefix(3).map { Excerpt.location($0) }.joined(separator: ", ")
            let more = unusable.count > 3 ? " and \(unusable.count - 3) more" : ""
            warnings.append(
                "\(unusable.count) font files in fonts.fallbackFamilies cannot be used (\(named)\(more)); they are skipped. Check the paths in fonts.fallbackFamilies of the theme."
            )
        }
        return warnings
    }

    /// Why the font file at `path` cannot be used, as a clause.
    static func fileProblem(_ path: String) -> String {
        if let problem = FileProblem.reading(path) { return problem }
        guard let face = FontFace.load(file: path, index: 0) else { return "it is not a font albumreport can load" }
        return face.drawsLetters
            ? "it is not a font albumreport can load"
            : "it draws no glyphs for ordinary letters (“Aa0” come out empty; its tables may be corrupt)"
    }

    /// The warning for a style whose family (or font file), given as `key`, cannot be used and
    /// `used` stands in.
    static func substitution(style: FontStyle, used: String, key: String) -> String {
        let source = FontSource(style.family)
        let weight = style.weight.rawValue
        let stand = "\(Excerpt.printable(used)) is used instead"
        let listed = FontSource.candidates(of: style.family)
        if listed.count > 1 {
            let names = listed.map { Excerpt.location($0.value) }.joined(separator: ", ")
            return
                "None of the fonts given in \(key) (\(names), \(weight)) can be used: none is installed, or none loads and draws letters; \(stand). Install one of them or name an installed family in the theme."
        }
        if let path = source.path(for: style.weight) {
            let file = source.existingFile(for: style.weight) ?? path
            return
                "The font file \(Excerpt.location(path)) (\(weight)) given in \(key) cannot be used: \(Self.fileProblem(file)); \(stand). Check the path in \(key) of the theme."
        }
        let family = Excerpt.printable(style.family)
        if let match = FontResolver.file(family: style.family, weight: style.weight),
            FontFace.load(file: match.file, index: match.index)?.drawsLetters == false
        {
            return
                "The font family \(family) (\(weight)) given in \(key) draws no glyphs for ordinary letters in \(Excerpt.location(match.file)) (its tables may be corrupt); \(stand). Reinstall it or name another family in the theme."
        }
        return
            "The font family \(family) (\(weight)) given in \(key) is not installed; \(stand). Install it (fonts-inter has Inter and Inter Display) or name an installed family in the theme."
    }

    /// The resolved font for a style.
    public func font(for style: FontStyle) -> ResolvedFont? {
        fonts[Key(family: style.family, weight: style.weight)]
    }

    /// All resolved fonts, in a stable order, for the manifest.
    public var all: [ResolvedFont] {
        fonts.values.sorted { ($0.requestedFamily, $0.weight.rawValue) < ($1.requestedFamily, $1.weight.rawValue) }
    }
}

/// Finds font files with fontconfig.
public enum FontResolver {
    /// A face found by fontconfig: its file and its index inside the file.
    public struct Match: Sendable, Hashable {
        public var file: String
        public var index: Int
    }

    /// A face with the family it was found under.
    public struct Named: Sendable, Hashable {
        public var family: String
        public var file: String
        public var index: Int
    }

    /// fontconfig's best match for a generic family ("emoji", "sans-serif") in English: the
    /// face it would draw with, under the face's own first family name; nil when it has none.
    public static func generic(_ name: String) -> Named? {
        bestMatch(family: name, weight: .regular, explicitLanguage: true).flatMap { found in
            found.families.first.map { Named(family: $0, file: found.match.file, index: found.match.index) }
        }
    }

    /// fontconfig's best match for `family` at `weight` in English: the matched face's family
    /// names and its file; nil when fontconfig has no configuration or no file for it.
    private static func bestMatch(
        family: String, weight: FontWeight, explicitLanguage: Bool
    ) -> (families: [String], match: Match)? {
        guard let fontconfig = Fontconfig.shared,
            let pattern = fontconfig.pattern(
                family: family, weight: fontconfigWeight(weight), language: "en", explicitLanguage: explicitLanguage)
        else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let match = FcFontMatch(fontconfig.config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var families: [String] = []
        var index: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(match, "family", index, &value) == FcResultMatch, let value {
            families.append(String(cString: value))
            index += 1
        }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else { return nil }
        var faceIndex: Int32 = 0
        // A font without an index is the only face in its file.
        if FcPatternGetInteger(match, "index", 0, &faceIndex) != FcResultMatch { faceIndex = 0 }
        return (families, Match(file: String(cString: file), index: Int(faceIndex)))
    }

    /// The face a theme's family value names at `weight`: the font file (``FontSource``) when
    /// it exists and loads, else the installed family as ``file(family:weight:)`` finds it.
    public static func match(_ family: String, weight: FontWeight) -> Match? {
        let source = FontSource(family)
        guard source.isFile else { return file(family: family, weight: weight) }
        // Checked before it is opened: a FIFO would block the run, a device would be read forever.
        guard let path = source.existingFile(for: weight), FileProblem.reading(path) == nil,
            FontFace.load(file: path, index: 0) != nil
        else { return nil }
        return Match(file: path, index: 0)
    }

    /// The face of the installed font whose family is exactly `family` (case-insensitive) at the
    /// closest weight, or nil when that family is not installed.
    public static func file(family: String, weight: FontWeight) -> Match? {
        guard let found = bestMatch(family: family, weight: weight, explicitLanguage: false),
            found.families.contains(where: { $0.caseInsensitiveCompare(family) == .orderedSame })
        else { return nil }
        return found.match
    }

    static func fontconfigWeight(_ weight: FontWeight) -> Int32 {
        switch weight {
        case .regular: return 80
        case .medium: return 100
        case .semibold: return 180
        case .bold: return 200
        case .heavy: return 205  // FC_WEIGHT_EXTRABOLD: Inter ExtraBold (800), SF Pro Heavy
        }
    }
}
