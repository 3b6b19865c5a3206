import Foundation

/// The tracking a text style gets when its theme gives none, chosen by the font's design: each
/// typeface is set with its own designer's numbers, never another face's.
///
/// - SF Pro (and unknown families): Apple's table for SF Pro (``AppleTracking``), what iOS sets.
/// - Inter (the text cut): Inter's published "Dynamic Metrics", tracking = a + b·e^(c·size) em
///   with a = -0.0223, b = 0.185, c = -0.1745 (rsms.me/inter/dynmetrics).
/// - Inter Display: its spacing is drawn tight for the top of Inter's optical-size axis (32):
///   none from 32 pt up. Below, a little is added back, growing linearly to 0.025 em at 14 pt
///   (the axis' text end), the gap measured between Inter Display and Inter with its dynamic
///   metrics ("Top Albums", bold: 0.027 em a character at 22 pt, 0.024 em at 34 pt), so that a
///   22 pt card title is spaced about halfway between the two designs, as the variable font's
///   optical sizing would set it; it also keeps tight pairs such as "ft" from touching.
public enum FontTracking {
    /// A typeface design with its own tracking rule.
    public enum Design: String, Sendable, Hashable, CaseIterable {
        /// Apple's SF Pro (Text, Display, Rounded); also used for families albumreport does not know.
        case sfPro
        /// Inter's text cut.
        case inter
        /// Inter Display, the display cut of Inter 4.
        case interDisplay
    }

    /// Inter's Dynamic Metrics constants: tracking = a + b·e^(c·size), in ems.
    static let interConstants = (a: -0.0223, b: 0.185, c: -0.1745)

    /// The design a family name (or a font file's path) belongs to: its letters and digits,
    /// lower-cased, recognise "SF Pro…", "SF-Pro-Display-Bold.otf", "Inter", "Inter Display",
    /// "InterDisplay-Bold.otf". Anything else is treated as SF Pro (Apple's table). A list
    /// ("SF Pro Text, Inter") is its first candidate's design: the font it asks for first (the
    /// text engine tracks by the font it actually resolved).
    public static func design(of family: String) -> Design {
        let first = FontSource.candidates(of: family).first?.value ?? family
        let name = FontSource(first).isFile ? URL(fileURLWithPath: first).lastPathComponent : first
        let key = String(name.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
        if key.hasPrefix("interdisplay") { return .interDisplay }
        if key.hasPrefix("inter") && !key.hasPrefix("interstate") { return .inter }
        return .sfPro
    }

    /// The tracking in points for text of `family` at `size` points.
    public static func points(family: String, size: Double) -> Double {
        guard size.isFinite, size > 0 else { return 0 }
        switch design(of: family) {
        case .sfPro: return AppleTracking.points(forSize: size)
        case .inter: return interEms(size: size) * size
        case .interDisplay: return interDisplayEms(size: size) * size
        }
    }

    /// Inter Display's tracking at `size`, in ems: 0.025 at 14 pt, falling linearly to 0 at 32 pt.
    public static func interDisplayEms(size: Double) -> Double {
        0.025 * min(max((32 - size) / 18, 0), 1)
    }

    /// Inter's dynamic-metrics tracking at `size`, in ems.
    public static func interEms(size: Double) -> Double {
        let k = interConstants
        return k.a + k.b * exp(k.c * size)
    }
}
