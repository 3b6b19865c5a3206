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
        let metrics = theme.metrics
        let colors = theme.colors
        let fonts = theme.fonts
        let columns = ContentColumns(device: device, theme: theme)
        let language = options.language
        let locale = language?.dateLocale(given: locale) ?? locale
        let statusBar = { (color: RGBA) in
            options.statusBar == .none
                ? nil
                : StatusBarLayout.make(
                    device: device, theme: theme, color: color, measurer: measurer, language: language)
        }

        // The view the card is drawn in: the screen (pushed), or the sheet (presented).
        var presentation: SheetPresentation?
        var view = (x: columns.card.x, width: columns.card.width)
        var barTop = device.safeArea.top
        var areaTop = 0.0
        var bottomInset = device.safeArea.bottom
        var background = colors.background
        if options.style == .swiftui {
            // Over the black backdrop of an iPhone the status bar turns light; an iPad's shows the dimmed list.
            let sheet = SheetPresentation.make(
                device: device, colors: colors,
                statusBar: statusBar(device.isPad ? colors.label : RGBA(red: 255, green: 255, blue: 255)))
            presentation = sheet
            areaTop = sheet.sheetFrame.y
            barTop = sheet.sheetFrame.y + 6
            background = colors.sheetBackground
            if device.isPad {
                view = (sheet.sheetFrame.x, sheet.sheetFrame.width)
                bottomInset = device.size.height - sheet.sheetFrame.maxY
                presentation?.showList(
                    of: feed, items: listItems ?? feed.items, device: device, theme: theme, options: options,
                    measurer: measurer)
            }
        }
        let bar = NavigationBarLayout.make(
            NavigationBarLayout.Configuration(
                backTitle: options.style == .uikit ? (language?.listTitle(for: feed) ?? feed.title) : nil,
                trailing: options.style == .swiftui ? .done : nil, top: barTop, areaTop: areaTop,
                span: device.isPad ? presentation.map { ($0.sheetFrame.x, $0.sheetFrame.width) } : nil,
                statusBar: options.style == .uikit ? statusBar(colors.label) : nil, language: language),
            device: device, theme: theme, measurer: measurer)

        let link: String?
        let labelText: String
        switch options.button {
        case .album:
            link = item.storeURL
            labelText = language?.storeButtonTitle(for: item) ?? item.storeButtonTitle
        case .artist:
            link = item.artistURL
            labelText = language?["viewArtist"] ?? "View Artist"
        }
        let top = bar.frame.maxY + metrics.cardInset
        func cardColumns(buttonHeight: Double) -> CardColumns {
            CardColumns.make(
                view: view, safe: columns.safe, top: top, device: device, metrics: metrics,
                buttonBlockHeight: metrics.buttonContentSpacing + buttonHeight + metrics.buttonBottomMargin
                    + bottomInset,
                bottomInset: bottomInset, padLayout: device.isPad && options.style == .uikit)
        }
        var layout = cardColumns(buttonHeight: metrics.buttonHeight)
        // The button grows with its label as a self-sizing UIButton does at larger Dynamic Type
        // sizes: its 20 pt insets stay, the label wraps and keeps 14 pt above and below it.
        let labelHeight = TextBlock.make(
            labelText, font: fonts.button, color: colors.buttonLabel, x: 0, y: 0,
            width: max(layout.buttonView.width - 2 * metrics.cardInset - 24, 1), alignment: .center,
            measurer: measurer
        ).frame.height
        let buttonHeight = max(metrics.buttonHeight, labelHeight + 2 * Self.buttonLabelPadding)
        if buttonHeight > metrics.buttonHeight { layout = cardColumns(buttonHeight: buttonHeight) }
        let buttonBlockHeight =
            metrics.buttonContentSpacing + buttonHeight + metrics.buttonBottomMargin + bottomInset
        let artwork = ImageSlot(frame: layout.artwork, cornerRadius: metrics.cardArtworkCornerRadius)
        let (textX, textWidth) = layout.text
        let buttonView = layout.buttonView

        var y = layout.textTop
        func block(
            _ text: String?, _ font: FontStyle, _ color: RGBA, spacingBefore: Double, reserve: Double = 0
        )
            -> TextBlock?
        {
            guard let text, !TextNormalizer.normalize(text).isEmpty else { return nil }
            let made = TextBlock.make(
                text, font: font, color: color, x: textX, y: y + spacingBefore, width: max(textWidth - reserve, 1),
                measurer: measurer)
            y = made.frame.maxY
            return made
        }
        let explicit = item.isExplicit
        var title = block(
            item.title, fonts.cardTitle, colors.label, spacingBefore: 0,
            reserve: explicit ? BadgeLayout.room(for: fonts.cardTitle) : 0)
        var artist = block(
            item.artistName, fonts.cardArtist, colors.secondaryLabel, spacingBefore: metrics.cardTitleArtistSpacing)
        let genreText = item.displayGenres.joined(separator: " · ")
        var genres = block(
            genreText, fonts.cardDetail, colors.secondaryLabel, spacingBefore: metrics.cardSectionSpacing)
        var releaseDate = block(
            language.map { $0.releaseText(for: item, locale: locale) } ?? item.releaseText(locale: locale),
            fonts.cardDetail,
            colors.secondaryLabel,
            spacingBefore: genres == nil ? metrics.cardSectionSpacing : metrics.cardLineSpacing)
        var copyright = block(
            item.copyright, fonts.cardFootnote, colors.secondaryLabel, spacingBefore: metrics.cardSectionSpacing)
        // What must end above the button's band: the text, and the artwork unless the button sits beside it.
        let contentBottom = layout.buttonBesideArtwork ? y : max(y, artwork.frame.maxY)
        // Artwork beside the button may reach down to the button's bottom.
        let artworkFloor =
            layout.buttonBesideArtwork ? artwork.frame.maxY + metrics.buttonBottomMargin + bottomInset : 0

        // A card that would be taller than any canvas keeps the lines that fit above its button;
        // a screen-sized card keeps the lines that start on the screen.
        let fitsScreen = options.fit == .screen
        let limit = fitsScreen ? device.size.height : Self.maximumHeight(for: device) - buttonBlockHeight
        let isClipped = !fitsScreen && contentBottom > limit
        if isClipped || (fitsScreen && contentBottom > limit) {
            func keep(_ block: TextBlock?) -> TextBlock? {
                guard let block else { return nil }
                if fitsScreen {
                    // Lines that start on the screen are drawn (the edge cuts the last one).
                    return block.frame.y < limit ? block : nil
                }
                return block.keepingLines(above: limit)
            }
            title = keep(title)
            artist = keep(artist)
            genres = keep(genres)
            releaseDate = keep(releaseDate)
            copyright = keep(copyright)
        }
        let height =
            fitsScreen
            ? device.size.height
            : max(device.size.height, min(contentBottom, max(limit, 0)) + buttonBlockHeight, artworkFloor)
        let viewBottom = height - bottomInset
        let buttonFrame = Rect(
            x: buttonView.x + metrics.cardInset, y: viewBottom - metrics.buttonBottomMargin - buttonHeight,
            width: buttonView.width - 2 * metrics.cardInset, height: buttonHeight)
        // Content that reaches under the button scrolls under a band of the chrome material.
        // The band spans what scrolls: the screen edge to edge (as a toolbar does), the sheet it
        // is presented in, or the button's own column where artwork stands beside it.
        let bandTop = buttonFrame.y - metrics.buttonContentSpacing
        let band: (x: Double, width: Double) =
            presentation.map { ($0.sheetFrame.x, $0.sheetFrame.width) }
            ?? (layout.buttonBesideArtwork ? buttonView : (0, device.size.width))
        let scrollEdge =
            fitsScreen && contentBottom > bandTop
            ? ScrollEdgeBacking(
                frame: Rect(x: band.x, y: bandTop, width: band.width, height: height - bandTop),
                material: colors.chromeMaterial,
                separator: Rect(x: band.x, y: bandTop, width: band.width, height: 1 / device.scale),
                separatorColor: colors.navigationBarSeparator) : nil

        // Without a link the button is drawn as iOS draws a disabled one.
        let enabled = link != nil
        let label = TextBlock.make(
            labelText, font: fonts.button, color: enabled ? colors.buttonLabel : colors.disabledButtonText,
            x: buttonFrame.x + 12, y: 0, width: buttonFrame.width - 24, alignment: .center, measurer: measurer)
        let button = ButtonLayout(
            frame: buttonFrame, cornerRadius: metrics.buttonCornerRadius,
            fill: enabled ? colors.tint : colors.disabledButtonFill,
            label: label.moved(toY: buttonFrame.y + (buttonFrame.height - label.frame.height) / 2), link: link)

        // A card that grows grows its sheet (and the list behind it) with it.
        if var sheet = presentation {
            sheet.sheetFrame.height = height - (device.isPad ? bottomInset : 0) - sheet.sheetFrame.y
            sheet.presentingFrame.height = height - sheet.presentingFrame.y
            presentation = sheet
        }
        let card = CardLayout(
            rank: item.rank, itemID: item.id, size: Size(width: device.size.width, height: height), scale: device.scale,
            background: background, presentation: presentation, navigationBar: bar, artwork: artwork, title: title,
            badge: explicit ? title.flatMap { BadgeLayout.after($0, color: colors.secondaryLabel) } : nil,
            artist: artist, genres: genres, releaseDate: releaseDate, copyright: copyright, scrollEdge: scrollEdge,
            button: button, isClipped: isClipped)
        return options.layoutDirection == .rtl ? card.mirrored() : card
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
    }
}

extension FeedItem {
    /// The card's release line: "Released Mar 29, 2019".
    public func releaseText(locale: Locale) -> String? {
        releaseDate.map { "Released \($0.formatted(locale: locale))" }
    }

    /// The item's own strings as the sheet row and the card draw them, each with its font.
    public func drawnTexts(format: FeedFormat, theme: Theme, locale: Locale) -> [(text: String, font: FontStyle)] {
        let fonts = theme.fonts
        guard format.isAlbumChart else {
            return [(title, fonts.rowHeadline), (description ?? "", fonts.rowSubtitle)]
        }
        return [
            (title, fonts.rowTitle), (title, fonts.cardTitle), (artistName ?? "", fonts.rowSubtitle),
            (artistName ?? "", fonts.cardArtist), (displayGenres.joined(separator: " · "), fonts.cardDetail),
            (releaseText(locale: locale) ?? "", fonts.cardDetail), (copyright ?? "", fonts.cardFootnote),
            (storeButtonTitle, fonts.button),
        ]
    }
}
