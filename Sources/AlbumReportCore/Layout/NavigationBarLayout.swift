/// A navigation bar as iOS 17 draws it, including the status bar above it: transparent at the
/// scroll edge, a material with a hairline when content scrolls under it; an inline title, or a
/// large title under the bar on lists.
public struct NavigationBarLayout: Sendable, Hashable, Codable {
    /// What sits at the bar's trailing edge.
    public enum TrailingItem: String, Sendable, Hashable, Codable {
        /// A "Done" button (a card presented as a sheet).
        case done
        /// An `arrow.clockwise` refresh button (the facts app).
        case refresh
    }

    /// From the top of the screen (or the sheet) to the bar's bottom edge, large title included.
    public var frame: Rect
    /// The bar's material when content has scrolled under it; nil at the scroll edge (transparent).
    public var material: ChromeMaterial?
    /// The status bar, when one is drawn.
    public var statusBar: StatusBarLayout?
    /// The title centred in the bar (nil when a large title shows it).
    public var title: TextBlock?
    /// The large title under the bar (lists at the scroll edge).
    public var largeTitle: TextBlock?
    /// The hairline under the bar (only when content scrolls under it).
    public var separator: Rect?
    public var separatorColor: RGBA
    /// The back button (pushed cards only).
    public var backChevron: ChevronLayout?
    public var backLabel: TextBlock?
    /// The "Done" button's label.
    public var doneLabel: TextBlock?
    /// The refresh symbol's frame.
    public var refreshSymbol: Rect?
    /// The tint of bar buttons.
    public var tint: RGBA

    /// The bar's inline part: where the title, the back button and bar buttons are centred.
    public var inlineFrame: Rect
}

extension NavigationBarLayout {
    /// What a screen asks of its bar; the device and the theme decide the rest.
    struct Configuration {
        /// The title: inline in the bar, or large under it.
        var title = ""
        /// Show `title` as a large title under the bar (ignored in compact height, where iOS
        /// shows none, and when `scrolled`).
        var largeTitle = false
        /// The previous screen's title, for the back button (pushed cards only).
        var backTitle: String?
        /// What sits at the bar's trailing edge.
        var trailing: TrailingItem?
        /// Content has scrolled under the bar: it gets its material and hairline, and a large
        /// title collapses into the bar.
        var scrolled = false
        /// Where the bar's inline part starts: the safe-area top, or a sheet's top.
        var top: Double
        /// Where the bar's frame starts: the screen's top, or a sheet's.
        var areaTop = 0.0
        /// The sheet a bar in a floating sheet spans (nil: the screen).
        var span: (x: Double, width: Double)?
        /// The status bar drawn with the bar.
        var statusBar: StatusBarLayout?
        /// The words of the bar's buttons ("Back", "Done"); nil: English.
        var language: ChromeLanguage?
    }

    /// The bar `configuration` asks for on `device`.
    static func make(
        _ configuration: Configuration, device: Device, theme: Theme, measurer: some TextMeasuring
    ) -> NavigationBarLayout {
        let bar = BarGeometry(configuration, device: device, theme: theme)
        // The bar buttons come first: their widths decide how much room the centred title has.
        let back = backButton(configuration, in: bar, theme: theme, measurer: measurer)
        let trailing = trailingButton(configuration, in: bar, theme: theme, measurer: measurer)
        let titles = titles(
            configuration, in: bar, sideReserve: max(back.reserve, trailing.reserve), device: device, theme: theme,
            measurer: measurer)
        // The bar spans the screen, or the floating sheet it is in.
        let (x, width) = configuration.span ?? (0, device.size.width)
        let hairline = 1 / device.scale
        let top = configuration.top
        let scrolled = configuration.scrolled
        // The inline part's height is its bottom minus its top, as the bar's frame is: the same
        // rounding of the doubles the manifest records.
        return NavigationBarLayout(
            frame: Rect(x: x, y: configuration.areaTop, width: width, height: titles.bottom - configuration.areaTop),
            material: scrolled ? theme.colors.chromeMaterial : nil, statusBar: configuration.statusBar,
            title: titles.inline, largeTitle: titles.large,
            separator: scrolled ? Rect(x: x, y: titles.bottom - hairline, width: width, height: hairline) : nil,
            separatorColor: theme.colors.navigationBarSeparator, backChevron: back.chevron, backLabel: back.label,
            doneLabel: trailing.doneLabel, refreshSymbol: trailing.refresh, tint: theme.colors.tint,
            inlineFrame: Rect(x: x, y: top, width: width, height: top + bar.height - top))
    }

    /// Where a bar's parts go across and down: its columns and the height of its inline part.
    private struct BarGeometry {
        var columns: ContentColumns
        var height: Double

        init(_ configuration: Configuration, device: Device, theme: Theme) {
            columns = ContentColumns(device: device, theme: theme)
            // A bar in a floating sheet spans the sheet, not the screen.
            if let span = configuration.span { columns.safe = span }
            height = device.isPad ? 50 : device.isCompactHeight ? 32 : theme.metrics.navigationBarHeight
        }
    }

    /// The back chevron and its label, and the room they take from the bar's leading edge.
    private static func backButton(
        _ configuration: Configuration, in bar: BarGeometry, theme: Theme, measurer: some TextMeasuring
    ) -> (chevron: ChevronLayout?, label: TextBlock?, reserve: Double) {
        let columns = bar.columns
        guard let backTitle = configuration.backTitle else { return (nil, nil, columns.margin) }
        let metrics = theme.metrics
        let tint = theme.colors.tint
        let top = configuration.top
        let chevronFrame = Rect(
            x: columns.safe.x + metrics.backChevronLeading, y: top + (bar.height - metrics.backChevronHeight) / 2,
            width: metrics.backChevronWidth, height: metrics.backChevronHeight)
        let chevron = ChevronLayout(
            // The back symbol's stroke: 2.6 pt at its 20 pt height, whatever the Dynamic Type size
            // (bars do not scale; the list's chevron and its stroke do).
            frame: chevronFrame, direction: .back, strokeWidth: metrics.backChevronHeight * 0.13, color: tint)
        let labelFont = theme.fonts.backButton
        let labelX = chevronFrame.maxX + metrics.backChevronLabelSpacing
        // UIKit's default back button: the previous title if it fits, else "Back", else the
        // chevron alone (UINavigationItem.BackButtonDisplayMode.default); always one line.
        let room = columns.safe.width / 3
        let label = [TextNormalizer.normalize(backTitle), configuration.language?["back"] ?? "Back"].first {
            !$0.isEmpty && measurer.width(of: $0, font: labelFont) + 1 <= room
        }
        guard let label else {
            return (
                chevron, nil,
                max(columns.margin, chevronFrame.maxX + metrics.backChevronLabelSpacing - columns.safe.x)
            )
        }
        let labelWidth = measurer.width(of: label, font: labelFont) + 1
        let block = TextBlock.singleLine(
            label, font: labelFont, color: tint, x: labelX, y: top + (bar.height - labelFont.lineHeight) / 2,
            width: labelWidth, measurer: measurer)
        return (
            chevron, block,
            max(columns.margin, labelX + labelWidth + metrics.backChevronLabelSpacing - columns.safe.x)
        )
    }

    /// The "Done" label or the refresh symbol, and the room it takes from the bar's trailing edge.
    private static func trailingButton(
        _ configuration: Configuration, in bar: BarGeometry, theme: Theme, measurer: some TextMeasuring
    ) -> (doneLabel: TextBlock?, refresh: Rect?, reserve: Double) {
        let margin = bar.columns.margin
        let trailingEdge = bar.columns.safe.x + bar.columns.safe.width - margin
        let top = configuration.top
        switch configuration.trailing {
        case .done:
            var font = theme.fonts.backButton
            font.weight = theme.fonts.doneWeight
            let done = configuration.language?["done"] ?? "Done"
            let width = measurer.width(of: done, font: font) + 1
            let label = TextBlock.make(
                done, font: font, color: theme.colors.tint, x: trailingEdge - width,
                y: top + (bar.height - font.lineHeight) / 2, width: width, measurer: measurer)
            return (label, nil, max(margin, width + 2 * margin))
        case .refresh:
            let side = 22.0
            let refresh = Rect(x: trailingEdge - side, y: top + (bar.height - side) / 2, width: side, height: side)
            return (nil, refresh, max(margin, side + 2 * margin))
        case nil:
            return (nil, nil, margin)
        }
    }

    /// The title, inline between the bar buttons or large under the bar, and where the bar ends.
    private static func titles(
        _ configuration: Configuration, in bar: BarGeometry, sideReserve: Double, device: Device, theme: Theme,
        measurer: some TextMeasuring
    ) -> (inline: TextBlock?, large: TextBlock?, bottom: Double) {
        let title = configuration.title
        let columns = bar.columns
        let top = configuration.top
        let inlineBottom = top + bar.height
        guard !title.isEmpty else { return (nil, nil, inlineBottom) }
        guard configuration.largeTitle && !configuration.scrolled && !device.isCompactHeight else {
            // One line, tail-truncated with "…" as UIKit's title label is; the bar keeps its height.
            let font = theme.fonts.navigationTitle
            let inline = TextBlock.singleLine(
                title, font: font, color: theme.colors.label, x: columns.safe.x + sideReserve,
                y: top + (bar.height - font.lineHeight) / 2, width: max(columns.safe.width - 2 * sideReserve, 1),
                alignment: .center, measurer: measurer)
            return (inline, nil, inlineBottom)
        }
        // One line, tail-truncated, in iOS's 52 pt large-title area (41 pt of leading and 11 of
        // space), which grows with the title's leading at larger Dynamic Type sizes.
        let font = theme.fonts.largeTitleStyle
        let large = TextBlock.singleLine(
            title, font: font, color: theme.colors.label, x: columns.rowContent.x, y: inlineBottom + 3,
            width: columns.rowContent.width, measurer: measurer)
        return (nil, large, inlineBottom + max(52, font.lineHeight + 11))
    }
}

extension NavigationBarLayout: LayoutPart {
    mutating func visitParts(_ visitor: inout some LayoutPartVisitor) {
        visitor.visit(&statusBar, .parts)
        visitor.visit(&frame, .element(.navigationBar))
        visitor.visit(&title, .element(.navigationTitle))
        visitor.visit(&largeTitle, .element(.largeTitle))
        visitor.visit(&separator, .unrecorded)
        visitor.visit(&backChevron, .element(.backChevron))
        visitor.visit(&backLabel, .element(.backLabel))
        visitor.visit(&doneLabel, .element(.doneButton))
        visitor.visit(&refreshSymbol, .element(.refreshButton))
        visitor.visit(&inlineFrame, .unrecorded)
    }
}
