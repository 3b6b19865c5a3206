import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// Layout snapshots of every variant on every device preset, in both orientations: the frames,
/// lines, fonts and colours of each screen, compared exactly with `Layouts/*.json`. They cover
/// what the pixel goldens no longer render one by one (every preset, theme and style); the
/// representative pixel goldens cover the drawing. Re-record after an intended change with
/// `ALBUMREPORT_RECORD=failed swift test --filter LayoutSnapshotTests`.
@Suite("Layouts of every variant on every device, orientation and theme")
struct LayoutSnapshotTests {
    static let filter = "LayoutSnapshotTests"

    @Test("the sheet and a card, light and dark", arguments: ScreenVariant.everyPreset(themes: ["light", "dark"]))
    func screens(variant: ScreenVariant) throws {
        try LayoutSnapshot.make(
            feed: Fixtures.Feeds.v1ComingSoon, device: variant.device, theme: variant.theme, limit: 3, cards: [1]
        ).assertMatches("screens/\(variant.name)", testFilter: Self.filter)
    }

    @Test(
        "SwiftUI style, screen-sized: the list at its scroll edge and scrolled to the end, and a card as a sheet",
        arguments: ScreenVariant.everyPreset(themes: ["light"])
            + [ScreenVariant(device: .iPhone15, theme: "dark"), ScreenVariant(device: .iPad10, theme: "dark")])
    func swiftUI(variant: ScreenVariant) throws {
        try LayoutSnapshot.make(
            feed: Fixtures.Feeds.v1Top100, device: variant.device, theme: variant.theme,
            screen: ScreenOptions(style: .swiftui, fit: .screen, button: .artist), limit: 20, pages: .screens([1, -1]),
            cards: [1]
        ).assertMatches("chrome/\(variant.name)-swiftui", testFilter: Self.filter)
    }

    @Test(
        "UIKit style, screen-sized: a scrolled page and a card whose content scrolls under the button",
        arguments: ScreenVariant.everyPreset(themes: ["light"]))
    func fitScreen(variant: ScreenVariant) throws {
        try LayoutSnapshot.make(
            feed: Fixtures.Feeds.v1Top100, device: variant.device, theme: variant.theme,
            screen: ScreenOptions(fit: .screen), limit: 20, pages: .screens([2]), cards: [2]
        ).assertMatches("chrome/\(variant.name)-fit", testFilter: Self.filter)
    }

    @Test(
        "a facts feed's first screen, its photo rows and text rows",
        arguments: ScreenVariant.everyPreset(themes: ["light"]))
    func facts(variant: ScreenVariant) throws {
        try LayoutSnapshot.make(
            feed: Fixtures.Feeds.facts, device: variant.device, theme: variant.theme,
            screen: ScreenOptions(fit: .screen), limit: 2000, pages: .screens([1])
        ).assertMatches("chrome/\(variant.name)-facts", testFilter: Self.filter)
    }

    @Test("no status bar, no home indicator and an inline title")
    func bare() throws {
        try LayoutSnapshot.make(
            feed: Fixtures.Feeds.v1ComingSoon, device: .iPhone15, theme: "light",
            screen: ScreenOptions(titleStyle: .inline, statusBar: .none, homeIndicator: .none), limit: 3, cards: [1]
        ).assertMatches("chrome/iphone-15-bare", testFilter: Self.filter)
    }

    @Test(
        "a long title: the large title and the scrolled inline title on one line, tail-truncated, bars their usual height",
        arguments: [ScreenVariant(device: .iPhone15, theme: "light"), ScreenVariant(device: .iPad10, theme: "light")])
    func longTitle(variant: ScreenVariant) throws {
        try LayoutSnapshot.make(
            feed: "titles/long-title.json", device: variant.device, theme: variant.theme,
            screen: ScreenOptions(fit: .screen), limit: 10, pages: .screens([1, -1]), cards: [1]
        ).assertMatches("chrome/\(variant.name)-long-title", testFilter: Self.filter)
    }

    @Test(
        "charts in every script: line breaks and widths of the sheet and the telling card",
        arguments: ScriptGoldenTests.charts)
    func script(_ chart: ScriptGoldenTests.Chart) throws {
        try LayoutSnapshot.make(
            feed: "scripts/\(chart.feed).json", device: .iPhoneSE, theme: "light", limit: 4, cards: [chart.card]
        ).assertMatches("scripts/\(chart.feed)", testFilter: Self.filter)
    }

    @Test("a layout snapshot lays out exactly what the pipeline draws (the manifest's frames)")
    func sameAsPipeline() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top100)
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let device = Device.iPhone15ProMax.oriented(.landscape)
        let screen = ScreenOptions(style: .swiftui, fit: .screen, button: .artist)
        var options = GenerateOptions(output: output.url)
        options.feed = .remote(chart.feedURL)
        options.settings.draw(on: device)
        options.settings.theme = .named("dark")
        options.limit = 12
        options.retry = .none
        options.settings.screen = screen
        options.enrich = false
        options.cacheDirectory = nil
        let manifest = try await renderReport(options)
        let snapshot = try LayoutSnapshot.make(
            feed: Fixtures.Feeds.v1Top100, device: device, theme: "dark", screen: screen, limit: 12,
            pages: .screens(Array(1...20)), cards: Array(1...12))
        let drawnSheets = manifest.screens.filter { $0.kind == .sheet }.sorted { ($0.page ?? 0) < ($1.page ?? 0) }
        #expect(
            drawnSheets.map(\.elements) == snapshot.sheet.map { $0.elements.map { .init($0, scale: device.scale) } })
        let drawnCards = manifest.screens.filter { $0.kind == .card }.sorted { ($0.rank ?? 0) < ($1.rank ?? 0) }
        #expect(drawnCards.map(\.sizePoints) == snapshot.cards.map(\.size))
        #expect(
            drawnCards.map { $0.elements.map(\.points) } == snapshot.cards.map { $0.elements.map(\.frame) })
    }
}
