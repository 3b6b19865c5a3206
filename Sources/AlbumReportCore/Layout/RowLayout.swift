/// The background of a row in an inset-grouped list: the group's cell colour, with the group's
/// rounded corners on its first and last row.
public struct RowBackground: Sendable, Hashable, Codable {
    public var frame: Rect
    public var color: RGBA
    public var cornerRadius: Double
    /// Whether the top corners are rounded (the group's first row).
    public var roundsTop: Bool
    /// Whether the bottom corners are rounded (the group's last row).
    public var roundsBottom: Bool
}

/// One row of the table sheet.
public struct RowLayout: Sendable, Hashable, Codable {
    public var rank: Int
    public var itemID: String?
    /// The whole row: edge to edge in a plain list, the cell in an inset-grouped one.
    public var frame: Rect
    /// The cell's background in an inset-grouped list.
    public var background: RowBackground?
    /// The thumbnail, when the row has artwork (or a placeholder for it).
    public var thumbnail: ImageSlot?
    /// The album name (or the facts row's title); nil for a facts row without a title.
    public var title: TextBlock?
    /// The explicit-content badge after the album name.
    public var badge: BadgeLayout?
    /// The artist (or the facts row's description).
    public var subtitle: TextBlock?
    /// The disclosure indicator (album rows in the UIKit style).
    public var chevron: ChevronLayout?
    /// The hairline under the row, inset to the text column (nil under a group's last row).
    public var separator: Rect?
    public var separatorColor: RGBA
}

extension RowBackground: FramedPart {}

extension RowLayout: LayoutPart {
    mutating func visitParts(_ visitor: inout some LayoutPartVisitor) {
        let rank = rank
        visitor.visit(&frame, .element(.row, rank: rank))
        visitor.visit(&background, .unrecorded)
        visitor.visit(&thumbnail, .element(.thumbnail, rank: rank))
        visitor.visit(&title, .element(.title, rank: rank))
        visitor.visit(&badge, .element(.explicitBadge, rank: rank))
        visitor.visit(&subtitle, .element(.subtitle, rank: rank))
        visitor.visit(&chevron, .element(.chevron, rank: rank))
        visitor.visit(&separator, .element(.separator, rank: rank))
    }
}

extension RowLayout {
    /// Where a row's parts go across: its text column and its chevron.
    private struct Columns {
        var contentX: Double
        var contentMaxX: Double
        var textX: Double
        var textWidth: Double
        var chevronX: Double

        init(
            content: (x: Double, width: Double), indentsText: Bool, showsChevron: Bool, metrics: Theme.Metrics
        ) {
            contentX = content.x
            contentMaxX = content.x + content.width
            textX = indentsText ? contentX + metrics.thumbnailSize + metrics.thumbnailTextSpacing : contentX
            chevronX = contentMaxX - metrics.chevronWidth
            let textMaxX = showsChevron ? chevronX - metrics.chevronTextSpacing : contentMaxX
            textWidth = max(textMaxX - textX, 1)
        }
    }

    /// The row of `item` starting at `top`, its content in `content` and its cell spanning
    /// `cell`; nil for a facts item with nothing to show. `stacksText`: the accessibility sizes'
    /// layout, the text under the thumbnail.
    static func make(
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

        let showsChevron = isAlbum && style == .uikit
        // At the accessibility sizes a row stacks its text under the thumbnail, full width, as
        // UIListContentConfiguration's accessibility layout does (the chevron stays trailing).
        let stacked = stacksText && hasImage
        let columns = Columns(
            content: content, indentsText: hasImage && !stacked, showsChevron: showsChevron, metrics: metrics)
        let explicit = isAlbum && item.isExplicit
        var (title, subtitle) = textBlocks(
            title: titleText, subtitle: subtitleText, isAlbum: isAlbum, explicit: explicit, columns: columns,
            theme: theme, measurer: measurer)
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
                    x: columns.contentX,
                    y: stacked ? top + metrics.rowVerticalPadding : top + (rowHeight - metrics.thumbnailSize) / 2,
                    width: metrics.thumbnailSize, height: metrics.thumbnailSize),
                cornerRadius: metrics.thumbnailCornerRadius, placeholder: isAlbum ? .music : .photo)
            : nil
        let chevron =
            showsChevron
            ? ChevronLayout(
                frame: Rect(
                    x: columns.chevronX, y: top + (rowHeight - metrics.chevronHeight) / 2, width: metrics.chevronWidth,
                    height: metrics.chevronHeight),
                direction: .forward, strokeWidth: metrics.chevronStrokeWidth, color: theme.colors.chevron)
            : nil
        var row = RowLayout(
            rank: item.rank, itemID: item.id, frame: Rect(x: cell.x, y: top, width: cell.width, height: rowHeight),
            thumbnail: thumbnail, title: title,
            badge: explicit ? title.flatMap { BadgeLayout.after($0, color: theme.colors.secondaryLabel) } : nil,
            subtitle: subtitle, chevron: chevron, separatorColor: theme.colors.separator)
        row.addCell(style: style, columns: columns, margin: margin, device: device, theme: theme)
        return row
    }

    /// The title and the subtitle, at the top of the canvas (the row places them once it knows
    /// its height).
    private static func textBlocks(
        title titleText: String, subtitle subtitleText: String, isAlbum: Bool, explicit: Bool, columns: Columns,
        theme: Theme, measurer: some TextMeasuring
    ) -> (title: TextBlock?, subtitle: TextBlock?) {
        let titleFont = isAlbum ? theme.fonts.rowTitle : theme.fonts.rowHeadline
        let badgeRoom = explicit ? BadgeLayout.room(for: titleFont) : 0
        let title =
            titleText.isEmpty
            ? nil
            : TextBlock.make(
                titleText, font: titleFont, color: theme.colors.label, x: columns.textX, y: 0,
                width: max(columns.textWidth - badgeRoom, 1), measurer: measurer)
        // A facts row's description is long prose: it wraps at most at the readable width, as a
        // label in the readable content guide would, even where the row spans a wide iPad.
        let subtitle =
            subtitleText.isEmpty
            ? nil
            : TextBlock.make(
                subtitleText, font: theme.fonts.rowSubtitle,
                color: isAlbum ? theme.colors.secondaryLabel : theme.colors.label, x: columns.textX, y: 0,
                width: isAlbum ? columns.textWidth : min(columns.textWidth, theme.metrics.readableContentWidth),
                measurer: measurer)
        return (title, subtitle)
    }

    /// The hairline under the row, inset to the text column (in an inset-grouped list it runs to
    /// the cell's edge), and the cell's background there.
    private mutating func addCell(
        style: ScreenOptions.Style, columns: Columns, margin: Double, device: Device, theme: Theme
    ) {
        let hairline = 1 / device.scale
        let separatorMaxX =
            style == .swiftui
            ? frame.x + frame.width : min(columns.contentMaxX + margin, device.size.width - device.safeArea.right)
        separator = Rect(
            x: columns.textX, y: frame.y + frame.height - hairline, width: separatorMaxX - columns.textX,
            height: hairline)
        if style == .swiftui {
            background = RowBackground(
                frame: frame, color: theme.colors.secondaryGroupedBackground, cornerRadius: 10, roundsTop: false,
                roundsBottom: false)
        }
    }
}
