import Foundation

extension FeedItem {
    /// The card's release line: "Released Mar 29, 2019".
    public func releaseText(locale: Locale) -> String? {
        releaseDate.map { "Released \($0.formatted(locale: locale))" }
    }

    /// The card's release line as the card draws it: in `language` (nil: English), the date
    /// formatted for `locale` (the language's date locale, ``ChromeLanguage/dateLocale(given:)``).
    func releaseText(language: ChromeLanguage?, locale: Locale) -> String? {
        language.map { $0.releaseText(for: self, locale: locale) } ?? releaseText(locale: locale)
    }

    /// The item's own strings as the sheet row and the card draw them with `options` (the
    /// card's language and button), each with its font: what the text coverage checks.
    public func drawnTexts(
        format: FeedFormat, theme: Theme, locale: Locale, options: ScreenOptions = ScreenOptions()
    ) -> [(text: String, font: FontStyle)] {
        let fonts = theme.fonts
        guard format.isAlbumChart else {
            return [(title, fonts.rowHeadline), (description ?? "", fonts.rowSubtitle)]
        }
        let language = options.language
        let cardLocale = language?.dateLocale(given: locale) ?? locale
        return [
            (title, fonts.rowTitle), (title, fonts.cardTitle), (artistName ?? "", fonts.rowSubtitle),
            (artistName ?? "", fonts.cardArtist), (displayGenres.joined(separator: " · "), fonts.cardDetail),
            (releaseText(language: language, locale: cardLocale) ?? "", fonts.cardDetail),
            (copyright ?? "", fonts.cardFootnote),
            (ButtonLayout.content(for: self, target: options.button, language: language).text, fonts.button),
        ]
    }
}
