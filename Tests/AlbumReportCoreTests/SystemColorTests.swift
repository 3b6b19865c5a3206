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

    @Test("dark mode: secondary text on a grouped cell and in a sheet is #98989F (#EBEBF5 at 60 % over #1C1C1E)")
    func secondaryOnElevatedSurfaces() throws {
        let theme = try Theme.shipped("dark")
        let measurer = MonospaceMeasurer()
        let locale = Locale(identifier: "en_US")
        let item = FeedItem(rank: 1, id: "1", title: "Album", artistName: "Artist", copyright: "℗ 2020 Label")
        let feed = Feed(format: .appleRSSv2, title: "Top Albums", items: [item])
        let elevated = RGBA(red: 0x98, green: 0x98, blue: 0x9F)
        let swiftui = ScreenOptions(style: .swiftui)
        for device in [Device.iPhone15, .iPadPro13] {
            let list = SheetLayout.make(
                feed: feed, items: [item], device: device, theme: theme, options: swiftui, measurer: measurer)
            #expect(list.rows.first?.subtitle?.color == elevated)
            let card = CardLayout.make(
                item: item, feed: feed, device: device, theme: theme, locale: locale, options: swiftui,
                measurer: measurer)
            #expect(card.artist?.color == elevated && card.copyright?.color == elevated)
        }
        // On the black background of a plain list and a pushed card it stays #8D8D93.
        let plain = SheetLayout.make(feed: feed, items: [item], device: .iPhone15, theme: theme, measurer: measurer)
        #expect(plain.rows.first?.subtitle?.color == RGBA(red: 0x8D, green: 0x8D, blue: 0x93))
        // A theme's own colour is kept, and light mode (white cells on white) is unchanged.
        var own = theme
        own.colors.secondaryLabel = RGBA(red: 0x80, green: 0x20, blue: 0x20)
        #expect(
            own.colors.drawn(over: own.colors.secondaryGroupedBackground).secondaryLabel == own.colors.secondaryLabel)
        let light = try Theme.shipped("light")
        #expect(light.colors.drawn(over: light.colors.sheetBackground) == light.colors)
        // Tertiary text and chevrons (tertiaryLabel) follow too: #EBEBF5 at 30 % (76) over #1C1C1E.
        let cell = theme.colors.drawn(over: theme.colors.secondaryGroupedBackground)
        let tertiary = RGBA(red: 0xEB, green: 0xEB, blue: 0xF5, alpha: 76).over(theme.colors.secondaryGroupedBackground)
        #expect(tertiary == RGBA(red: 0x5A, green: 0x5A, blue: 0x5E))
        #expect(cell.tertiaryLabel == tertiary && cell.chevron == tertiary)
        // With Increase Contrast (68 %) the composite follows: #EBEBF5 at 68 % over #1C1C1E.
        let contrast = theme.colors.withIncreasedContrast().drawn(over: theme.colors.secondaryGroupedBackground)
        #expect(
            contrast.secondaryLabel
                == RGBA(red: 0xEB, green: 0xEB, blue: 0xF5, alpha: 173).over(theme.colors.secondaryGroupedBackground))
    }
}
