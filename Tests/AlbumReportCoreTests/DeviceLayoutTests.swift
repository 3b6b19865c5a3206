import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

@Suite("Every device, both orientations")
struct DeviceLayoutTests {
    static let devices: [Device] = Device.presets.flatMap { [$0, $0.oriented(.landscape)] }
    let measurer = MonospaceMeasurer()

    @Test("landscape swaps the size and moves the insets as iOS does")
    func orientation() {
        let phone = Device.iPhone15.oriented(.landscape)
        #expect(phone.size == Size(width: 852, height: 393))
        #expect(phone.safeArea == EdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
        #expect(phone.oriented(.portrait) == .iPhone15)
        #expect(Device.iPhoneSE.oriented(.landscape).safeArea == EdgeInsets())
        let pad = Device.iPad10.oriented(.landscape)
        #expect(pad.size == Size(width: 1180, height: 820))
        #expect(pad.safeArea == EdgeInsets(top: 24, bottom: 20))
        #expect(Device.iPhone15ProMax.oriented(.landscape).size == Size(width: 932, height: 430))
    }

    func feed() throws -> Feed {
        try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1ComingSoon), source: "fixture").feed
    }

    @Test(
        "the card's button is 20 pt from the column's edges and the safe-area bottom; text stays clear of it",
        arguments: devices)
    func button(device: Device) throws {
        let theme = try Theme.shipped()
        let feed = try feed()
        for item in feed.items {
            let card = CardLayout.make(
                item: item, feed: feed, device: device, theme: theme, locale: Locale(identifier: "en_US"),
                measurer: measurer)
            let safeWidth = device.size.width - device.safeArea.left - device.safeArea.right
            var column = min(safeWidth, theme.metrics.readableContentWidth + 2 * theme.metrics.cardInset)
            var columnX = device.safeArea.left + (safeWidth - column) / 2
            let padLandscape = device.isPad && device.orientation == .landscape
            if padLandscape {
                // iPad landscape: the button shares the trailing column with the text.
                columnX = card.artwork.frame.maxX
                column = device.size.width - device.safeArea.right - columnX
            } else if device.isPad {
                // iPad portrait: the column is the artwork's, with the 20 pt insets around it.
                columnX = card.artwork.frame.x - 20
                column = card.artwork.frame.width + 40
            }
            let button = card.button.frame
            #expect(abs(button.x - (columnX + 20)) < 1e-9)
            #expect(abs(button.maxX - (columnX + column - 20)) < 1e-9)
            // Pinned 20 pt above the safe area's bottom on every device and orientation.
            #expect(abs(button.maxY - (card.size.height - device.safeArea.bottom - 20)) < 1e-9)
            if padLandscape, let text = card.textBlocks.first, let last = card.textBlocks.last {
                // The text is centred on the artwork (where it fits above the button's band).
                let middle = (text.frame.y + last.frame.maxY) / 2
                #expect(abs(middle - card.artwork.frame.midY) < 1 || last.frame.maxY >= button.y - 20 - 1e-9)
            }
            #expect(card.size.width == device.size.width)
            #expect(card.size.height >= device.size.height)
            let canvas = Rect(x: 0, y: 0, width: card.size.width, height: card.size.height)
            for block in card.textBlocks {
                #expect(canvas.contains(block.frame))
                #expect(block.frame.x >= device.safeArea.left)
                #expect(block.frame.maxX <= device.size.width - device.safeArea.right)
                #expect(block.frame.maxY <= button.y)
            }
            if padLandscape {
                #expect(card.artwork.frame.x == device.safeArea.left + 20)
                for block in card.textBlocks { #expect(block.frame.x >= card.artwork.frame.maxX + 20 - 1e-9) }
            } else if device.size.width > device.size.height {
                // Landscape: the artwork leads, the text trails.
                #expect(card.artwork.frame.x == button.x)
                for block in card.textBlocks { #expect(block.frame.x >= card.artwork.frame.maxX + 20 - 1e-9) }
            } else if device.isPad {
                // iPad portrait: the artwork is centred over the readable column, at most as wide.
                #expect(abs(card.artwork.frame.midX - button.midX) < 1e-9)
                #expect(card.artwork.frame.width <= button.width)
            } else {
                #expect(card.artwork.frame.x == button.x && card.artwork.frame.width == button.width)
            }
        }
    }

    @Test(
        "rows tile the sheet without overlap and keep their text inside the canvas and the safe area",
        arguments: devices)
    func rows(device: Device) throws {
        let theme = try Theme.shipped()
        let feed = try feed()
        let sheet = SheetLayout.make(feed: feed, items: feed.items, device: device, theme: theme, measurer: measurer)
        var bottom = try #require(sheet.rows.first).frame.y
        #expect(bottom >= sheet.navigationBar.frame.maxY)
        #expect(sheet.navigationBar.frame.y == 0)
        let title = try #require(sheet.navigationBar.largeTitle ?? sheet.navigationBar.title)
        #expect(title.frame.y >= device.safeArea.top)
        for row in sheet.rows {
            #expect(abs(row.frame.y - bottom) < 1e-9)
            bottom = row.frame.maxY
            for block in [row.title, row.subtitle].compactMap({ $0 }) {
                #expect(row.frame.contains(block.frame))
                #expect(block.frame.x >= device.safeArea.left)
                #expect(block.frame.maxX <= device.size.width - device.safeArea.right)
            }
        }
        #expect(sheet.size.height >= bottom + device.safeArea.bottom)
    }

    @Test("the list's header names the chart's country and date under the title")
    func subtitle() throws {
        let locale = Locale(identifier: "en_US")
        let v1 = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1Top100), source: "f").feed
        #expect(ChartSubtitle.text(for: v1, locale: locale) == "United States · Mar 23, 2020")
        let v2 = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v2Top100), source: "f").feed
        #expect(ChartSubtitle.text(for: v2, locale: locale) == "United States · Jan 11, 2025")
        let facts = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.facts), source: "f").feed
        #expect(ChartSubtitle.text(for: facts, locale: locale) == nil)
        let sheet = SheetLayout.make(
            feed: v1, items: Array(v1.items.prefix(2)), device: .iPhone15, theme: try Theme.shipped(),
            measurer: measurer)
        let header = try #require(sheet.header)
        #expect(header.text == "United States · Mar 23, 2020")
        #expect(header.frame.y >= sheet.navigationBar.frame.maxY)
        let firstRow = try #require(sheet.rows.first)
        #expect(header.frame.maxY <= firstRow.frame.y)
    }

    @Test("pages start with the navigation bar, keep every row whole and in order, and fit the screen")
    func pages() throws {
        let theme = try Theme.shipped()
        let feed = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1Top100Pretty), source: "f").feed
        let device = Device.iPhone15
        let sheet = SheetLayout.make(feed: feed, items: feed.items, device: device, theme: theme, measurer: measurer)
        let pages = sheet.pages(height: device.size.height, bottomInset: device.safeArea.bottom)
        #expect(pages.count > 10)
        #expect(pages.flatMap { $0.rows.map(\.rank) } == sheet.rows.map(\.rank))
        for (index, page) in pages.enumerated() {
            #expect(page.size == device.size)
            // The first page is the list at its scroll edge; the others show the collapsed bar.
            #expect(page.navigationBar == (index == 0 ? sheet.navigationBar : sheet.scrolledNavigationBar))
            #expect((page.header != nil) == (index == 0))
            var bottom = index == 0 ? try #require(sheet.rows.first).frame.y : page.navigationBar.frame.maxY
            for row in page.rows {
                #expect(abs(row.frame.y - bottom) < 1e-9)
                bottom = row.frame.maxY
                #expect(row.title.map { row.frame.contains($0.frame) } ?? true)
            }
            #expect(bottom + device.safeArea.bottom <= page.size.height)
        }
    }

    @Test("a row taller than a page gets a page of its own that grows to fit it")
    func tallRow() throws {
        let theme = try Theme.shipped()
        let long = FeedItem(
            rank: 2, id: "2", title: String(repeating: "Endless title words ", count: 200), artistName: "A")
        let items = [
            FeedItem(rank: 1, id: "1", title: "Short", artistName: "A"), long,
            FeedItem(rank: 3, id: "3", title: "Short", artistName: "B"),
        ]
        let feed = Feed(format: .appleRSSv1, title: "Top Albums", items: items)
        let sheet = SheetLayout.make(feed: feed, items: items, device: .iPhoneSE, theme: theme, measurer: measurer)
        let pages = sheet.pages(height: 667, bottomInset: 0)
        #expect(pages.map { $0.rows.map(\.rank) } == [[1], [2], [3]])
        #expect(pages[1].size.height > 667)
        #expect(pages[0].size.height == 667)
    }
}
