import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// Dynamic Type: the categories, Apple's size table, and the theme scaled by it.
@Suite("Dynamic Type: categories, Apple's table and the scaled theme")
struct DynamicTypeTests {
    @Test("the twelve categories parse from short names, UIKit's and SwiftUI's names and UIKit's raw values")
    func parsing() {
        #expect(
            ContentSizeCategory.names == ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"])
        for category in ContentSizeCategory.allCases {
            #expect(ContentSizeCategory(parsing: category.rawValue) == category)
            #expect(ContentSizeCategory(parsing: category.rawValue.uppercased()) == category)
        }
        #expect(ContentSizeCategory(parsing: "extraSmall") == .xs)
        #expect(ContentSizeCategory(parsing: "large") == .l)
        #expect(ContentSizeCategory(parsing: "extraExtraExtraLarge") == .xxxl)
        #expect(ContentSizeCategory(parsing: "xLarge") == .xl)
        #expect(ContentSizeCategory(parsing: "accessibilityMedium") == .ax1)
        #expect(ContentSizeCategory(parsing: "accessibilityExtraExtraExtraLarge") == .ax5)
        #expect(ContentSizeCategory(parsing: "accessibility3") == .ax3)
        #expect(ContentSizeCategory(parsing: "UICTContentSizeCategoryAccessibilityXXXL") == .ax5)
        #expect(ContentSizeCategory(parsing: "UICTContentSizeCategoryXS") == .xs)
        for bad in ["", "huge", "ax6", "ax0", "xxxxl", "accessibilitySmall", "17"] {
            #expect(ContentSizeCategory(parsing: bad) == nil, "\(bad)")
        }
        #expect(ContentSizeCategory.allCases.filter(\.isAccessibility) == [.ax1, .ax2, .ax3, .ax4, .ax5])
    }

    @Test(
        "Apple's table: l is the default type ramp, body runs 14 … 53 pt, and no style ever shrinks as the size grows")
    func table() {
        let defaults: [DynamicTypeTable.TextStyle: (Double, Double)] = [
            .largeTitle: (34, 41), .title1: (28, 34), .title2: (22, 28), .title3: (20, 25), .headline: (17, 22),
            .body: (17, 22), .callout: (16, 21), .subheadline: (15, 20), .footnote: (13, 18), .caption1: (12, 16),
            .caption2: (11, 13),
        ]
        for (style, (size, leading)) in defaults {
            #expect(DynamicTypeTable.metrics(style, .l) == .init(size: size, leading: leading), "\(style)")
        }
        let body = ContentSizeCategory.allCases.map { DynamicTypeTable.metrics(.body, $0).size }
        #expect(body == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        let largeTitle = ContentSizeCategory.allCases.map { DynamicTypeTable.metrics(.largeTitle, $0).size }
        #expect(largeTitle == [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60])
        #expect(DynamicTypeTable.metrics(.footnote, .ax5).size == 44)
        for style in DynamicTypeTable.TextStyle.allCases {
            let rows = ContentSizeCategory.allCases.map { DynamicTypeTable.metrics(style, $0) }
            for (smaller, larger) in zip(rows, rows.dropFirst()) {
                #expect(smaller.size <= larger.size && smaller.leading <= larger.leading, "\(style)")
            }
            for row in rows { #expect(row.leading > row.size, "\(style): leading under the size") }
        }
    }

    @Test("l, bold off and contrast off leave a theme exactly as it was")
    func defaultsChangeNothing() throws {
        for name in ["light", "dark"] {
            let theme = try Theme.shipped(name)
            #expect(theme.adapted(to: ScreenOptions()) == theme)
            #expect(theme.adapted(contentSize: .l, boldText: false, increaseContrast: false) == theme)
        }
        let defaults = ScreenOptions(contentSize: .l, boldText: false, increaseContrast: false)
        #expect(defaults == ScreenOptions())
    }

    @Test(
        "ax5 scales each role by its text style; the inline title and bar buttons keep 17 pt; tracking follows the size"
    )
    func scaledTheme() throws {
        let theme = try Theme.shipped()
        let fonts = theme.adapted(contentSize: .ax5, boldText: false, increaseContrast: false).fonts
        #expect(fonts.rowTitle.size == 53 && fonts.rowTitle.lineHeight == 62)
        #expect(fonts.rowSubtitle.size == 49 && fonts.rowSubtitle.lineHeight == 58)
        #expect(fonts.cardTitle.size == 56 && fonts.cardTitle.lineHeight == 66)
        #expect(fonts.cardFootnote.size == 44)
        #expect(fonts.button.size == 53)
        #expect(fonts.largeTitleStyle.size == 60 && fonts.largeTitleStyle.lineHeight == 70)
        #expect(fonts.sectionHeaderStyle.size == 44)
        #expect(fonts.navigationTitle == theme.fonts.navigationTitle)
        #expect(fonts.backButton == theme.fonts.backButton)
        // From 20 pt the display cut sets the text, as SF Pro Display takes over from SF Pro Text.
        // (The shipped families are lists, "SF Pro Display, Inter Display": the text engine tracks
        // by the font the runner has, at the new size.)
        #expect(fonts.rowTitle.family == "SF Pro Display, Inter Display")
        #expect(fonts.rowTitle.tracking == nil)
        #expect(fonts.rowTitle.effectiveTracking == FontTracking.points(family: "SF Pro Display", size: 53))
        let small = theme.adapted(contentSize: .xs, boldText: false, increaseContrast: false).fonts
        #expect(small.rowTitle.size == 14 && small.rowTitle.family == "SF Pro Text, Inter")
        // A 22 pt card title at xs is 19 pt: back to the text cut.
        #expect(small.cardTitle.size == 19 && small.cardTitle.family == "SF Pro Text, Inter")
    }

    @Test("Bold Text moves every weight one step heavier, the bar's Done button to bold")
    func boldText() throws {
        let theme = try Theme.shipped()
        let fonts = theme.adapted(contentSize: .l, boldText: true, increaseContrast: false).fonts
        #expect(fonts.rowTitle.weight == .semibold)
        #expect(fonts.rowHeadline.weight == .bold)
        #expect(fonts.cardTitle.weight == .heavy)
        #expect(fonts.navigationTitle.weight == .bold)
        #expect(fonts.backButton.weight == .semibold)
        #expect(fonts.largeTitleStyle.weight == .heavy)
        #expect(fonts.doneWeight == .bold && theme.fonts.doneWeight == .semibold)
        #expect(fonts.rowTitle.size == theme.fonts.rowTitle.size)
    }

    @Test("Increase Contrast: systemBlue #0040DD / #409CFF, stronger secondary labels and separators; own colours kept")
    func increaseContrast() throws {
        let light = try Theme.shipped("light")
        let lightIC = light.adapted(contentSize: .l, boldText: false, increaseContrast: true).colors
        #expect(lightIC.tint == RGBA(hex: "#0040DD"))
        #expect(lightIC.secondaryLabel == RGBA(red: 60, green: 60, blue: 67, alpha: 173).over(light.colors.background))
        #expect(lightIC.separator.red < light.colors.separator.red)
        #expect(lightIC.chevron.red < light.colors.chevron.red)
        #expect(lightIC.label == light.colors.label && lightIC.background == light.colors.background)
        let dark = try Theme.shipped("dark")
        let darkIC = dark.adapted(contentSize: .l, boldText: false, increaseContrast: true).colors
        #expect(darkIC.tint == RGBA(hex: "#409CFF"))
        #expect(darkIC.secondaryLabel.red > dark.colors.secondaryLabel.red)
        var custom = light
        custom.colors.tint = RGBA(red: 0xFF, green: 0x2D, blue: 0x55)
        #expect(
            custom.adapted(contentSize: .l, boldText: false, increaseContrast: true).colors.tint == custom.colors.tint)
    }

    @Test("rows, the large title and the card's button grow monotonically with the category")
    func growth() throws {
        let base = try Theme.shipped()
        let measurer = MonospaceMeasurer()
        let item = FeedItem(
            rank: 1, id: "1", title: "An Album Whose Name Runs Long", artistName: "An Artist",
            storeURL: "https://music.apple.com/us/album/1", copyright: "℗ 2020 Label")
        let feed = Feed(format: .appleRSSv2, title: "Top Albums", items: [item])
        var previous: (row: Double, bar: Double, button: Double, card: Double)?
        for category in ContentSizeCategory.allCases {
            let options = ScreenOptions(contentSize: category, boldText: false, increaseContrast: false)
            let theme = base.adapted(to: options)
            let sheet = SheetLayout.make(
                feed: feed, items: [item], device: .iPhoneSE, theme: theme, options: options, measurer: measurer)
            let card = CardLayout.make(
                item: item, feed: feed, device: .iPhoneSE, theme: theme, locale: Locale(identifier: "en_US"),
                options: options, measurer: measurer)
            let row = try #require(sheet.rows.first)
            let now = (
                row: row.frame.height, bar: sheet.navigationBar.frame.height, button: card.button.frame.height,
                card: card.size.height
            )
            if let previous {
                #expect(now.row >= previous.row && now.bar >= previous.bar, "\(category)")
                #expect(now.button >= previous.button && now.card >= previous.card, "\(category)")
            }
            // The button keeps its 20 pt insets and at least 50 pt; its label fits inside it.
            #expect(card.button.frame.x == 20 && card.button.frame.width == Device.iPhoneSE.size.width - 40)
            #expect(card.button.frame.height >= 50)
            #expect(card.button.label.frame.y >= card.button.frame.y)
            #expect(card.button.label.frame.maxY <= card.button.frame.maxY)
            // The text ends above the button's band.
            #expect((card.textBlocks.last?.frame.maxY ?? 0) <= card.button.frame.y - 20)
            previous = now
        }
    }

    @Test("from ax1 a row stacks its text under the thumbnail, full width, the chevron trailing; below ax1 it does not")
    func stacking() throws {
        let base = try Theme.shipped()
        let item = FeedItem(rank: 1, id: "1", title: "Album", artistName: "Artist")
        let feed = Feed(format: .appleRSSv2, title: "Top Albums", items: [item])
        for category in ContentSizeCategory.allCases {
            let options = ScreenOptions(contentSize: category, boldText: false, increaseContrast: false)
            let sheet = SheetLayout.make(
                feed: feed, items: [item], device: .iPhone15, theme: base.adapted(to: options), options: options,
                measurer: MonospaceMeasurer())
            let row = try #require(sheet.rows.first)
            let thumbnail = try #require(row.thumbnail)
            let title = try #require(row.title)
            let chevron = try #require(row.chevron)
            if category.isAccessibility {
                #expect(title.frame.y >= thumbnail.frame.maxY, "\(category)")
                #expect(title.frame.x == thumbnail.frame.x, "\(category)")
                #expect(row.separator?.x == thumbnail.frame.x)
            } else {
                #expect(title.frame.x > thumbnail.frame.maxX, "\(category)")
                #expect(title.frame.y < thumbnail.frame.maxY, "\(category)")
            }
            #expect(chevron.frame.maxX <= row.frame.maxX && chevron.frame.x > title.frame.x)
            // The chevron is a symbol at the body style's size: 8 × 13 pt at l, ×53/17 at ax5.
            let body = DynamicTypeTable.metrics(.body, category).size / 17
            #expect(abs(chevron.frame.width - 8 * body) < 1e-9 && abs(chevron.frame.height - 13 * body) < 1e-9)
            #expect(abs(chevron.strokeWidth - 2 * body) < 1e-9)
            // The stacked thumbnail grows with the text (at most 3×: 180 pt at ax5); beside the
            // text it keeps its 60 pt.
            #expect(thumbnail.frame.width == (category.isAccessibility ? 60 * min(body, 3) : 60), "\(category)")
            #expect((row.subtitle ?? title).frame.maxY <= row.frame.maxY)
        }
    }

    @Test("at ax5 the list's chrome is iOS's: a 25 × 41 pt chevron beside 53 pt text, a 180 pt stacked cover")
    func accessibilityChrome() throws {
        let theme = try Theme.shipped().adapted(contentSize: .ax5, boldText: false, increaseContrast: false)
        #expect(theme.fonts.rowTitle.size == 53)
        #expect(abs(theme.metrics.chevronHeight - 13 * 53 / 17) < 1e-9 && theme.metrics.thumbnailSize == 180)
        #expect(theme.metrics.thumbnailCornerRadius == 18)
        // The bars keep their size: the back chevron is the same as at l.
        let plain = try Theme.shipped()
        let item = FeedItem(rank: 1, id: "1", title: "Album", artistName: "Artist")
        let feed = Feed(format: .appleRSSv2, title: "Top Albums", items: [item])
        let options = ScreenOptions(contentSize: .ax5, boldText: false, increaseContrast: false)
        let large = CardLayout.make(
            item: item, feed: feed, device: .iPhone15, theme: theme, locale: Locale(identifier: "en_US"),
            options: options, measurer: MonospaceMeasurer())
        let normal = CardLayout.make(
            item: item, feed: feed, device: .iPhone15, theme: plain, locale: Locale(identifier: "en_US"),
            measurer: MonospaceMeasurer())
        #expect(large.navigationBar.backChevron == normal.navigationBar.backChevron)
    }
}
