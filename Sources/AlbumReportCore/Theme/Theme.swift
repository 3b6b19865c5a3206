import Foundation

/// An sRGB colour with alpha, written `#RRGGBB` or `#RRGGBBAA` in theme files.
public struct RGBA: Sendable, Hashable, Codable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    /// Creates a colour.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA`.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = hex.dropFirst()
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let full = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(
            red: UInt8((full >> 24) & 0xFF), green: UInt8((full >> 16) & 0xFF), blue: UInt8((full >> 8) & 0xFF),
            alpha: UInt8(full & 0xFF))
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = RGBA(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "'\(Excerpt.printable(text))' is not a colour; write #RRGGBB or #RRGGBBAA")
        }
        self = color
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// `#RRGGBB` or `#RRGGBBAA`.
    public var description: String {
        let rgb = String(format: "#%02X%02X%02X", red, green, blue)
        return alpha == 255 ? rgb : rgb + String(format: "%02X", alpha)
    }

    /// This colour composited over an opaque `background`.
    public func over(_ background: RGBA) -> RGBA {
        let a = Double(alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded())
        }
        return RGBA(
            red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }
}

/// A font weight by its CSS/OpenType name.
public enum FontWeight: String, Sendable, Hashable, Codable, CaseIterable {
    case regular, medium, semibold, bold
    /// The weight after bold with iOS's Bold Text on (``FontWeight/bolder``): Inter's ExtraBold,
    /// SF Pro's Heavy.
    case heavy
}

/// A text style: family, weight, size and line height, in points.
public struct FontStyle: Sendable, Hashable, Codable {
    /// The font family, resolved through fontconfig ("Inter").
    public var family: String
    /// The weight.
    public var weight: FontWeight
    /// The size in points.
    public var size: Double
    /// The distance between baselines of consecutive lines, in points.
    public var lineHeight: Double
    /// Extra space after each character, in points (optional in theme files: the family's own
    /// tracking at this size, ``FontTracking``).
    public var tracking: Double?

    /// Creates a style.
    public init(family: String, weight: FontWeight, size: Double, lineHeight: Double, tracking: Double? = nil) {
        self.family = family
        self.weight = weight
        self.size = size
        self.lineHeight = lineHeight
        self.tracking = tracking
    }

    /// The tracking text is set with: the theme's, or the family's own at this size (``FontTracking``).
    public var effectiveTracking: Double {
        tracking ?? FontTracking.points(family: family, size: size)
    }
}

/// Every colour, font, spacing and radius the screens use. Loaded from `Templates/*.json`.
public struct Theme: Sendable, Hashable, Codable {
    /// Colours by role.
    public struct Colors: Sendable, Hashable, Codable {
        public var background: RGBA
        /// A scrolled bar's colour over a plain background (what ``chromeMaterialTint`` shows as).
        public var navigationBar: RGBA
        /// The chrome material's translucent tint, `#RRGGBBAA` (optional in theme files:
        /// ``chromeMaterialTint`` gives iOS's).
        public var navigationBarMaterial: RGBA?
        public var navigationBarSeparator: RGBA
        public var label: RGBA
        /// iOS's secondaryLabel (#3C3C43 at 60% in light, #EBEBF5 at 60% in dark) over the background:
        /// artists, details and the copyright line.
        public var secondaryLabel: RGBA
        /// iOS's tertiaryLabel (the same at 30%) over the background.
        public var tertiaryLabel: RGBA
        public var separator: RGBA
        public var chevron: RGBA
        public var tint: RGBA
        public var buttonLabel: RGBA
        public var placeholderBackground: RGBA
        public var placeholderSymbol: RGBA
        /// A disabled button's fill (optional in theme files: iOS's tertiary fill by default).
        public var disabledButton: RGBA?
        /// A disabled button's label (optional in theme files: iOS's tertiary label by default).
        public var disabledButtonLabel: RGBA?

        /// An inset-grouped list's background (optional in theme files: iOS's systemGroupedBackground).
        public var groupedListBackground: RGBA?
        /// An inset-grouped list's cells (optional: iOS's secondarySystemGroupedBackground).
        public var groupedCellBackground: RGBA?

        /// The inset-grouped list's background.
        public var groupedBackground: RGBA {
            groupedListBackground
                ?? (isDark ? RGBA(red: 0, green: 0, blue: 0) : RGBA(red: 0xF2, green: 0xF2, blue: 0xF7))
        }

        /// The inset-grouped list's cell colour.
        public var secondaryGroupedBackground: RGBA {
            groupedCellBackground
                ?? (isDark ? RGBA(red: 0x1C, green: 0x1C, blue: 0x1E) : RGBA(red: 0xFF, green: 0xFF, blue: 0xFF))
        }

        /// A presented sheet's background: iOS's elevated background in the dark appearance.
        public var sheetBackground: RGBA {
            isDark ? RGBA(red: 0x1C, green: 0x1C, blue: 0x1E) : background
        }

        /// Whether the background is dark (the dark appearance's defaults apply).
        public var isDark: Bool {
            Int(background.red) + Int(background.green) + Int(background.blue) < 3 * 128
        }

        /// The disabled button's fill: the theme's, or iOS's tertiary system fill.
        public var disabledButtonFill: RGBA {
            disabledButton
                ?? (isDark
                    ? RGBA(red: 0x76, green: 0x76, blue: 0x80, alpha: 0x3D)
                    : RGBA(red: 0x76, green: 0x76, blue: 0x80, alpha: 0x1F))
        }

        /// The disabled button's label: the theme's, or iOS's tertiary label.
        public var disabledButtonText: RGBA {
            disabledButtonLabel
                ?? (isDark
                    ? RGBA(red: 0xEB, green: 0xEB, blue: 0xF5, alpha: 0x4D)
                    : RGBA(red: 0x3C, green: 0x3C, blue: 0x43, alpha: 0x4D))
        }
    }

    /// Text styles by role.
    public struct Fonts: Sendable, Hashable, Codable {
        public var navigationTitle: FontStyle
        public var navigationSubtitle: FontStyle
        public var rowTitle: FontStyle
        public var rowHeadline: FontStyle
        public var rowSubtitle: FontStyle
        public var cardTitle: FontStyle
        public var cardArtist: FontStyle
        public var cardDetail: FontStyle
        public var cardFootnote: FontStyle
        public var button: FontStyle
        public var backButton: FontStyle
        /// Families tried, in order, when a style's family is not installed.
        public var fallbackFamilies: [String]
        /// The list's large title (optional in theme files: 34/41 pt bold in the navigation title's family).
        public var largeTitle: FontStyle?
        /// The sheet's header line, the chart's country and date (optional: 13/18 pt regular in the row subtitle's family).
        public var sectionHeader: FontStyle?
        /// The family (or font file) of every style under 20 pt, overriding the styles' own
        /// (optional; see ``FontSource`` for files).
        public var family: String?
        /// The family (or font file) of every style of 20 pt and more (optional: ``family``).
        public var displayFamily: String?
        /// The colour emoji family (optional: Noto Color Emoji, through fontconfig's "emoji").
        public var emojiFamily: String?
        /// Whether the styles are iOS's Bold Text variants (set by `--bold-text`, ``withBoldText()``;
        /// optional in theme files): a bar's Done button is then bold rather than semibold.
        public var boldText: Bool?

        /// The weight of a bar's Done button: semibold, or bold with Bold Text.
        public var doneWeight: FontWeight { boldText == true ? .bold : .semibold }

        /// The large title's style.
        public var largeTitleStyle: FontStyle {
            largeTitle ?? FontStyle(family: navigationTitle.family, weight: .bold, size: 34, lineHeight: 41)
        }

        /// The header line's style.
        public var sectionHeaderStyle: FontStyle {
            sectionHeader ?? FontStyle(family: rowSubtitle.family, weight: .regular, size: 13, lineHeight: 18)
        }

        /// Every style the screens draw with, the status bar's and the bar buttons' included.
        public var allStyles: [FontStyle] {
            let family = navigationTitle.family
            var done = backButton
            done.weight = doneWeight
            return [
                navigationTitle, navigationSubtitle, rowTitle, rowHeadline, rowSubtitle, cardTitle, cardArtist,
                cardDetail, cardFootnote, button, backButton, largeTitleStyle, sectionHeaderStyle, done,
                FontStyle(family: family, weight: .semibold, size: 12, lineHeight: 16),
                FontStyle(family: family, weight: .regular, size: 12, lineHeight: 16),
            ]
        }
    }

    /// Spacing, sizes and radii in points.
    public struct Metrics: Sendable, Hashable, Codable {
        /// A fixed horizontal layout margin for every device; nil (the shipped themes) uses the
        /// device's own margin (``Device/layoutMargin``: 16 pt, or 20 pt on wide iPhones and iPad).
        public var layoutMargin: Double?
        public var navigationBarHeight: Double
        public var navigationBarVerticalPadding: Double
        public var backChevronWidth: Double
        public var backChevronHeight: Double
        public var backChevronLeading: Double
        public var backChevronLabelSpacing: Double
        public var textRowMinimumHeight: Double
        public var thumbnailSize: Double
        public var thumbnailCornerRadius: Double
        public var rowVerticalPadding: Double
        public var rowTextSpacing: Double
        public var thumbnailTextSpacing: Double
        public var chevronWidth: Double
        public var chevronHeight: Double
        public var chevronStrokeWidth: Double
        public var chevronTextSpacing: Double
        public var cardInset: Double
        public var cardArtworkCornerRadius: Double
        public var cardArtworkTextSpacing: Double
        public var cardTitleArtistSpacing: Double
        public var cardSectionSpacing: Double
        public var cardLineSpacing: Double
        public var buttonHeight: Double
        public var buttonCornerRadius: Double
        public var buttonBottomMargin: Double
        public var buttonContentSpacing: Double
        public var readableContentWidth: Double

        /// The horizontal layout margin on `device`: the theme's override, else the device's. An
        /// override is held to a quarter of the width between the safe-area insets, so that half
        /// the width is always left for content (a theme may allow up to 400 pt, wider than a phone).
        public func layoutMargin(on device: Device) -> Double {
            guard let layoutMargin else { return device.layoutMargin }
            let safeWidth = device.size.width - device.safeArea.left - device.safeArea.right
            return min(layoutMargin, max(safeWidth / 4, 0))
        }
    }

    /// The theme's name ("light").
    public var name: String
    public var colors: Colors
    public var fonts: Fonts
    public var metrics: Metrics
    /// What decoding the theme file left out and the run must say (a font list cut to
    /// ``FontSource/maximumCandidates``); not part of the file.
    public var notes: [String] = []

    private enum CodingKeys: String, CodingKey { case name, colors, fonts, metrics }
}
