import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// Bar titles as iOS sets them: one line, tail-truncated with "…", in bars of fixed height.
@Suite("One-line bar titles, tail-truncated")
struct TitleTruncationTests {
    let measurer = MonospaceMeasurer()

    @Test("tail truncation keeps whole grapheme clusters, drops trailing spaces, ends in …")
    func truncation() {
        let font = FontStyle(family: "Inter", weight: .regular, size: 10, lineHeight: 12)
        // 5 pt a character: 40 pt holds 8 characters, so 7 and the ellipsis.
        let cut = TextTruncator.truncate("Top Albums of the Year", font: font, width: 40, measurer: measurer)
        #expect(cut.text == "Top Alb…")
        #expect(cut.width == 40)
        let spaced = TextTruncator.truncate("Top Albums", font: font, width: 25, measurer: measurer)
        #expect(spaced.text == "Top…", "the space before the cut is dropped")
        let family = "👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦"
        #expect(TextTruncator.truncate(family, font: font, width: 10, measurer: measurer).text == "👨‍👩‍👧‍👦…")
        #expect(TextTruncator.truncate("Short", font: font, width: 40, measurer: measurer).text == "Short")
    }

    /// The recorded chart with its title replaced.
    func chart(titled title: String) throws -> Feed {
        var feed = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1Top100), source: "fixture").feed
        feed.title = title
        return feed
    }

    @Test(
        "a long inline title stays on one line with …; the bar keeps 44/32/50 pt",
        arguments: ["iphone-15", "iphone-15@landscape", "ipad-10"])
    func inlineTitle(deviceName: String) throws {
        let theme = try Theme.shipped()
        let parts = deviceName.split(separator: "@")
        var device = try #require(Device.preset(id: String(parts[0])))
        if parts.count > 1 { device = device.oriented(.landscape) }
        let feed = try chart(titled: String(repeating: "Top Albums of Every Year ", count: 8))
        let sheet = SheetLayout.make(feed: feed, items: [], device: device, theme: theme, measurer: measurer)
        let bar = sheet.scrolledNavigationBar
        let block = try #require(bar.title)
        #expect(block.lines.count == 1)
        #expect(block.lines[0].text.hasPrefix("Top Albums"))
        #expect(block.lines[0].text.hasSuffix("…"))
        #expect(block.lines[0].width <= block.frame.width)
        let expected: Double = device.isPad ? 50 : device.isCompactHeight ? 32 : 44
        #expect(bar.inlineFrame.height == expected)
        #expect(bar.frame.maxY == bar.inlineFrame.maxY)
        #expect(bar.inlineFrame.contains(block.frame))
    }

    @Test("a long large title stays on one line with … in the 52 pt area; an RTL title is cut at its end too")
    func largeTitle() throws {
        let theme = try Theme.shipped()
        let device = try #require(Device.preset(id: "iphone-15"))
        for title in [String(repeating: "Top Albums ", count: 6), String(repeating: "האלבומים המובילים ", count: 4)] {
            let sheet = SheetLayout.make(
                feed: try chart(titled: title), items: [], device: device, theme: theme, measurer: measurer)
            let bar = sheet.navigationBar
            let block = try #require(bar.largeTitle)
            #expect(block.lines.count == 1)
            #expect(block.lines[0].text.hasSuffix("…"))
            #expect(block.lines[0].width <= block.frame.width)
            #expect(bar.frame.maxY == bar.inlineFrame.maxY + 52)
            if title.contains("ה") {
                #expect(block.direction == TextDirection.rightToLeft)
                // Natural alignment follows the English UI: the line starts at the leading edge.
                #expect(abs(block.lines[0].x - block.frame.x) < 1e-9, "left-aligned in an English UI")
                #expect(block.lines[0].text.hasPrefix("האלבומים"))
            }
        }
    }

    @Test("a back title too long for a third of the bar becomes \"Back\", on one line, as UIKit's default back button")
    func backTitle() throws {
        let theme = try Theme.shipped()
        let long = try chart(titled: String(repeating: "Top Albums of Every Year ", count: 4))
        let item = try #require(long.items.first)
        let card = CardLayout.make(
            item: item, feed: long, device: .iPhone15, theme: theme, locale: Locale(identifier: "en_US"),
            measurer: measurer)
        let label = try #require(card.navigationBar.backLabel)
        #expect(label.text == "Back")
        #expect(label.lines.count == 1)
        #expect(card.navigationBar.inlineFrame.contains(label.frame))
        let short = try chart(titled: "Top Albums")
        let shortCard = CardLayout.make(
            item: item, feed: short, device: .iPhone15, theme: theme, locale: Locale(identifier: "en_US"),
            measurer: measurer)
        #expect(shortCard.navigationBar.backLabel?.text == "Top Albums")
    }
}
