import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// The iOS chrome's geometry, asserted from the layout for every preset and orientation: status
/// bar heights, bar heights, safe areas, the large title, the button's insets in every style
/// and fit, and the pieces each seed app's variant adds.
@Suite("iOS chrome geometry, every preset and orientation")
struct ChromeGeometryTests {
    static let devices: [Device] = Device.presets.flatMap { [$0, $0.oriented(.landscape)] }
    static let styles = ScreenOptions.Style.allCases.flatMap { style in
        ScreenOptions.Fit.allCases.map { ScreenOptions(style: style, fit: $0) }
    }
    let measurer = MonospaceMeasurer()
    let locale = Locale(identifier: "en_US")

    func chart() throws -> Feed {
        try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1Top100), source: "fixture").feed
    }

    /// The status bar's height iOS shows for each kind of screen.
    static func expectedStatusBar(_ device: Device) -> Double? {
        if !device.isPad && device.orientation == .landscape { return nil }
        switch device.id {
        case "iphone-se": return 20
        case "iphone-14-plus": return 47
        case "ipad-10", "ipad-pro-13": return 24
        default: return 54
        }
    }

    @Test(
        "status bar: 54 pt beside the Dynamic Island, 47 pt with a notch, 20 pt on iPhone SE, 24 pt on iPad, none in iPhone landscape",
        arguments: devices)
    func statusBar(device: Device) throws {
        let theme = try Theme.shipped()
        let bar = StatusBarLayout.make(device: device, theme: theme, color: theme.colors.label, measurer: measurer)
        #expect(bar?.frame.height == Self.expectedStatusBar(device))
        guard let bar else { return }
        // Everything in the bar sits inside it and inside the screen's width.
        let frames = [bar.time.frame, bar.wifi, bar.battery] + [bar.signal, bar.date?.frame].compactMap { $0 }
        for frame in frames {
            #expect(frame.y >= 0 && frame.maxY <= bar.frame.height + 1e-9)
            #expect(frame.x >= 0 && frame.maxX <= device.size.width)
        }
        #expect(bar.time.text == (device.id == "iphone-se" || device.isPad ? "9:41 AM" : "9:41"))
        #expect((bar.signal != nil) == !device.isPad)
        #expect((bar.date != nil) == device.isPad)
        // Nothing overlaps: the time leads the symbols, or (iPhone SE) sits centred between them.
        if device.hardware == .homeButton {
            #expect(abs(bar.time.frame.midX - device.size.width / 2) < 1e-9)
            #expect(bar.wifi.maxX < bar.time.frame.x && bar.battery.x > bar.time.frame.maxX)
        } else {
            #expect(bar.time.frame.maxX < bar.wifi.x)
        }
        if let signal = bar.signal { #expect(signal.maxX <= bar.wifi.x || signal.x >= bar.wifi.maxX) }
        #expect(bar.wifi.maxX < bar.battery.x)
        // The safe area leaves room for the bar.
        #expect(device.safeArea.top >= bar.frame.height)
        let none = SheetLayout.make(
            feed: try chart(), items: [], device: device, theme: theme, options: ScreenOptions(statusBar: .none),
            measurer: measurer)
        #expect(none.navigationBar.statusBar == nil)
    }

    @Test(
        "navigation bars: 44 pt on iPhone, 32 pt in iPhone landscape, 50 pt on iPad; transparent at the scroll edge, material with a hairline when scrolled",
        arguments: devices)
    func navigationBar(device: Device) throws {
        let theme = try Theme.shipped()
        let feed = try chart()
        let sheet = SheetLayout.make(
            feed: feed, items: Array(feed.items.prefix(3)), device: device, theme: theme, measurer: measurer)
        let expected = device.isPad ? 50.0 : device.orientation == .landscape ? 32 : 44
        for bar in [sheet.navigationBar, sheet.scrolledNavigationBar] {
            #expect(bar.inlineFrame.y == device.safeArea.top)
            #expect(bar.inlineFrame.height == expected)
        }
        #expect(sheet.navigationBar.material == nil && sheet.navigationBar.separator == nil)
        let scrolled = sheet.scrolledNavigationBar
        #expect(scrolled.material?.tint == theme.colors.chromeMaterialTint)
        // Over a plain background the material shows as the theme's flat bar colour.
        let plain = theme.colors.chromeMaterialTint.over(theme.colors.background)
        let flat = theme.colors.navigationBar
        #expect(abs(Int(plain.red) - Int(flat.red)) <= 1 && abs(Int(plain.blue) - Int(flat.blue)) <= 1)
        let hairline = try #require(scrolled.separator)
        #expect(abs(hairline.height * device.scale - 1) < 1e-9 && abs(hairline.maxY - scrolled.frame.maxY) < 1e-9)
        // The large title: 34 pt bold under the bar, except in compact height, where iOS shows none.
        let compact = !device.isPad && device.orientation == .landscape
        if compact {
            #expect(sheet.navigationBar.largeTitle == nil)
            #expect(sheet.navigationBar.title?.text == feed.title)
        } else {
            let large = try #require(sheet.navigationBar.largeTitle)
            #expect(large.font.size == 34 && large.font.weight == .bold)
            #expect(large.frame.y >= sheet.navigationBar.inlineFrame.maxY)
            #expect(abs(sheet.navigationBar.frame.maxY - (sheet.navigationBar.inlineFrame.maxY + 52)) < 1e-9)
            #expect(sheet.navigationBar.title == nil)
        }
        // Scrolled, the large title collapses into the bar; --title-style inline never shows one.
        #expect(scrolled.largeTitle == nil && scrolled.title?.text == feed.title)
        let inline = SheetLayout.make(
            feed: feed, items: [], device: device, theme: theme, options: ScreenOptions(titleStyle: .inline),
            measurer: measurer)
        #expect(inline.navigationBar.largeTitle == nil && inline.navigationBar.title?.text == feed.title)
        #expect(abs(inline.navigationBar.frame.maxY - (device.safeArea.top + expected)) < 1e-9)
    }

    @Test(
        "the seeds' rule: the button is 20 pt from the view's edges and 20 pt above the safe-area bottom in every style, fit and text size, clear of the home indicator",
        arguments: devices)
    func button(device: Device) throws {
        let shipped = try Theme.shipped()
        let feed = try chart()
        // Three real albums (one explicit) and one whose card is taller than any screen.
        let long = FeedItem(
            rank: 101, id: "101", title: String(repeating: "Very long album name ", count: 30), artistName: "Artist",
            storeURL: "https://music.apple.com/us/album/1", copyright: String(repeating: "℗ 2020 Label. ", count: 60))
        let sized = Self.styles.flatMap { options in
            ContentSizeCategory.allCases.map { size in
                var sized = options
                sized.contentSize = size
                return sized
            }
        }
        for options in sized {
            let theme = shipped.adapted(to: options)
            for item in feed.items.prefix(3) + [long] {
                let card = CardLayout.make(
                    item: item, feed: feed, device: device, theme: theme, locale: locale, options: options,
                    measurer: measurer)
                let button = card.button.frame
                // "The view": the readable column when pushed; the sheet on iPad.
                let view: (x: Double, maxX: Double, bottom: Double)
                if let sheet = card.presentation, device.isPad {
                    view = (sheet.sheetFrame.x, sheet.sheetFrame.maxX, sheet.sheetFrame.maxY)
                } else if device.isPad && device.orientation == .landscape {
                    // The trailing column, beside the artwork.
                    let trailing = device.size.width - device.safeArea.right
                    view = (card.artwork.frame.maxX, trailing, card.size.height - device.safeArea.bottom)
                } else if device.isPad {
                    // Portrait: the artwork's column, with the 20 pt insets around it.
                    let artwork = card.artwork.frame
                    view = (artwork.x - 20, artwork.maxX + 20, card.size.height - device.safeArea.bottom)
                } else {
                    let safeWidth = device.size.width - device.safeArea.left - device.safeArea.right
                    let column = min(safeWidth, theme.metrics.readableContentWidth + 40)
                    let x = device.safeArea.left + (safeWidth - column) / 2
                    view = (x, x + column, card.size.height - device.safeArea.bottom)
                }
                #expect(abs(button.x - (view.x + 20)) < 1e-9, "\(options)")
                #expect(abs(button.maxX - (view.maxX - 20)) < 1e-9, "\(options)")
                // Pinned on every card: iPad landscape too (its text is centred, not its button).
                #expect(abs(button.maxY - (view.bottom - 20)) < 1e-9, "\(options)")
                if let sheet = card.presentation { #expect(sheet.sheetFrame.contains(button)) }
                // The home indicator (Face ID devices) sits in the bottom safe area, under the button.
                #expect((card.homeIndicator != nil) == (device.safeArea.bottom > 0))
                if let indicator = card.homeIndicator?.frame {
                    #expect(indicator.y >= card.size.height - device.safeArea.bottom)
                    #expect(!indicator.intersects(button))
                }
                if options.fit == .screen {
                    #expect(card.size == device.size)
                } else {
                    // Nothing is cut: every text block ends above the button.
                    for block in card.textBlocks { #expect(block.frame.maxY <= button.y - 20 + 1e-9) }
                }
            }
        }
    }

    /// The home indicator's width measured in real screenshots, by screen width (docs/screens.md):
    /// 134 pt at 375 (a device), 140 at 393 (an iOS 17 simulator) and 402, 148 at 414; 273 pt on
    /// an 834 pt iPad, 315 from 1,024 pt.
    @Test(
        "home indicator: the measured capsule, centred above the bottom edge on Face ID iPhones and iPads, black over light and white over dark; none with a home button or --home-indicator none"
    )
    func homeIndicator() throws {
        let feed = try chart()
        let light = try Theme.shipped()
        func width(iPhone: Double) -> Double {
            let device = Device(
                id: "iphone-x", name: "", size: Size(width: iPhone, height: 812), scale: 3,
                safeArea: EdgeInsets(top: 44, bottom: 34))
            let sheet = SheetLayout.make(feed: feed, items: [], device: device, theme: light, measurer: measurer)
            return sheet.homeIndicator?.frame.width ?? 0
        }
        let dark = try Theme.shipped("dark")
        #expect([375.0, 393, 402, 414, 440].map { width(iPhone: $0) } == [134, 140, 140, 148, 148])
        for device in Self.devices {
            for theme in [light, dark] {
                for options in Self.styles {
                    let sheet = SheetLayout.make(
                        feed: feed, items: Array(feed.items.prefix(20)), device: device, theme: theme,
                        options: options, measurer: measurer)
                    let card = CardLayout.make(
                        item: feed.items[0], feed: feed, device: device, theme: theme, locale: locale,
                        options: options, measurer: measurer)
                    for (indicator, size) in [(sheet.homeIndicator, sheet.size), (card.homeIndicator, card.size)] {
                        guard device.id != "iphone-se" else {
                            #expect(indicator == nil)
                            continue
                        }
                        let frame = try #require(indicator).frame
                        #expect(abs(frame.midX - size.width / 2) < 1e-9)
                        let (height, gap) = device.isPad ? (5.5, 7.5) : (5.0, 8.0)
                        #expect(frame.height == height && abs(size.height - frame.maxY - gap) < 1e-9)
                        // An iPhone's in landscape is its portrait one.
                        let width = device.isPad ? device.size.width : min(device.size.width, device.size.height)
                        let expected: Double =
                            device.isPad ? (width < 1000 ? 273 : 315) : (width < 390 ? 134 : width < 414 ? 140 : 148)
                        #expect(frame.width == expected, "\(device.id) \(device.orientation)")
                        #expect(
                            indicator?.color
                                == (theme.colors.isDark
                                    ? RGBA(red: 255, green: 255, blue: 255) : RGBA(red: 0, green: 0, blue: 0)))
                    }
                    // Recorded among the screen's elements; the list behind an iPad's sheet has none of its own.
                    #expect(
                        card.elements.filter { $0.name == "homeIndicator" }.count == (device.id == "iphone-se" ? 0 : 1))
                    #expect(card.presentation?.presentingList?.homeIndicator == nil)
                    // Every page of a paged sheet has its own, at its bottom.
                    for page in sheet.pages(height: device.size.height, bottomInset: device.safeArea.bottom)
                        + sheet.screens(height: device.size.height)
                    {
                        #expect(
                            page.homeIndicator.map {
                                abs(page.size.height - $0.frame.maxY - (device.isPad ? 7.5 : 8)) < 1e-9
                            } ?? (device.id == "iphone-se"))
                    }
                }
            }
            var off = ScreenOptions()
            off.homeIndicator = .none
            let card = CardLayout.make(
                item: feed.items[0], feed: feed, device: device, theme: light, locale: locale, options: off,
                measurer: measurer)
            #expect(card.homeIndicator == nil && !card.elements.contains { $0.name == "homeIndicator" })
        }
    }

    @Test(
        "--fit screen: every sheet page is the device's size, the pages continue each other, and every row is shown",
        arguments: devices)
    func fitScreenSheet(device: Device) throws {
        let theme = try Theme.shipped()
        let feed = try chart()
        for style in ScreenOptions.Style.allCases {
            let sheet = SheetLayout.make(
                feed: feed, items: feed.items, device: device, theme: theme,
                options: ScreenOptions(style: style, fit: .screen), measurer: measurer)
            let screens = sheet.screens(height: device.size.height)
            #expect(screens.count > 1)
            #expect(screens.allSatisfy { $0.size == device.size })
            #expect(Set(screens.flatMap { $0.rows.map(\.rank) }) == Set(sheet.rows.map(\.rank)))
            // The first screen is at the scroll edge; every next one continues right under its bar
            // where the previous one was cut by the bottom edge, and the last is scrolled to the
            // end (the content's bottom at the screen's bottom), as far as iOS scrolls.
            #expect(screens[0].navigationBar == sheet.navigationBar)
            let maximumOffset = sheet.size.height - device.size.height
            var previous = 0.0
            for (index, screen) in screens.enumerated().dropFirst() {
                #expect(screen.navigationBar == sheet.scrolledNavigationBar)
                let barBottom = screen.navigationBar.frame.maxY
                // Rows under the bar are kept (its material blurs them); the first row reaching
                // below it is where the previous screen was cut.
                #expect(screen.rows.allSatisfy { $0.frame.maxY > 0 })
                let first = try #require(screen.rows.first { $0.frame.maxY > barBottom })
                let original = try #require(sheet.rows.first { $0.rank == first.rank })
                let offset = original.frame.y - first.frame.y
                let step = device.size.height - barBottom
                if index == screens.count - 1 {
                    #expect(abs(offset - maximumOffset) < 1e-9)
                    #expect(offset <= previous + step + 1e-9)
                } else {
                    #expect(abs(offset - (previous + step)) < 1e-9)
                }
                #expect(first.frame.y <= barBottom && first.frame.maxY > barBottom)
                previous = offset
            }
            // The last screen shows the last row whole.
            let lastRow = try #require(screens.last?.rows.last)
            #expect(lastRow.rank == sheet.rows.last?.rank && lastRow.frame.maxY <= device.size.height)
        }
    }

    @Test("--fit screen cards: content taller than the screen scrolls under a band behind the pinned button")
    func fitScreenCard() throws {
        let theme = try Theme.shipped()
        let long = FeedItem(
            rank: 1, id: "1", title: String(repeating: "Very long album name ", count: 20), artistName: "Artist",
            storeURL: "https://music.apple.com/us/album/1", releaseDate: PartialDate(year: 2020, month: 3, day: 20),
            genres: ["Pop"], copyright: "℗ 2020 Label")
        let feed = Feed(format: .appleRSSv2, title: "Top Albums", items: [long])
        let card = CardLayout.make(
            item: long, feed: feed, device: .iPhoneSE, theme: theme, locale: locale,
            options: ScreenOptions(fit: .screen), measurer: measurer)
        #expect(card.size == Device.iPhoneSE.size)
        let edge = try #require(card.scrollEdge)
        #expect(edge.frame.y == card.button.frame.y - 20 && edge.frame.maxY == card.size.height)
        // iOS 17's band: the chrome material under a hairline, not a fade.
        #expect(edge.material == theme.colors.chromeMaterial)
        #expect(edge.separator.y == edge.frame.y && edge.separator.height * Device.iPhoneSE.scale == 1)
        #expect(card.textBlocks.allSatisfy { $0.frame.y < card.size.height })
        #expect(!card.isClipped)
        // The band runs edge to edge, as a toolbar does, also where the safe area and the
        // readable column leave room at the sides (a Face ID iPhone in landscape).
        #expect(edge.frame.x == 0 && edge.frame.width == Device.iPhoneSE.size.width)
        let landscape = Device.iPhone16ProMax.oriented(.landscape)
        let wide = CardLayout.make(
            item: long, feed: feed, device: landscape, theme: theme, locale: locale,
            options: ScreenOptions(fit: .screen), measurer: measurer)
        let wideEdge = try #require(wide.scrollEdge)
        #expect(wideEdge.frame.x == 0 && wideEdge.frame.width == landscape.size.width)
        #expect(wideEdge.separator.width == landscape.size.width)
        // A short card needs no band.
        let short = FeedItem(rank: 2, id: "2", title: "Short", artistName: "A")
        let fits = CardLayout.make(
            item: short, feed: feed, device: .iPhone15, theme: theme, locale: locale,
            options: ScreenOptions(fit: .screen), measurer: measurer)
        #expect(fits.scrollEdge == nil)
    }

    @Test(
        "landscape cards lead with the artwork and fit the screen where the text is short; on iPad the columns balance",
        arguments: devices.filter { $0.orientation == .landscape })
    func landscapeCard(device: Device) throws {
        let theme = try Theme.shipped()
        let item = FeedItem(
            rank: 1, id: "1", title: "After Hours", artistName: "The Weeknd", storeURL: "https://music.apple.com/x",
            releaseDate: PartialDate(year: 2020, month: 3, day: 20), genres: ["R&B/Soul"], copyright: "℗ 2020 XO")
        let card = CardLayout.make(
            item: item, feed: Feed(format: .appleRSSv2, title: "Top Albums", items: [item]), device: device,
            theme: theme, locale: locale, measurer: measurer)
        #expect(card.size == device.size)
        let title = try #require(card.title)
        #expect(title.frame.x >= card.artwork.frame.maxX + 20)
        if device.isPad {
            // The text is centred on the artwork; the button stays pinned in the text's column,
            // 20 pt above the safe area's bottom (the seeds' rule), clear of the artwork.
            let textBottom = card.copyright?.frame.maxY ?? 0
            #expect(abs((title.frame.y + textBottom) / 2 - card.artwork.frame.midY) < 1e-9)
            #expect(abs(card.button.frame.maxY - (device.size.height - device.safeArea.bottom - 20)) < 1e-9)
            #expect(textBottom <= card.button.frame.y - 20 + 1e-9)
            #expect(!card.artwork.frame.intersects(card.button.frame))
        } else {
            #expect(abs(title.frame.y - card.artwork.frame.y) < 1e-9)
            #expect(card.artwork.frame.maxY <= card.button.frame.y - 20 + 1e-9)
        }
    }

    @Test(
        "--style swiftui: an inset-grouped list without chevrons under a capitalised header; cards as sheets with a Done button and no grabber",
        arguments: devices)
    func swiftUI(device: Device) throws {
        let theme = try Theme.shipped()
        let feed = try chart()
        let options = ScreenOptions(style: .swiftui)
        let sheet = SheetLayout.make(
            feed: feed, items: Array(feed.items.prefix(4)), device: device, theme: theme, options: options,
            measurer: measurer)
        #expect(sheet.background == theme.colors.groupedBackground)
        #expect(sheet.rows.allSatisfy { $0.chevron == nil && $0.background != nil })
        #expect(sheet.rows.first?.background?.roundsTop == true && sheet.rows.last?.background?.roundsBottom == true)
        #expect(sheet.rows.dropFirst().allSatisfy { $0.background?.roundsTop == false })
        #expect(sheet.rows.last?.separator == nil)
        for row in sheet.rows {
            // The group is inset from the edges; the content is inset in the group.
            #expect(row.frame.x >= device.safeArea.left + 16 - 1e-9)
            #expect(try #require(row.thumbnail).frame.x >= row.frame.x + 16 - 1e-9)
        }
        let card = CardLayout.make(
            item: feed.items[0], feed: feed, device: device, theme: theme, locale: locale, options: options,
            measurer: measurer)
        let presentation = try #require(card.presentation)
        #expect(card.navigationBar.backChevron == nil)
        let done = try #require(card.navigationBar.doneLabel)
        #expect(done.text == "Done")
        #expect(presentation.sheetFrame.contains(done.frame))
        #expect(
            abs(
                done.frame.maxX
                    - (presentation.sheetFrame.maxX - device.layoutMargin - (device.isPad ? 0 : device.safeArea.right)))
                < 1.5)
        // The sheet's bar is 56 pt on iPhone and iPad alike, from the sheet's top edge.
        if !device.isCompactHeight {
            #expect(card.navigationBar.frame.y == presentation.sheetFrame.y)
            #expect(abs(card.navigationBar.frame.height - 56) < 1e-9, "\(card.navigationBar.frame)")
        }
        // One detent: no grabber.
        #expect(!card.elements.contains { $0.name == "grabber" })
        // The section header is in capitals, as SwiftUI sets a list's headers.
        #expect(sheet.header?.text.replacingOccurrences(of: "\n", with: " ") == "UNITED STATES · MAR 23, 2020")
        // In dark mode what shows of the list behind is dimmed black, never the sheet's own colour.
        let dark = try Theme.shipped("dark")
        let darkCard = CardLayout.make(
            item: feed.items[0], feed: feed, device: device, theme: dark, locale: locale, options: options,
            measurer: measurer)
        let behind = try #require(darkCard.presentation)
        #expect(behind.presentingColor != behind.sheetColor)
        let shown = behind.presentingColor
        #expect(Int(shown.red) + Int(shown.green) + Int(shown.blue) < 30)
        #expect(presentation.sheetFrame.y > device.safeArea.top || device.isPad)
        #expect(presentation.sheetFrame.contains(card.artwork.frame))
    }

    @Test("--button artist: \"View Artist\" linking to the feed's artistUrl; disabled without one")
    func artistButton() throws {
        let theme = try Theme.shipped()
        let feed = try chart()
        let item = feed.items[0]
        #expect(item.artistURL == "https://music.apple.com/us/artist/the-weeknd/479756766?app=music")
        let card = CardLayout.make(
            item: item, feed: feed, device: .iPhone15, theme: theme, locale: locale,
            options: ScreenOptions(button: .artist), measurer: measurer)
        #expect(card.button.label.text == "View Artist")
        #expect(card.button.link == item.artistURL)
        #expect(card.button.fill == theme.colors.tint)
        var anonymous = item
        anonymous.artistURL = nil
        let disabled = CardLayout.make(
            item: anonymous, feed: feed, device: .iPhone15, theme: theme, locale: locale,
            options: ScreenOptions(button: .artist), measurer: measurer)
        #expect(disabled.button.link == nil && disabled.button.fill == theme.colors.disabledButtonFill)
    }

    @Test(
        "the explicit badge follows the last line of an explicit album's name, in the secondary colour, inside the row")
    func explicitBadge() throws {
        let theme = try Theme.shipped()
        let feed = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v2Top100), source: "f").feed
        #expect(feed.items.filter(\.isExplicit).count > 50)
        let sheet = SheetLayout.make(
            feed: feed, items: feed.items, device: .iPhone15, theme: theme, measurer: measurer)
        for (row, item) in zip(sheet.rows, feed.items) {
            #expect((row.badge != nil) == item.isExplicit)
            guard let badge = row.badge, let title = row.title, let last = title.lines.last else { continue }
            #expect(badge.color == theme.colors.secondaryLabel)
            #expect(badge.frame.x >= last.x + last.width)
            #expect(badge.frame.maxX <= (row.chevron?.frame.x ?? .infinity))
            #expect(row.frame.contains(badge.frame))
            #expect(badge.frame.y >= title.frame.maxY - title.font.lineHeight)
        }
        let explicit = feed.items.first { $0.isExplicit }
        let item = try #require(explicit)
        let card = CardLayout.make(
            item: item, feed: feed, device: .iPhone15, theme: theme, locale: locale, measurer: measurer)
        let badge = try #require(card.badge)
        #expect(badge.frame.maxX <= card.button.frame.maxX)
    }

    @Test("App Store Connect sizes: the 6.9-inch, 6.5-inch and 13-inch presets and their aliases")
    func appStoreSizes() throws {
        let expected: [(String, Int, Int, String)] = [
            ("appstore-6.9", 1320, 2868, "6.9-inch iPhone"), ("appstore-6.5", 1284, 2778, "6.5-inch iPhone"),
            ("appstore-13", 2064, 2752, "13-inch iPad"),
        ]
        for (alias, width, height, slot) in expected {
            let device = try #require(Device.preset(id: alias))
            #expect(device.pixelSize == (width, height))
            #expect(device.appStoreSlot == slot)
            #expect(device.oriented(.landscape).appStoreSlot == slot)
        }
        #expect(Device.iPhone14Plus.hardware == .notch && Device.iPhone16ProMax.hardware == .dynamicIsland)
        #expect(Device.iPhoneSE.safeArea.top == 20 && Device.iPhoneSE.hardware == .homeButton)
        #expect(Device.iPhone15.withScale(2).appStoreSlot == nil)
    }

    @Test("facts feeds: a refresh button in the bar, photo placeholders, no chevrons")
    func facts() throws {
        let theme = try Theme.shipped()
        let feed = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.facts), source: "f").feed
        let sheet = SheetLayout.make(feed: feed, items: feed.items, device: .iPhone15, theme: theme, measurer: measurer)
        let refresh = try #require(sheet.navigationBar.refreshSymbol)
        #expect(sheet.navigationBar.inlineFrame.contains(refresh))
        #expect(abs(refresh.maxX - (393 - 16)) < 1e-9)
        #expect(sheet.rows.compactMap(\.thumbnail).allSatisfy { $0.placeholder == .photo })
        #expect(sheet.header == nil)
    }

    @Test("Apple's tracking by size: -0.43 pt at 17, -0.08 at 13, +0.40 at 34, interpolated between")
    func tracking() {
        #expect(AppleTracking.points(forSize: 17) == -0.43)
        #expect(AppleTracking.points(forSize: 13) == -0.08)
        #expect(AppleTracking.points(forSize: 34) == 0.4)
        #expect(abs(AppleTracking.points(forSize: 16.5) - (-0.37)) < 1e-9)
        #expect(AppleTracking.points(forSize: 200) == 0)
        #expect(
            FontStyle(family: "Inter", weight: .regular, size: 17, lineHeight: 22, tracking: 0).effectiveTracking == 0)
    }
}
