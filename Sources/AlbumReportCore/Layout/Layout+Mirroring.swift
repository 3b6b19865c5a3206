/// A right-to-left UI as a pure pass over a laid-out left-to-right screen: every frame's x is
/// reflected about the canvas (x′ = width − maxX), so leading becomes right and trailing left,
/// as UIKit's `semanticContentAttribute` does for an RTL language (Apple's HIG, "Right to left":
/// "system-provided UI components flip automatically in the RTL context";
/// https://developer.apple.com/design/human-interface-guidelines/right-to-left).
///
/// - Text: each line's box is reflected, so a leading-aligned line ends up right-aligned (natural
///   alignment follows the UI's language: in an RTL UI every label is right-aligned, an English
///   album name too); each line's glyphs are still ordered by FriBidi from its own text.
/// - Chevrons point the other way: the disclosure indicator `‹`, the back chevron `›`.
/// - Artwork and symbols are placed by their mirrored frames but drawn unflipped; digits in text
///   keep their order. The status bar swaps sides (the time on the right, the battery on the left).
protocol Mirrorable {
    /// The value reflected about a canvas `width` points wide.
    func mirrored(in width: Double) -> Self
}

extension Rect: Mirrorable {
    /// The rectangle reflected about a canvas `width` points wide.
    public func mirrored(in width: Double) -> Rect {
        Rect(x: width - maxX, y: y, width: self.width, height: height)
    }
}

extension Optional where Wrapped: Mirrorable {
    func mirrored(in width: Double) -> Self { map { $0.mirrored(in: width) } }
}

extension TextBlock: Mirrorable {
    /// The block reflected: its frame, and every line's box (leading-aligned lines become right-aligned).
    public func mirrored(in width: Double) -> TextBlock {
        var copy = self
        copy.frame = frame.mirrored(in: width)
        copy.lines = lines.map { line in
            var line = line
            line.x = width - (line.x + line.width)
            return line
        }
        return copy
    }
}

extension ChevronLayout: Mirrorable {
    /// The chevron reflected and turned round (`›` becomes `‹` and back).
    public func mirrored(in width: Double) -> ChevronLayout {
        var copy = self
        copy.frame = frame.mirrored(in: width)
        copy.direction = direction == .forward ? .back : .forward
        return copy
    }
}

extension ImageSlot: Mirrorable {
    func mirrored(in width: Double) -> ImageSlot {
        var copy = self
        copy.frame = frame.mirrored(in: width)
        return copy
    }
}

extension BadgeLayout: Mirrorable {
    func mirrored(in width: Double) -> BadgeLayout {
        var copy = self
        copy.frame = frame.mirrored(in: width)
        return copy
    }
}

extension StatusBarLayout: Mirrorable {
    func mirrored(in width: Double) -> StatusBarLayout {
        var copy = self
        copy.frame = frame.mirrored(in: width)
        copy.time = time.mirrored(in: width)
        copy.date = date.mirrored(in: width)
        copy.batteryPercentage = batteryPercentage.mirrored(in: width)
        copy.signal = signal.mirrored(in: width)
        copy.wifi = wifi.mirrored(in: width)
        copy.battery = battery.mirrored(in: width)
        return copy
    }
}

extension NavigationBarLayout: Mirrorable {
    func mirrored(in width: Double) -> NavigationBarLayout {
        var copy = self
        copy.frame = frame.mirrored(in: width)
        copy.statusBar = statusBar.mirrored(in: width)
        copy.title = title.mirrored(in: width)
        copy.largeTitle = largeTitle.mirrored(in: width)
        copy.separator = separator.mirrored(in: width)
        copy.backChevron = backChevron.mirrored(in: width)
        copy.backLabel = backLabel.mirrored(in: width)
        copy.doneLabel = doneLabel.mirrored(in: width)
        copy.refreshSymbol = refreshSymbol.mirrored(in: width)
        copy.inlineFrame = inlineFrame.mirrored(in: width)
        return copy
    }
}

extension RowLayout: Mirrorable {
    func mirrored(in width: Double) -> RowLayout {
        var copy = self
        copy.frame = frame.mirrored(in: width)
        if let background { copy.background?.frame = background.frame.mirrored(in: width) }
        copy.thumbnail = thumbnail.mirrored(in: width)
        copy.title = title.mirrored(in: width)
        copy.badge = badge.mirrored(in: width)
        copy.subtitle = subtitle.mirrored(in: width)
        copy.chevron = chevron.mirrored(in: width)
        copy.separator = separator.mirrored(in: width)
        return copy
    }
}

extension SheetLayout {
    /// The sheet as a right-to-left UI draws it: every frame reflected (see ``Mirrorable``).
    public func mirrored() -> SheetLayout {
        let width = size.width
        var copy = self
        copy.navigationBar = navigationBar.mirrored(in: width)
        copy.scrolledNavigationBar = scrolledNavigationBar.mirrored(in: width)
        copy.header = header.mirrored(in: width)
        copy.rows = rows.map { $0.mirrored(in: width) }
        return copy
    }
}

extension CardLayout {
    /// The card as a right-to-left UI draws it: every frame reflected (see ``Mirrorable``). The
    /// list behind a presented sheet is left as it is: it was laid out (and mirrored) as a sheet.
    public func mirrored() -> CardLayout {
        let width = size.width
        var copy = self
        if var sheet = presentation {
            sheet.presentingFrame = sheet.presentingFrame.mirrored(in: width)
            sheet.statusBar = sheet.statusBar.mirrored(in: width)
            sheet.sheetFrame = sheet.sheetFrame.mirrored(in: width)
            copy.presentation = sheet
        }
        copy.navigationBar = navigationBar.mirrored(in: width)
        copy.artwork = artwork.mirrored(in: width)
        copy.title = title.mirrored(in: width)
        copy.badge = badge.mirrored(in: width)
        copy.artist = artist.mirrored(in: width)
        copy.genres = genres.mirrored(in: width)
        copy.releaseDate = releaseDate.mirrored(in: width)
        copy.copyright = copyright.mirrored(in: width)
        if var edge = scrollEdge {
            edge.frame = edge.frame.mirrored(in: width)
            edge.separator = edge.separator.mirrored(in: width)
            copy.scrollEdge = edge
        }
        copy.button.frame = button.frame.mirrored(in: width)
        copy.button.label = button.label.mirrored(in: width)
        return copy
    }
}
