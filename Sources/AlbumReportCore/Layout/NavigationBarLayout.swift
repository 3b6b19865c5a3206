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
    /// A bar for `device` whose inline part starts at `top` (the safe-area top, or a sheet's top).
    /// - Parameters:
    ///   - largeTitle: Show `title` as a large title under the bar (ignored in compact height,
    ///     where iOS shows none, and when `scrolled`).
    ///   - scrolled: Content has scrolled under the bar: it gets its material and hairline, and a
    ///     large title collapses into the bar.
    ///   - language: The words of the bar's buttons ("Back", "Done"); nil: English.
    static func make(
        title: String, largeTitle: Bool, backTitle: String?, trailing: TrailingItem?, scrolled: Bool, top: Double,
        statusBar: StatusBarLayout?, device: Device, theme: Theme, measurer: some TextMeasuring, areaTop: Double = 0,
        within span: (x: Double, width: Double)? = nil, language: ChromeLanguage? = nil
    ) -> NavigationBarLayout {
        let metrics = theme.metrics
        var columns = ContentColumns(device: device, theme: theme)
        // A bar in a floating sheet spans the sheet, not the screen.
        if let span { columns.safe = span }
        let hairline = 1 / device.scale
        let barHeight = device.isPad ? 50 : device.isCompactHeight ? 32 : metrics.navigationBarHeight
        let tint = theme.colors.tint

        // The bar buttons come first: their widths decide how much room the centred title has.
        var chevron: ChevronLayout?
        var backLabel: TextBlock?
        let margin = columns.margin
        var leadingReserve = margin
        var trailingReserve = margin
        if let backTitle {
            let chevronFrame = Rect(
                x: columns.safe.x + metrics.backChevronLeading, y: top + (barHeight - metrics.backChevronHeight) / 2,
                width: metrics.backChevronWidth, height: metrics.backChevronHeight)
            chevron = ChevronLayout(
                frame: chevronFrame, direction: .back, strokeWidth: metrics.chevronStrokeWidth * 1.3, color: tint)
            let labelFont = theme.fonts.backButton
            let labelX = chevronFrame.maxX + metrics.backChevronLabelSpacing
            // UIKit's default back button: the previous title if it fits, else "Back", else the
            // chevron alone (UINavigationItem.BackButtonDisplayMode.default); always one line.
            let room = columns.safe.width / 3
            let label = [TextNormalizer.normalize(backTitle), language?["back"] ?? "Back"].first {
                !$0.isEmpty && measurer.width(of: $0, font: labelFont) + 1 <= room
            }
            if let label {
                let labelWidth = measurer.width(of: label, font: labelFont) + 1
                backLabel = TextBlock.singleLine(
                    label, font: labelFont, color: tint, x: labelX, y: top + (barHeight - labelFont.lineHeight) / 2,
                    width: labelWidth, measurer: measurer)
                leadingReserve = max(
                    leadingReserve, labelX + labelWidth + metrics.backChevronLabelSpacing - columns.safe.x)
            } else {
                leadingReserve = max(
                    leadingReserve, chevronFrame.maxX + metrics.backChevronLabelSpacing - columns.safe.x)
            }
        }
        var doneLabel: TextBlock?
        var refresh: Rect?
        let trailingEdge = columns.safe.x + columns.safe.width - margin
        switch trailing {
        case .done:
            var font = theme.fonts.backButton
            font.weight = theme.fonts.doneWeight
            let done = language?["done"] ?? "Done"
            let width = measurer.width(of: done, font: font) + 1
            doneLabel = TextBlock.make(
                done, font: font, color: tint, x: trailingEdge - width, y: top + (barHeight - font.lineHeight) / 2,
                width: width, measurer: measurer)
            trailingReserve = max(trailingReserve, width + 2 * margin)
        case .refresh:
            let side = 22.0
            refresh = Rect(x: trailingEdge - side, y: top + (barHeight - side) / 2, width: side, height: side)
            trailingReserve = max(trailingReserve, side + 2 * margin)
        case nil:
            break
        }
        let sideReserve = max(leadingReserve, trailingReserve)

        let showsLarge = largeTitle && !scrolled && !device.isCompactHeight && !title.isEmpty
        var inlineTitle: TextBlock?
        let inlineBottom = top + barHeight
        if !showsLarge && !title.isEmpty {
            // One line, tail-truncated with "…" as UIKit's title label is; the bar keeps its height.
            let titleWidth = max(columns.safe.width - 2 * sideReserve, 1)
            let font = theme.fonts.navigationTitle
            inlineTitle = TextBlock.singleLine(
                title, font: font, color: theme.colors.label, x: columns.safe.x + sideReserve,
                y: top + (barHeight - font.lineHeight) / 2, width: titleWidth, alignment: .center, measurer: measurer)
        }
        var large: TextBlock?
        var bottom = inlineBottom
        if showsLarge {
            // One line, tail-truncated, in iOS's 52 pt large-title area (41 pt of leading and 11 of
            // space), which grows with the title's leading at larger Dynamic Type sizes.
            let font = theme.fonts.largeTitleStyle
            large = TextBlock.singleLine(
                title, font: font, color: theme.colors.label, x: columns.rowContent.x,
                y: inlineBottom + 3, width: columns.rowContent.width, measurer: measurer)
            bottom = inlineBottom + max(52, font.lineHeight + 11)
        }
        return NavigationBarLayout(
            frame: Rect(x: 0, y: areaTop, width: device.size.width, height: bottom - areaTop),
            material: scrolled ? theme.colors.chromeMaterial : nil, statusBar: statusBar, title: inlineTitle,
            largeTitle: large,
            separator: scrolled ? Rect(x: 0, y: bottom - hairline, width: device.size.width, height: hairline) : nil,
            separatorColor: theme.colors.navigationBarSeparator, backChevron: chevron, backLabel: backLabel,
            doneLabel: doneLabel, refreshSymbol: refresh, tint: tint,
            inlineFrame: Rect(x: 0, y: top, width: device.size.width, height: inlineBottom - top))
    }

    /// Every text block in the bar, the status bar's included.
    public var textBlocks: [TextBlock] { texts }
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
