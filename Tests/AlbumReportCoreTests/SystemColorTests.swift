import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// The shipped themes' greys are iOS's system label colours composited over the background.
@Suite("System colours in the shipped themes")
struct SystemColorTests {
    @Test(
        "secondary and tertiary labels are #3C3C43 (light) or #EBEBF5 (dark) at 60% and 30%",
        arguments: ["light", "dark"])
    func labels(name: String) throws {
        let colors = try Theme.shipped(name).colors
        let ink = colors.isDark ? RGBA(red: 0xEB, green: 0xEB, blue: 0xF5) : RGBA(red: 0x3C, green: 0x3C, blue: 0x43)
        func at(_ alpha: UInt8) -> RGBA {
            var color = ink
            color.alpha = alpha
            return color.over(colors.background)
        }
        #expect(colors.secondaryLabel == at(0x99))
        #expect(colors.tertiaryLabel == at(0x4D))
    }

    @Test("the card's copyright line is set in the secondary label colour")
    func copyright() throws {
        let theme = try Theme.shipped()
        let item = FeedItem(rank: 1, id: "1", title: "Album", artistName: "Artist", copyright: "℗ 2020 Label")
        let feed = Feed(format: .appleRSSv2, title: "Top Albums", items: [item])
        let card = CardLayout.make(
            item: item, feed: feed, device: .iPhone15, theme: theme, locale: Locale(identifier: "en_US"),
            measurer: MonospaceMeasurer())
        #expect(card.copyright?.color == theme.colors.secondaryLabel)
    }
}
