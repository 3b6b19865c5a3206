import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

@Suite("Sheet and card geometry")
struct LayoutTests {
    let measurer = MonospaceMeasurer()

    func album(
        _ title: String, rank: Int = 1, artist: String = "Artist", copyright: String? = "℗ 2020 Label"
    ) -> FeedItem {
        FeedItem(
            rank: rank, id: "\(rank)", title: title, artistName: artist,
            artworkURL: "https://a.example/\(rank)/100x100bb.jpg",
            storeURL: "https://music.apple.com/us/album/\(rank)",
            releaseDate: PartialDate(year: 2020, month: 3, day: 29),
            genres: ["Pop", "Music"], copyright: copyright)
    }

    func chart(_ items: [FeedItem]) -> Feed {
        Feed(format: .appleRSSv1, title: "Top Albums", items: items)
    }

    @Test("a short row is exactly the thumbnail plus padding; a long name wraps and the row grows")
    func rowHeights() throws {
        let theme = try Theme.shipped()
        let items = [album("Short", rank: 1), album(String(repeating: "Very long album name ", count: 8), rank: 2)]
        let sheet = SheetLayout.make(
            feed: chart(items), items: items, device: .iPhone15, theme: theme, measurer: measurer)
        let minimum = theme.metrics.thumbnailSize + 2 * theme.metrics.rowVerticalPadding
        #expect(sheet.rows[0].frame.height == minimum)
        let long = sheet.rows[1]
        let title = try #require(long.title)
        #expect(title.lines.count > 2)
        #expect(long.frame.height > minimum)
        #expect(
            long.frame.height == title.frame.height + theme.metrics.rowTextSpacing + (long.subtitle?.frame.height ?? 0)
                + 2 * theme.metrics.rowVerticalPadding)
        #expect(title.text.replacingOccurrences(of: "\n", with: " ") == TextNormalizer.normalize(items[1].title))
    }

    @Test("a 200-character name without spaces breaks by character and no line leaves the text column")
    func unbrokenName() throws {
        let theme = try Theme.shipped()
        let name = String(repeating: "W", count: 200)
        let items = [album(name)]
        let sheet = SheetLayout.make(
            feed: chart(items), items: items, device: .iPhone15, theme: theme, measurer: measurer)
        let title = try #require(sheet.rows[0].title)
        #expect(title.lines.map(\.text).joined() == name)
        for line in title.lines {
            #expect(line.width <= title.frame.width)
        }
        #expect(title.frame.maxX <= sheet.rows[0].chevron?.frame.x ?? .infinity)
    }

    @Test(
        "rows never overlap, follow each other without gaps, and all text stays on the canvas",
        arguments: Device.presets)
    func rowsTile(device: Device) throws {
        let theme = try Theme.shipped()
        let feed = try FeedDecoder().decode(
            Fixtures.feedData(Fixtures.Feeds.v1Top100Pretty), source: "fixture"
        ).feed
        let sheet = SheetLayout.make(feed: feed, items: feed.items, device: device, theme: theme, measurer: measurer)
        let canvas = Rect(x: 0, y: 0, width: sheet.size.width, height: sheet.size.height)
        var previousBottom = try #require(sheet.rows.first).frame.y
        for row in sheet.rows {
            #expect(abs(row.frame.y - previousBottom) < 1e-9)
            previousBottom = row.frame.maxY
            for block in [row.title, row.subtitle].compactMap({ $0 }) {
                #expect(row.frame.contains(block.frame))
                #expect(canvas.contains(block.frame))
            }
            if let thumbnail = row.thumbnail { #expect(row.frame.contains(thumbnail.frame)) }
            let separator = try #require(row.separator)
            #expect(row.frame.contains(separator))
            #expect(abs(separator.height * device.scale - 1) < 1e-9)
        }
        #expect(sheet.size.height >= previousBottom + device.safeArea.bottom)
    }

    @Test(
        "the card's button is 20 pt from the leading and trailing edges and the safe-area bottom",
        arguments: Device.presets)
    func buttonFrame(device: Device) throws {
        let theme = try Theme.shipped()
        let item = album("After Hours")
        let card = CardLayout.make(
            item: item, feed: chart([item]), device: device, theme: theme, locale: Locale(identifier: "en_US"),
            measurer: measurer)
        let button = card.button.frame
        var column = min(device.size.width, theme.metrics.readableContentWidth + 40)
        var columnX = (device.size.width - column) / 2
        if device.isPad {
            // An iPad's card column is its artwork's: at least half the screen tall, grown into
            // the room a short album's text leaves, at most the readable width.
            column = card.artwork.frame.width + 40
            columnX = (device.size.width - column) / 2
        }
        #expect(button.x == columnX + 20)
        #expect(button.maxX == columnX + column - 20)
        #expect(button.maxY == card.size.height - device.safeArea.bottom - 20)
        #expect(button.height == theme.metrics.buttonHeight)
        #expect(card.size == device.size)
        if device.size.width < 500 {
            #expect(button.x == 20)
            #expect(button.width == device.size.width - 40)
        }
        if device.isPad {
            // Centred over the readable column, from half the screen's height to the readable width.
            #expect(abs(card.artwork.frame.midX - button.midX) < 1e-9)
            let side = card.artwork.frame.width
            #expect(side >= min(672, (device.size.height / 2).rounded(.down)) && side <= 672)
        } else {
            #expect(card.artwork.frame.x == button.x)
            #expect(card.artwork.frame.width == button.width)
        }
        for block in card.textBlocks {
            #expect(!block.frame.intersects(button))
            #expect(block.frame.maxY <= button.y)
        }
        #expect(card.button.link == item.storeURL)
        #expect(card.button.label.text == "View in Apple Music")
    }

    @Test("a card whose text does not fit grows taller and keeps the button 20 pt above the safe-area bottom")
    func cardGrows() throws {
        let theme = try Theme.shipped()
        let item = album("Long", copyright: String(repeating: "℗ 2020 A very long copyright line. ", count: 60))
        let card = CardLayout.make(
            item: item, feed: chart([item]), device: .iPhone15, theme: theme, locale: Locale(identifier: "en_US"),
            measurer: measurer)
        let copyright = try #require(card.copyright)
        #expect(card.size.height > Device.iPhone15.size.height)
        #expect(card.button.frame.maxY == card.size.height - 34 - 20)
        #expect(copyright.frame.maxY + theme.metrics.buttonContentSpacing <= card.button.frame.y + 1e-9)
        #expect(card.releaseDate?.text == "Released Mar 29, 2020")
        #expect(card.genres?.text == "Pop")
    }

    @Test("facts rows: a row without an image uses the full width; there is no chevron")
    func factsRows() throws {
        let theme = try Theme.shipped()
        let feed = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.facts), source: "fixture").feed
        let sheet = SheetLayout.make(feed: feed, items: feed.items, device: .iPhone15, theme: theme, measurer: measurer)
        #expect(sheet.rows.count == 13)
        #expect(sheet.navigationBar.largeTitle?.text == "About Canada")
        #expect(sheet.navigationBar.refreshSymbol != nil)
        let eh = try #require(sheet.rows.first { $0.itemID == "row-5" })
        #expect(eh.thumbnail == nil)
        #expect(eh.title?.frame.x == theme.metrics.layoutMargin(on: .iPhone15))
        #expect(eh.chevron == nil)
        let beavers = try #require(sheet.rows.first { $0.itemID == "row-1" })
        #expect(beavers.thumbnail != nil)
        #expect((beavers.title?.frame.x ?? 0) > theme.metrics.layoutMargin(on: .iPhone15) + theme.metrics.thumbnailSize)
        let flag = try #require(sheet.rows.first { $0.itemID == "row-2" })
        #expect(flag.subtitle == nil)
    }

    @Test("pixel frames round edges independently so neighbours stay adjacent")
    func pixelRounding() {
        let a = Rect(x: 0, y: 10.2, width: 100, height: 33.3)
        let b = Rect(x: 0, y: a.maxY, width: 100, height: 20)
        #expect(a.pixels(scale: 3).maxY == b.pixels(scale: 3).y)
        #expect(Rect(x: 0, y: 5, width: 10, height: 1.0 / 3).pixels(scale: 3).height == 1)
    }
}

@Suite("Theme files")
struct ThemeTests {
    @Test("the shipped light and dark themes decode", arguments: ["light", "dark"])
    func shipped(name: String) throws {
        let theme = try Theme.shipped(name)
        #expect(theme.name == name)
        #expect(theme.fonts.rowTitle.size == 17)
    }

    @Test("a missing value is rejected naming its key")
    func missingKey() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("Templates/light.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var colors = try #require(object["colors"] as? [String: Any])
        colors.removeValue(forKey: "tint")
        object["colors"] = colors
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect {
            try Theme.decode(data, source: "mine.json")
        } throws: { error in
            (error as? ThemeError)?.description.contains("'colors.tint'") == true
        }
    }

    @Test("a malformed colour is rejected naming its key")
    func malformedColour() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("Templates/light.json")
        let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
            of: "\"label\": \"#000000\"", with: "\"label\": \"black\"")
        #expect {
            try Theme.decode(Data(text.utf8), source: "mine.json")
        } throws: { error in
            let message = (error as? ThemeError)?.description ?? ""
            return message.contains("'colors.label'") && message.contains("#RRGGBB")
        }
    }
}

@Suite("Text blocks: direction, alignment and breaking")
struct TextBlockDirectionTests {
    let measurer = MonospaceMeasurer()
    let font = FontStyle(family: "Inter", weight: .regular, size: 10, lineHeight: 12)
    let black = RGBA(red: 0, green: 0, blue: 0)

    @Test("a paragraph whose first letter is Hebrew or Arabic is right to left, yet aligned left in the English UI")
    func rightToLeft() {
        #expect(measurer.direction(of: "2024 שלום") == .rightToLeft)
        #expect(measurer.direction(of: "عمرو دياب Vol. 2") == .rightToLeft)
        #expect(measurer.direction(of: "Vol. 2 عمرو") == .leftToRight)
        #expect(measurer.direction(of: "2024") == .leftToRight)
        let block = TextBlock.make("שלום עולם", font: font, color: black, x: 10, y: 0, width: 100, measurer: measurer)
        #expect(block.direction == .rightToLeft)
        #expect(block.lines[0].x == 10)
        let latin = TextBlock.make("Hello", font: font, color: black, x: 10, y: 0, width: 100, measurer: measurer)
        #expect(latin.lines[0].x == 10)
        let trailing = TextBlock.make(
            "שלום", font: font, color: black, x: 10, y: 0, width: 100, alignment: .trailing, measurer: measurer)
        #expect(trailing.lines[0].x == 10 + 100 - trailing.lines[0].width)
    }

    @Test("lines break at the measurer's opportunities; trailing spaces never count")
    func breaking() {
        // 5 pt a character: 40 pt holds 8.
        let lines = TextWrapper.wrap("aaaa bbbb cccc", font: font, width: 40, measurer: measurer)
        #expect(lines.map(\.text) == ["aaaa", "bbbb", "cccc"])
        #expect(lines.map(\.width) == [20, 20, 20])
        let long = TextWrapper.wrap("aaaaaaaaaaaa bb", font: font, width: 40, measurer: measurer)
        #expect(long.map(\.text) == ["aaaaaaaa", "aaaa bb"])
    }

    @Test("a 5,000-character word is cut into lines that each fit, losing nothing")
    func longWord() {
        let word = String(repeating: "a", count: 5000)
        let lines = TextWrapper.wrap(word, font: font, width: 40, measurer: measurer)
        #expect(lines.count == 625)
        #expect(lines.allSatisfy { $0.text.count == 8 && $0.width <= 40 })
        #expect(lines.map(\.text).joined() == word)
    }
}
