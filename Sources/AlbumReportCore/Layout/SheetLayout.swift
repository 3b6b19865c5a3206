import Foundation

/// The list screen as one tall image: a navigation bar (with the status bar), the chart's
/// country and date as a header, then one row per item, each exactly as tall as its wrapped text
/// needs (never shorter than the thumbnail plus padding).
public struct SheetLayout: Sendable, Hashable, Codable {
    /// The canvas size in points (at least one screen tall).
    public var size: Size
    public var scale: Double
    public var background: RGBA
    public var navigationBar: NavigationBarLayout
    /// The bar once content has scrolled under it (pages after the first).
    public var scrolledNavigationBar: NavigationBarLayout
    /// The chart's country and date, under the title.
    public var header: TextBlock?
    public var rows: [RowLayout]
    /// The home indicator at the canvas's bottom (``HomeIndicatorLayout``).
    public var homeIndicator: HomeIndicatorLayout?

    /// Lays out `items` of `feed` for `device` in `theme`. Items with no title, no subtitle and
    /// no artwork are not given a row.
    public static func make(
        feed: Feed, items: [FeedItem], device: Device, theme: Theme, locale: Locale = Locale(identifier: "en_US"),
        options: ScreenOptions = ScreenOptions(), measurer: some TextMeasuring
    ) -> SheetLayout {
        let language = options.language
        let locale = language?.dateLocale(given: locale) ?? locale
        let statusBar =
            options.statusBar == .none
            ? nil
            : StatusBarLayout.make(
                device: device, theme: theme, color: theme.colors.label, measurer: measurer, language: language)
        var bar = NavigationBarLayout.Configuration(
            title: language?.listTitle(for: feed) ?? feed.title, largeTitle: options.titleStyle == .large,
            trailing: feed.format.isAlbumChart ? nil : .refresh, top: device.safeArea.top, statusBar: statusBar,
            language: language)
        let navigationBar = NavigationBarLayout.make(bar, device: device, theme: theme, measurer: measurer)
        bar.scrolled = true
        let list = ListColumns(device: device, theme: theme, grouped: options.style == .swiftui)
        let (header, headerBottom) = header(
            for: feed, top: navigationBar.frame.maxY, list: list, theme: theme, locale: locale, measurer: measurer)
        var y = headerBottom
        var rows: [RowLayout] = []
        // An inset-grouped list's rows are drawn on its cells, not on the list's background.
        let rowTheme = list.grouped ? theme.drawn(over: theme.colors.secondaryGroupedBackground) : theme
        for item in items {
            guard
                let row = RowLayout.make(
                    item: item, format: feed.format, top: y, device: device, theme: rowTheme, style: options.style,
                    content: list.content, cell: list.grouped ? list.group : (0, device.size.width),
                    margin: list.margin, stacksText: options.contentSize.isAccessibility, measurer: measurer)
            else { continue }
            rows.append(row)
            y = row.frame.maxY
        }
        if list.grouped, !rows.isEmpty {
            rows[0].background?.roundsTop = true
            rows[rows.count - 1].background?.roundsBottom = true
            rows[rows.count - 1].separator = nil
            y += 20
        }
        let height = max(y + device.safeArea.bottom, device.size.height)
        let background = list.grouped ? theme.colors.groupedBackground : theme.colors.background
        let size = Size(width: device.size.width, height: height)
        let layout = SheetLayout(
            size: size, scale: device.scale, background: background, navigationBar: navigationBar,
            scrolledNavigationBar: NavigationBarLayout.make(bar, device: device, theme: theme, measurer: measurer),
            header: header, rows: rows,
            homeIndicator: HomeIndicatorLayout.make(device: device, canvas: size, under: background, options: options))
        return options.layoutDirection == .rtl ? layout.mirrored() : layout
    }

    /// Where the list's rows go across: a plain list's rows span the screen, an inset-grouped
    /// list's cells sit inside the layout margins, their content inset again.
    private struct ListColumns {
        var grouped: Bool
        var margin: Double
        /// The cells' span in an inset-grouped list.
        var group: (x: Double, width: Double)
        /// Where a row's content goes.
        var content: (x: Double, width: Double)

        init(device: Device, theme: Theme, grouped: Bool) {
            let columns = ContentColumns(device: device, theme: theme)
            self.grouped = grouped
            margin = columns.margin
            let cellInset = grouped ? columns.margin : 0
            group = grouped ? columns.rowContent : columns.safe
            content = grouped ? (group.x + cellInset, group.width - 2 * cellInset) : columns.rowContent
        }
    }

    /// The chart's country and date under the bar, and where the rows start.
    private static func header(
        for feed: Feed, top: Double, list: ListColumns, theme: Theme, locale: Locale, measurer: some TextMeasuring
    ) -> (TextBlock?, Double) {
        guard let subtitle = ChartSubtitle.text(for: feed, locale: locale) else {
            return (nil, list.grouped ? top + 8 : top)
        }
        // An inset-grouped list's section header is set in capitals (SwiftUI's default `textCase`
        // for list headers).
        let text = list.grouped ? subtitle.uppercased(with: locale) : subtitle
        let block = TextBlock.make(
            text, font: theme.fonts.sectionHeaderStyle, color: theme.colors.secondaryLabel, x: list.content.x,
            y: top + 4, width: list.content.width, measurer: measurer)
        return (block, block.frame.maxY + (list.grouped ? 8 : 6))
    }

    /// Every frame, named, for the manifest.
    public var elements: [LayoutElement] { manifestElements }
}

extension SheetLayout: LayoutPart {
    /// The canvas.
    var frame: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    mutating func visitParts(_ visitor: inout some LayoutPartVisitor) {
        visitor.visit(&navigationBar, .parts)
        visitor.visit(&scrolledNavigationBar, .unrecorded)
        visitor.visit(&header, .element(.header))
        visitor.visit(&rows, .parts)
        visitor.visit(&homeIndicator, .element(.homeIndicator))
    }
}
