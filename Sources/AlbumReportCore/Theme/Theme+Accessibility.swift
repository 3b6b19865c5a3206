import Foundation

extension Theme {
    /// This theme as iOS draws it with the accessibility settings of `options`: Dynamic Type
    /// (``ContentSizeCategory``), Bold Text and Increase Contrast. At the defaults (`l`, both
    /// off) the theme is returned unchanged.
    public func adapted(to options: ScreenOptions) -> Theme {
        adapted(
            contentSize: options.contentSize, boldText: options.boldText, increaseContrast: options.increaseContrast)
    }

    /// This theme with its text styles scaled to `contentSize`, one weight heavier with
    /// `boldText`, and iOS's increased-contrast colours with `increaseContrast`.
    public func adapted(contentSize: ContentSizeCategory, boldText: Bool, increaseContrast: Bool) -> Theme {
        var theme = self
        if contentSize != .l {
            theme.fonts = theme.fonts.scaled(to: contentSize)
            theme.metrics = theme.metrics.scaled(to: contentSize)
        }
        if boldText { theme.fonts = theme.fonts.withBoldText() }
        if increaseContrast { theme.colors = theme.colors.withIncreasedContrast() }
        return theme
    }
}

extension Theme.Metrics {
    /// The list's chrome at `category`, scaled as iOS scales it with the body text style
    /// (`UIFontMetrics(forTextStyle: .body)`, 17 pt at `l` to 53 pt at AX5: ×0.82 … ×3.12):
    ///
    /// - the disclosure chevron (an SF Symbol in the cell's accessory, sized with the body
    ///   style at every category, its stroke with it);
    /// - at the accessibility sizes, where the cell stacks its text under the image, the
    ///   thumbnail and its corner radius (an image that adjusts for accessibility content sizes,
    ///   `adjustsImageSizeForAccessibilityContentSizeCategory`), never wider than the 60 pt
    ///   thumbnail's own row leaves room for: at most 3 × its size.
    ///
    /// The bars, the status bar and the back chevron keep their size (UIKit shows the Large
    /// Content Viewer for them instead).
    public func scaled(to category: ContentSizeCategory) -> Theme.Metrics {
        let factor = DynamicTypeTable.metrics(.body, category).size / DynamicTypeTable.metrics(.body, .l).size
        var metrics = self
        metrics.chevronWidth = chevronWidth * factor
        metrics.chevronHeight = chevronHeight * factor
        metrics.chevronStrokeWidth = chevronStrokeWidth * factor
        if category.isAccessibility {
            let thumbnail = min(factor, 3)
            metrics.thumbnailSize = thumbnailSize * thumbnail
            metrics.thumbnailCornerRadius = thumbnailCornerRadius * thumbnail
        }
        return metrics
    }
}

extension FontWeight {
    /// The weight iOS draws this one in when Bold Text is on (`UIAccessibility.isBoldTextEnabled`,
    /// SwiftUI's `legibilityWeight == .bold`): each weight one step heavier, regular becoming
    /// semibold as the system font's body does.
    public var bolder: FontWeight {
        switch self {
        case .regular: return .semibold
        case .medium, .semibold: return .bold
        case .bold, .heavy: return .heavy
        }
    }
}

extension Theme.Fonts {
    /// The iOS text style each scaling role stands for. The inline navigation title, its
    /// subtitle and the bar buttons are not listed: UIKit keeps a standard bar's title and
    /// items at their size at every category (they show the Large Content Viewer instead), as
    /// it keeps the status bar.
    static var textStyles: [(WritableKeyPath<Theme.Fonts, FontStyle>, DynamicTypeTable.TextStyle)] {
        [
            (\.rowTitle, .body), (\.rowHeadline, .headline), (\.rowSubtitle, .subheadline), (\.cardTitle, .title2),
            (\.cardArtist, .body), (\.cardDetail, .subheadline), (\.cardFootnote, .footnote), (\.button, .headline),
        ]
    }

    /// The roles every theme sets: those that scale, and the bar's title, subtitle and back button.
    static var styleRoles: [WritableKeyPath<Theme.Fonts, FontStyle>] {
        textStyles.map(\.0) + [\.navigationTitle, \.navigationSubtitle, \.backButton]
    }

    /// These fonts at `category`: every role that scales takes its text style's size and leading
    /// ratio to the `l` size (the size a theme is written at; a theme's own 17/22 pt body becomes
    /// 53/62 pt at AX5), in the display family from 20 pt when the theme names one. Tracking
    /// follows the new size (``FontTracking``; a theme's own tracking keeps its em value).
    public func scaled(to category: ContentSizeCategory) -> Theme.Fonts {
        var fonts = self
        fonts.largeTitle = scale(largeTitleStyle, as: .largeTitle, to: category)
        fonts.sectionHeader = scale(sectionHeaderStyle, as: .footnote, to: category)
        for (role, style) in Self.textStyles {
            fonts[keyPath: role] = scale(self[keyPath: role], as: style, to: category)
        }
        return fonts
    }

    private func scale(
        _ style: FontStyle, as textStyle: DynamicTypeTable.TextStyle, to category: ContentSizeCategory
    ) -> FontStyle {
        let base = DynamicTypeTable.metrics(textStyle, .l)
        let target = DynamicTypeTable.metrics(textStyle, category)
        var scaled = style
        scaled.size = style.size * target.size / base.size
        scaled.lineHeight = style.lineHeight * target.leading / base.leading
        scaled.tracking = style.tracking.map { $0 * scaled.size / style.size }
        if let family = familyOverride(forSize: scaled.size) { scaled.family = family }
        return scaled
    }

    /// These fonts as iOS draws them with Bold Text on: every style one weight heavier
    /// (``FontWeight/bolder``), the bar buttons and the bar's title included.
    public func withBoldText() -> Theme.Fonts {
        var fonts = self
        fonts.largeTitle = largeTitleStyle
        fonts.sectionHeader = sectionHeaderStyle
        for role in Self.styleRoles { fonts[keyPath: role].weight = self[keyPath: role].weight.bolder }
        fonts.largeTitle?.weight = largeTitleStyle.weight.bolder
        fonts.sectionHeader?.weight = sectionHeaderStyle.weight.bolder
        fonts.boldText = true
        return fonts
    }
}

extension Theme.Colors {
    /// These colours as iOS shows them with Increase Contrast on, for the roles that stand for a
    /// system colour and still hold its default value (a theme's own colour is kept):
    ///
    /// - tint: systemBlue's increased-contrast variant, #0040DD light and #409CFF dark (Apple
    ///   HIG, Color › Specifications › System colors, "Increased contrast" columns).
    /// - secondary label: UIColor.secondaryLabel at 68 % instead of 60 %; tertiary label and the
    ///   chevron (tertiaryLabel): 38 % instead of 30 %; separators: UIColor.separator at 37 %
    ///   (light) and 68 % (dark) instead of 29 % and 60 %, each over the background. These are
    ///   UIKit's high-contrast values as Flutter's CupertinoColors mirrors them (api.flutter.dev,
    ///   CupertinoColors.secondaryLabel, .tertiaryLabel, .separator: `highContrastColor`).
    public func withIncreasedContrast() -> Theme.Colors {
        var colors = self
        let dark = isDark
        let ground = background
        func system(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8) -> RGBA {
            RGBA(red: red, green: green, blue: blue, alpha: alpha).over(ground)
        }
        let labelBase: (UInt8, UInt8, UInt8) = dark ? (235, 235, 245) : (60, 60, 67)
        let separatorBase: (UInt8, UInt8, UInt8) = dark ? (84, 84, 88) : (60, 60, 67)
        func label(_ alpha: UInt8) -> RGBA { system(labelBase.0, labelBase.1, labelBase.2, alpha) }
        func separator(_ alpha: UInt8) -> RGBA { system(separatorBase.0, separatorBase.1, separatorBase.2, alpha) }
        // The opaque separator iOS draws tables with by default (#C6C6C8 / #38383A).
        let opaqueSeparator = dark ? RGBA(red: 56, green: 56, blue: 58) : RGBA(red: 198, green: 198, blue: 200)
        let increasedSeparator = separator(dark ? 173 : 94)

        let blue = dark ? RGBA(red: 0x0A, green: 0x84, blue: 0xFF) : RGBA(red: 0x00, green: 0x7A, blue: 0xFF)
        if tint.isClose(to: blue) {
            colors.tint = dark ? RGBA(red: 0x40, green: 0x9C, blue: 0xFF) : RGBA(red: 0x00, green: 0x40, blue: 0xDD)
        }
        if secondaryLabel.isClose(to: label(153)) { colors.secondaryLabel = label(173) }
        if tertiaryLabel.isClose(to: label(76)) { colors.tertiaryLabel = label(96) }
        if chevron.isClose(to: label(76)) { colors.chevron = label(96) }
        for role in [\Theme.Colors.separator, \.navigationBarSeparator] {
            let value = self[keyPath: role]
            if value.isClose(to: opaqueSeparator) || value.isClose(to: separator(dark ? 153 : 73)) {
                colors[keyPath: role] = increasedSeparator
            }
        }
        return colors
    }
}

extension RGBA {
    /// Whether every channel is within 3 of `other`'s (a theme's rounding of a system colour).
    func isClose(to other: RGBA) -> Bool {
        abs(Int(red) - Int(other.red)) <= 3 && abs(Int(green) - Int(other.green)) <= 3
            && abs(Int(blue) - Int(other.blue)) <= 3 && alpha == other.alpha
    }
}

extension Theme.Colors {
    /// These colours for text drawn on `surface` rather than on the background: iOS's label
    /// colours are translucent (secondaryLabel is #EBEBF5 at 60 % in dark mode), so over a dark
    /// inset-grouped cell or a sheet (#1C1C1E) they come out lighter than over black: #98989F,
    /// not #8D8D93. The roles that hold a system value over the background (at its default or
    /// its Increase Contrast alpha) are composited over `surface` instead; a theme's own colour
    /// is kept, and so is every colour when `surface` is the background.
    public func drawn(over surface: RGBA) -> Theme.Colors {
        guard surface != background else { return self }
        let base: RGBA = isDark ? RGBA(red: 235, green: 235, blue: 245) : RGBA(red: 60, green: 60, blue: 67)
        func system(_ value: RGBA, alphas: [UInt8]) -> RGBA {
            for alpha in alphas {
                var translucent = base
                translucent.alpha = alpha
                if value.isClose(to: translucent.over(background)) { return translucent.over(surface) }
            }
            return value
        }
        var colors = self
        colors.secondaryLabel = system(secondaryLabel, alphas: [153, 173])
        colors.tertiaryLabel = system(tertiaryLabel, alphas: [76, 96])
        colors.chevron = system(chevron, alphas: [76, 96])
        return colors
    }
}

extension Theme {
    /// This theme for what is drawn on `surface` (``Theme/Colors/drawn(over:)``).
    public func drawn(over surface: RGBA) -> Theme {
        var theme = self
        theme.colors = colors.drawn(over: surface)
        return theme
    }
}
