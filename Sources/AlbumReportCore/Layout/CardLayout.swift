import Foundation

/// The detail screen of one album: large artwork, the album's details and a button pinned 20 pt
/// above the safe-area bottom. When the text does not fit above the button the card grows
/// taller, like a full-page screenshot of a scroll view (`--fit content`), or the content
/// scrolls under the button (`--fit screen`). In landscape the artwork leads and the text
/// trails, in two columns; on iPad the card is laid out for the big screen (``CardColumns``).
public struct CardLayout: Sendable, Hashable, Codable {
    public var rank: Int
    public var itemID: String?
    /// The canvas size in points (at least the device size).
    public var size: Size
    public var scale: Double
    public var background: RGBA
    /// The sheet the card is presented in (`--style swiftui`).
    public var presentation: SheetPresentation?
    public var navigationBar: NavigationBarLayout
    public var artwork: ImageSlot
    public var title: TextBlock?
    /// The explicit-content badge after the album name.
    public var badge: BadgeLayout?
    public var artist: TextBlock?
    public var genres: TextBlock?
    public var releaseDate: TextBlock?
    public var copyright: TextBlock?
    /// The band content scrolls under, behind the button (`--fit screen`, when content is cut).
    public var scrollEdge: ScrollEdgeBacking?
    public var button: ButtonLayout
    /// The home indicator at the canvas's bottom, over everything (``HomeIndicatorLayout``).
    public var homeIndicator: HomeIndicatorLayout?
    /// Whether text was left out because the card would have been taller than
    /// ``maximumHeight(for:)`` (a hostile feed or theme; never a real chart).
    public var isClipped = false

    /// The space a button keeps above and below its label when the label outgrows the button's
    /// height (the 50 pt button's 22 pt line has 14 pt above and below it).
    static let buttonLabelPadding = 14.0

    /// The tallest card drawn, in points: 40 screens, and never more pixels than a canvas may have.
    public static func maximumHeight(for device: Device) -> Double {
        min(device.size.height * 40, 60_000 / device.scale)
    }

    /// Lays out the card of `item` for `device`; dates are formatted for `locale`. `listItems`
    /// are the list's rows a presented card shows behind its sheet on iPad (default: the feed's).
    public static func make(
        item: FeedItem, feed: Feed, device: Device, theme: Theme, locale: Locale,
        options: ScreenOptions = ScreenOptions(), listItems: [FeedItem]? = nil, measurer: some TextMeasuring
    ) -> CardLayout {
        let card = make(
            item: item, feed: feed, device: device, theme: theme, locale: locale, options: options,
            listItems: listItems, formSheetHeight: nil, measurer: measurer)
        // An iPad's form sheet that grew to hold its content is laid out again at that height, so
        // that it is centred as iOS centres a sheet of that size.
        guard device.isPad, options.fit == .content, let sheet = card.presentation?.sheetFrame,
            sheet.height > SheetPresentation.formSheetSize(on: device).height + 0.5
        else { return card }
        return make(
            item: item, feed: feed, device: device, theme: theme, locale: locale, options: options,
            listItems: listItems, formSheetHeight: sheet.height, measurer: measurer)
    }

    private static func make(
        item: FeedItem, feed: Feed, device: Device, theme: Theme, locale: Locale, options: ScreenOptions,
        listItems: [FeedItem]?, formSheetHeight: Double?, measurer: some TextMeasuring
    ) -> CardLayout {
        let metrics = theme.metrics
        let language = options.language
        let locale = language?.dateLocale(given: locale) ?? locale
        var frame = CardFrame(
            feed: feed, device: device, theme: theme, options: options, listItems: listItems,
            formSheetHeight: formSheetHeight, measurer: measurer)
        // The card's own content is drawn on the sheet's background (elevated, in dark mode).
        let theme = theme.drawn(over: frame.background)
        let bar = NavigationBarLayout.make(
            frame.barConfiguration(feed: feed, device: device, theme: theme, options: options, measurer: measurer),
            device: device, theme: theme, measurer: measurer)
        let content = ButtonLayout.content(for: item, target: options.button, language: language)
        var (layout, buttonHeight, text, artwork) = composed(
            item: item, frame: frame, top: bar.frame.maxY + metrics.cardInset, label: content.text, device: device,
            theme: theme, locale: locale, options: options, measurer: measurer)
        let buttonBlockHeight =
            metrics.buttonContentSpacing + buttonHeight + metrics.buttonBottomMargin + frame.bottomInset
        // What must end above the button's band: the text, and the artwork unless the button sits beside it.
        let contentBottom = layout.buttonBesideArtwork ? text.bottom : max(text.bottom, artwork.frame.maxY)
        let fitsScreen = options.fit == .screen
        let (height, isClipped) = Self.height(
            contentBottom: contentBottom, text: &text, below: buttonBlockHeight,
            artworkFloor: layout.buttonBesideArtwork
                ? artwork.frame.maxY + metrics.buttonBottomMargin + frame.bottomInset : 0,
            frame: frame, device: device, fitsScreen: fitsScreen)
        let buttonFrame = Rect(
            x: layout.buttonView.x + metrics.cardInset,
            y: height - frame.bottomInset - metrics.buttonBottomMargin - buttonHeight,
            width: layout.buttonView.width - 2 * metrics.cardInset, height: buttonHeight)
        let scrollEdge =
            fitsScreen
            ? Self.scrollEdge(
                over: contentBottom, buttonFrame: buttonFrame, height: height, presentation: frame.presentation,
                columns: layout, device: device, theme: theme) : nil
        frame.grow(to: height, device: device)
        let size = Size(width: device.size.width, height: height)
        // Under the indicator: the sheet, or around an iPad's floating sheet the dimmed list.
        let under = frame.presentation.map { $0.roundsBottom ? $0.presentingColor : $0.sheetColor } ?? frame.background
        let card = CardLayout(
            rank: item.rank, itemID: item.id, size: size, scale: device.scale,
            background: frame.background, presentation: frame.presentation, navigationBar: bar, artwork: artwork,
            title: text.title,
            badge: item.isExplicit
                ? text.title.flatMap { BadgeLayout.after($0, color: theme.colors.secondaryLabel) } : nil,
            artist: text.artist, genres: text.genres, releaseDate: text.releaseDate, copyright: text.copyright,
            scrollEdge: scrollEdge,
            button: ButtonLayout.make(content, frame: buttonFrame, theme: theme, measurer: measurer),
            homeIndicator: HomeIndicatorLayout.make(device: device, canvas: size, under: under, options: options),
            isClipped: isClipped)
        return options.layoutDirection == .rtl ? card.mirrored() : card
    }

    /// The card's columns, the button's height, the text and the artwork, composed: an iPad card
    /// laid out again with the artwork its text leaves room for (``composedArtworkSide``), then
    /// balanced (landscape) or centred (portrait) with the button where it is pinned.
    private static func composed(
        item: FeedItem, frame: CardFrame, top: Double, label: String, device: Device, theme: Theme, locale: Locale,
        options: ScreenOptions, measurer: some TextMeasuring
    ) -> (CardColumns, buttonHeight: Double, CardText, ImageSlot) {
        let metrics = theme.metrics
        func layOut(artworkSide: Double?) -> (CardColumns, buttonHeight: Double, CardText, bandTop: Double) {
            let (layout, buttonHeight) = columns(
                frame: frame, top: top, label: label, device: device, theme: theme, options: options,
                artworkSide: artworkSide, measurer: measurer)
            let text = CardText(
                item: item, columns: layout, theme: theme, locale: locale, language: options.language,
                measurer: measurer)
            // Where the pinned button's band starts on a screen-sized card.
            let bandTop =
                device.size.height - frame.bottomInset - metrics.buttonBottomMargin - buttonHeight
                - metrics.buttonContentSpacing
            return (layout, buttonHeight, text, bandTop)
        }
        var (layout, buttonHeight, text, bandTop) = layOut(artworkSide: nil)
        if let side = composedArtworkSide(
            layout, text, bandTop: bandTop, device: device, options: options, metrics: metrics)
        {
            (layout, buttonHeight, text, bandTop) = layOut(artworkSide: side)
        }
        var artwork = ImageSlot(frame: layout.artwork, cornerRadius: metrics.cardArtworkCornerRadius)
        if layout.buttonBesideArtwork {
            balance(
                &artwork, &text, top: layout.textTop, buttonHeight: buttonHeight,
                floor: device.size.height - frame.bottomInset - metrics.buttonBottomMargin, metrics: metrics)
        } else if device.isPad && options.style == .uikit {
            centre(&artwork, &text, above: bandTop)
        }
        return (layout, buttonHeight, text, artwork)
    }

    /// The card's height and whether its text was cut. A card that would be taller than any canvas
    /// keeps the lines that fit above its button; a screen-sized card keeps the lines that start on
    /// the screen; a screen-sized iPad form sheet keeps the lines that end inside it (what is
    /// outside it is the dimmed list). `below` is what the button's band takes under the content;
    /// artwork beside the button may reach down to the button's bottom (`artworkFloor`).
    private static func height(
        contentBottom: Double, text: inout CardText, below: Double, artworkFloor: Double, frame: CardFrame,
        device: Device, fitsScreen: Bool
    ) -> (height: Double, isClipped: Bool) {
        let floatingBottom = frame.presentation.flatMap { $0.roundsBottom ? $0.sheetFrame.maxY : nil }
        let limit = fitsScreen ? (floatingBottom ?? device.size.height) : Self.maximumHeight(for: device) - below
        let isClipped = !fitsScreen && contentBottom > limit
        if contentBottom > limit { text.keepLines(above: limit, cuttingLast: fitsScreen && floatingBottom == nil) }
        var height =
            fitsScreen
            ? device.size.height : max(device.size.height, min(contentBottom, max(limit, 0)) + below, artworkFloor)
        // A re-centred form sheet's sums come back to the screen's height give or take a rounding.
        if abs(height - device.size.height) < 1e-6 { height = device.size.height }
        return (height, isClipped)
    }

    /// The card's columns, and the button's height: the button grows with its label as a
    /// self-sizing UIButton does at larger Dynamic Type sizes (its 20 pt insets stay, the label
    /// wraps and keeps 14 pt above and below it), and a taller button leaves the artwork less room.
    private static func columns(
        frame: CardFrame, top: Double, label: String, device: Device, theme: Theme,
        options: ScreenOptions, artworkSide: Double?, measurer: some TextMeasuring
    ) -> (CardColumns, buttonHeight: Double) {
        let metrics = theme.metrics
        let safe = ContentColumns(device: device, theme: theme).safe
        func cardColumns(buttonHeight: Double) -> CardColumns {
            CardColumns.make(
                view: frame.view, safe: safe, top: top, device: device, metrics: metrics,
                buttonBlockHeight: metrics.buttonContentSpacing + buttonHeight + metrics.buttonBottomMargin
                    + frame.bottomInset,
                bottomInset: frame.bottomInset, padLayout: device.isPad && options.style == .uikit,
                artworkSide: artworkSide)
        }
        let layout = cardColumns(buttonHeight: metrics.buttonHeight)
        let labelHeight = TextBlock.make(
            label, font: theme.fonts.button, color: theme.colors.buttonLabel, x: 0, y: 0,
            width: max(layout.buttonView.width - 2 * metrics.cardInset - 24, 1), alignment: .center,
            measurer: measurer
        ).frame.height
        let buttonHeight = max(metrics.buttonHeight, labelHeight + 2 * Self.buttonLabelPadding)
        guard buttonHeight > metrics.buttonHeight else { return (layout, buttonHeight) }
        return (cardColumns(buttonHeight: buttonHeight), buttonHeight)
    }

    /// The band content scrolls under when it reaches under the button: the chrome material
    /// across what scrolls (the screen edge to edge, as a toolbar does; the sheet the card is
    /// presented in; or the button's own column where artwork stands beside it). Nil when the
    /// content ends above it.
    private static func scrollEdge(
        over contentBottom: Double, buttonFrame: Rect, height: Double, presentation: SheetPresentation?,
        columns: CardColumns, device: Device, theme: Theme
    ) -> ScrollEdgeBacking? {
        let bandTop = buttonFrame.y - theme.metrics.buttonContentSpacing
        // (A micro-point over is the rounding of a balanced card's sums, not content under the band.)
        guard contentBottom > bandTop + 1e-6 else { return nil }
        let band: (x: Double, width: Double) =
            presentation.map { ($0.sheetFrame.x, $0.sheetFrame.width) }
            ?? (columns.buttonBesideArtwork ? columns.buttonView : (0, device.size.width))
        // A floating sheet's band ends with the sheet, not the screen.
        let floating = presentation.flatMap { $0.roundsBottom ? $0 : nil }
        let bottom = floating?.sheetFrame.maxY ?? height
        return ScrollEdgeBacking(
            frame: Rect(x: band.x, y: bandTop, width: band.width, height: bottom - bandTop),
            material: theme.colors.chromeMaterial,
            separator: Rect(x: band.x, y: bandTop, width: band.width, height: 1 / device.scale),
            separatorColor: theme.colors.navigationBarSeparator, container: floating?.sheetFrame,
            containerCornerRadius: floating?.cornerRadius)
    }

    /// Every text block on the card, top to bottom (the bars' excluded).
    public var textBlocks: [TextBlock] {
        [title, artist, genres, releaseDate, copyright].compactMap { $0 }
    }

    /// Every frame, named, for the manifest.
    public var elements: [LayoutElement] { manifestElements }
}

extension CardLayout: LayoutPart {
    /// The canvas.
    var frame: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    mutating func visitParts(_ visitor: inout some LayoutPartVisitor) {
        let rank = rank
        visitor.visit(&presentation, .parts)
        visitor.visit(&navigationBar, .parts)
        visitor.visit(&artwork, .element(.artwork, rank: rank))
        visitor.visit(&title, .element(.title, rank: rank))
        visitor.visit(&artist, .element(.artist, rank: rank))
        visitor.visit(&genres, .element(.genres, rank: rank))
        visitor.visit(&releaseDate, .element(.releaseDate, rank: rank))
        visitor.visit(&copyright, .element(.copyright, rank: rank))
        visitor.visit(&badge, .element(.explicitBadge, rank: rank))
        visitor.visit(&scrollEdge, .element(.scrollEdge, rank: rank))
        visitor.visit(&button, .element(.button, rank: rank))
        visitor.visit(&homeIndicator, .element(.homeIndicator))
    }
}

/// The view a card is drawn in: the screen (a pushed card), or the sheet it is presented in.
private struct CardFrame {
    /// The sheet (`--style swiftui`).
    var presentation: SheetPresentation?
    /// The view's column, before the card's 20 pt insets.
    var view: (x: Double, width: Double)
    /// Where the navigation bar's inline part starts.
    var barTop: Double
    /// Where the navigation bar's frame starts.
    var areaTop = 0.0
    /// From the view's bottom edge to the content's.
    var bottomInset: Double
    var background: RGBA

    init(
        feed: Feed, device: Device, theme: Theme, options: ScreenOptions, listItems: [FeedItem]?,
        formSheetHeight: Double?, measurer: some TextMeasuring
    ) {
        let colors = theme.colors
        view = ContentColumns(device: device, theme: theme).card
        barTop = device.safeArea.top
        bottomInset = device.safeArea.bottom
        background = colors.background
        guard options.style == .swiftui else { return }
        // Over the black backdrop of an iPhone the status bar turns light; an iPad's shows the dimmed list.
        var sheet = SheetPresentation.make(
            device: device, colors: colors,
            statusBar: Self.statusBar(
                color: device.isPad ? colors.label : RGBA(red: 255, green: 255, blue: 255), device: device,
                theme: theme, options: options, measurer: measurer),
            formSheetHeight: formSheetHeight)
        areaTop = sheet.sheetFrame.y
        // A sheet's bar is 56 pt on iPhone and iPad alike (UIKit's page and form sheets since
        // iOS 13: the 44 pt iPhone bar 12 pt taller, the 50 pt iPad bar 6 pt), its items at the
        // bottom of it (react-native-navigation #5730, HWPanModal #85, Hackworth's iOS 16 notes).
        barTop = sheet.sheetFrame.y + (device.isPad ? 6 : 12)
        background = colors.sheetBackground
        if device.isPad {
            view = (sheet.sheetFrame.x, sheet.sheetFrame.width)
            // A form sheet taller than the screen ends the same margin above the card's bottom.
            bottomInset = max(device.size.height - sheet.sheetFrame.maxY, SheetPresentation.formSheetMargin)
            sheet.showList(
                of: feed, items: listItems ?? feed.items, device: device, theme: theme, options: options,
                measurer: measurer)
        }
        presentation = sheet
    }

    /// The card's bar: a back button on a pushed card (with the status bar), "Done" in a sheet.
    func barConfiguration(
        feed: Feed, device: Device, theme: Theme, options: ScreenOptions, measurer: some TextMeasuring
    ) -> NavigationBarLayout.Configuration {
        let language = options.language
        return NavigationBarLayout.Configuration(
            backTitle: options.style == .uikit ? (language?.listTitle(for: feed) ?? feed.title) : nil,
            trailing: options.style == .swiftui ? .done : nil, top: barTop, areaTop: areaTop,
            // A bar in the iPad's floating sheet spans the sheet.
            span: device.isPad ? presentation.map { ($0.sheetFrame.x, $0.sheetFrame.width) } : nil,
            statusBar: options.style == .uikit
                ? Self.statusBar(
                    color: theme.colors.label, device: device, theme: theme, options: options, measurer: measurer)
                : nil,
            language: language)
    }

    /// A card that grows grows its sheet (and the list behind it) with it.
    mutating func grow(to height: Double, device: Device) {
        guard var sheet = presentation else { return }
        sheet.sheetFrame.height = height - (device.isPad ? bottomInset : 0) - sheet.sheetFrame.y
        sheet.presentingFrame.height = height - sheet.presentingFrame.y
        presentation = sheet
    }

    /// The status bar in `color`, unless `--status-bar none`.
    static func statusBar(
        color: RGBA, device: Device, theme: Theme, options: ScreenOptions, measurer: some TextMeasuring
    ) -> StatusBarLayout? {
        options.statusBar == .none
            ? nil
            : StatusBarLayout.make(
                device: device, theme: theme, color: color, measurer: measurer, language: options.language)
    }
}
