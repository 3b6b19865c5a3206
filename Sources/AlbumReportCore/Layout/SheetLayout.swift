import Foundation

/// One row of the table sheet.
public struct RowLayout: Sendable, Hashable, Codable {
    public var rank: Int
    public var itemID: String?
    /// The whole row, edge to edge.
    public var frame: Rect
    /// The thumbnail, when the row has artwork (or a placeholder for it).
    public var thumbnail: ImageSlot?
    /// The album name (or the facts row's title); nil for a facts row without a title.
    public var title: TextBlock?
    /// The artist (or the facts row's description).
    public var subtitle: TextBlock?
    /// The disclosure indicator (album rows).
    public var chevron: ChevronLayout?
    /// The hairline under the row, inset to the text column.
    public var separator: Rect
    public var separatorColor: RGBA
}

/// The list screen as one tall image: a navigation bar, then one row per item, each exactly as
/// tall as its wrapped text needs (never shorter than the thumbnail plus padding).
public struct SheetLayout: Sendable, Hashable, Codable {
    /// The canvas size in points (at least one screen tall).
    public var size: Size
    public var scale: Double
    public var background: RGBA
    public var navigationBar: NavigationBarLayout
    public var rows: [RowLayout]

    /// Lays out `items` of `feed` for `device` in `theme`. Items with no title, no subtitle and
    /// no artwork are not given a row.
    public static func make(
        feed: Feed, items: [FeedItem], device: Device, theme: Theme, locale: Locale = Locale(identifier: "en_US"),
        measurer: some TextMeasuring
    ) -> SheetLayout {
        let bar = NavigationBarLayout.make(
            title: feed.title, subtitle: ChartSubtitle.text(for: feed, locale: locale), backTitle: nil, device: device,
            theme: theme, measurer: measurer)
        var y = bar.frame.maxY
        var rows: [RowLayout] = []
        for item in items {
            guard
                let row = makeRow(
                    item: item, format: feed.format, top: y, device: device, theme: theme, measurer: measurer)
            else { continue }
            rows.append(row)
            y = row.frame.maxY
        }
        let height = max(y + device.safeArea.bottom, device.size.height)
        return SheetLayout(
            size: Size(width: device.size.width, height: height), scale: device.scale,
            background: theme.colors.background, navigationBar: bar, rows: rows)
    }

    static func makeRow(
        item: FeedItem, format: FeedFormat, top: Double, device: Device, theme: Theme, measurer: some TextMeasuring
    ) -> RowLayout? {
        let metrics = theme.metrics
        let columns = ContentColumns(device: device, theme: theme)
        let isAlbum = format.isAlbumChart
        let hasImage = isAlbum || item.artworkURL != nil
        let titleText = TextNormalizer.normalize(item.title)
        let subtitleText = TextNormalizer.normalize((isAlbum ? item.artistName : item.description) ?? "")
        if !isAlbum && titleText.isEmpty && subtitleText.isEmpty && !hasImage { return nil }

        let contentX = columns.rowContent.x
        let contentMaxX = contentX + columns.rowContent.width
        let textX = hasImage ? contentX + metrics.thumbnailSize + metrics.thumbnailTextSpacing : contentX
        let chevronX = contentMaxX - metrics.chevronWidth
        let textMaxX = isAlbum ? chevronX - metrics.chevronTextSpacing : contentMaxX
        let textWidth = max(textMaxX - textX, 1)

        let titleFont = isAlbum ? theme.fonts.rowTitle : theme.fonts.rowHeadline
        let titleColor = theme.colors.label
        let subtitleColor = isAlbum ? theme.colors.secondaryLabel : theme.colors.label
        var title =
            titleText.isEmpty
            ? nil
            : TextBlock.make(
                titleText, font: titleFont, color: titleColor, x: textX, y: 0, width: textWidth, measurer: measurer)
        var subtitle =
            subtitleText.isEmpty
            ? nil
            : TextBlock.make(
                subtitleText, font: theme.fonts.rowSubtitle, color: subtitleColor, x: textX, y: 0, width: textWidth,
                measurer: measurer)
        let spacing = (title != nil && subtitle != nil) ? metrics.rowTextSpacing : 0
        let textHeight = (title?.frame.height ?? 0) + spacing + (subtitle?.frame.height ?? 0)
        let minimumHeight =
            hasImage ? metrics.thumbnailSize + 2 * metrics.rowVerticalPadding : metrics.textRowMinimumHeight
        let rowHeight = max(minimumHeight, textHeight + 2 * metrics.rowVerticalPadding)

        let textTop = top + (rowHeight - textHeight) / 2
        title = title?.moved(toY: textTop)
        subtitle = subtitle?.moved(toY: textTop + (title?.frame.height ?? 0) + spacing)

        let thumbnail =
            hasImage
            ? ImageSlot(
                frame: Rect(
                    x: contentX, y: top + (rowHeight - metrics.thumbnailSize) / 2, width: metrics.thumbnailSize,
                    height: metrics.thumbnailSize),
                cornerRadius: metrics.thumbnailCornerRadius)
            : nil
        let chevron =
            isAlbum
            ? ChevronLayout(
                frame: Rect(
                    x: chevronX, y: top + (rowHeight - metrics.chevronHeight) / 2, width: metrics.chevronWidth,
                    height: metrics.chevronHeight),
                direction: .forward, strokeWidth: metrics.chevronStrokeWidth, color: theme.colors.chevron)
            : nil
        let hairline = 1 / device.scale
        let separatorMaxX = min(contentMaxX + metrics.layoutMargin, columns.safe.x + columns.safe.width)
        return RowLayout(
            rank: item.rank, itemID: item.id,
            frame: Rect(x: 0, y: top, width: device.size.width, height: rowHeight),
            thumbnail: thumbnail, title: title, subtitle: subtitle, chevron: chevron,
            separator: Rect(x: textX, y: top + rowHeight - hairline, width: separatorMaxX - textX, height: hairline),
            separatorColor: theme.colors.separator)
    }

    /// Every frame, named, for the manifest.
    public var elements: [LayoutElement] {
        var list = navigationBar.elements
        for row in rows {
            list.append(LayoutElement(name: "row", rank: row.rank, frame: row.frame))
            if let thumbnail = row.thumbnail {
                list.append(LayoutElement(name: "thumbnail", rank: row.rank, frame: thumbnail.frame))
            }
            if let title = row.title { list.append(LayoutElement(name: "title", rank: row.rank, frame: title.frame)) }
            if let subtitle = row.subtitle {
                list.append(LayoutElement(name: "subtitle", rank: row.rank, frame: subtitle.frame))
            }
            if let chevron = row.chevron {
                list.append(LayoutElement(name: "chevron", rank: row.rank, frame: chevron.frame))
            }
            list.append(LayoutElement(name: "separator", rank: row.rank, frame: row.separator))
        }
        return list
    }
}

extension NavigationBarLayout {
    /// The bar's frames, named, for the manifest.
    var elements: [LayoutElement] {
        var list = [
            LayoutElement(name: "navigationBar", frame: frame),
            LayoutElement(name: "navigationTitle", frame: title.frame),
        ]
        if let subtitle { list.append(LayoutElement(name: "navigationSubtitle", frame: subtitle.frame)) }
        if let backChevron { list.append(LayoutElement(name: "backChevron", frame: backChevron.frame)) }
        if let backLabel { list.append(LayoutElement(name: "backLabel", frame: backLabel.frame)) }
        return list
    }
}
