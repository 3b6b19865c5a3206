extension SheetLayout {
    /// The sheet split into pages of `pageHeight` points, each starting with the navigation bar.
    /// Rows are never cut: a page ends before the row that would cross its bottom safe area, and a
    /// row taller than a whole page gets a page of its own, which grows to fit it.
    public func pages(height pageHeight: Double, bottomInset: Double) -> [SheetLayout] {
        var pages: [SheetLayout] = []
        var current: [RowLayout] = []
        let top = navigationBar.frame.maxY
        var y = top
        func flush() {
            var page = self
            page.rows = current
            page.size = Size(width: size.width, height: max(pageHeight, y + bottomInset))
            pages.append(page)
            current = []
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
}

extension RowLayout {
    /// The same row moved down by `dy` points, with everything in it.
    public func moved(by dy: Double) -> RowLayout {
        var row = self
        row.frame = frame.offsetBy(dy: dy)
        if let thumbnail { row.thumbnail?.frame = thumbnail.frame.offsetBy(dy: dy) }
        row.title = title?.moved(toY: (title?.frame.y ?? 0) + dy)
        row.subtitle = subtitle?.moved(toY: (subtitle?.frame.y ?? 0) + dy)
        if let chevron { row.chevron?.frame = chevron.frame.offsetBy(dy: dy) }
        row.separator = separator.offsetBy(dy: dy)
        return row
    }
}
