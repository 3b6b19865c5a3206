/// Where a card's artwork, text and button go across the screen.
///
/// - iPhone portrait (and a card in a sheet, an iPad's form sheet in either orientation): one
///   column, "the view"; the artwork fills its width, the text follows, the button spans the column.
///   A screen-sized form sheet may ask for smaller artwork (`artworkSide`): centred, the text
///   keeps the column's width.
/// - iPhone landscape: the artwork leads and the text trails; the button spans both.
/// - iPad, pushed, portrait: the readable column (672 pt plus the 20 pt insets, centred); the
///   artwork is centred in it, half the screen tall, or `artworkSide` (``CardLayout`` grows it
///   into the room the text leaves, up to the column's width); the text and the button share the
///   artwork's edges.
/// - iPad, pushed, landscape: two columns across the safe width. The artwork leads, half the
///   width at most and never lower than the button's bottom; the text and the button share
///   the trailing column (at most the readable width), the button 20 pt from its edges
///   (``CardLayout`` then centres the two columns on each other).
struct CardColumns {
    /// The artwork's square.
    var artwork: Rect
    /// The text column.
    var text: (x: Double, width: Double)
    /// The button's column ("the view" it keeps its 20 pt insets from).
    var buttonView: (x: Double, width: Double)
    /// The top of the first text block.
    var textTop: Double
    /// Whether the button sits in the text column beside the artwork, so that the artwork may
    /// reach down to the button's bottom instead of ending above it.
    var buttonBesideArtwork: Bool

    /// The columns for a card whose content starts at `top` in `view` (the card's column, or the
    /// sheet it is presented in). `padLayout` asks for the iPad's own design (a pushed card on iPad).
    /// `artworkSide` sizes a one-column card's artwork (at most the column's width).
    static func make(
        view: (x: Double, width: Double), safe: (x: Double, width: Double), top: Double, device: Device,
        metrics: Theme.Metrics, buttonBlockHeight: Double, bottomInset: Double, padLayout: Bool,
        artworkSide: Double? = nil
    ) -> CardColumns {
        let inset = metrics.cardInset
        let innerX = view.x + inset
        let innerWidth = view.width - 2 * inset
        // A sheet on iPad is a form sheet, compact in width whichever way the iPad is held: one
        // column, as on an iPhone in portrait.
        let landscape = device.size.width > device.size.height && (padLayout || !device.isPad)
        let belowArtwork = { (artwork: Rect) in artwork.maxY + metrics.cardArtworkTextSpacing }

        if padLayout && landscape {
            let leading = safe.x + inset
            let trailing = safe.x + safe.width
            let lowest = device.size.height - bottomInset - metrics.buttonBottomMargin
            let side = max(min(((safe.width - 2 * inset) / 2).rounded(.down), lowest - top), 60)
            let artwork = Rect(x: leading, y: top, width: side, height: side)
            let column = (x: artwork.maxX, width: trailing - artwork.maxX)
            let textWidth = min(column.width - 2 * inset, metrics.readableContentWidth)
            return CardColumns(
                artwork: artwork, text: (column.x + inset, max(textWidth, 1)), buttonView: column, textTop: top,
                buttonBesideArtwork: true)
        }
        if padLayout {
            let side = min(innerWidth, artworkSide ?? (device.size.height / 2).rounded(.down))
            let artwork = Rect(x: innerX + (innerWidth - side) / 2, y: top, width: side, height: side)
            // The text and the button share the artwork's edges: one column that reads as one.
            return CardColumns(
                artwork: artwork, text: (artwork.x, side), buttonView: (artwork.x - inset, side + 2 * inset),
                textTop: belowArtwork(artwork), buttonBesideArtwork: false)
        }
        if landscape {
            let side = max(min(innerWidth * 0.42, device.size.height - buttonBlockHeight - top), 60)
            let artwork = Rect(x: innerX, y: top, width: side, height: side)
            let textX = artwork.maxX + inset
            return CardColumns(
                artwork: artwork, text: (textX, innerX + innerWidth - textX), buttonView: view, textTop: top,
                buttonBesideArtwork: false)
        }
        let side = min(innerWidth, artworkSide ?? innerWidth)
        let artwork = Rect(x: innerX + (innerWidth - side) / 2, y: top, width: side, height: side)
        return CardColumns(
            artwork: artwork, text: (innerX, innerWidth), buttonView: view, textTop: belowArtwork(artwork),
            buttonBesideArtwork: false)
    }
}
