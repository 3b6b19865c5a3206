import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// A right-to-left UI mirrors the laid-out screen: every frame reflected about the canvas,
/// labels right-aligned, chevrons turned round, the status bar's sides swapped.
@Suite("Right-to-left layout")
struct MirroringTests {
    let measurer = MonospaceMeasurer()
    let locale = Locale(identifier: "en_US")
    /// The English words in a right-to-left UI: only the direction differs from the default.
    static let rtl = ChromeLanguage(code: "en", direction: .rtl, strings: ChromeLanguage.english)

    func chart() throws -> Feed {
        try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1Top100), source: "fixture").feed
    }

    /// Asserts that `mirrored` is `original` reflected about a canvas `width` wide, frame by frame.
    func expectMirrored(_ original: [LayoutElement], _ mirrored: [LayoutElement], width: Double) {
        #expect(original.map(\.name) == mirrored.map(\.name))
        for (before, after) in zip(original, mirrored) {
            #expect(abs(after.frame.x - (width - before.frame.maxX)) < 1e-9, "\(before.name) \(before.rank ?? 0)")
            #expect(after.frame.y == before.frame.y && after.frame.width == before.frame.width)
            #expect(after.frame.height == before.frame.height)
        }
    }

    @Test(
        "every frame of the sheet and the card is reflected about the canvas, in both styles, on iPhone and iPad",
        arguments: [Device.iPhone15, .iPad10, Device.iPad10.oriented(.landscape), .iPhoneSE],
        ScreenOptions.Style.allCases)
    func everyFrame(device: Device, style: ScreenOptions.Style) throws {
        let theme = try Theme.shipped()
        let feed = try chart()
        let items = Array(feed.items.prefix(5))
        let ltr = ScreenOptions(style: style)
        let rtl = ScreenOptions(style: style, language: Self.rtl)
        let sheet = SheetLayout.make(
            feed: feed, items: items, device: device, theme: theme, options: ltr, measurer: measurer)
        let mirroredSheet = SheetLayout.make(
            feed: feed, items: items, device: device, theme: theme, options: rtl, measurer: measurer)
        expectMirrored(sheet.elements, mirroredSheet.elements, width: device.size.width)
        let card = CardLayout.make(
            item: items[0], feed: feed, device: device, theme: theme, locale: locale, options: ltr, measurer: measurer)
        let mirroredCard = CardLayout.make(
            item: items[0], feed: feed, device: device, theme: theme, locale: locale, options: rtl, measurer: measurer)
        expectMirrored(card.elements, mirroredCard.elements, width: device.size.width)
        #expect(mirroredCard.size == card.size)
    }

    @Test("in RTL every label is right-aligned in its frame, English album names too; centred ones stay centred")
    func naturalAlignment() throws {
        let theme = try Theme.shipped()
        let feed = try chart()
        let options = ScreenOptions(language: Self.rtl)
        let sheet = SheetLayout.make(
            feed: feed, items: Array(feed.items.prefix(5)), device: .iPhone15, theme: theme, options: options,
            measurer: measurer)
        let card = CardLayout.make(
            item: feed.items[0], feed: feed, device: .iPhone15, theme: theme, locale: locale, options: options,
            measurer: measurer)
        let leading =
            sheet.rows.flatMap { [$0.title, $0.subtitle].compactMap { $0 } } + card.textBlocks
            + [sheet.navigationBar.largeTitle, sheet.header].compactMap { $0 }
        #expect(leading.count > 10)
        for block in leading {
            for line in block.lines { #expect(abs(line.x + line.width - block.frame.maxX) < 1e-9, "\(line.text)") }
        }
        let label = card.button.label
        for line in label.lines { #expect(abs((line.x + line.width / 2) - label.frame.midX) < 1e-9) }
    }

    @Test("RTL: thumbnails and the back button on the right, chevrons pointing left, the back chevron right")
    func chevronsAndSides() throws {
        let theme = try Theme.shipped()
        let feed = try chart()
        let options = ScreenOptions(language: Self.rtl)
        let sheet = SheetLayout.make(
            feed: feed, items: Array(feed.items.prefix(3)), device: .iPhone15, theme: theme, options: options,
            measurer: measurer)
        for row in sheet.rows {
            let thumbnail = try #require(row.thumbnail)
            let title = try #require(row.title)
            let chevron = try #require(row.chevron)
            #expect(thumbnail.frame.x > title.frame.maxX)
            #expect(chevron.frame.maxX < title.frame.x)
            #expect(chevron.direction == .back)
        }
        let card = CardLayout.make(
            item: feed.items[0], feed: feed, device: .iPhone15, theme: theme, locale: locale, options: options,
            measurer: measurer)
        let back = try #require(card.navigationBar.backChevron)
        let backLabel = try #require(card.navigationBar.backLabel)
        #expect(back.direction == .forward)
        #expect(back.frame.x > backLabel.frame.maxX)
        #expect(back.frame.maxX > Device.iPhone15.size.width / 2)
        // The time on the right, the battery on the left of the Wi-Fi and the signal.
        let bar = try #require(card.navigationBar.statusBar)
        #expect(bar.time.frame.x > bar.wifi.maxX)
        #expect(bar.battery.maxX < bar.wifi.x)
        #expect(bar.time.text == "9:41")
    }

    @Test("RTL on a SwiftUI card: Done on the left")
    func doneOnTheLeft() throws {
        let theme = try Theme.shipped()
        let feed = try chart()
        let card = CardLayout.make(
            item: feed.items[0], feed: feed, device: .iPhone15, theme: theme, locale: locale,
            options: ScreenOptions(style: .swiftui, language: Self.rtl), measurer: measurer)
        let done = try #require(card.navigationBar.doneLabel)
        #expect(done.frame.maxX < Device.iPhone15.size.width / 2)
    }

    @Test("auto: right to left for Arabic, Hebrew, Persian and Urdu, left to right for the others")
    func automaticDirection() {
        for code in ["ar", "he", "fa", "ur", "ar-SA"] { #expect(LayoutDirection.natural(for: code) == .rtl) }
        for code in ["en", "de", "ja", "zh-Hant", "pt-BR"] { #expect(LayoutDirection.natural(for: code) == .ltr) }
    }

    @Test("the default language: the locale's, else the storefront's, among the shipped ones")
    func defaultLanguage() {
        let shipped = ["ar", "de", "en", "he", "ja", "pt-BR", "zh-Hans", "zh-Hant"]
        #expect(ChromeLanguage.localeLanguage("de_DE", available: shipped) == "de")
        #expect(ChromeLanguage.localeLanguage("en_US", available: shipped) == nil)
        #expect(ChromeLanguage.localeLanguage("zh-Hant_HK", available: shipped) == "zh-Hant")
        #expect(ChromeLanguage.localeLanguage("zh_TW", available: shipped) == "zh-Hant")
        #expect(ChromeLanguage.localeLanguage("pt_PT", available: shipped) == "pt-BR")
        #expect(ChromeLanguage.localeLanguage("sv_SE", available: shipped) == nil)
        #expect(ChromeLanguage.storefrontLanguage("jp", available: shipped) == "ja")
        #expect(ChromeLanguage.storefrontLanguage("sa", available: shipped) == "ar")
        #expect(ChromeLanguage.storefrontLanguage("il", available: shipped) == "he")
        #expect(ChromeLanguage.storefrontLanguage("br", available: shipped) == "pt-BR")
        #expect(ChromeLanguage.storefrontLanguage("us", available: shipped) == nil)
        #expect(ChromeLanguage.storefrontLanguage("gb", available: shipped) == nil)
    }

    @Test("the app's title is translated, a feed's own title never is; the date follows the language")
    func translatedChrome() throws {
        let german = ChromeLanguage(
            code: "de", direction: .ltr,
            strings: ChromeLanguage.english.merging(
                ["locale": "de_DE", "topAlbums": "Top-Alben", "released": "Veröffentlicht: %@"]) { $1 })
        let feed = try chart()
        #expect(german.listTitle(for: feed) == "Top-Alben")
        var other = feed
        other.title = "Coming Soon"
        #expect(german.listTitle(for: other) == "Coming Soon")
        let item = try #require(feed.items.first { $0.releaseDate?.day != nil })
        let release = try #require(german.releaseText(for: item, locale: german.dateLocale(given: locale)))
        #expect(release.hasPrefix("Veröffentlicht: "))
        #expect(release.contains("."))
        #expect(german.statusBarTime(withPeriod: true) == "09:41")
    }

    @Test("the text coverage checks the release line the card draws, in the card's language and date format")
    func coverageOfTranslatedRelease() throws {
        let german = ChromeLanguage(
            code: "de", direction: .ltr,
            strings: ChromeLanguage.english.merging(["locale": "de_DE", "released": "Veröffentlicht: %@"]) { $1 })
        let theme = try Theme.shipped()
        let feed = try chart()
        let item = try #require(feed.items.first { $0.releaseDate?.day != nil })
        let options = ScreenOptions(language: german)
        let card = CardLayout.make(
            item: item, feed: feed, device: .iPhone15, theme: theme, locale: locale, options: options,
            measurer: measurer)
        let drawn = try #require(card.releaseDate).lines.map(\.text).joined(separator: " ")
        #expect(drawn.hasPrefix("Veröffentlicht: "))
        let covered = item.drawnTexts(format: feed.format, theme: theme, locale: locale, options: options)
        #expect(covered.contains { $0.text == drawn && $0.font == theme.fonts.cardDetail })
        #expect(!covered.contains { $0.text.hasPrefix("Released") })
    }
}
