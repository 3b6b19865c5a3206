import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation
import Testing

/// A theme's font lists are bounded: a list of 100,000 names took 105 s (a fontconfig lookup
/// each) and 100,000 missing font files made a 2.4 MB warning. Lists are cut to
/// `FontSource.maximumCandidates`, once, with a warning naming the count, and missing files are
/// one warning naming the first few.
@Suite("Theme font lists are bounded")
struct BoundedThemeTests {
    /// The shipped light theme's JSON with `edit` applied to its `fonts` object, decoded.
    func decode(_ edit: (inout [String: Any]) -> Void) throws -> Theme {
        let url = Fixtures.packageRoot.appendingPathComponent("Templates/light.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var fonts = try #require(json["fonts"] as? [String: Any])
        edit(&fonts)
        json["fonts"] = fonts
        return try Theme.decode(JSONSerialization.data(withJSONObject: json), source: "big.json")
    }

    @Test("100,000 fallback families and a 1,000-name family are cut to 32 each, with one warning per list")
    func longListsAreCut() throws {
        let theme = try decode { fonts in
            fonts["fallbackFamilies"] = ["Inter"] + (0..<99_999).map { "/nowhere/Fallback\($0).otf" }
            fonts["family"] = (0..<1_000).map { "Missing Family \($0)" }.joined(separator: ", ") + ", Inter"
        }
        #expect(theme.fonts.fallbackFamilies.count == FontSource.maximumCandidates)
        #expect(FontSource.candidates(of: theme.fonts.rowTitle.family).count == FontSource.maximumCandidates)
        #expect(
            theme.notes == [
                "The theme's fonts.family lists 1001 fonts; only the first 32 are tried. Keep a font list to a handful of families.",
                "The theme's fonts.fallbackFamilies lists 100000 fonts; only the first 32 are tried. Keep a font list to a handful of families.",
            ])
        // Inter, the family's 1,001st name, is never tried there: the styles fall back to Inter,
        // the first fallback family, and the 31 missing files kept are one warning naming three.
        let book = try FontBook(theme: theme)
        let missing = book.substitutions.filter { $0.contains("font files in fonts.fallbackFamilies cannot be used") }
        #expect(missing.count == 1, "\(book.substitutions)")
        #expect(missing.first?.hasPrefix("31 font files") == true)
        #expect(missing.first?.contains("Fallback0.otf") == true)
        #expect(missing.first?.contains("and 28 more") == true)
        #expect(missing.first.map { $0.utf8.count < 400 } == true)
    }

    @Test("a list within the limit is not cut and says nothing")
    func shortListsStay() throws {
        let theme = try decode { fonts in
            fonts["fallbackFamilies"] = (0..<32).map { "Family \($0)" }
        }
        #expect(theme.fonts.fallbackFamilies.count == 32)
        #expect(theme.notes.isEmpty)
    }
}
