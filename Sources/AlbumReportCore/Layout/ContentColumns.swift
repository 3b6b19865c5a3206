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
