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
public struct FontBook: Sendable {
    /// What a resolution fell back to, for warnings.
    public var substitutions: [String]
    private var fonts: [Key: ResolvedFont]

    private struct Key: Hashable, Sendable {
        var family: String
        var weight: FontWeight
    }

    /// The display family the shipped themes use from ``Theme/Fonts/displaySize``.
    static let shippedDisplayFamily = "Inter Display"

    /// Resolves every style of `theme`, trying the theme's fallback families when a family is missing.
    public init(theme: Theme) throws(GraphicsError) {
        let fonts = theme.fonts
        let styles = fonts.allStyles
        var resolved: [Key: ResolvedFont] = [:]
        var substitutions: [String] = []
        for style in styles where resolved[Key(family: style.family, weight: style.weight)] == nil {
            // A display size whose family is missing (an SF Pro Display file not on this runner)
            // falls back to the shipped display cut first, not to the text cut.
            let display = style.size >= Theme.Fonts.displaySize ? [Self.shippedDisplayFamily] : []
            let candidates = [style.family] + (display + fonts.fallbackFamilies).filter { $0 != style.family }
            var found: ResolvedFont?
            for family in candidates {
                if let match = FontResolver.match(family, weight: style.weight) {
                    // The face the text engine draws with, loaded once for both.
                    let face = FontFace.load(file: match.file, index: match.index)
                    let metrics = face?.verticalMetrics ?? (ascender: 0.95, descender: 0.25)
                    // A file is recorded under the family its face names ("SF Pro Display").
                    let name = FontSource(family).isFile ? (face?.family ?? family) : family
                    found = ResolvedFont(
                        requestedFamily: style.family, family: name, weight: style.weight, file: match.file,
                        index: match.index, ascenderPerEm: metrics.ascender, descenderPerEm: metrics.descender)
                    if family != style.family {
                        substitutions.append(Self.substitution(style: style, used: name))
                    }
                    break
                }
            }
            guard let found else { throw .fontNotFound(family: style.family, weight: style.weight.rawValue) }
            resolved[Key(family: style.family, weight: style.weight)] = found
        }
        if let emoji = fonts.emojiFamily, FontResolver.match(emoji, weight: .regular) == nil {
            substitutions.append(
                "The emoji family \(emoji) is not installed (or its file is missing); fontconfig's emoji font (Noto Color Emoji) is used instead."
            )
        }
        self.fonts = resolved
        self.substitutions = substitutions
    }

    /// The warning for a style whose family (or font file) is missing and `used` stands in.
    static func substitution(style: FontStyle, used: String) -> String {
        let source = FontSource(style.family)
        let weight = style.weight.rawValue
        if let path = source.path(for: style.weight) {
            return
                "The font file \(path) (\(weight)) does not exist or is not a font; \(used) is used instead. Check the path in the theme's fonts."
        }
        return
            "The font family \(style.family) (\(weight)) is not installed; \(used) is used instead. Install it (fonts-inter has Inter and Inter Display) or name an installed family in the theme."
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
    /// Whether fontconfig loaded its configuration.
    static var isAvailable: Bool { Fontconfig.shared != nil }

    /// A face found by fontconfig: its file and its index inside the file.
    public struct Match: Sendable, Hashable {
        public var file: String
        public var index: Int
    }

    /// The face a theme's family value names at `weight`: the font file (``FontSource``) when
    /// it exists and loads, else the installed family as ``file(family:weight:)`` finds it.
    public static func match(_ family: String, weight: FontWeight) -> Match? {
        let source = FontSource(family)
        guard source.isFile else { return file(family: family, weight: weight) }
        guard let path = source.existingFile(for: weight), FontFace.load(file: path, index: 0) != nil else {
            return nil
        }
        return Match(file: path, index: 0)
    }

    /// The face of the installed font whose family is exactly `family` (case-insensitive) at the
    /// closest weight, or nil when that family is not installed.
    public static func file(family: String, weight: FontWeight) -> Match? {
        guard let fontconfig = Fontconfig.shared,
            let pattern = fontconfig.pattern(
                family: family, weight: fontconfigWeight(weight), language: "en", explicitLanguage: false)
        else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let match = FcFontMatch(fontconfig.config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }

        var familyMatches = false
        var index: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(match, "family", index, &value) == FcResultMatch, let value {
            let matched = String(cString: value)
            if matched.caseInsensitiveCompare(family) == .orderedSame { familyMatches = true }
            index += 1
        }
        guard familyMatches else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else { return nil }
        var faceIndex: Int32 = 0
        // A font without an index is the only face in its file.
        if FcPatternGetInteger(match, "index", 0, &faceIndex) != FcResultMatch { faceIndex = 0 }
        return Match(file: String(cString: file), index: Int(faceIndex))
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
