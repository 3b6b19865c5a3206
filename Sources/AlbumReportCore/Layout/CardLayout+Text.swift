import Foundation

/// The card's text column, top to bottom, and where it ends.
struct CardText {
    var title: TextBlock?
    var artist: TextBlock?
    var genres: TextBlock?
    var releaseDate: TextBlock?
    var copyright: TextBlock?
    /// The last block's bottom edge (the column's top when there is none).
    var bottom: Double

    init(
        item: FeedItem, columns: CardColumns, theme: Theme, locale: Locale, language: ChromeLanguage?,
        measurer: some TextMeasuring
    ) {
        let (fonts, colors, metrics) = (theme.fonts, theme.colors, theme.metrics)
        let (x, width) = columns.text
        var y = columns.textTop
        func block(
            _ text: String?, _ font: FontStyle, _ color: RGBA, spacingBefore: Double, reserve: Double = 0
        ) -> TextBlock? {
            guard let text, !TextNormalizer.normalize(text).isEmpty else { return nil }
            let made = TextBlock.make(
                text, font: font, color: color, x: x, y: y + spacingBefore, width: max(width - reserve, 1),
                measurer: measurer)
            y = made.frame.maxY
            return made
        }
        title = block(
            item.title, fonts.cardTitle, colors.label, spacingBefore: 0,
            reserve: item.isExplicit ? BadgeLayout.room(for: fonts.cardTitle) : 0)
        artist = block(
            item.artistName, fonts.cardArtist, colors.secondaryLabel, spacingBefore: metrics.cardTitleArtistSpacing)
        let genres = block(
            item.displayGenres.joined(separator: " · "), fonts.cardDetail, colors.secondaryLabel,
            spacingBefore: metrics.cardSectionSpacing)
        self.genres = genres
        releaseDate = block(
            item.releaseText(language: language, locale: locale), fonts.cardDetail, colors.secondaryLabel,
            spacingBefore: genres == nil ? metrics.cardSectionSpacing : metrics.cardLineSpacing)
        copyright = block(
            item.copyright, fonts.cardFootnote, colors.secondaryLabel, spacingBefore: metrics.cardSectionSpacing)
        bottom = y
    }

    /// Moves every block `dy` points down.
    mutating func move(by dy: Double) {
        func moved(_ block: TextBlock?) -> TextBlock? { block.map { $0.moved(toY: $0.frame.y + dy) } }
        title = moved(title)
        artist = moved(artist)
        genres = moved(genres)
        releaseDate = moved(releaseDate)
        copyright = moved(copyright)
        bottom += dy
    }

    /// Leaves out what does not fit above `limit`: the lines that end below it, or with
    /// `cuttingLast` (a screen-sized card) the blocks that start below it (the edge cuts the last
    /// one drawn).
    mutating func keepLines(above limit: Double, cuttingLast: Bool) {
        func keep(_ block: TextBlock?) -> TextBlock? {
            guard let block else { return nil }
            if cuttingLast { return block.frame.y < limit ? block : nil }
            return block.keepingLines(above: limit)
        }
        title = keep(title)
        artist = keep(artist)
        genres = keep(genres)
        releaseDate = keep(releaseDate)
        copyright = keep(copyright)
    }
}
