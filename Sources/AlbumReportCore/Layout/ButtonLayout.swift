/// A filled, rounded button with a centred label.
public struct ButtonLayout: Sendable, Hashable, Codable {
    public var frame: Rect
    public var cornerRadius: Double
    public var fill: RGBA
    public var label: TextBlock
    /// Where the button leads (the album's store page).
    public var link: String?
}

extension ButtonLayout: LayoutPart {
    mutating func visitParts(_ visitor: inout some LayoutPartVisitor) {
        visitor.visit(&frame, .unrecorded)
        visitor.visit(&label, .unrecorded)
    }
}

extension ButtonLayout {
    /// What a card's button says and where it leads.
    struct Content: Sendable, Hashable {
        var text: String
        /// Nil: the button is drawn disabled.
        var link: String?
    }

    /// The card's button as `--button` asks: the album's store page, titled after its store, or
    /// the artist's page; its words in `language` (nil: English). The one place both are decided:
    /// the layout draws it, the text coverage checks it.
    static func content(
        for item: FeedItem, target: ScreenOptions.ButtonTarget, language: ChromeLanguage?
    ) -> Content {
        switch target {
        case .album:
            Content(text: language?.storeButtonTitle(for: item) ?? item.storeButtonTitle, link: item.storeURL)
        case .artist:
            Content(text: language?["viewArtist"] ?? "View Artist", link: item.artistURL)
        }
    }

    /// A card's button in `frame`, its label centred; without a link it is drawn as iOS draws a
    /// disabled one.
    static func make(
        _ content: Content, frame: Rect, theme: Theme, measurer: some TextMeasuring
    ) -> ButtonLayout {
        let colors = theme.colors
        let enabled = content.link != nil
        let label = TextBlock.make(
            content.text, font: theme.fonts.button, color: enabled ? colors.buttonLabel : colors.disabledButtonText,
            x: frame.x + 12, y: 0, width: frame.width - 24, alignment: .center, measurer: measurer)
        return ButtonLayout(
            frame: frame, cornerRadius: theme.metrics.buttonCornerRadius,
            fill: enabled ? colors.tint : colors.disabledButtonFill,
            label: label.moved(toY: frame.y + (frame.height - label.frame.height) / 2), link: content.link)
    }
}
