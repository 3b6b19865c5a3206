/// Apple's Dynamic Type sizes for iOS and iPadOS: the point size and leading (baseline to
/// baseline) of every text style at every ``ContentSizeCategory``.
///
/// Source: Apple Human Interface Guidelines, Typography › Specifications › "iOS, iPadOS Dynamic
/// Type sizes" (developer.apple.com/design/human-interface-guidelines/typography), one table per
/// category. The point sizes agree with what `UIFont.preferredFont(forTextStyle:)` returns on
/// iOS 13 at every category (measured in temoki/UIKit_DynamicType, README, "Font size change due
/// to combination"), except caption 2 at AX5, measured 41 pt where the HIG gives 40.
public enum DynamicTypeTable {
    /// iOS's text styles (`UIFont.TextStyle`).
    public enum TextStyle: String, Sendable, Hashable, Codable, CaseIterable {
        case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2
    }

    /// A style's size and leading at one category, in points.
    public struct Metrics: Sendable, Hashable {
        public var size: Double
        public var leading: Double

        /// Creates metrics.
        public init(size: Double, leading: Double) {
            self.size = size
            self.leading = leading
        }
    }

    /// (size, leading) for xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5.
    static let table: [TextStyle: [(Double, Double)]] = [
        .largeTitle: [
            (31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48), (44, 52), (48, 57), (52, 61),
            (56, 66), (60, 70),
        ],
        .title1: [
            (25, 31), (26, 32), (27, 33), (28, 34), (30, 37), (32, 39), (34, 41), (38, 46), (43, 51), (48, 57),
            (53, 63), (58, 69),
        ],
        .title2: [
            (19, 24), (20, 25), (21, 26), (22, 28), (24, 30), (26, 32), (28, 34), (34, 41), (39, 47), (44, 52),
            (50, 60), (56, 66),
        ],
        .title3: [
            (17, 22), (18, 23), (19, 24), (20, 25), (22, 28), (24, 30), (26, 32), (31, 38), (37, 44), (43, 51),
            (49, 58), (55, 65),
        ],
        .headline: [
            (14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48),
            (47, 56), (53, 62),
        ],
        .body: [
            (14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48),
            (47, 56), (53, 62),
        ],
        .callout: [
            (13, 18), (14, 19), (15, 20), (16, 21), (18, 23), (20, 25), (22, 28), (26, 32), (32, 39), (38, 46),
            (44, 52), (51, 60),
        ],
        .subheadline: [
            (12, 16), (13, 18), (14, 19), (15, 20), (17, 22), (19, 24), (21, 28), (25, 31), (30, 37), (36, 43),
            (42, 50), (49, 58),
        ],
        .footnote: [
            (12, 16), (12, 16), (12, 16), (13, 18), (15, 20), (17, 22), (19, 24), (23, 29), (27, 33), (33, 40),
            (38, 46), (44, 52),
        ],
        .caption1: [
            (11, 13), (11, 13), (11, 13), (12, 16), (14, 19), (16, 21), (18, 23), (22, 28), (26, 32), (32, 39),
            (37, 44), (43, 51),
        ],
        .caption2: [
            (11, 13), (11, 13), (11, 13), (11, 13), (13, 18), (15, 20), (17, 22), (20, 25), (24, 30), (29, 35),
            (34, 41), (40, 47),
        ],
    ]

    /// `style`'s size and leading at `category`.
    public static func metrics(_ style: TextStyle, _ category: ContentSizeCategory) -> Metrics {
        let row = table[style] ?? []
        guard row.indices.contains(category.index) else { return Metrics(size: 17, leading: 22) }
        let (size, leading) = row[category.index]
        return Metrics(size: size, leading: leading)
    }
}
