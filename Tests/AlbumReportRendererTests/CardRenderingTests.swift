import AlbumReportCore
import AlbumReportGraphics
import AlbumReportRenderer
import AlbumReportTestSupport
import Foundation
import Testing

/// The renderer alone: a card laid out from a recorded feed (core only) and drawn, with nothing
/// fetched and nothing written. Pixels are read where the layout says things are.
@Suite("Cards drawn from their layouts")
struct CardRenderingTests {
    let theme: Theme
    let engine: TextEngine
    let layout: CardLayout

    init() throws {
        theme = try Theme.shipped()
        engine = try TextEngine(theme: theme, scale: 2)
        let feed = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1ComingSoon), source: "f").feed
        let item = try #require(feed.items.first)
        layout = CardLayout.make(
            item: item, feed: feed, device: .iPhoneSE, theme: theme, locale: Locale(identifier: "en_US"),
            measurer: engine)
    }

    /// The colour at the centre of `rect` (points) in `image`.
    func color(at rect: Rect, in image: GDImage) -> RGBA {
        let pixels = rect.pixels(scale: layout.scale)
        return image.pixel(x: pixels.x + pixels.width / 2, y: pixels.y + pixels.height / 2)
    }

    @Test("the artwork fills its slot, the button its frame, at the layout's pixel size")
    func artworkAndButton() throws {
        let red = RGBA(red: 200, green: 30, blue: 40)
        let art = try GDImage(width: 600, height: 600, background: red).pngData()
        let card = try ScreenRenderer(text: engine, theme: theme).renderCard(layout, artwork: art)
        #expect(card.decodeFailure == nil)
        #expect(card.image.width == Int((layout.size.width * layout.scale).rounded()))
        #expect(card.image.height == Int((layout.size.height * layout.scale).rounded()))
        #expect(color(at: layout.artwork.frame, in: card.image) == red)
        // The label is drawn over the button's middle: a point between its edge and the label.
        let button = layout.button.frame
        let inside = Rect(x: button.x + 2, y: button.y + button.height / 2 - 1, width: 2, height: 2)
        #expect(color(at: inside, in: card.image) == layout.button.fill)
    }

    @Test("artwork that does not decode draws the placeholder and says why; the PNG is the card's pixels")
    func undecodableArtwork() throws {
        let renderer = ScreenRenderer(text: engine, theme: theme)
        let card = try renderer.renderCard(layout, artwork: Data("<html>not an image</html>".utf8))
        #expect(card.decodeFailure != nil)
        let corner = Rect(
            x: layout.artwork.frame.x + layout.artwork.cornerRadius + 2, y: layout.artwork.frame.y + 4, width: 1,
            height: 1)
        #expect(color(at: corner, in: card.image) == theme.colors.placeholderBackground)
        let encoded = try renderer.encodeCard(
            layout, artwork: Data("<html>not an image</html>".utf8), compression: .level(6))
        #expect(encoded.decodeFailure != nil)
        let png = try encoded.finish()
        #expect(ImageHeader.read(png) == ImageHeader(format: .png, width: encoded.width, height: encoded.height))
        #expect(try GDImage(decoding: png).pixelBuffer() == card.image.pixelBuffer())
    }

    @Test("iPad, --style swiftui: the list behind the form sheet shows its covers, dimmed, not placeholders")
    func listBehindTheSheet() throws {
        let feed = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1Top100), source: "f").feed
        let card = CardLayout.make(
            item: feed.items[0], feed: feed, device: .iPadPro13, theme: theme, locale: Locale(identifier: "en_US"),
            options: ScreenOptions(style: .swiftui), measurer: engine)
        let list = try #require(card.presentation?.presentingList)
        let dimming = try #require(card.presentation?.dimming)
        let green = RGBA(red: 30, green: 200, blue: 60)
        let cover = try GDImage(width: 100, height: 100, background: green).pngData()
        let thumbnails = Dictionary(uniqueKeysWithValues: list.rows.map { ($0.rank, cover) })
        let renderer = ScreenRenderer(text: engine, theme: theme)
        let drawn = try renderer.renderCard(card, artwork: nil, listThumbnails: thumbnails).image
        let bare = try renderer.renderCard(card, artwork: nil).image
        for row in list.rows.prefix(3) {
            let slot = try #require(row.thumbnail).frame
            let pixels = slot.pixels(scale: card.scale)
            let x = pixels.x + pixels.width / 2
            let y = pixels.y + pixels.height / 2
            // Each cover is there, under iOS's dimming; without thumbnails the placeholder is.
            #expect(drawn.pixel(x: x, y: y) == dimming.over(green))
            #expect(bare.pixel(x: x, y: y) != dimming.over(green))
        }
    }

    @Test("iPad, --fit screen: the button's band ends with the form sheet and keeps its rounded corners")
    func bandInsideTheSheet() throws {
        let feed = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1Top100), source: "f").feed
        for name in ["light", "dark"] {
            let theme = try Theme.shipped(name)
            let engine = try TextEngine(theme: theme, scale: 2)
            let card = CardLayout.make(
                item: feed.items[0], feed: feed, device: .iPadPro13.oriented(.landscape), theme: theme,
                locale: Locale(identifier: "en_US"), options: ScreenOptions(style: .swiftui, fit: .screen),
                measurer: engine)
            #expect(card.scrollEdge != nil)
            let renderer = ScreenRenderer(text: engine, theme: theme)
            let image = try renderer.renderCard(card, artwork: nil).image
            var bandless = card
            bandless.scrollEdge = nil
            let plain = try renderer.renderCard(bandless, artwork: nil).image
            let sheet = try #require(card.presentation).sheetFrame.pixels(scale: card.scale)
            // Outside the sheet (its rounded bottom corners, under its bottom edge) the band
            // changes no pixel: no square corners, no blurred backdrop.
            for (x, y) in [
                (sheet.x, sheet.maxY - 1), (sheet.x + 2, sheet.maxY - 2), (sheet.maxX - 1, sheet.maxY - 1),
                (sheet.x + sheet.width / 2, sheet.maxY), (sheet.x + sheet.width / 2, sheet.maxY + 8),
            ] {
                #expect(image.pixel(x: x, y: y) == plain.pixel(x: x, y: y))
            }
            // Inside it, along the bottom, the band's material.
            let below = plain.pixel(x: sheet.x + sheet.width / 2, y: sheet.maxY - 2)
            #expect(image.pixel(x: sheet.x + sheet.width / 2, y: sheet.maxY - 2) != below)
        }
    }
}
