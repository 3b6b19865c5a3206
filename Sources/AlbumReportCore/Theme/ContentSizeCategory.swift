/// iOS's preferred content size (Settings › Accessibility › Display & Text Size › Larger Text):
/// the seven standard Dynamic Type sizes and the five larger accessibility sizes, smallest first.
/// `l` (Large) is iOS's default and the size every theme's styles are written at.
public enum ContentSizeCategory: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5

    /// The categories' short names, in order, as `--content-size` takes them.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// Parses a short name (`xs` … `xxxl`, `ax1` … `ax5`), UIKit's case name (`extraLarge`,
    /// `accessibilityExtraExtraExtraLarge`), SwiftUI's (`xLarge`, `accessibility5`) or UIKit's raw
    /// value (`UICTContentSizeCategoryAccessibilityXXXL`), in any case; nil for anything else.
    public init?(parsing text: String) {
        var key = text.trimmingCharacters(in: .whitespaces).lowercased()
        key = key.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "")
        for prefix in ["uictcontentsizecategory", "uicontentsizecategory"] where key.hasPrefix(prefix) {
            key.removeFirst(prefix.count)
        }
        if let direct = Self(rawValue: key) {
            self = direct
            return
        }
        var accessible = false
        for prefix in ["accessibility", "a11y"] where key.hasPrefix(prefix) {
            key.removeFirst(prefix.count)
            accessible = true
        }
        key = key.replacingOccurrences(of: "extra", with: "x")
        let standard: [String: Self] = [
            "xsmall": .xs, "small": .s, "medium": .m, "large": .l, "xlarge": .xl, "xxlarge": .xxl, "xxxlarge": .xxxl,
        ]
        if accessible {
            // UIKit names the accessibility sizes Medium … XXXL; SwiftUI numbers them 1 … 5.
            let sizes: [String: Self] = [
                "m": .ax1, "medium": .ax1, "l": .ax2, "large": .ax2, "xl": .ax3, "xlarge": .ax3, "xxl": .ax4,
                "xxlarge": .ax4, "xxxl": .ax5, "xxxlarge": .ax5, "1": .ax1, "2": .ax2, "3": .ax3, "4": .ax4, "5": .ax5,
            ]
            guard let size = sizes[key] else { return nil }
            self = size
            return
        }
        guard let size = standard[key] else { return nil }
        self = size
    }

    /// Whether this is one of the larger accessibility sizes (AX1 … AX5), where iOS's list cells
    /// switch to their accessibility layout.
    public var isAccessibility: Bool { self >= .ax1 }

    /// The index in ``allCases`` (xs = 0 … ax5 = 11).
    var index: Int { Self.allCases.firstIndex(of: self) ?? 3 }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }
}
