import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation
import Testing

/// The shipped themes name Apple's fonts first ("SF Pro Text, Inter"): a runner that has them
/// draws with them, any other with Inter, silently either way, and the manifest says which.
@Suite("Apple's fonts where the runner has them")
struct SystemFontTests {
    /// A fontconfig configuration with every font the system's has, plus stand-ins under Apple's
    /// names, renamed as fontconfig scans them (only a family match counts, so an alias would
    /// not do): DejaVu Sans as "SF Pro Text", DejaVu Serif as "SF Pro Display" (a different
    /// design, so the two cuts can be told apart) and Noto Color Emoji as "Apple Color Emoji".
    /// Returns the configuration file and the stand-ins' folder.
    static func standInConfiguration(in folder: URL) throws -> (file: URL, fonts: URL) {
        let fonts = folder.appendingPathComponent("apple-fonts")
        let cache = folder.appendingPathComponent("fontconfig-cache")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        var renames = ""
        let standIns: [(name: String, from: String, weight: FontWeight, to: String)] = [
            ("sf-pro-text-regular", "DejaVu Sans", .regular, "SF Pro Text"),
            ("sf-pro-text-bold", "DejaVu Sans", .bold, "SF Pro Text"),
            ("sf-pro-display-regular", "DejaVu Serif", .regular, "SF Pro Display"),
            ("sf-pro-display-bold", "DejaVu Serif", .bold, "SF Pro Display"),
            ("apple-color-emoji", "Noto Color Emoji", .regular, "Apple Color Emoji"),
        ]
        for standIn in standIns {
            let source = try #require(
                FontResolver.file(family: standIn.from, weight: standIn.weight), "\(standIn.from) is installed")
            let link = fonts.appendingPathComponent("\(standIn.name).ttf")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: source.file)
            renames += """
                  <match target="scan">
                    <test name="file"><string>\(link.path)</string></test>
                    <edit name="family" mode="assign_replace"><string>\(standIn.to)</string></edit>
                  </match>

                """
        }
        // The folder's own cache comes first, so the stand-ins' scan is written there; the
        // system's folders keep their caches, scanned before these rules existed.
        let configuration = """
            <?xml version="1.0"?>
            <fontconfig>
              <cachedir>\(cache.path)</cachedir>
              <include ignore_missing="no">/etc/fonts/fonts.conf</include>
              <dir>\(fonts.path)</dir>
            \(renames)</fontconfig>
            """
        let file = folder.appendingPathComponent("fonts.conf")
        try Data(configuration.utf8).write(to: file)
        return (file, fonts)
    }

    /// The manifest of the embedded sample's first album, drawn with `environment`.
    static func manifest(in folder: URL, environment: [String: String]) async throws -> (Manifest, String) {
        let output = "out-\(UUID().uuidString)"
        let run = try await ProductBinary.run(
            ["generate", "--limit", "1", "--output", output, "--quiet"], in: folder, environment: environment)
        #expect(run.exitCode == 0, "\(run.standardError)")
        let data = try Data(contentsOf: folder.appendingPathComponent("\(output)/manifest.json"))
        return (try JSONDecoder().decode(Manifest.self, from: data), run.standardError)
    }

    @Test("with SF Pro and Apple Color Emoji installed, the shipped theme draws with them, silently, and says so")
    func appleFontsWhenInstalled() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (configuration, standIns) = try Self.standInConfiguration(in: folder.url)
        let (manifest, errors) = try await Self.manifest(
            in: folder.url, environment: ["FONTCONFIG_FILE": configuration.path])
        #expect(manifest.warnings.isEmpty, "\(manifest.warnings)")
        #expect(!errors.contains("font"), "\(errors)")
        let text = manifest.fonts.filter { $0.role == nil }
        let emoji = manifest.fonts.filter { $0.role == "emoji" }
        #expect(!text.isEmpty)
        for font in text {
            #expect(["SF Pro Text", "SF Pro Display"].contains(font.family), "\(font)")
            #expect(font.file.hasPrefix(standIns.path + "/"), "\(font)")
        }
        // The 34 pt large title and the 22 pt card title (bold) take the display cut; 17 pt text the text cut.
        #expect(text.contains { $0.family == "SF Pro Display" && $0.weight == .bold })
        #expect(text.contains { $0.family == "SF Pro Text" && $0.weight == .regular })
        #expect(emoji.map(\.family) == ["Apple Color Emoji"])
        #expect(emoji.first?.file == standIns.appendingPathComponent("apple-color-emoji.ttf").path)
        // Each drew as asked: nothing stands for another.
        #expect(manifest.fonts.allSatisfy { $0.standsFor == nil }, "\(manifest.fonts)")
    }

    @Test(
        "without them, the same theme draws with Inter, Inter Display and Noto Color Emoji, silently; the manifest says what each stands for"
    )
    func openFontsOtherwise() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (manifest, _) = try await Self.manifest(in: folder.url, environment: [:])
        #expect(manifest.warnings.isEmpty, "\(manifest.warnings)")
        let families = Set(manifest.fonts.filter { $0.role == nil }.map(\.family))
        #expect(families == ["Inter", "Inter Display"])
        #expect(manifest.fonts.filter { $0.role == "emoji" }.map(\.family) == ["Noto Color Emoji"])
        // Where a user looks: each font record names the Apple family it stands in for.
        for font in manifest.fonts {
            let expected =
                font.role == "emoji" ? "Apple Color Emoji" : font.family == "Inter" ? "SF Pro Text" : "SF Pro Display"
            #expect(font.standsFor == expected, "\(font)")
        }
    }
}
