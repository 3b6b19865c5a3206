import AlbumReportCore
import AlbumReportGraphics
import AlbumReportRenderer
import AlbumReportTestSupport
import Foundation
import Testing

@Suite("Sheets drawn in strips")
struct StripRenderingTests {
    @Test("a sheet drawn in narrow strips is pixel-identical to one drawn whole, and is a valid PNG")
    func seamless() throws {
        let theme = try Theme.shipped()
        let engine = try TextEngine(theme: theme, scale: 2)
        let renderer = ScreenRenderer(text: engine, theme: theme)
        let feed = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1ComingSoon), source: "f").feed
        let layout = SheetLayout.make(feed: feed, items: feed.items, device: .iPhoneSE, theme: theme, measurer: engine)
        let art = try GDImage(width: 100, height: 100, background: RGBA(red: 200, green: 40, blue: 90)).pngData()
        let whole = try renderer.renderSheet(layout, compression: .level(6), stripHeight: 100_000) {
            $0 == 3 ? nil : art
        }
        let strips = try renderer.renderSheet(layout, compression: .level(6), stripHeight: 37) { $0 == 3 ? nil : art }
        #expect(whole.height == Int(layout.size.height * 2))
        #expect(ImageHeader.read(strips.png) == ImageHeader(format: .png, width: 750, height: whole.height))
        let a = try GDImage(decoding: whole.png).pixelBuffer()
        let b = try GDImage(decoding: strips.png).pixelBuffer()
        #expect(a == b)
        #expect(whole.png == strips.png)
    }

    @Test("the home indicator: a black capsule over a light list, drawn the same across strips; white over a dark card")
    func homeIndicator() throws {
        let feed = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1ComingSoon), source: "f").feed
        for name in ["light", "dark"] {
            let theme = try Theme.shipped(name)
            let engine = try TextEngine(theme: theme, scale: 3)
            let renderer = ScreenRenderer(text: engine, theme: theme)
            let sheet = SheetLayout.make(
                feed: feed, items: Array(feed.items.prefix(3)), device: .iPhone15, theme: theme, measurer: engine)
            let indicator = try #require(sheet.homeIndicator)
            let whole = try renderer.renderSheet(sheet, compression: .level(1), stripHeight: 100_000) { _ in nil }
            // Strips of 7 rows cut the 15-row capsule across three of them.
            let strips = try renderer.renderSheet(sheet, compression: .level(1), stripHeight: 7) { _ in nil }
            let pixels = try GDImage(decoding: whole.png)
            #expect(try pixels.pixelBuffer() == GDImage(decoding: strips.png).pixelBuffer())
            let capsule = indicator.frame.pixels(scale: 3)
            let expected = name == "dark" ? RGBA(red: 255, green: 255, blue: 255) : RGBA(red: 0, green: 0, blue: 0)
            #expect(pixels.pixel(x: capsule.x + capsule.width / 2, y: capsule.y + capsule.height / 2) == expected)
            #expect(pixels.pixel(x: capsule.x + 10, y: capsule.y + 2) == expected)
            // Nothing of it above or below its frame, nor past its rounded ends.
            #expect(pixels.pixel(x: capsule.x + capsule.width / 2, y: capsule.y - 2) == sheet.background)
            #expect(pixels.pixel(x: capsule.x + capsule.width / 2, y: capsule.maxY + 1) == sheet.background)
            #expect(pixels.pixel(x: capsule.x, y: capsule.y) == sheet.background)
            let card = CardLayout.make(
                item: feed.items[0], feed: feed, device: .iPhone15, theme: theme, locale: Locale(identifier: "en_US"),
                measurer: engine)
            let drawn = try renderer.renderCard(card, artwork: nil).image
            let onCard = try #require(card.homeIndicator).frame.pixels(scale: 3)
            #expect(drawn.pixel(x: onCard.x + onCard.width / 2, y: onCard.y + onCard.height / 2) == expected)
        }
    }

    @Test("a sheet taller than any single canvas may be renders (1,300 rows on a narrow @1x screen)")
    func tallSheet() throws {
        let theme = try Theme.shipped()
        let engine = try TextEngine(theme: theme, scale: 1)
        let items = (1...1300).map { FeedItem(rank: $0, id: "\($0)", title: "A\($0)", artistName: "B") }
        let feed = Feed(format: .appleRSSv1, title: "Top", items: items)
        let narrow = Device(
            id: "narrow", name: "Narrow", size: Size(width: 140, height: 400), scale: 1, safeArea: EdgeInsets())
        let layout = SheetLayout.make(feed: feed, items: items, device: narrow, theme: theme, measurer: engine)
        let sheet = try ScreenRenderer(text: engine, theme: theme).renderSheet(layout, compression: .level(1)) { _ in
            nil
        }
        #expect(sheet.height > GDImage.maximumEdge)
        #expect(ImageHeader.read(sheet.png)?.height == sheet.height)
    }
}
