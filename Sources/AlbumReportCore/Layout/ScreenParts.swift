/// A chevron drawn as two strokes: `›` (disclosure) or `‹` (back).
public struct ChevronLayout: Sendable, Hashable, Codable {
    /// Which way it points.
    public enum Direction: String, Sendable, Hashable, Codable { case forward, back }
    public var frame: Rect
    public var direction: Direction
    public var strokeWidth: Double
    public var color: RGBA
}

/// A place where artwork (or its placeholder) is drawn, aspect-fill: an image of another shape
/// is centre-cropped to the slot, never stretched.
public struct ImageSlot: Sendable, Hashable, Codable {
    /// What a slot without an image shows.
    public enum Placeholder: String, Sendable, Hashable, Codable {
        /// A pair of music notes (album artwork).
        case music
        /// A landscape with a sun (a facts row's photo).
        case photo
    }

    public var frame: Rect
    public var cornerRadius: Double
    public var placeholder: Placeholder = .music

    /// Creates a slot.
    public init(frame: Rect, cornerRadius: Double, placeholder: Placeholder = .music) {
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.placeholder = placeholder
    }
}

/// The explicit-content badge iOS draws after an explicit album's name: a small rounded square
/// with an "E", in the secondary label colour.
public struct BadgeLayout: Sendable, Hashable, Codable {
    public var frame: Rect
    public var color: RGBA

    /// The space between the text and the badge.
    static let spacing = 5.0

    /// The badge's side for text in `font` (about the capital height plus a little).
    static func side(for font: FontStyle) -> Double { (font.size * 0.8).rounded() }

    /// The width a line must leave free for the badge.
    static func room(for font: FontStyle) -> Double { side(for: font) + spacing }

    /// The badge after the last line of `block`, in the UI's direction (the English UI's: to its
    /// right, whatever the script of the name, as a view after the label in a left-to-right
    /// stack), centred on the line's lowercase letters.
    static func after(_ block: TextBlock, color: RGBA) -> BadgeLayout? {
        guard let line = block.lines.last else { return nil }
        let side = side(for: block.font)
        let x = line.x + line.width + spacing
        let midY = line.baseline - block.font.size * 0.36
        return BadgeLayout(frame: Rect(x: x, y: midY - side / 2, width: side, height: side), color: color)
    }
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
/// screens, the readable content column of the card.
struct ContentColumns {
    /// Where row content (thumbnail, text, chevron) and the large title go: the safe width
    /// minus the layout margins, on every device.
    var rowContent: (x: Double, width: Double)
    /// The card's column ("the view"), before its 20 pt insets.
    var card: (x: Double, width: Double)
    /// The full width between the safe-area insets.
    var safe: (x: Double, width: Double)
    /// The horizontal layout margin inside the safe area (16 or 20 pt, or the theme's).
    var margin: Double

    init(device: Device, theme: Theme) {
        let metrics = theme.metrics
        let safeX = device.safeArea.left
        let safeWidth = device.size.width - device.safeArea.left - device.safeArea.right
        safe = (safeX, safeWidth)
        margin = metrics.layoutMargin(on: device)
        // A table's cells follow the layout margins, not the readable width: UITableView's
        // cellLayoutMarginsFollowReadableWidth is false by default since iOS 12.
        rowContent = (safeX + margin, max(safeWidth - 2 * margin, 1))
        let cardWidth = min(safeWidth, metrics.readableContentWidth + 2 * metrics.cardInset)
        card = (safeX + (safeWidth - cardWidth) / 2, cardWidth)
    }
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
    public var textBlocks: [TextBlock] {
        (statusBar?.textBlocks ?? []) + [title, largeTitle, backLabel, doneLabel].compactMap { $0 }
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
