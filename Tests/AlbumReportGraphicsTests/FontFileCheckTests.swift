import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation
import Testing

/// A theme's font files are checked before they are opened and after they are loaded: a FIFO,
/// a device or a folder is never opened, and a font that draws no letters is not used.
@Suite("Theme font files that are not fonts")
struct FontFileCheckTests {
    /// The shipped theme with `edit` applied to its fonts (relative paths resolved).
    func theme(_ edit: (inout Theme.Fonts) -> Void) throws -> Theme {
        var theme = try Theme.shipped()
        edit(&theme.fonts)
        theme.fonts = theme.fonts.applyingFamilies(relativeTo: nil)
        return theme
    }

    @Test(
        "a theme font that is a FIFO, a device or a folder is refused before it is opened, with a warning naming the key and the path"
    )
    func notRegularFiles() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let fifo = folder.url.appendingPathComponent("Pipe.otf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let directory = folder.url.appendingPathComponent("Folder.otf")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

        let family = try FontBook(theme: try theme { $0.family = fifo })
        let familyWarning = try #require(family.substitutions.first { $0.contains(fifo) }, "\(family.substitutions)")
        #expect(
            familyWarning.contains("fonts.family") && familyWarning.contains("not a regular file"), "\(familyWarning)")

        let display = try FontBook(theme: try theme { $0.displayFamily = directory.path })
        let displayWarning = try #require(display.substitutions.first { $0.contains(directory.path) })
        #expect(
            displayWarning.contains("fonts.displayFamily") && displayWarning.contains("folder"), "\(displayWarning)")

        let device = try FontBook(theme: try theme { $0.family = "/dev/zero" })
        #expect(
            device.substitutions.contains { $0.contains("/dev/zero") && $0.contains("device") },
            "\(device.substitutions)")

        let emojiTheme = try theme { $0.emojiFamily = fifo }
        let emoji = try TextEngine(theme: emojiTheme, scale: 2)
        #expect(
            emoji.fonts.substitutions.contains { $0.contains("fonts.emojiFamily") && $0.contains(fifo) },
            "\(emoji.fonts.substitutions)")
        #expect(emoji.shape("☕", font: emojiTheme.fonts.rowTitle).glyphs.first?.fontFamily == "Noto Color Emoji")

        let fallbackTheme = try theme { $0.fallbackFamilies = [fifo] }
        let fallback = try TextEngine(theme: fallbackTheme, scale: 2)
        #expect(
            fallback.fonts.substitutions.contains { $0.contains("fonts.fallbackFamilies") && $0.contains(fifo) },
            "\(fallback.fonts.substitutions)")
        #expect(!fallback.shape("漢字", font: fallbackTheme.fonts.rowTitle).glyphs.isEmpty)
    }

    @Test("a font whose glyph table is cut to nothing draws no letters: a warning, and the fallback family draws")
    func fontThatDrawsNothing() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let source = try #require(FontResolver.file(family: "DejaVu Sans", weight: .regular)).file
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        // The table directory: 12 bytes of header, then 16 bytes per table (tag, checksum, offset,
        // length). The glyf table's length set to 0: FreeType and HarfBuzz load the face, map
        // every letter to its glyph, and draw each glyph empty.
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        var corrupted = false
        for table in 0..<tables where bytes[(12 + 16 * table)..<(16 + 16 * table)].elementsEqual("glyf".utf8) {
            for offset in (24 + 16 * table)..<(28 + 16 * table) { bytes[offset] = 0 }
            corrupted = true
        }
        #expect(corrupted)
        let broken = folder.url.appendingPathComponent("Broken.ttf")
        try Data(bytes).write(to: broken)

        let custom = try theme { $0.family = broken.path }
        let book = try FontBook(theme: custom)
        let warning = try #require(book.substitutions.first { $0.contains(broken.path) }, "\(book.substitutions)")
        #expect(warning.contains("fonts.family") && warning.contains("draws no"), "\(warning)")
        #expect(book.font(for: custom.fonts.rowTitle)?.family == "Inter")
    }

    @Test("a family name of a million characters is quoted short in the warning")
    func longFamilyName() throws {
        let name = String(repeating: "Family ", count: 150_000)
        let book = try FontBook(
            theme: try theme {
                $0.family = name
                $0.emojiFamily = name
            })
        #expect(!book.substitutions.isEmpty)
        #expect(book.substitutions.allSatisfy { $0.count < 1_000 }, "\(book.substitutions.map(\.count))")
    }
}
