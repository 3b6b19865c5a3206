import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// `compare` takes nothing on trust from the side under test: a manifest in the actual folder
/// cannot mask a changed pixel, a config rule cannot silently match nothing, and no file that
/// cannot be read back passes or is recorded.
@Suite("compare trusts the reviewed side only")
struct CompareTrustTests {
    /// A one-album report in `goldens` and a copy of it in `actual`; the copy's first card.
    static func reports(in folder: URL) async throws -> (card: Manifest.ScreenRecord, manifest: URL) {
        let run = try await ProductBinary.run(["generate", "--limit", "1", "--output", "goldens", "-q"], in: folder)
        #expect(run.exitCode == 0, "\(run.standardError)")
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("goldens"), to: folder.appendingPathComponent("actual"))
        let url = folder.appendingPathComponent("actual/manifest.json")
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url))
        return (try #require(manifest.screens.first { $0.kind == .card }), url)
    }

    /// The actual manifest with `element`'s frame on the card set to `frame` (in pixels).
    static func move(_ element: String, on file: String, to frame: PixelRect, in url: URL) throws {
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var screens = try #require(manifest["screens"] as? [[String: Any]])
        for (index, screen) in screens.enumerated() where screen["file"] as? String == file {
            var elements = try #require(screen["elements"] as? [[String: Any]])
            for (position, item) in elements.enumerated() where item["name"] as? String == element {
                var changed = item
                changed["pixels"] = ["x": frame.x, "y": frame.y, "width": frame.width, "height": frame.height]
                elements[position] = changed
            }
            screens[index]["elements"] = elements
        }
        manifest["screens"] = screens
        try JSONSerialization.data(withJSONObject: manifest).write(to: url)
    }

    @Test(
        "an actual manifest that widens the status bar to the whole screen masks nothing more: a changed pixel fails, and says why"
    )
    func widenedFrameIsNotTrusted() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (card, manifest) = try await Self.reports(in: folder.url)
        let artwork = try #require(card.elements.first { $0.name == "artwork" }).pixels
        let changed = PixelRect(
            x: artwork.x + artwork.width / 2, y: artwork.y + artwork.height / 2, width: 3, height: 3)
        try AlbumReportGraphicsTestImage.paint(
            changed, RGBA(red: 255, green: 0, blue: 255),
            inFile: folder.url.appendingPathComponent("actual/\(card.file)"))
        let screen = PixelRect(x: 0, y: 0, width: 100_000, height: 100_000)
        try Self.move("statusBar", on: card.file, to: screen, in: manifest)
        let run = try await ProductBinary.run(
            ["compare", "goldens", "actual", "--mask-element", "statusBar", "--format", "text"], in: folder.url)
        #expect(run.exitCode == 1, "a changed pixel under a widened actual frame fails: \(run.standardError)")
        #expect(run.standardError.contains("an actual frame larger than the golden's, or away from it, is not used"))
        #expect(run.standardError.contains("Element masks (statusBar) placed from"))
        #expect(run.standardError.contains("goldens/manifest.json"))
    }

    @Test("a frame the layout moved (still over the golden's, no larger) is masked in both pictures")
    func movedFrameIsMasked() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (card, manifest) = try await Self.reports(in: folder.url)
        let bar = try #require(card.elements.first { $0.name == "navigationBar" }).pixels
        let moved = PixelRect(x: bar.x, y: bar.y + bar.height / 2, width: bar.width, height: bar.height)
        try Self.move("navigationBar", on: card.file, to: moved, in: manifest)
        // Paint the part of the moved bar below the golden's: masked through the union.
        try AlbumReportGraphicsTestImage.paint(
            PixelRect(x: moved.x, y: bar.maxY, width: moved.width, height: moved.maxY - bar.maxY),
            RGBA(red: 0, green: 255, blue: 0), inFile: folder.url.appendingPathComponent("actual/\(card.file)"))
        let run = try await ProductBinary.run(
            ["compare", "goldens", "actual", "--mask-element", "navigationBar", "--json"], in: folder.url)
        #expect(run.exitCode == 0, "\(run.standardError)")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect((summary["maskSource"] as? String)?.hasSuffix("goldens/manifest.json") == true)
        // Moved away from the golden's frame, it masks nothing of its own.
        let away = PixelRect(x: bar.x, y: bar.y + 3 * bar.height, width: bar.width, height: bar.height)
        try Self.move("navigationBar", on: card.file, to: away, in: manifest)
        try AlbumReportGraphicsTestImage.paint(
            away, RGBA(red: 0, green: 0, blue: 255), inFile: folder.url.appendingPathComponent("actual/\(card.file)"))
        let again = try await ProductBinary.run(
            ["compare", "goldens", "actual", "--mask-element", "navigationBar", "--format", "text"], in: folder.url)
        #expect(again.exitCode == 1, "\(again.standardError)")
    }

    @Test("element masks need the goldens' manifest: the actual side's alone is refused with a sentence")
    func goldensManifestRequired() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try await Self.reports(in: folder.url)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("goldens/manifest.json"))
        let run = try await ProductBinary.run(
            ["compare", "goldens", "actual", "--mask-element", "statusBar"], in: folder.url)
        #expect(run.exitCode == 2, "\(run.standardError)")
        #expect(run.standardError.contains("places elements from the goldens' manifest.json"), "\(run.standardError)")
    }

    /// Writes `config` to `compare.json` in `folder`.
    static func config(_ text: String, in folder: URL) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent("compare.json"))
    }

    @Test("a config whose later **/*.png rule makes every file strict fails a changed top-level file")
    func globstarTakesTheTopLevel() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try await Self.reports(in: folder.url)
        try AlbumReportGraphicsTestImage.paint(
            PixelRect(x: 300, y: 600, width: 2, height: 2), RGBA(red: 255, green: 0, blue: 0),
            inFile: folder.url.appendingPathComponent("actual/sheet.png"))
        try Self.config(
            #"{"paths": [{"glob": "**", "maxDiffPixels": 100}, {"glob": "**/*.png", "maxDiffPixels": 0}]}"#,
            in: folder.url)
        let run = try await ProductBinary.run(
            ["compare", "goldens", "actual", "--config", "compare.json", "--format", "text"], in: folder.url)
        #expect(run.exitCode == 1, "the sheet's 4 changed pixels fail under maxDiffPixels 0: \(run.standardError)")
        #expect(run.standardError.contains("mismatch sheet.png"))
    }

    @Test("a config entry or a scoped mask that matches no file is an error that names it")
    func unmatchedRuleIsAnError() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try await Self.reports(in: folder.url)
        try Self.config(
            #"{"paths": [{"glob": "cards/**", "maxDiffPixels": 0}, {"glob": "crads/**", "maxDiffPixels": 0}]}"#,
            in: folder.url)
        let typo = try await ProductBinary.run(
            ["compare", "goldens", "actual", "--config", "compare.json"], in: folder.url)
        #expect(typo.exitCode == 2, "\(typo.standardError)")
        #expect(typo.standardError.contains(#"paths[1] (glob "crads/**") matches no file in either folder"#))
        let mask = try await ProductBinary.run(
            ["compare", "goldens", "actual", "--mask", "cards/*.jpg:0,0,10,10"], in: folder.url)
        #expect(mask.exitCode == 2, "\(mask.standardError)")
        #expect(mask.standardError.contains("--mask cards/*.jpg:0,0,10,10 matches no file"))
    }

    @Test("the compare guide's config example works as written: its rules apply where they say")
    func guideExample() async throws {
        let guide = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/compare.md"), encoding: .utf8)
        let block = try #require(guide.firstMatch(of: /```json\n(\{[^`]*"paths"[^`]*\})\n```/)).1
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (card, _) = try await Self.reports(in: folder.url)
        try Self.config(String(block), in: folder.url)
        func compare() async throws -> Int32 {
            let run = try await ProductBinary.run(
                ["compare", "goldens", "actual", "--config", "compare.json", "--format", "text"], in: folder.url)
            return run.exitCode
        }
        #expect(try await compare() == 0, "the same report matches")
        // The sheet's top 150 rows are masked by `**/sheet*.png`: a change there passes.
        try AlbumReportGraphicsTestImage.paint(
            PixelRect(x: 10, y: 10, width: 20, height: 20), RGBA(red: 255, green: 0, blue: 0),
            inFile: folder.url.appendingPathComponent("actual/sheet.png"))
        #expect(try await compare() == 0, "inside the sheet's mask")
        // `cards/001-*.png` allows no differing pixel, after `cards/**` allowed 20.
        try AlbumReportGraphicsTestImage.paint(
            PixelRect(x: 400, y: 1200, width: 2, height: 2), RGBA(red: 255, green: 0, blue: 0),
            inFile: folder.url.appendingPathComponent("actual/\(card.file)"))
        #expect(card.file.hasPrefix("cards/001-"))
        #expect(try await compare() == 1, "4 pixels of card 001 fail its maxDiffPixels 0")
    }

    /// A valid 40 × 40 PNG, cut short and with a damaged CRC.
    static func damaged() throws -> (whole: Data, cut: Data, badCRC: Data) {
        let whole = try AlbumReportGraphicsTestImage.solid(RGBA(red: 10, green: 200, blue: 30), edge: 40)
        var badCRC = whole
        badCRC[33 + 8 + 1] ^= 0xFF  // a byte inside the first IDAT's data (IHDR is 8 + 25 bytes)
        return (whole, whole.prefix(whole.count - 20), badCRC)
    }

    @Test("byte-identical files that are not whole PNGs (cut short, a wrong CRC) are errors, never a match")
    func identicalDamagedFiles() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (_, cut, badCRC) = try Self.damaged()
        for (name, data) in [("cut.png", cut), ("crc.png", badCRC)] {
            for side in ["goldens", "actual"] {
                let url = folder.url.appendingPathComponent("\(side)/\(name)")
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
        }
        let run = try await ProductBinary.run(["compare", "goldens", "actual", "--format", "text"], in: folder.url)
        #expect(run.exitCode == 2, "\(run.standardError)")
        #expect(run.standardError.contains("cut.png is byte for byte its golden"), "\(run.standardError)")
        #expect(run.standardError.contains("(it was cut short)"), "\(run.standardError)")
        #expect(run.standardError.contains("chunk's CRC is wrong"))
    }

    @Test("--update records nothing that cannot be read back: a new file cut short is an error and stays out")
    func updateRefusesUndecodable() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (whole, cut, _) = try Self.damaged()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("actual"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("goldens"), withIntermediateDirectories: true)
        try cut.write(to: folder.url.appendingPathComponent("actual/new.png"))
        try whole.write(to: folder.url.appendingPathComponent("actual/good.png"))
        let run = try await ProductBinary.run(
            ["compare", "goldens", "actual", "--update", "--format", "text"], in: folder.url)
        #expect(run.exitCode == 2, "\(run.standardError)")
        #expect(run.standardError.contains("It was not recorded as the golden"), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("goldens/new.png").path))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("goldens/good.png").path))
    }
}
