import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// `--language` and `--layout-direction`, run as a user runs them.
@Suite("albumreport generate --language and --layout-direction")
struct LanguageOptionTests {
    @Test(
        "a bad language or direction exits 64 with a sentence that says what to pass",
        arguments: [
            (["generate", "--language", "xx"], "--language xx is not available. Choose one of: ar, de, en"),
            (["generate", "--layout-direction", "up"], "--layout-direction"),
            (["generate", "--theme", "nonexistent"], "--theme nonexistent is not a theme. Choose one of: dark, light"),
        ])
    func usageErrors(arguments: [String], message: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try await ProductBinary.run(arguments, in: folder.url)
        #expect(run.exitCode == 64)
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(
            !run.standardError.contains(".resources") && !run.standardError.contains("/Templates"),
            "\(run.standardError)")
    }

    @Test("--locale de_DE draws German chrome; --language en keeps English; the manifest says which")
    func fromLocale() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let feed = Fixtures.feed(Fixtures.Feeds.v1Top10).path
        let common = ["generate", "--feed", feed, "--limit", "1", "--no-cards", "--no-enrich", "--no-cache"]
        func manifest(_ name: String) throws -> [String: Any] {
            let data = try Data(contentsOf: folder.url.appendingPathComponent("\(name)/manifest.json"))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        let german = try await ProductBinary.run(common + ["--locale", "de_DE", "--output", "de"], in: folder.url)
        #expect(german.exitCode == 0, "\(german.standardError)")
        func language(_ name: String) throws -> String? {
            (try manifest(name)["settings"] as? [String: String])?["language"]
        }
        #expect(try language("de") == "de", "the language the locale chose is the one record of it")
        #expect(try manifest("de")["language"] == nil)
        #expect(try manifest("de")["layoutDirection"] as? String == "ltr")
        let english = try await ProductBinary.run(
            common + ["--locale", "de_DE", "--language", "en", "--output", "de-en"], in: folder.url)
        #expect(english.exitCode == 0, "\(english.standardError)")
        #expect(try language("de-en") == "en")
        let explicit = try await ProductBinary.run(common + ["--language", "en", "--output", "en"], in: folder.url)
        #expect(explicit.exitCode == 0, "\(explicit.standardError)")
        let mirrored = try await ProductBinary.run(
            common + ["--layout-direction", "rtl", "--output", "rtl"], in: folder.url)
        #expect(mirrored.exitCode == 0, "\(mirrored.standardError)")
        #expect(try manifest("rtl")["layoutDirection"] as? String == "rtl")
        // Both are part of the render key: a report re-rendered in another language or direction
        // draws its screens again; an explicit English is the default.
        let plain = try await ProductBinary.run(common + ["--output", "plain"], in: folder.url)
        #expect(plain.exitCode == 0, "\(plain.standardError)")
        func sheetKey(_ name: String) throws -> String? {
            let screens = try #require(try manifest(name)["screens"] as? [[String: Any]])
            return screens.first { $0["kind"] as? String == "sheet" }?["renderKey"] as? String
        }
        #expect(try sheetKey("plain") != nil)
        #expect(try sheetKey("en") == sheetKey("plain"))
        #expect(try sheetKey("de") != sheetKey("plain"))
        #expect(try sheetKey("rtl") != sheetKey("plain"))
        #expect(try sheetKey("rtl") != sheetKey("de"))
    }
}
