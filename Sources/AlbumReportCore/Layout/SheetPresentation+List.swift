import Foundation

extension SheetPresentation {
    /// Puts the list of `items` the card was presented from behind the sheet, dimmed as iOS dims a
    /// presenting view: the rows that show on one screen, without their own status bar (the
    /// presentation draws it over the dimming). Black at 20 % in light mode, 48 % in dark
    /// (UIKit's dimming colour, `UIColor._dimmingViewColor`).
    mutating func showList(
        of feed: Feed, items: [FeedItem], device: Device, theme: Theme, options: ScreenOptions,
        measurer: some TextMeasuring
    ) {
        var listOptions = options
        listOptions.statusBar = .none
        // The screen's indicator is the card's own, over the sheet and the list alike.
        listOptions.homeIndicator = .none
        listOptions.fit = .screen
        let metrics = theme.metrics
        // Enough rows for a screen of the shortest rows; taller rows just show fewer.
        let rowHeight = max(metrics.thumbnailSize + 2 * metrics.rowVerticalPadding, 1)
        let count = Int((device.size.height / rowHeight).rounded(.up)) + 1
        var list = SheetLayout.make(
            feed: feed, items: Array(items.prefix(count)), device: device, theme: theme, options: listOptions,
            measurer: measurer)
        list.rows = list.rows.filter { $0.frame.y < device.size.height }
        presentingList = list
        presentingColor = list.background
        dimming = RGBA(red: 0, green: 0, blue: 0, alpha: theme.colors.background.isDarkColor ? 122 : 51)
    }
}
