import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import AlbumReportTesting
import Foundation
import Testing

/// Golden images of the chrome each seed app's variant adds, drawn on representative devices
/// (the Dynamic Island, the notch, the iPad's status bar, a landscape phone; light and dark): the
/// SwiftUI style's inset-grouped list and sheet, `--fit screen`'s scrolled pages (collapsed bar
/// with its material and hairline) and screen-sized cards, the artist button; the bare variant
/// without status bar or home indicator and with an inline title. Every preset in both orientations is a layout
/// snapshot (`LayoutSnapshotTests`). Re-record after an intended change with
/// `ALBUMREPORT_RECORD=failed swift test --filter ChromeGoldenTests`.
@Suite("The iOS chrome of every variant, drawn on representative devices")
struct ChromeGoldenTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Goldens/chrome")

    typealias Variant = ScreenVariant

    static let phone = Variant(device: .iPhone15, theme: "light")

    /// The SwiftUI sheet on a phone and floating over an iPad's dimmed list, in dark.
    static let swiftUIVariants = [phone, Variant(device: .iPad10, theme: "dark")]

    /// Scrolled pages and cards under the Dynamic Island, the notch, the iPad's status bar, and
    /// a landscape phone's two columns.
    static let fitVariants = [
        phone, Variant(device: .iPhone14Plus, theme: "light"), Variant(device: .iPadPro13, theme: "light"),
        Variant(device: .iPhone15.oriented(.landscape), theme: "light"),
    ]

    static let factsVariants = [phone, Variant(device: .iPad10.oriented(.landscape), theme: "light")]

    /// `limit` albums of `feed` drawn from their layouts, with the chart server's artwork.
    func chart(feed: String, limit: Int, device: Device, theme: String, screen: ScreenOptions) throws -> OfflineChart {
        var settings = ScreenGoldenTests.settings(device, theme: theme)
        settings.screen = screen
        return try OfflineChart(feed: feed, limit: limit, settings: settings)
    }

    func assertGolden(_ png: Data, _ name: String) async throws {
        try await GoldenImage.assertMatches(
            png, golden: Self.goldens.appendingPathComponent(name), testFilter: "ChromeGoldenTests")
    }

    @Test(
        "SwiftUI style, screen-sized: the list at its scroll edge, scrolled, and a card presented as a sheet",
        arguments: swiftUIVariants)
    func swiftUI(variant: Variant) async throws {
        let screen = ScreenOptions(style: .swiftui, fit: .screen, button: .artist)
        let pages = try chart(
            feed: Fixtures.Feeds.v1Top100, limit: 20, device: variant.device, theme: variant.theme, screen: screen
        ).sheet()
        let pixels = variant.device.pixelSize
        #expect(
            pages.allSatisfy {
                ImageHeader.read($0) == ImageHeader(format: .png, width: pixels.width, height: pixels.height)
            })
        #expect(pages.count >= 2)
        try await assertGolden(try #require(pages.first), "\(variant.name)-swiftui-sheet.png")
        try await assertGolden(try #require(pages.last), "\(variant.name)-swiftui-sheet-scrolled.png")

        let one = try chart(
            feed: Fixtures.Feeds.v1Top100, limit: 1, device: variant.device, theme: variant.theme, screen: screen)
        let layout = one.screens.cardLayout(for: try #require(one.screens.items.first))
        #expect(!layout.elements.contains { $0.name == "grabber" })
        #expect(layout.button.link?.contains("/artist/") == true)
        try await assertGolden(try one.card(rank: 1), "\(variant.name)-swiftui-card.png")
    }

    @Test(
        "UIKit style, screen-sized: a scrolled page and a card whose content scrolls under the button",
        arguments: fitVariants)
    func fitScreen(variant: Variant) async throws {
        let pages = try chart(
            feed: Fixtures.Feeds.v1Top100, limit: 20, device: variant.device, theme: variant.theme,
            screen: ScreenOptions(fit: .screen)
        ).sheet()
        try #require(pages.count >= 2)
        try await assertGolden(pages[1], "\(variant.name)-fit-sheet-002.png")
        // #2 has a long name and a long copyright line: on a phone it scrolls under the button.
        let two = try chart(
            feed: Fixtures.Feeds.v1Top100, limit: 2, device: variant.device, theme: variant.theme,
            screen: ScreenOptions(fit: .screen))
        try await assertGolden(try two.card(rank: 2), "\(variant.name)-fit-card.png")
    }

    @Test("facts feeds: the refresh button and photo placeholders", arguments: factsVariants)
    func facts(variant: Variant) async throws {
        // The recorded feed's photos are on the internet: offline, every row draws its placeholder.
        let facts = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.facts), source: "facts.json").feed
        var settings = RenderSettings()
        settings.draw(on: variant.device)
        settings.orientation = variant.device.orientation
        settings.screen.fit = .screen
        let pages = try OfflineScreens(feed: facts, settings: settings).sheet { _ in nil }
        try await assertGolden(try #require(pages.first), "\(variant.name)-facts-sheet.png")
    }

    @Test("no status bar, no home indicator and an inline title")
    func bare() async throws {
        let sheet = try chart(
            feed: Fixtures.Feeds.v1ComingSoon, limit: 3, device: .iPhone15, theme: "light",
            screen: ScreenOptions(titleStyle: .inline, statusBar: .none, homeIndicator: .none)
        ).sheet()
        try await assertGolden(try #require(sheet.first), "iphone-15-bare-sheet.png")
    }
}
