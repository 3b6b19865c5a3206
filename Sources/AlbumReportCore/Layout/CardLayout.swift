import Foundation

/// The detail screen of one album: large artwork, the album's details and a store button
/// pinned 20 pt above the safe-area bottom. When the text does not fit above the button the
/// card grows taller, like a full-page screenshot of a scroll view.
public struct CardLayout: Sendable, Hashable, Codable {
    public var rank: Int
    public var itemID: String?
    /// The canvas size in points (at least the device size).
    public var size: Size
    public var scale: Double
    public var background: RGBA
    public var navigationBar: NavigationBarLayout
    public var artwork: ImageSlot
    public var title: TextBlock?
    public var artist: TextBlock?
    public var genres: TextBlock?
    public var releaseDate: TextBlock?
    public var copyright: TextBlock?
    public var button: ButtonLayout
    /// Whether text was left out because the card would have been taller than
    /// ``maximumHeight(for:)`` (a hostile feed or theme; never a real chart).
    public var isClipped = false

    /// The tallest card drawn, in points: 40 screens, and never more pixels than a canvas may have.
    public static func maximumHeight(for device: Device) -> Double {
        min(device.size.height * 40, 60_000 / device.scale)
    }

    /// Lays out the card of `item` for `device`; dates are formatted for `locale`.
    public static func make(
        item: FeedItem, feed: Feed, device: Device, theme: Theme, locale: Locale, measurer: some TextMeasuring
    ) -> CardLayout {
        let metrics = theme.metrics
        let colors = theme.colors
        let fonts = theme.fonts
        let columns = ContentColumns(device: device, theme: theme)
        let bar = NavigationBarLayout.make(
            title: "", backTitle: feed.title, device: device, theme: theme, measurer: measurer)

        let innerX = columns.card.x + metrics.cardInset
        let innerWidth = columns.card.width - 2 * metrics.cardInset
        let artwork = ImageSlot(
            frame: Rect(x: innerX, y: bar.frame.maxY + metrics.cardInset, width: innerWidth, height: innerWidth),
            cornerRadius: metrics.cardArtworkCornerRadius)

        var y = artwork.frame.maxY + metrics.cardArtworkTextSpacing
        func block(_ text: String?, _ font: FontStyle, _ color: RGBA, spacingBefore: Double) -> TextBlock? {
            guard let text, !TextNormalizer.normalize(text).isEmpty else { return nil }
            let made = TextBlock.make(
                text, font: font, color: color, x: innerX, y: y + spacingBefore, width: innerWidth, measurer: measurer)
            y = made.frame.maxY
            return made
        }
        var title = block(item.title, fonts.cardTitle, colors.label, spacingBefore: 0)
        var artist = block(
            item.artistName, fonts.cardArtist, colors.secondaryLabel, spacingBefore: metrics.cardTitleArtistSpacing)
        let genreText = item.displayGenres.joined(separator: " · ")
        var genres = block(
            genreText, fonts.cardDetail, colors.secondaryLabel, spacingBefore: metrics.cardSectionSpacing)
        var releaseDate = block(
            item.releaseText(locale: locale), fonts.cardDetail,
            colors.secondaryLabel,
            spacingBefore: genres == nil ? metrics.cardSectionSpacing : metrics.cardLineSpacing)
        var copyright = block(
            item.copyright, fonts.cardFootnote, colors.tertiaryLabel, spacingBefore: metrics.cardSectionSpacing)

        let buttonBlockHeight =
            metrics.buttonContentSpacing + metrics.buttonHeight + metrics.buttonBottomMargin + device.safeArea.bottom
        // A card that would be taller than any canvas keeps the lines that fit above its button.
        let limit = Self.maximumHeight(for: device) - buttonBlockHeight
        let isClipped = y > limit
        if isClipped {
            title = title?.keepingLines(above: limit)
            artist = artist?.keepingLines(above: limit)
            genres = genres?.keepingLines(above: limit)
            releaseDate = releaseDate?.keepingLines(above: limit)
            copyright = copyright?.keepingLines(above: limit)
        }
        let contentBottom = min(y, max(limit, 0))
        let height = max(device.size.height, contentBottom + buttonBlockHeight)
        let buttonFrame = Rect(
            x: innerX, y: height - device.safeArea.bottom - metrics.buttonBottomMargin - metrics.buttonHeight,
            width: innerWidth, height: metrics.buttonHeight)
        let labelFont = fonts.button
        // Without a store link the button is drawn as iOS draws a disabled one.
        let enabled = item.storeURL != nil
        let label = TextBlock.make(
            item.storeButtonTitle, font: labelFont, color: enabled ? colors.buttonLabel : colors.disabledButtonText,
            x: buttonFrame.x + 12, y: 0, width: buttonFrame.width - 24, alignment: .center, measurer: measurer)
        let button = ButtonLayout(
            frame: buttonFrame, cornerRadius: metrics.buttonCornerRadius,
            fill: enabled ? colors.tint : colors.disabledButtonFill,
            label: label.moved(toY: buttonFrame.y + (buttonFrame.height - label.frame.height) / 2),
            link: item.storeURL)

        return CardLayout(
            rank: item.rank, itemID: item.id, size: Size(width: device.size.width, height: height), scale: device.scale,
            background: colors.background, navigationBar: bar, artwork: artwork, title: title, artist: artist,
            genres: genres, releaseDate: releaseDate, copyright: copyright, button: button, isClipped: isClipped)
    }

    /// Every text block on the card, top to bottom.
    public var textBlocks: [TextBlock] {
        [title, artist, genres, releaseDate, copyright].compactMap { $0 }
    }

    /// Every frame, named, for the manifest.
    public var elements: [LayoutElement] {
        var list = navigationBar.elements
        list.append(LayoutElement(name: "artwork", rank: rank, frame: artwork.frame))
        let named: [(String, TextBlock?)] = [
            ("title", title), ("artist", artist), ("genres", genres), ("releaseDate", releaseDate),
            ("copyright", copyright),
        ]
        for case (let name, let block?) in named {
            list.append(LayoutElement(name: name, rank: rank, frame: block.frame))
        }
        list.append(LayoutElement(name: "button", rank: rank, frame: button.frame))
        return list
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
