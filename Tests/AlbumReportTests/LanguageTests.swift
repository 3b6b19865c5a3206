import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import AlbumReportTesting
import Foundation
import Testing

/// The app's words in other languages (`Templates/strings`), a user's own strings files, and
/// the right-to-left UI: layout snapshots under `Layouts/language/` and one pixel golden of an
/// Arabic card. Re-record after an intended change with
/// `ALBUMREPORT_RECORD=failed swift test --filter LanguageTests`.
@Suite("Languages and right-to-left screens")
struct LanguageTests {
    static let filter = "LanguageTests"
    static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Templates/strings")

    @Test("every shipped language has every key of en.json (the page's words too), with the same %@ placeholders")
    func everyKey() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.shipped.path).filter {
            $0.hasSuffix(".json")
        }
        let codes = Set(files.map { String($0.dropLast(5)) })
        // The twelve languages of the largest storefronts, plus Arabic and Hebrew.
        let required: Set = [
            "en", "ja", "zh-Hans", "zh-Hant", "ko", "de", "fr", "es", "it", "pt-BR", "ru", "nl", "ar", "he",
        ]
        #expect(required.isSubset(of: codes))
        let english = try JSONDecoder().decode(
            [String: String].self, from: Data(contentsOf: Self.shipped.appendingPathComponent("en.json")))
        #expect(english == ChromeLanguage.english.merging(ChromeLanguage.pageEnglish) { first, _ in first })
        for file in files {
            let strings = try JSONDecoder().decode(
                [String: String].self, from: Data(contentsOf: Self.shipped.appendingPathComponent(file)))
            #expect(Set(strings.keys) == Set(english.keys), "\(file)")
            for (key, value) in english {
                #expect(
                    ChromeStringsLoader.placeholders(strings[key] ?? "") == ChromeStringsLoader.placeholders(value),
                    "\(file): \(key)")
                #expect(
                    ChromeLanguage.pagePlaceholders(strings[key] ?? "") == ChromeLanguage.pagePlaceholders(value),
                    "\(file): \(key)")
            }
            #expect(ChromeStringsLoader.check(strings).problems.isEmpty, "\(file)")
            #expect(ChromeStringsLoader.availableLanguages(templatesDirectory: nil).contains(String(file.dropLast(5))))
        }
    }

    @Test("a user's strings file that lacks a key is used with a warning naming the key, and English for it")
    func missingKey() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let strings = folder.url.appendingPathComponent("strings")
        try FileManager.default.createDirectory(at: strings, withIntermediateDirectories: true)
        var german = ChromeLanguage.english
        german["back"] = "Zurück!"
        german["done"] = nil
        german["released"] = "Veröffentlicht"
        try JSONEncoder().encode(german).write(to: strings.appendingPathComponent("de.json"))
        try JSONEncoder().encode(["back": "Takaisin"]).write(to: strings.appendingPathComponent("fi.json"))
        let (loaded, warnings) = try ChromeStringsLoader.load("de", direction: nil, templatesDirectory: folder.url)
        let language = try #require(loaded)
        #expect(language["back"] == "Zurück!")
        #expect(language["done"] == "Done")
        #expect(language["released"] == "Released %@")
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("done, released") == true)
        #expect(warnings.first?.contains("de.json") == true)
        // A language of the user's own is added to the shipped ones.
        #expect(ChromeStringsLoader.availableLanguages(templatesDirectory: folder.url).contains("fi"))
        #expect(ChromeStringsLoader.availableLanguages(templatesDirectory: folder.url).contains("ar"))
    }

    @Test("the page's words are optional in a user's file (English, silently); a wrong placeholder is a warning")
    func pageWords() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let strings = folder.url.appendingPathComponent("strings")
        try FileManager.default.createDirectory(at: strings, withIntermediateDirectories: true)
        var finnish = ChromeLanguage.english
        finnish["pageCards"] = "Kortit"
        finnish["pageBy"] = "%@ / %@ / %@"
        try JSONEncoder().encode(finnish).write(to: strings.appendingPathComponent("fi.json"))
        let (loaded, warnings) = try ChromeStringsLoader.load("fi", direction: nil, templatesDirectory: folder.url)
        let language = try #require(loaded)
        #expect(language["pageCards"] == "Kortit")
        #expect(language["pageWarnings"] == "Warnings", "absent: English")
        #expect(language["pageBy"] == "%1$@ by %2$@", "three values for two: English")
        #expect(warnings.count == 1 && warnings[0].contains("pageBy") && !warnings[0].contains("pageWarnings"))
    }

    @Test("a page word's values go in by position or in order, as plain text: no format string is ever interpreted")
    func fillingWords() {
        #expect(ChromeLanguage.fill("%1$@ by %2$@", ["Album", "Artist"]) == "Album by Artist")
        #expect(ChromeLanguage.fill("%2$@ の %1$@", ["Album", "Artist"]) == "Artist の Album")
        #expect(ChromeLanguage.fill("%@（%@ページ）", ["Top", "2"]) == "Top（2ページ）")
        // A value is never read as a placeholder, and a stray % stays as it is.
        #expect(ChromeLanguage.fill("%@ and %@", ["%@ %1$@", "b"]) == "%@ %1$@ and b")
        #expect(ChromeLanguage.fill("100% %d %s %@ %", ["x"]) == "100% %d %s x %")
        #expect(ChromeLanguage.fill("%@ %@", ["only"]) == "only %@")
        #expect(
            ChromeLanguage.pagePlaceholders("%1$@ by %2$@") == 2 && ChromeLanguage.pagePlaceholders("%@ (page %@)") == 2
        )
        // The link back to a matrix is only ever ../…/index.html.
        #expect(Gallery.safeMatrixLink("../../index.html") == "../../index.html")
        for bad in [
            "index.html", "javascript:alert(1)", "../../evil.html", "../x/../index.html", "https://e.com/index.html",
        ] {
            #expect(Gallery.safeMatrixLink(bad) == nil, "\(bad)")
        }
    }

    @Test("a user's language whose words no installed font has is drawn with U+FFFD and a warning")
    func undrawableWords() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let strings = folder.url.appendingPathComponent("templates/strings")
        try FileManager.default.createDirectory(at: strings, withIntermediateDirectories: true)
        var words = ChromeLanguage.english
        words["done"] = "Done \u{F0001}"
        try JSONEncoder().encode(words).write(to: strings.appendingPathComponent("xx.json"))
        let output = folder.url.appendingPathComponent("out")
        _ = try await generateOnce(.file(Fixtures.feed(Fixtures.Feeds.v1Top10)), output: output) {
            $0.enrich = false
            $0.limit = 1
            $0.renderCards = false
            $0.settings.language = "xx"
            $0.templatesDirectory = folder.url.appendingPathComponent("templates")
        }
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: output.appendingPathComponent("manifest.json")))
        #expect(manifest.language == "xx")
        #expect(manifest.layoutDirection == .ltr)
        let warning = try #require(manifest.warnings.first { $0.stage == .select })
        #expect(warning.message.contains("U+F0001"))
        #expect(warning.message.contains("strings/xx.json"))
    }

    @Test("a user's strings file that is not a JSON object of strings is an error saying where and what")
    func brokenStringsFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let strings = folder.url.appendingPathComponent("strings")
        try FileManager.default.createDirectory(at: strings, withIntermediateDirectories: true)
        func problem(_ text: String) throws -> String {
            try Data(text.utf8).write(to: strings.appendingPathComponent("xx.json"))
            do {
                _ = try ChromeStringsLoader.load("xx", direction: nil, templatesDirectory: folder.url)
                return ""
            } catch {
                return error.description
            }
        }
        let syntax = try problem("{\n  \"back\": \"Zurück\",\n  \"done\": \"Fertig\",\n}")
        #expect(syntax.contains("strings/xx.json") && syntax.contains("at line 4, column 1"), "\(syntax)")
        let twice = try problem("{\"back\": \"Zurück\",\n \"back\": \"Zurück!\"}")
        #expect(twice.contains("the key “back” is given twice (the second time at line 2, column 2)"), "\(twice)")
        let number = try problem(#"{"back": 3}"#)
        #expect(number.contains("'back' is not a string"), "\(number)")
        let list = try problem(#"["back"]"#)
        #expect(list.contains("must be a JSON object of strings"), "\(list)")
        #expect(!list.contains("''"), "\(list)")
    }

    @Test("an unknown language is an error that lists the available ones")
    func unknownLanguage() {
        #expect {
            _ = try ChromeStringsLoader.load("xx", direction: nil, templatesDirectory: nil)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("'xx'") && text.contains("ar, de, en, es") && text.contains("zh-Hant")
        }
    }

    @Test("English left to right is the default UI: loading it changes nothing")
    func englishIsDefault() throws {
        #expect(try ChromeStringsLoader.load("en", direction: nil, templatesDirectory: nil).language == nil)
        let rtl = try #require(try ChromeStringsLoader.load("en", direction: .rtl, templatesDirectory: nil).language)
        #expect(rtl.direction == .rtl)
        #expect(try ChromeStringsLoader.load("he", direction: nil, templatesDirectory: nil).language?.direction == .rtl)
        #expect(
            try ChromeStringsLoader.load("ar", direction: .ltr, templatesDirectory: nil).language?.direction == .ltr)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var language: String
        var feed: String
        var device: Device
        var style: ScreenOptions.Style = .uikit
        var testDescription: String { "\(language)-\(device.id)\(style == .uikit ? "" : "-swiftui")" }
    }

    static let cases: [Case] =
        [
            ("ar", "scripts/ar.json"), ("he", "scripts/he.json"), ("ja", "scripts/ja.json"),
            ("de", Fixtures.Feeds.v1Top100),
        ]
        .flatMap { language, feed in
            [Device.iPhone15, .iPad10].map { Case(language: language, feed: feed, device: $0) }
        } + [Case(language: "ar", feed: "scripts/ar.json", device: .iPad10, style: .swiftui)]

    @Test("the sheet and a card in another language, mirrored for Arabic and Hebrew", arguments: cases)
    func layout(_ testCase: Case) throws {
        let language = try #require(
            try ChromeStringsLoader.load(testCase.language, direction: nil, templatesDirectory: nil).language)
        let locale = language.dateLocale(given: Locale(identifier: "en_US")).identifier
        try LayoutSnapshot.make(
            feed: testCase.feed, device: testCase.device, theme: "light",
            screen: ScreenOptions(style: testCase.style, language: language), limit: 4, cards: [2], locale: locale
        ).assertMatches("language/\(testCase.testDescription)", testFilter: Self.filter)
    }

    @Test("an Arabic card, right to left: shaped Arabic, mirrored chrome, unflipped artwork (pixels)")
    func arabicCard() async throws {
        var settings = RenderSettings()
        settings.draw(on: .iPhoneSE)
        settings.language = "ar"
        let drawn = try OfflineChart(feed: "scripts/ar.json", limit: 2, settings: settings)
        #expect(drawn.screens.warnings.isEmpty)
        try #require(drawn.screens.items.count == 2)
        let layout = drawn.screens.cardLayout(for: drawn.screens.items[1])
        #expect(layout.navigationBar.backChevron.map { $0.frame.x > layout.size.width / 2 } == true)
        try await GoldenImage.assertMatches(
            try drawn.card(rank: 2), golden: ScriptGoldenTests.goldens.appendingPathComponent("ar-rtl-card.png"),
            testFilter: Self.filter)
    }
}
