import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// The iPad screens as iPadOS 17 lays them out: a list that spans the width with its layout margins.
@Suite("iPad layouts, both orientations")
struct IPadLayoutTests {
    static let pads: [Device] = [.iPad10, .iPad10.oriented(.landscape), .iPadPro13, .iPadPro13.oriented(.landscape)]
    let measurer = MonospaceMeasurer()
    let locale = Locale(identifier: "en_US")

    func chart() throws -> Feed {
        try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1Top100), source: "fixture").feed
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
}
