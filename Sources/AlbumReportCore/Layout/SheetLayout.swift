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
        let trailing: NavigationBarLayout.TrailingItem? = feed.format.isAlbumChart ? nil : .refresh
        func bar(scrolled: Bool) -> NavigationBarLayout {
            NavigationBarLayout.make(
                title: language?.listTitle(for: feed) ?? feed.title, largeTitle: options.titleStyle == .large,
                backTitle: nil, trailing: trailing, scrolled: scrolled, top: device.safeArea.top, statusBar: statusBar,
                device: device, theme: theme, measurer: measurer, language: language)
        }
        let navigationBar = bar(scrolled: false)
        let grouped = options.style == .swiftui
        let columns = ContentColumns(device: device, theme: theme)
        let cellInset = grouped ? columns.margin : 0
        let group: (x: Double, width: Double) = grouped ? columns.rowContent : columns.safe
        let content: (x: Double, width: Double) =
            grouped ? (group.x + cellInset, group.width - 2 * cellInset) : columns.rowContent

        var y = navigationBar.frame.maxY
        var header: TextBlock?
        if let subtitle = ChartSubtitle.text(for: feed, locale: locale) {
            // An inset-grouped list's section header is set in capitals (SwiftUI's default `textCase`
            // for list headers).
            let text = grouped ? subtitle.uppercased(with: locale) : subtitle
            let block = TextBlock.make(
                text, font: theme.fonts.sectionHeaderStyle, color: theme.colors.secondaryLabel, x: content.x, y: y + 4,
                width: content.width, measurer: measurer)
            header = block
            y = block.frame.maxY + (grouped ? 8 : 6)
        } else if grouped {
            y += 8
        }
        var rows: [RowLayout] = []
        for item in items {
            guard
                let row = makeRow(
                    item: item, format: feed.format, top: y, device: device, theme: theme, style: options.style,
                    content: content, cell: grouped ? group : (0, device.size.width), margin: columns.margin,
                    stacksText: options.contentSizeCategory.isAccessibility, measurer: measurer)
            else { continue }
            rows.append(row)
            y = row.frame.maxY
        }
        if grouped, !rows.isEmpty {
            rows[0].background?.roundsTop = true
            rows[rows.count - 1].background?.roundsBottom = true
            rows[rows.count - 1].separator = nil
            y += 20
        }
        let height = max(y + device.safeArea.bottom, device.size.height)
        let layout = SheetLayout(
            size: Size(width: device.size.width, height: height), scale: device.scale,
            background: grouped ? theme.colors.groupedBackground : theme.colors.background,
            navigationBar: navigationBar, scrolledNavigationBar: bar(scrolled: true), header: header, rows: rows)
        return options.layoutDirection == .rtl ? layout.mirrored() : layout
    }

    static func makeRow(
        item: FeedItem, format: FeedFormat, top: Double, device: Device, theme: Theme, style: ScreenOptions.Style,
        content: (x: Double, width: Double), cell: (x: Double, width: Double), margin: Double,
        stacksText: Bool = false, measurer: some TextMeasuring
    ) -> RowLayout? {
        let metrics = theme.metrics
        let isAlbum = format.isAlbumChart
        let hasImage = isAlbum || item.artworkURL != nil
        let titleText = TextNormalizer.normalize(item.title)
        let subtitleText = TextNormalizer.normalize((isAlbum ? item.artistName : item.description) ?? "")
        if !isAlbum && titleText.isEmpty && subtitleText.isEmpty && !hasImage { return nil }

        let contentX = content.x
        let contentMaxX = contentX + content.width
        let showsChevron = isAlbum && style == .uikit
        // At the accessibility sizes a row stacks its text under the thumbnail, full width, as
        // UIListContentConfiguration's accessibility layout does (the chevron stays trailing).
        let stacked = stacksText && hasImage
        let textX = hasImage && !stacked ? contentX + metrics.thumbnailSize + metrics.thumbnailTextSpacing : contentX
        let chevronX = contentMaxX - metrics.chevronWidth
        let textMaxX = showsChevron ? chevronX - metrics.chevronTextSpacing : contentMaxX
        let textWidth = max(textMaxX - textX, 1)

        let titleFont = isAlbum ? theme.fonts.rowTitle : theme.fonts.rowHeadline
        let subtitleColor = isAlbum ? theme.colors.secondaryLabel : theme.colors.label
        let explicit = isAlbum && item.isExplicit
        let badgeRoom = explicit ? BadgeLayout.room(for: titleFont) : 0
        var title =
            titleText.isEmpty
            ? nil
            : TextBlock.make(
                titleText, font: titleFont, color: theme.colors.label, x: textX, y: 0,
                width: max(textWidth - badgeRoom, 1), measurer: measurer)
        // A facts row's description is long prose: it wraps at most at the readable width, as a
        // label in the readable content guide would, even where the row spans a wide iPad.
        var subtitle =
            subtitleText.isEmpty
            ? nil
            : TextBlock.make(
                subtitleText, font: theme.fonts.rowSubtitle, color: subtitleColor, x: textX, y: 0,
                width: isAlbum ? textWidth : min(textWidth, metrics.readableContentWidth), measurer: measurer)
        let spacing = (title != nil && subtitle != nil) ? metrics.rowTextSpacing : 0
        let textHeight = (title?.frame.height ?? 0) + spacing + (subtitle?.frame.height ?? 0)
        let minimumHeight =
            hasImage ? metrics.thumbnailSize + 2 * metrics.rowVerticalPadding : metrics.textRowMinimumHeight
        let thumbnailBlock = stacked ? metrics.thumbnailSize + metrics.thumbnailTextSpacing : 0
        let rowHeight = max(minimumHeight, thumbnailBlock + textHeight + 2 * metrics.rowVerticalPadding)

        let textTop =
            stacked ? top + metrics.rowVerticalPadding + thumbnailBlock : top + (rowHeight - textHeight) / 2
        title = title?.moved(toY: textTop)
        subtitle = subtitle?.moved(toY: textTop + (title?.frame.height ?? 0) + spacing)

        let thumbnail =
            hasImage
            ? ImageSlot(
                frame: Rect(
                    x: contentX,
                    y: stacked ? top + metrics.rowVerticalPadding : top + (rowHeight - metrics.thumbnailSize) / 2,
                    width: metrics.thumbnailSize,
                    height: metrics.thumbnailSize),
                cornerRadius: metrics.thumbnailCornerRadius, placeholder: isAlbum ? .music : .photo)
            : nil
        let chevron =
            showsChevron
            ? ChevronLayout(
                frame: Rect(
                    x: chevronX, y: top + (rowHeight - metrics.chevronHeight) / 2, width: metrics.chevronWidth,
                    height: metrics.chevronHeight),
                direction: .forward, strokeWidth: metrics.chevronStrokeWidth, color: theme.colors.chevron)
            : nil
        let hairline = 1 / device.scale
        let cellMaxX = cell.x + cell.width
        let separatorMaxX =
            style == .swiftui
            ? cellMaxX : min(contentMaxX + margin, device.size.width - device.safeArea.right)
        let frame = Rect(x: cell.x, y: top, width: cell.width, height: rowHeight)
        return RowLayout(
            rank: item.rank, itemID: item.id, frame: frame,
            background: style == .swiftui
                ? RowBackground(
                    frame: frame, color: theme.colors.secondaryGroupedBackground, cornerRadius: 10, roundsTop: false,
                    roundsBottom: false) : nil,
            thumbnail: thumbnail, title: title,
            badge: explicit ? title.flatMap { BadgeLayout.after($0, color: theme.colors.secondaryLabel) } : nil,
            subtitle: subtitle, chevron: chevron,
            separator: Rect(x: textX, y: top + rowHeight - hairline, width: separatorMaxX - textX, height: hairline),
            separatorColor: theme.colors.separator)
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
    }
}
