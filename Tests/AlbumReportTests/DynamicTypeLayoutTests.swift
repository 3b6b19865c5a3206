import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import AlbumReportTesting
import Foundation
import Testing

/// Dynamic Type, Bold Text and Increase Contrast laid out with the real text engine: layout
/// snapshots at the smallest and the largest size on a small and a large iPhone, and the
/// longest names of a recorded chart at AX5, where nothing may clip.
@Suite("Dynamic Type, Bold Text and Increase Contrast layouts")
struct DynamicTypeLayoutTests {
    static let filter = "DynamicTypeLayoutTests"

    struct Variant: Sendable, CustomTestStringConvertible {
        var device: Device
        var size: ContentSizeCategory
        var style: ScreenOptions.Style = .uikit
        var fit: ScreenOptions.Fit = .content
        var name: String { "\(device.id)-\(size.rawValue)-\(style.rawValue)" + (fit == .screen ? "-fit" : "") }
        var testDescription: String { name }
    }

    static let variants: [Variant] = [
        Variant(device: .iPhoneSE, size: .xs), Variant(device: .iPhoneSE, size: .ax5),
        Variant(device: .iPhone16ProMax, size: .xs), Variant(device: .iPhone16ProMax, size: .ax5),
        Variant(device: .iPhoneSE, size: .ax5, style: .swiftui, fit: .screen),
        Variant(device: .iPhone16ProMax, size: .ax3, style: .swiftui),
    ]

    @Test("the sheet and a card at the smallest and the largest sizes", arguments: variants)
    func sizes(variant: Variant) throws {
        let screen = ScreenOptions(
            style: variant.style, fit: variant.fit, contentSize: variant.size, boldText: false, increaseContrast: false)
        try LayoutSnapshot.make(
            feed: Fixtures.Feeds.v1ComingSoon, device: variant.device, theme: "light", screen: screen, limit: 3,
            cards: [1]
        ).assertMatches("dynamic-type/\(variant.name)", testFilter: Self.filter)
    }

    @Test("Bold Text with Increase Contrast, light and dark", arguments: ["light", "dark"])
    func boldAndContrast(theme: String) throws {
        let screen = ScreenOptions(contentSize: .l, boldText: true, increaseContrast: true)
        try LayoutSnapshot.make(
            feed: Fixtures.Feeds.v1ComingSoon, device: .iPhone15, theme: theme, screen: screen, limit: 3, cards: [1]
        ).assertMatches("dynamic-type/iphone-15-bold-contrast-\(theme)", testFilter: Self.filter)
    }

    @Test(
        "the pixels of an AX5 card with Bold Text and Increase Contrast: heavy and semibold Inter, the wrapped button")
    func ax5CardGolden() async throws {
        var settings = RenderSettings()
        settings.draw(on: .iPhoneSE)
        settings.screen = ScreenOptions(contentSize: .ax5, boldText: true, increaseContrast: true)
        let chart = try OfflineChart(feed: Fixtures.Feeds.v1ComingSoon, limit: 1, settings: settings)
        #expect(chart.screens.warnings.isEmpty)
        let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Goldens/dynamic-type")
        try await GoldenImage.assertMatches(
            try chart.card(rank: 1), golden: goldens.appendingPathComponent("iphone-se-ax5-bold-contrast-card.png"),
            testFilter: Self.filter)
    }

    @Test("at AX5 the chart's longest names wrap inside their rows and cards; nothing clips or overlaps")
    func nothingClipsAtAX5() throws {
        let decoded = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1Top100), source: "top100")
        let feed = decoded.feed
        let longest = feed.items.sorted {
            ($0.title.count + ($0.artistName?.count ?? 0)) > ($1.title.count + ($1.artistName?.count ?? 0))
        }.prefix(5)
        let device = Device.iPhoneSE
        let screen = ScreenOptions(contentSize: .ax5, boldText: true, increaseContrast: false)
        let theme = try ThemeLoader.load(.named("light"), templatesDirectory: nil).adapted(to: screen)
        let engine = try TextEngine(theme: theme, scale: device.scale, localeIdentifier: "en_US", country: feed.country)
        func fits(_ block: TextBlock, in rect: Rect, _ what: String) {
            #expect(block.frame.x >= rect.x - 0.5 && block.frame.maxX <= rect.maxX + 0.5, "\(what) is outside")
            #expect(block.frame.y >= rect.y - 0.5 && block.frame.maxY <= rect.maxY + 0.5, "\(what) is outside")
            for line in block.lines {
                #expect(
                    line.x >= block.frame.x - 0.5 && line.x + line.width <= block.frame.maxX + 0.5,
                    "\(what): \(line.text)")
            }
            #expect(block.lines.count == Int((block.frame.height / block.font.lineHeight).rounded()), "\(what)")
        }
        let sheet = SheetLayout.make(
            feed: feed, items: Array(longest), device: device, theme: theme, options: screen, measurer: engine)
        #expect(sheet.rows.count == longest.count)
        for row in sheet.rows {
            for block in [row.title, row.subtitle].compactMap({ $0 }) { fits(block, in: row.frame, "row \(row.rank)") }
            // The text is whole: every word of the name is drawn.
            #expect(row.title?.text.split(whereSeparator: \.isWhitespace).count ?? 0 > 0)
            if let thumbnail = row.thumbnail, let title = row.title { #expect(title.frame.y >= thumbnail.frame.maxY) }
        }
        for (upper, lower) in zip(sheet.rows, sheet.rows.dropFirst()) { #expect(upper.frame.maxY <= lower.frame.y) }
        for item in longest {
            let card = CardLayout.make(
                item: item, feed: feed, device: device, theme: theme, locale: Locale(identifier: "en_US"),
                options: screen, measurer: engine)
            #expect(!card.isClipped)
            let canvas = Rect(x: 0, y: 0, width: card.size.width, height: card.size.height)
            for block in card.textBlocks {
                fits(block, in: canvas, "card \(item.rank)")
                #expect(block.frame.maxY <= card.button.frame.y, "card \(item.rank): text runs into the button")
            }
            fits(card.button.label, in: card.button.frame, "button \(item.rank)")
            #expect(card.button.frame.height > 50, "the button grows with its 53 pt label")
        }
    }
}
