import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// UIKit's natural alignment follows the app's localization, not the text's script: the app's
/// English UI sets Arabic and Hebrew names against the left edge, glyphs still right to left.
@Suite("Natural alignment: right-to-left names in the English UI")
struct NaturalAlignmentTests {
    let measurer = MonospaceMeasurer()
    let locale = Locale(identifier: "en_US")

    func arabicChart() throws -> Feed {
        let url = Fixtures.feed("scripts/ar.json")
        return try FeedDecoder().decode(Data(contentsOf: url), source: url.lastPathComponent).feed
    }

    @Test("Arabic album names and artists start at the row's text column and the card's left inset")
    func leftAligned() throws {
        let theme = try Theme.shipped()
        let feed = try arabicChart()
        #expect(feed.items.count == 4)
        let sheet = SheetLayout.make(feed: feed, items: feed.items, device: .iPhone15, theme: theme, measurer: measurer)
        for row in sheet.rows {
            let title = try #require(row.title)
            #expect(title.direction == .rightToLeft)
            for block in [title, try #require(row.subtitle)] {
                #expect(block.lines.allSatisfy { $0.x == block.frame.x })
            }
        }
        for item in feed.items {
            let card = CardLayout.make(
                item: item, feed: feed, device: .iPhone15, theme: theme, locale: locale, measurer: measurer)
            let title = try #require(card.title)
            #expect(title.direction == .rightToLeft)
            #expect(title.lines.allSatisfy { $0.x == card.artwork.frame.x })
        }
    }

    @Test("the explicit badge follows an Arabic name to its right, before the chevron")
    func badgeAfterRightToLeftName() throws {
        let theme = try Theme.shipped()
        var feed = try arabicChart()
        for index in feed.items.indices { feed.items[index].contentAdvisoryRating = "Explicit" }
        let sheet = SheetLayout.make(feed: feed, items: feed.items, device: .iPhone15, theme: theme, measurer: measurer)
        for row in sheet.rows {
            let title = try #require(row.title)
            let last = try #require(title.lines.last)
            let badge = try #require(row.badge)
            #expect(badge.frame.x > last.x + last.width)
            let chevron = try #require(row.chevron)
            #expect(badge.frame.maxX <= chevron.frame.x)
        }
    }
}
