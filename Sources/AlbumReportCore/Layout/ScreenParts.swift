/// A chevron drawn as two strokes: `›` (disclosure) or `‹` (back).
public struct ChevronLayout: Sendable, Hashable, Codable {
    /// Which way it points.
    public enum Direction: String, Sendable, Hashable, Codable { case forward, back }
    public var frame: Rect
    public var direction: Direction
    public var strokeWidth: Double
    public var color: RGBA
}

/// A place where artwork (or its placeholder) is drawn.
public struct ImageSlot: Sendable, Hashable, Codable {
    public var frame: Rect
    public var cornerRadius: Double
}

/// A filled, rounded button with a centred label.
public struct ButtonLayout: Sendable, Hashable, Codable {
    public var frame: Rect
    public var cornerRadius: Double
    public var fill: RGBA
    public var label: TextBlock
    /// Where the button leads (the album's store page).
    public var link: String?
}

/// A navigation bar, including the status-bar area above it.
public struct NavigationBarLayout: Sendable, Hashable, Codable {
    /// From the top of the screen to the bar's bottom edge.
    public var frame: Rect
    public var background: RGBA
    public var title: TextBlock
    /// A second, smaller line under the title (the chart's country and date).
    public var subtitle: TextBlock?
    /// The hairline under the bar.
    public var separator: Rect
    public var separatorColor: RGBA
    /// The back button (cards only).
    public var backChevron: ChevronLayout?
    public var backLabel: TextBlock?
}

/// A named frame, as recorded in the manifest.
public struct LayoutElement: Sendable, Hashable, Codable {
    /// What it is (`row`, `thumbnail`, `button`, …).
    public var name: String
    /// The item's rank, for per-item elements.
    public var rank: Int?
    /// The frame in points.
    public var frame: Rect

    /// Creates an element.
    public init(name: String, rank: Int? = nil, frame: Rect) {
        self.name = name
        self.rank = rank
        self.frame = frame
    }
}

/// Horizontal extents shared by the screens: the safe area, the layout margins and, on wide
/// screens, the readable content column.
struct ContentColumns {
    /// Where row content (thumbnail, text, chevron) goes.
    var rowContent: (x: Double, width: Double)
    /// The card's column ("the view"), before its 20 pt insets.
    var card: (x: Double, width: Double)
    /// The full width between the safe-area insets.
    var safe: (x: Double, width: Double)

    init(device: Device, theme: Theme) {
        let metrics = theme.metrics
        let safeX = device.safeArea.left
        let safeWidth = device.size.width - device.safeArea.left - device.safeArea.right
        safe = (safeX, safeWidth)
        let marginWidth = safeWidth - 2 * metrics.layoutMargin
        let rowWidth = min(marginWidth, metrics.readableContentWidth)
        rowContent = (safeX + (safeWidth - rowWidth) / 2, rowWidth)
        let cardWidth = min(safeWidth, metrics.readableContentWidth + 2 * metrics.cardInset)
        card = (safeX + (safeWidth - cardWidth) / 2, cardWidth)
    }
}

extension NavigationBarLayout {
    /// A bar with a centred title (and an optional subtitle line under it; for cards, a back
    /// button), sized to fit its text.
    static func make(
        title: String, subtitle: String? = nil, backTitle: String?, device: Device, theme: Theme,
        measurer: some TextMeasuring
    ) -> NavigationBarLayout {
        let metrics = theme.metrics
        let columns = ContentColumns(device: device, theme: theme)
        let hairline = 1 / device.scale

        // The back button comes first: its width decides how much room the centred title has.
        var chevron: ChevronLayout?
        var backLabel: TextBlock?
        var sideReserve = metrics.layoutMargin
        if let backTitle {
            let chevronFrame = Rect(
                x: columns.safe.x + metrics.backChevronLeading,
                y: device.safeArea.top + (metrics.navigationBarHeight - metrics.backChevronHeight) / 2,
                width: metrics.backChevronWidth, height: metrics.backChevronHeight)
            chevron = ChevronLayout(
                frame: chevronFrame, direction: .back, strokeWidth: metrics.chevronStrokeWidth * 1.3,
                color: theme.colors.tint)
            let labelFont = theme.fonts.backButton
            let labelX = chevronFrame.maxX + metrics.backChevronLabelSpacing
            let singleLine = TextNormalizer.normalize(backTitle)
            let labelWidth = min(measurer.width(of: singleLine, font: labelFont) + 1, columns.safe.width / 3)
            backLabel = TextBlock.make(
                singleLine, font: labelFont, color: theme.colors.tint, x: labelX,
                y: device.safeArea.top + (metrics.navigationBarHeight - labelFont.lineHeight) / 2,
                width: labelWidth, measurer: measurer)
            sideReserve = max(sideReserve, labelX + labelWidth + metrics.backChevronLabelSpacing - columns.safe.x)
        }

        let titleWidth = max(columns.safe.width - 2 * sideReserve, 1)
        let titleX = columns.safe.x + sideReserve
        var titleBlock = TextBlock.make(
            title, font: theme.fonts.navigationTitle, color: theme.colors.label, x: titleX, y: 0, width: titleWidth,
            alignment: .center, measurer: measurer)
        var subtitleBlock = subtitle.map {
            TextBlock.make(
                $0, font: theme.fonts.navigationSubtitle, color: theme.colors.secondaryLabel, x: titleX, y: 0,
                width: titleWidth, alignment: .center, measurer: measurer)
        }
        let textHeight = titleBlock.frame.height + (subtitleBlock?.frame.height ?? 0)
        let barHeight = max(metrics.navigationBarHeight, textHeight + 2 * metrics.navigationBarVerticalPadding)
        let textTop = device.safeArea.top + (barHeight - textHeight) / 2
        titleBlock = titleBlock.moved(toY: textTop)
        subtitleBlock = subtitleBlock?.moved(toY: titleBlock.frame.maxY)
        let bottom = device.safeArea.top + barHeight

        return NavigationBarLayout(
            frame: Rect(x: 0, y: 0, width: device.size.width, height: bottom),
            background: theme.colors.navigationBar,
            title: titleBlock,
            subtitle: subtitleBlock,
            separator: Rect(x: 0, y: bottom - hairline, width: device.size.width, height: hairline),
            separatorColor: theme.colors.navigationBarSeparator,
            backChevron: chevron,
            backLabel: backLabel)
    }
}

extension TextBlock {
    /// The same block moved so that its frame's top is at `y`.
    /// The block with only the lines that end above `maxY` (nil when none does).
    public func keepingLines(above maxY: Double) -> TextBlock? {
        let lineHeight = font.lineHeight
        let kept = lines.enumerated().filter { index, _ in frame.y + Double(index + 1) * lineHeight <= maxY }.map(
            \.element)
        guard !kept.isEmpty else { return nil }
        var copy = self
        copy.lines = kept
        copy.frame.height = Double(kept.count) * lineHeight
        return copy
    }

    public func moved(toY y: Double) -> TextBlock {
        let dy = y - frame.y
        var copy = self
        copy.frame = frame.offsetBy(dy: dy)
        copy.lines = lines.map { line in
            var moved = line
            moved.baseline += dy
            return moved
        }
        return copy
    }
}
