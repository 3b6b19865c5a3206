import Foundation

/// File names for cards: `NNN-slug.png`, where the slug is short, ASCII, and can never be empty,
/// `.`/`..`, a reserved device name or contain a path separator.
public enum Slug {
    /// The longest slug, in characters.
    public static let maximumLength = 60

    private static let reservedNames: Set<String> = {
        var names: Set<String> = ["con", "prn", "aux", "nul"]
        for number in 1...9 {
            names.insert("com\(number)")
            names.insert("lpt\(number)")
        }
        return names
    }()

    /// A slug for `text`: other scripts transliterated to Latin (ICU's Any-Latin: "Чёрный
    /// альбом" → "cernyj-al-bom", "꽃갈피" → "kkochgalpi"), accents folded, letters and digits
    /// kept, everything else turned into single hyphens, at most ``maximumLength`` characters;
    /// "item" when nothing is left.
    public static func make(_ text: String) -> String {
        let latin =
            text.unicodeScalars.allSatisfy(\.isASCII) ? text : text.applyingTransform(.toLatin, reverse: false) ?? text
        // Compatibility decomposition turns "²" into "2" and "é" into "e" plus a combining accent.
        let folded = latin.decomposedStringWithCompatibilityMapping.lowercased()
        var slug = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            let isWordCharacter = scalar.isASCII && (("a"..."z").contains(scalar) || ("0"..."9").contains(scalar))
            guard isWordCharacter else {
                pendingHyphen = true
                continue
            }
            let hyphen = pendingHyphen && !slug.isEmpty
            if slug.count + (hyphen ? 2 : 1) > maximumLength { break }
            if hyphen { slug.append("-") }
            pendingHyphen = false
            slug.unicodeScalars.append(scalar)
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.isEmpty { return "item" }
        if reservedNames.contains(slug) { return slug + "-item" }
        return slug
    }

    /// The card file name for an item: `007-the-album.png`.
    public static func cardFileName(rank: Int, title: String) -> String {
        String(format: "%03d", rank) + "-" + make(title) + ".png"
    }
}
