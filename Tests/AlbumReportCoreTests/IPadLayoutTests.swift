import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// The iPad screens as iPadOS 17 lays them out: a list that spans the width with its layout
/// margins, a card designed for the big screen, and the iPad's status bar.
@Suite("iPad layouts, both orientations")
struct IPadLayoutTests {
    static let pads: [Device] = [.iPad10, .iPad10.oriented(.landscape), .iPadPro13, .iPadPro13.oriented(.landscape)]
    let measurer = MonospaceMeasurer()
    let locale = Locale(identifier: "en_US")

    func chart() throws -> Feed {
        try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1Top100), source: "fixture").feed
    }

    /// The card of the chart's `rank`th album presented as a SwiftUI sheet on `device`.
    func sheetCard(rank: Int = 1, on device: Device, fit: ScreenOptions.Fit) throws -> CardLayout {
        let feed = try chart()
        return CardLayout.make(
            item: feed.items[rank - 1], feed: feed, device: device, theme: try Theme.shipped(), locale: locale,
            options: ScreenOptions(style: .swiftui, fit: fit), measurer: measurer)
    }

    @Test(
        "the list spans the width: rows, separators, the large title and the header at the 20 pt margins",
        arguments: pads)
    func fullWidthList(device: Device) throws {
        let theme = try Theme.shipped()
        let feed = try chart()
        let width = device.size.width
        let sheet = SheetLayout.make(
            feed: feed, items: Array(feed.items.prefix(6)), device: device, theme: theme, measurer: measurer)
        for row in sheet.rows {
            #expect(row.frame.x == 0 && row.frame.width == width)
            #expect(try #require(row.thumbnail).frame.x == 20)
            #expect(abs(try #require(row.chevron).frame.maxX - (width - 20)) < 1e-9)
            let separator = try #require(row.separator)
            #expect(abs(separator.maxX - width) < 1e-9)
        }
        let large = try #require(sheet.navigationBar.largeTitle)
        #expect(large.frame.x == 20 && abs(large.frame.maxX - (width - 20)) < 1e-9)
        #expect(try #require(sheet.header).frame.x == 20)
    }

    @Test("a facts row's description wraps at the readable width (672 pt) even on a wide iPad", arguments: pads)
    func readableDescriptions(device: Device) throws {
        let theme = try Theme.shipped()
        let feed = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.facts), source: "f").feed
        let sheet = SheetLayout.make(feed: feed, items: feed.items, device: device, theme: theme, measurer: measurer)
        let descriptions = sheet.rows.compactMap(\.subtitle)
        #expect(!descriptions.isEmpty)
        for block in descriptions {
            #expect(block.frame.width <= theme.metrics.readableContentWidth)
            #expect(block.lines.allSatisfy { $0.width <= theme.metrics.readableContentWidth + 1e-9 })
        }
        // The rows themselves still span the width, their titles start at the margin.
        let plain = try #require(sheet.rows.first { $0.thumbnail == nil && $0.title != nil })
        #expect(plain.title?.frame.x == 20)
        #expect(plain.frame.width == device.size.width)
    }

    @Test(
        "the card fills the iPad: big artwork, text clear of it and of the button, two balanced columns in landscape",
        arguments: pads)
    func card(device: Device) throws {
        let theme = try Theme.shipped()
        let feed = try chart()
        let landscape = device.orientation == .landscape
        for item in feed.items.prefix(10) {
            let card = CardLayout.make(
                item: item, feed: feed, device: device, theme: theme, locale: locale, measurer: measurer)
            let artwork = card.artwork.frame
            let button = card.button.frame
            // A real album's card is one screen: nothing is clipped, nothing pushed off it.
            #expect(card.size == device.size && !card.isClipped)
            #expect(artwork.width >= 560 && artwork.width == artwork.height)
            if !landscape { #expect(abs(button.maxY - (device.size.height - device.safeArea.bottom - 20)) < 1e-9) }
            #expect(!artwork.intersects(button))
            let screen = Rect(x: 0, y: 0, width: device.size.width, height: device.size.height)
            #expect(screen.contains(artwork))
            for block in card.textBlocks {
                #expect(screen.contains(block.frame))
                #expect(!block.frame.intersects(artwork))
                #expect(block.frame.maxY <= button.y - 20 + 1e-9)
                #expect(block.frame.width <= theme.metrics.readableContentWidth)
            }
            let title = try #require(card.title)
            if landscape {
                // Artwork leading at the inset, the text and the button in the trailing column:
                // the artwork centred between the bar and the pinned button's bottom, the text
                // centred on the artwork, the button pinned 20 pt above the safe area (the seeds'
                // rule, as on every card).
                let top = card.navigationBar.frame.maxY + 20
                let floor = device.size.height - device.safeArea.bottom - 20
                #expect(artwork.x == 20 && abs(artwork.midY - (top + floor) / 2) < 1e-9)
                #expect(title.frame.x == artwork.maxX + 20 && button.x == artwork.maxX + 20)
                #expect(abs(button.maxX - (device.size.width - 20)) < 1e-9)
                let last = try #require(card.textBlocks.last)
                #expect(abs(button.maxY - floor) < 1e-9)
                #expect(last.frame.maxY <= button.y - 20 + 1e-9)
                let centred = abs((title.frame.y + last.frame.maxY) / 2 - artwork.midY) < 1e-9
                #expect(centred || last.frame.maxY > button.y - 21, "centred, unless too tall to centre")
                #expect(title.frame.y >= top)
            } else {
                // One column as wide as the artwork, centred; the artwork at least half the
                // screen's height, grown into the room the text leaves up to the readable width;
                // the text and the button share the artwork's edges; what room is left is split
                // above the artwork and under the copyright (no void under the text: 234 pt on
                // the 11-inch iPad and 348 pt on the 13-inch before).
                #expect(artwork.height >= (device.size.height / 2).rounded(.down) || artwork.width == 672)
                #expect(artwork.width <= theme.metrics.readableContentWidth)
                let last = try #require(card.textBlocks.last).frame.maxY
                let above = artwork.y - (card.navigationBar.frame.maxY + 20)
                let below = button.y - 20 - last
                #expect(above >= 0 && abs(above - below) <= 1, "\(above) above, \(below) below")
                #expect(artwork.width == 672 || below <= 1, "the artwork grows before room is left")
                #expect(abs(artwork.midX - device.size.width / 2) < 1e-9)
                #expect(title.frame.y > artwork.maxY)
                #expect(title.frame.x == artwork.x && button.x == artwork.x && button.width == artwork.width)
            }
        }
    }

    @Test(
        "the status bar reads as in Apple's iPad screenshots: \"9:41 AM\", \"Tue Jan 9\", \"100%\" by the battery",
        arguments: pads)
    func statusBar(device: Device) throws {
        let theme = try Theme.shipped()
        let bar = try #require(
            StatusBarLayout.make(device: device, theme: theme, color: theme.colors.label, measurer: measurer))
        #expect(bar.time.text == "9:41 AM")
        let date = try #require(bar.date)
        #expect(date.text == "Tue Jan 9")
        #expect(bar.time.frame.x == 20 && date.frame.x > bar.time.frame.maxX)
        #expect(date.frame.maxX < bar.wifi.x)
        #expect(bar.batteryPercentage?.text == "100%")
        #expect(abs(bar.battery.maxX + 2 * 0.85 - (device.size.width - 20)) < 1e-9)
    }

    @Test("--style swiftui: the list the card was presented from shows around the sheet, dimmed", arguments: pads)
    func presentingList(device: Device) throws {
        let theme = try Theme.shipped()
        let feed = try chart()
        let card = CardLayout.make(
            item: feed.items[3], feed: feed, device: device, theme: theme, locale: locale,
            options: ScreenOptions(style: .swiftui), measurer: measurer)
        let presentation = try #require(card.presentation)
        let list = try #require(presentation.presentingList)
        let dimming = try #require(presentation.dimming)
        #expect(dimming.red == 0 && dimming.alpha > 0 && dimming.alpha < 255)
        #expect(presentation.presentingColor == list.background)
        // A screenful of rows, from the first, each starting on the screen; the bar shows its large title.
        #expect(list.rows.map(\.rank) == Array(1...list.rows.count))
        #expect(list.rows.count >= Int(device.size.height / 76) - 2)
        #expect(list.rows.allSatisfy { $0.frame.y < device.size.height })
        #expect(list.rows.last.map { $0.frame.maxY >= device.size.height } == true)
        #expect(list.navigationBar.largeTitle?.text == feed.title)
        // The status bar is the presentation's, drawn over the dimming, not the list's.
        #expect(list.navigationBar.statusBar == nil && presentation.statusBar != nil)
        // A report of three albums shows those three rows behind the sheet.
        let three = CardLayout.make(
            item: feed.items[0], feed: feed, device: device, theme: theme, locale: locale,
            options: ScreenOptions(style: .swiftui), listItems: Array(feed.items.prefix(3)), measurer: measurer)
        #expect(three.presentation?.presentingList?.rows.map(\.rank) == [1, 2, 3])
        // On iPhone the sheet covers the list: nothing is laid out behind it.
        let phone = CardLayout.make(
            item: feed.items[3], feed: feed, device: .iPhone15, theme: theme, locale: locale,
            options: ScreenOptions(style: .swiftui), measurer: measurer)
        #expect(phone.presentation?.presentingList == nil && phone.presentation?.dimming == nil)
    }

    @Test(
        "--style swiftui: the card is a 580 × 640 pt form sheet, centred, 10 pt corners, over the dimmed list",
        arguments: pads)
    func formSheet(device: Device) throws {
        let card = try sheetCard(on: device, fit: .screen)
        let sheet = try #require(card.presentation)
        let frame = sheet.sheetFrame
        #expect(frame.width == 580 && frame.height == 640)
        #expect(abs(frame.midX - device.size.width / 2) < 1e-9 && abs(frame.midY - device.size.height / 2) < 1e-9)
        #expect(sheet.cornerRadius == 10 && sheet.roundsBottom)
        #expect(card.size == device.size)
        // The artwork, the bar and the button keep their insets inside the sheet: the artwork fills
        // the column when the sheet grows with its content, and is centred and smaller in a
        // screen-sized sheet, so that the album's name and artist show (`formSheetScrolls`).
        let grown = try sheetCard(on: device, fit: .content)
        #expect(grown.artwork.frame.x == frame.x + 20 && grown.artwork.frame.width == 540)
        #expect(card.artwork.frame.width < 540 && abs(card.artwork.frame.midX - frame.midX) < 1e-9)
        #expect(card.button.frame.x == frame.x + 20 && card.button.frame.maxX == frame.maxX - 20)
        #expect(abs(card.button.frame.maxY - (frame.maxY - 20)) < 1e-9)
        #expect(card.navigationBar.frame.x == frame.x && card.navigationBar.frame.width == frame.width)
        // UIKit's size for the smallest and the largest screens.
        let small = Device(
            id: "ipad-9.7", name: "iPad", size: Size(width: 768, height: 1024), scale: 2, safeArea: EdgeInsets(top: 20))
        #expect(SheetPresentation.formSheetSize(on: small) == Size(width: 540, height: 600))
        let large = Device(
            id: "ipad-wide", name: "iPad", size: Size(width: 1600, height: 1000), scale: 2,
            safeArea: EdgeInsets(top: 24))
        #expect(SheetPresentation.formSheetSize(on: large) == Size(width: 620, height: 680))
    }

    @Test(
        "--fit screen: content scrolls under the button's band, which ends with the sheet and nothing leaves it",
        arguments: pads)
    func formSheetScrolls(device: Device) throws {
        for rank in 1...5 {
            let card = try sheetCard(rank: rank, on: device, fit: .screen)
            let sheet = try #require(card.presentation).sheetFrame
            let band = try #require(card.scrollEdge)
            #expect(band.frame.x == sheet.x && band.frame.maxX == sheet.maxX)
            #expect(abs(band.frame.maxY - sheet.maxY) < 1e-9)
            #expect(band.container == sheet && band.containerCornerRadius == 10)
            #expect(band.frame.y < card.button.frame.y)
            for block in card.textBlocks { #expect(block.frame.maxY <= sheet.maxY + 1e-9) }
            #expect(card.artwork.frame.maxY <= sheet.maxY)
            // The top of the sheet says what the card is about: the album's name and artist end a
            // section's spacing above the band, the artwork shrunk for them and centred.
            let shown = try #require(card.artist ?? card.title).frame.maxY
            let spacing = try Theme.shipped().metrics.cardSectionSpacing
            #expect(shown <= band.frame.y - spacing + 1e-9)
            #expect(abs(card.artwork.frame.midX - sheet.midX) < 1e-9)
            #expect(card.artwork.frame.width >= 120 && card.artwork.frame.y > card.navigationBar.frame.maxY)
        }
    }

    @Test(
        "--fit content: a form sheet grows to hold its content and stays centred while it fits the screen",
        arguments: pads)
    func formSheetGrows(device: Device) throws {
        let card = try sheetCard(on: device, fit: .content)
        let sheet = try #require(card.presentation).sheetFrame
        #expect(sheet.width == 580 && sheet.height > 640)
        let copyright = try #require(card.copyright)
        #expect(copyright.frame.maxY + 20 <= card.button.frame.y)
        #expect(abs(card.button.frame.maxY - (sheet.maxY - 20)) < 1e-9)
        #expect(card.scrollEdge == nil)
        if sheet.height + 2 * 25 + 24 <= device.size.height {
            #expect(card.size == device.size)
            #expect(abs(sheet.midY - device.size.height / 2) < 1e-9)
        } else {
            #expect(sheet.y == 24 + 25 && card.size.height == sheet.maxY + 25)
        }
    }
}
