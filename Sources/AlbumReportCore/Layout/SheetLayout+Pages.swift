extension SheetLayout {
    /// The sheet split into pages of `pageHeight` points (`--pages`). The first page is the list
    /// at its scroll edge (large title, header); the others show the bar collapsed over
    /// scrolled content. Rows are never cut: a page ends before the row that would cross its
    /// bottom safe area, and a row taller than a whole page gets a page of its own, which grows
    /// to fit it.
    public func pages(height pageHeight: Double, bottomInset: Double) -> [SheetLayout] {
        var pages: [SheetLayout] = []
        var current: [RowLayout] = []
        var top = rows.first?.frame.y ?? navigationBar.frame.maxY
        var y = top
        func flush() {
            var page = self
            if !pages.isEmpty {
                page.navigationBar = scrolledNavigationBar
                page.header = nil
            }
            page.rows = current
            page.size = Size(width: size.width, height: max(pageHeight, y + bottomInset))
            page.homeIndicator = homeIndicator?.placed(on: page.size)
            pages.append(page)
            current = []
            top = scrolledNavigationBar.frame.maxY
            y = top
        }
        for row in rows {
            if !current.isEmpty && y + row.frame.height + bottomInset > pageHeight { flush() }
            current.append(row.moved(by: y - row.frame.y))
            y += row.frame.height
        }
        if !current.isEmpty || pages.isEmpty { flush() }
        return pages
    }

    /// The sheet as screenshots of a scrolled list, each exactly `screenHeight` points tall
    /// (`--fit screen`): the first at the scroll edge; each next one scrolled so that the content
    /// cut by the previous screen's bottom edge continues right under the collapsed bar; the last
    /// scrolled to the end, as far as a scroll view goes (it may repeat part of the one before).
    /// Rows are cut by the edges as on a phone; nothing is skipped. Rows scrolled under the bar
    /// are kept: the bar's material shows them blurred.
    public func screens(height screenHeight: Double) -> [SheetLayout] {
        var first = self
        first.size = Size(width: size.width, height: screenHeight)
        first.rows = rows.filter { $0.frame.y < screenHeight }
        first.homeIndicator = homeIndicator?.placed(on: first.size)
        var screens = [first]
        let barBottom = scrolledNavigationBar.frame.maxY
        let step = max(screenHeight - barBottom, 1)
        // iOS's largest content offset: the content's end (its bottom inset included) at the
        // screen's bottom edge.
        let maximumOffset = size.height - screenHeight
        var offset = 0.0
        // A bound on screens, so that no device or theme can make this loop long.
        while offset < maximumOffset - 0.5 && screens.count < 10_000 {
            offset = min(offset + step, maximumOffset)
            let dy = -offset
            var screen = self
            screen.size = first.size
            screen.homeIndicator = first.homeIndicator
            screen.navigationBar = scrolledNavigationBar
            // Content scrolled under the bar is drawn too: the bar's material blurs it.
            screen.header = header.flatMap { $0.frame.maxY + dy > 0 ? $0.moved(toY: $0.frame.y + dy) : nil }
            screen.rows = rows.filter { $0.frame.maxY + dy > 0 && $0.frame.y + dy < screenHeight }.map {
                $0.moved(by: dy)
            }
            screens.append(screen)
        }
        return screens
    }
}

extension RowLayout {
    /// The same row moved down by `dy` points, with everything in it.
    public func moved(by dy: Double) -> RowLayout {
        var row = self
        row.frame = frame.offsetBy(dy: dy)
        row.background?.frame = frame.offsetBy(dy: dy)
        if let thumbnail { row.thumbnail?.frame = thumbnail.frame.offsetBy(dy: dy) }
        row.title = title?.moved(toY: (title?.frame.y ?? 0) + dy)
        if let badge { row.badge?.frame = badge.frame.offsetBy(dy: dy) }
        row.subtitle = subtitle?.moved(toY: (subtitle?.frame.y ?? 0) + dy)
        if let chevron { row.chevron?.frame = chevron.frame.offsetBy(dy: dy) }
        row.separator = separator?.offsetBy(dy: dy)
        return row
    }
}
