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
/// without status bar and with an inline title. Every preset in both orientations is a layout
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

    /// Renders `limit` albums of `feed`; cards only with `cards` (they cost most of the time).
    func render(
        feed: String, limit: Int, device: Device, theme: String, screen: ScreenOptions, output: URL,
        cards: Bool = true
    ) async throws -> Manifest {
        let chart = try await ChartServer.start(feed: feed)
        defer { Task { await chart.server.shutdown() } }
        var options = GenerateOptions(output: output)
        options.feed = .remote(chart.feedURL)
        options.device = device
        options.theme = .named(theme)
        options.limit = limit
        options.retry = .none
        options.screen = screen
        options.renderCards = cards
        options.enrich = false
        options.cacheDirectory = nil
        return try await renderReport(options)
    }

    func assertGolden(_ file: URL, _ name: String) async throws {
        try await GoldenImage.assertMatches(
            file: file, golden: Self.goldens.appendingPathComponent(name), testFilter: "ChromeGoldenTests")
    }

    @Test(
        "SwiftUI style, screen-sized: the list at its scroll edge, scrolled, and a card presented as a sheet",
        arguments: swiftUIVariants)
    func swiftUI(variant: Variant) async throws {
        let screen = ScreenOptions(style: .swiftui, fit: .screen, button: .artist)
        let sheets = try TemporaryDirectory()
        defer { sheets.remove() }
        let manifest = try await render(
            feed: Fixtures.Feeds.v1Top100, limit: 20, device: variant.device, theme: variant.theme, screen: screen,
            output: sheets.url, cards: false)
        let pixels = variant.device.pixelSize
        #expect(manifest.files.allSatisfy { $0.widthPixels == pixels.width && $0.heightPixels == pixels.height })
        let pages = manifest.files.map(\.path).filter { $0.hasPrefix("sheet-") }.sorted()
        #expect(pages.count >= 2)
        try await assertGolden(sheets.url.appendingPathComponent("sheet-001.png"), "\(variant.name)-swiftui-sheet.png")
        let last = try #require(pages.last)
        try await assertGolden(sheets.url.appendingPathComponent(last), "\(variant.name)-swiftui-sheet-scrolled.png")

        let cards = try TemporaryDirectory()
        defer { cards.remove() }
        let report = try await render(
            feed: Fixtures.Feeds.v1Top100, limit: 1, device: variant.device, theme: variant.theme, screen: screen,
            output: cards.url)
        let card = try #require(report.screens.first { $0.rank == 1 })
        #expect(!card.elements.contains { $0.name == "grabber" })
        #expect(card.elements.first { $0.name == "button" }?.link?.contains("/artist/") == true)
        try await assertGolden(cards.url.appendingPathComponent(card.file), "\(variant.name)-swiftui-card.png")
    }

    @Test(
        "UIKit style, screen-sized: a scrolled page and a card whose content scrolls under the button",
        arguments: fitVariants)
    func fitScreen(variant: Variant) async throws {
        let sheets = try TemporaryDirectory()
        defer { sheets.remove() }
        let manifest = try await render(
            feed: Fixtures.Feeds.v1Top100, limit: 20, device: variant.device, theme: variant.theme,
            screen: ScreenOptions(fit: .screen), output: sheets.url, cards: false)
        let pages = manifest.files.map(\.path).filter { $0.hasPrefix("sheet-") }.sorted()
        #expect(pages.count >= 2)
        try await assertGolden(sheets.url.appendingPathComponent("sheet-002.png"), "\(variant.name)-fit-sheet-002.png")
        // #2 has a long name and a long copyright line: on a phone it scrolls under the button.
        let cards = try TemporaryDirectory()
        defer { cards.remove() }
        let report = try await render(
            feed: Fixtures.Feeds.v1Top100, limit: 2, device: variant.device, theme: variant.theme,
            screen: ScreenOptions(fit: .screen), output: cards.url)
        let card = try #require(report.screens.first { $0.rank == 2 })
        try await assertGolden(cards.url.appendingPathComponent(card.file), "\(variant.name)-fit-card.png")
    }

    @Test("facts feeds: the refresh button and photo placeholders", arguments: factsVariants)
    func facts(variant: Variant) async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        var options = GenerateOptions(output: output.url)
        options.feed = .file(Fixtures.directory.appendingPathComponent("feeds/\(Fixtures.Feeds.facts)"))
        options.device = variant.device
        // The recorded feed's photos are on the internet: offline, every row draws its placeholder.
        options.offline = true
        options.cacheDirectory = nil
        options.screen = ScreenOptions(fit: .screen)
        _ = try await renderReport(options)
        try await assertGolden(output.url.appendingPathComponent("sheet-001.png"), "\(variant.name)-facts-sheet.png")
    }

    @Test("no status bar and an inline title")
    func bare() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        _ = try await render(
            feed: Fixtures.Feeds.v1ComingSoon, limit: 3, device: .iPhone15, theme: "light",
            screen: ScreenOptions(titleStyle: .inline, statusBar: .none), output: output.url)
        try await assertGolden(output.url.appendingPathComponent("sheet.png"), "iphone-15-bare-sheet.png")
    }
}
