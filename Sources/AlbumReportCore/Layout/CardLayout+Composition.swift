import Foundation

/// How an iPad card is composed on the big screen, the button never moving (the seeds' rule: it
/// stays pinned 20 pt above the safe area's bottom, or the sheet's).
extension CardLayout {
    /// The artwork's side an iPad card is laid out again with, nil when the columns' first choice
    /// stands:
    /// - pushed, portrait: grown by the room the text leaves above the button's band (the column's
    ///   width at most: ``CardColumns`` keeps it), so a short album's card is not the artwork and a
    ///   void under the copyright (234 pt on the 11-inch iPad, 348 pt on the 13-inch); what room is
    ///   still left is then split above and below (``centre(_:_:above:)``);
    /// - a screen-sized form sheet (`--style swiftui --fit screen`): small enough that the album's
    ///   name and artist end a section's spacing above the band, at least 120 pt. iOS would scroll the sheet; a
    ///   screenshot shows its top, which must say what the card is about (the 540 pt artwork of
    ///   a 580 × 640 pt sheet left no text above the band).
    static func composedArtworkSide(
        _ layout: CardColumns, _ text: CardText, bandTop: Double, device: Device, options: ScreenOptions,
        metrics: Theme.Metrics
    ) -> Double? {
        guard device.isPad, !layout.buttonBesideArtwork else { return nil }
        let side = layout.artwork.width
        if options.style == .uikit {
            let room = bandTop - text.bottom
            return room >= 1 ? (side + room).rounded(.down) : nil
        }
        guard options.fit == .screen, let shown = (text.artist ?? text.title)?.frame.maxY else { return nil }
        let overflow = shown + metrics.cardSectionSpacing - bandTop
        return overflow > 0 ? max((side - overflow).rounded(.down), 120) : nil
    }

    /// Moves a one-column card's artwork and text down by half the room left between the text and
    /// the button's band (`bandTop`), so that the two read as one group centred between the bar
    /// and the button; nothing moves when the text reaches the band.
    static func centre(_ artwork: inout ImageSlot, _ text: inout CardText, above bandTop: Double) {
        let room = bandTop - text.bottom
        guard room >= 2 else { return }
        let dy = (room / 2).rounded(.down)
        artwork.frame.y += dy
        text.move(by: dy)
    }

    /// Composes an iPad's landscape card (artwork leading, text trailing) so that its columns
    /// balance on the big screen: the artwork is centred in the height between `top` and `floor`
    /// (the pinned button's bottom), and the text is centred on the artwork, ending above the
    /// button's band, instead of hanging at the top with most of the column empty under it (a
    /// 13-inch screen left 690 pt there). The button itself never moves: it stays pinned 20 pt above
    /// the safe area's bottom, as on every card (the seeds' rule). Text too tall to centre starts
    /// at the top.
    static func balance(
        _ artwork: inout ImageSlot, _ text: inout CardText, top: Double, buttonHeight: Double, floor: Double,
        metrics: Theme.Metrics
    ) {
        let height = floor - top
        artwork.frame.y = top + max((height - artwork.frame.height) / 2, 0)
        let textHeight = text.bottom - top
        let textFloor = floor - buttonHeight - metrics.buttonContentSpacing
        guard textHeight <= textFloor - top else { return }
        let textTop = min(max(artwork.frame.midY - textHeight / 2, top), textFloor - textHeight)
        text.move(by: textTop - top)
    }
}
