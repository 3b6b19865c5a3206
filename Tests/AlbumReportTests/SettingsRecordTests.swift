import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// What the screens were drawn with is recorded always, and `merge` and the gallery read it from
/// the record: shards drawn differently are refused, and the gallery says what the cards say.
@Suite("Settings recorded in manifest.json")
struct SettingsRecordTests {
    /// Renders shard `index` of 2 of the embedded sample's first two albums into `output`.
    func shard(_ index: Int, into output: URL, configure: (inout GenerateOptions) -> Void = { _ in }) async throws {
        _ = try await generateOnce(.sample, output: output) {
            $0.limit = 2
            $0.shard = Shard(index: index, count: 2)
            configure(&$0)
        }
    }

    func manifest(in folder: URL) throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
    }

    @Test("merge refuses shards drawn with different settings, naming the setting and both values")
    func mergeRefusesOtherSettings() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cases: [(String, (inout GenerateOptions) -> Void)] = [
            ("style", { $0.settings.screen.style = .swiftui }),
            ("button", { $0.settings.screen.button = .artist }),
            ("fit", { $0.settings.screen.fit = .screen }),
            ("statusBar", { $0.settings.screen.statusBar = .none }),
        ]
        let first = folder.url.appendingPathComponent("one")
        try await shard(1, into: first)
        #expect(try manifest(in: first).settings == nil, "a default run records no setting: its bytes are kept")
        for (index, (property, change)) in cases.enumerated() {
            let second = folder.url.appendingPathComponent("two-\(index)")
            try await shard(2, into: second, configure: change)
            let error = #expect(throws: ReportError.self) {
                try ReportMerger.merge(
                    [first, second], into: folder.url.appendingPathComponent("merged"), templatesDirectory: nil,
                    force: false)
            }
            #expect(error?.description.contains("was drawn with \(property) ") == true, "\(error?.description ?? "")")
        }
    }

    @Test("merge believes no number it can check: a shard's byte count or pixel size that is not its file's is refused")
    func mergeChecksNumbers() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let shards = [folder.url.appendingPathComponent("one"), folder.url.appendingPathComponent("two")]
        for (index, output) in shards.enumerated() { try await shard(index + 1, into: output) }
        let url = shards[1].appendingPathComponent("manifest.json")
        let original = try Data(contentsOf: url)
        let lies: [(String, (inout Manifest.FileRecord) -> Void)] = [
            ("says -5×", { $0.widthPixels = -5 }),
            ("×1 pixels, but the PNG is", { $0.heightPixels = 1 }),
            ("says -1 bytes, but the file holds", { $0.bytes = -1 }),
            ("bytes, but the file holds", { $0.bytes += 1 }),
        ]
        for (phrase, lie) in lies {
            var manifest = try JSONDecoder().decode(Manifest.self, from: original)
            lie(&manifest.files[0])
            try manifest.encoded().write(to: url)
            let merged = folder.url.appendingPathComponent("merged")
            let error = #expect(throws: ReportError.self) {
                try ReportMerger.merge(shards, into: merged, templatesDirectory: nil, force: false)
            }
            let message = error?.description ?? ""
            #expect(message.contains("(shard 2/2): the manifest.json's record of cards/"), "\(message)")
            #expect(message.contains(phrase), "\(message)")
            #expect(!FileManager.default.fileExists(atPath: merged.path), "a refused merge writes nothing")
        }
        try original.write(to: url)
        _ = try ReportMerger.merge(
            shards, into: folder.url.appendingPathComponent("merged"), templatesDirectory: nil, force: false)
    }

    @Test("shards in manifest format 1 (with the legacy screen record) merge into format 2, and merge says so")
    func mergesFormatOne() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let shards = [folder.url.appendingPathComponent("one"), folder.url.appendingPathComponent("two")]
        for (index, output) in shards.enumerated() {
            try await shard(index + 1, into: output) { $0.settings.screen.contentSize = .ax2 }
            // What albumreport 0.3 wrote: no format, the presentation again under `screen`.
            let url = output.appendingPathComponent("manifest.json")
            var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            json["formatVersion"] = nil
            json["screen"] = [
                "style": "uikit", "titleStyle": "large", "fit": "content", "button": "album",
                "statusBar": "device", "contentSize": "ax2",
            ]
            try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: url)
        }
        let merged = folder.url.appendingPathComponent("merged")
        let manifest = try ReportMerger.merge(shards, into: merged, templatesDirectory: nil, force: false)
        #expect(manifest.formatVersion == Manifest.currentFormat)
        #expect(manifest.settings == ["contentSize": "ax2"])
        #expect(manifest.warnings.contains(ReportMerger.formatOneWarning))
        let written = try String(contentsOf: merged.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(!written.contains("\"screen\" :"), "the legacy record is not carried over")
    }

    @Test("a merged report's gallery keeps the artist button's label")
    func mergedGalleryKeepsArtistButton() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let shards = [folder.url.appendingPathComponent("one"), folder.url.appendingPathComponent("two")]
        for (index, output) in shards.enumerated() {
            try await shard(index + 1, into: output) { $0.settings.screen.button = .artist }
        }
        let merged = folder.url.appendingPathComponent("merged")
        let manifest = try ReportMerger.merge(shards, into: merged, templatesDirectory: nil, force: false)
        #expect(manifest.settings == ["button": "artist"])
        let page = try String(contentsOf: merged.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("aria-label=\"View Artist: "))
        #expect(!page.contains("View in Apple Music"))
    }

    @Test("the gallery's button titles follow --language, as the cards do")
    func galleryFollowsLanguage() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try await generateOnce(.sample, output: folder.url) {
            $0.limit = 2
            $0.settings.language = "de"
        }
        let page = try String(contentsOf: folder.url.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("aria-label=\"In Apple Music ansehen: "))
        #expect(!page.contains("View in Apple Music"))
        let manifest = try manifest(in: folder.url)
        #expect(manifest.settings == ["language": "de"])
        let buttons = manifest.screens.flatMap(\.elements).filter { $0.name == "button" }
        #expect(buttons.count == 2 && buttons.allSatisfy { $0.label == "In Apple Music ansehen" })
    }
}
