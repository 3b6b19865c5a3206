import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// Matrix shards rendered by the real pipeline, then changed on disk as a damaged or forged shard
/// would be (hashes recomputed, so only the lie remains): `merge` must refuse each, naming the
/// shard folder, the combination and what disagrees.
@Suite("merge verifies what a matrix shard claims")
struct MatrixMergeVerificationTests {
    /// Two combinations (light and dark), both iPhone SE at content size xs.
    static let matrix = "devices=iphone-se;themes=light,dark;contentSizes=xs"

    /// Shard 1/1 of ``matrix`` (two albums, no cards) in `folder/Shard`.
    static func shard(in folder: URL) async throws -> URL {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let shard = folder.appendingPathComponent("Shard")
        _ = try await generateMatrix(
            try MatrixSpec.inlineForTests(matrix), chart: chart, output: shard, shard: Shard(index: 1, count: 1)
        ) {
            $0.renderCards = false
            $0.settings.draw(on: .iPhoneSE)
        }
        return shard
    }

    /// Reads the shard's matrix manifest, changes it and writes it back.
    static func editMatrix(_ shard: URL, _ change: (inout MatrixManifest) -> Void) throws {
        let url = shard.appendingPathComponent("manifest.json")
        var manifest = try JSONDecoder().decode(MatrixManifest.self, from: Data(contentsOf: url))
        change(&manifest)
        try manifest.encoded().write(to: url)
    }

    /// Changes the report manifest of combination `index` and records its new SHA-256 in the
    /// matrix manifest, as a forger would.
    static func editReport(_ shard: URL, combination index: Int, _ change: (inout Manifest) -> Void) throws {
        let matrix = try JSONDecoder().decode(
            MatrixManifest.self, from: Data(contentsOf: shard.appendingPathComponent("manifest.json")))
        let folder = try #require(matrix.combinations.first { $0.index == index }?.folder)
        let url = shard.appendingPathComponent(folder).appendingPathComponent("manifest.json")
        var report = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url))
        change(&report)
        let data = try report.encoded()
        try data.write(to: url)
        try editMatrix(shard) { manifest in
            for slot in manifest.combinations.indices where manifest.combinations[slot].index == index {
                manifest.combinations[slot].manifestSHA256 = SHA256.hex(of: data)
            }
        }
    }

    /// Merges `shard` into `folder/Merged`, which must fail, and returns the sentence.
    static func refusal(_ shard: URL, in folder: URL) -> String {
        let merged = folder.appendingPathComponent("Merged")
        let error = #expect(throws: ReportError.self) {
            try MatrixMerger.merge([shard], into: merged, templatesDirectory: nil, force: false)
        }
        #expect(!FileManager.default.fileExists(atPath: merged.path), "a refused merge writes nothing")
        return error?.description ?? ""
    }

    @Test("merge refuses a shard whose combination folder was renamed")
    func renamedFolder() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let shard = try await Self.shard(in: scratch.url)
        let honest = scratch.url.appendingPathComponent("Honest")
        #expect(
            try MatrixMerger.merge([shard], into: honest, templatesDirectory: nil, force: false).combinations.count == 2
        )

        try FileManager.default.moveItem(
            at: shard.appendingPathComponent("iphone-se/dark"), to: shard.appendingPathComponent("iphone-se/dusk"))
        try Self.editMatrix(shard) { $0.combinations[1].folder = "iphone-se/dusk/xs" }
        let message = Self.refusal(shard, in: scratch.url)
        #expect(message.contains("Shard (matrix shard 1/1): combination 1"), "\(message)")
        #expect(message.contains("is in the folder iphone-se/dusk/xs, but its values put it in iphone-se/dark/xs"))
        #expect(message.hasSuffix("Render that shard again."))
    }

    @Test("merge refuses two combinations that claim the same values")
    func swappedValues() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let shard = try await Self.shard(in: scratch.url)
        try Self.editMatrix(shard) { $0.combinations[1].values = $0.combinations[0].values }
        let message = Self.refusal(shard, in: scratch.url)
        #expect(message.contains("Shard (matrix shard 1/1): combination 1 claims"), "\(message)")
        #expect(
            message.contains("devices=iphone-se, themes=light, contentSizes=xs, but combination 1 of the matrix is"))
        #expect(message.contains("themes=dark"))
        #expect(message.hasSuffix("Render that shard again."))
    }

    @Test(
        "merge refuses a combination whose own manifest records another device, theme or content size, or was drawn for another device"
    )
    func reportDisagrees() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let shard = try await Self.shard(in: scratch.url)
        let matrix = shard.appendingPathComponent("manifest.json")
        let report = shard.appendingPathComponent("iphone-se/light/xs/manifest.json")
        let originals = (try Data(contentsOf: matrix), try Data(contentsOf: report))
        let changes: [(String, (inout Manifest) -> Void)] = [
            (
                "was drawn for iphone-15 (portrait), which is not the device its settings record",
                { $0.device = .iPhone15 }
            ),
            (
                "records device \"iphone-15\", but the matrix gives it \"iphone-se\"",
                {
                    $0.device = .iPhone15
                    $0.settings?["device"] = nil
                }
            ),
            ("records theme \"dark\", but the matrix gives it \"light\"", { $0.settings?["theme"] = "dark" }),
            ("records contentSize \"s\", but the matrix gives it \"xs\"", { $0.settings?["contentSize"] = "s" }),
            ("records the theme dusk, but its theme setting light is the theme named light", { $0.theme = "dusk" }),
            ("records the layout direction rtl, but its language", { $0.layoutDirection = .rtl }),
        ]
        for (expected, change) in changes {
            try Self.editReport(shard, combination: 0, change)
            let message = Self.refusal(shard, in: scratch.url)
            #expect(
                message.contains("Shard (matrix shard 1/1): the manifest.json of combination 0 (iphone-se/light/xs)"),
                "\(message)")
            #expect(message.contains(expected), "\(message)")
            #expect(message.contains("Render that shard again"))
            try originals.0.write(to: matrix)
            try originals.1.write(to: report)
        }
    }

    @Test("merge refuses a combination whose date locale is not the one the same settings gave another")
    func relabelledLocale() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let shard = try await Self.shard(in: scratch.url)
        try Self.editReport(shard, combination: 0) { $0.locale = "de_DE" }
        let message = Self.refusal(shard, in: scratch.url)
        #expect(
            message.contains("the manifest.json of combination 1 (iphone-se/dark/xs) records the locale"), "\(message)")
        #expect(message.contains("iphone-se/light/xs, drawn with the same locale en_US and language"), "\(message)")
        #expect(message.contains("records de_DE"), "\(message)")
    }

    @Test("merge refuses matrix shards rendered with another setting that no axis sets")
    func otherSettingOutsideTheAxes() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let spec = try MatrixSpec.inlineForTests("devices=iphone-se;contentSizes=xs,s")
        var shards: [URL] = []
        for index in 1...2 {
            let shard = scratch.url.appendingPathComponent("Shard\(index)")
            _ = try await generateMatrix(spec, chart: chart, output: shard, shard: Shard(index: index, count: 2)) {
                $0.renderCards = false
                // Shard 2 draws with the dark theme, which the matrix does not vary.
                if index == 2 { $0.settings.theme = .named("dark") }
            }
            shards.append(shard)
        }
        let error = #expect(throws: ReportError.self) {
            try MatrixMerger.merge(
                shards, into: scratch.url.appendingPathComponent("Merged"), templatesDirectory: nil, force: false)
        }
        let message = error?.description ?? ""
        #expect(
            message.contains("was drawn with theme dark, iphone-se/xs with light, and no axis sets it"), "\(message)")
    }

    @Test("merge refuses a grid picture that is not the sheet its combination's manifest lists")
    func sheetOutsideFolder() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let shard = try await Self.shard(in: scratch.url)
        try Self.editMatrix(shard) { $0.combinations[0].sheet?.file = "../../../etc/passwd" }
        let escape = Self.refusal(shard, in: scratch.url)
        #expect(
            escape.contains(
                "Shard (matrix shard 1/1): the matrix manifest shows ../../../etc/passwd for combination 0 (iphone-se/light/xs), which is not a file name in its folder"
            ), "\(escape)")
        #expect(escape.hasSuffix("Render that shard again."))

        try Self.editMatrix(shard) { $0.combinations[0].sheet?.file = "other.png" }
        let unlisted = Self.refusal(shard, in: scratch.url)
        #expect(unlisted.contains("shows other.png"), "\(unlisted)")
        #expect(unlisted.contains("but its manifest.json lists sheet.png"))
    }

    @Test("merge refuses a negative warning count")
    func negativeWarnings() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let shard = try await Self.shard(in: scratch.url)
        try Self.editMatrix(shard) { $0.combinations[1].warningCount = -5 }
        let message = Self.refusal(shard, in: scratch.url)
        #expect(
            message.contains(
                "Shard (matrix shard 1/1): the matrix manifest counts -5 warning(s) for combination 1 (iphone-se/dark/xs), but its manifest.json has 0"
            ), "\(message)")
        #expect(message.hasSuffix("Render that shard again."))
    }

    @Test("merge refuses to write into one of its shard folders, a folder inside one or a link to one")
    func outputIsAnInput() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let shard = try await Self.shard(in: scratch.url)
        let link = scratch.url.appendingPathComponent("Link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: shard)
        let before = try filesOfTree(shard)
        for (output, relation) in [(shard, "is"), (shard.appendingPathComponent("inner"), "is inside"), (link, "is")] {
            let error = #expect(throws: ReportError.self) {
                try MatrixMerger.merge([shard], into: output, templatesDirectory: nil, force: true)
            }
            #expect(
                error?.description.contains(
                    "\(relation) the shard folder \(shard.path): merge would write over a shard it reads") == true,
                "\(String(describing: error))")
        }
        #expect(try filesOfTree(shard) == before)

        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let plain = scratch.url.appendingPathComponent("Plain")
        _ = try await generateOnce(.remote(chart.feedURL), output: plain) {
            $0 = matrixBase(chart: chart, output: plain)
            $0.shard = Shard(index: 1, count: 1)
            $0.renderCards = false
            $0.settings.draw(on: .iPhoneSE)
        }
        let plainBefore = try filesOfTree(plain)
        let error = #expect(throws: ReportError.self) {
            try ReportMerger.merge([plain], into: plain, templatesDirectory: nil, force: false)
        }
        #expect(
            error?.description.contains("is the shard folder \(plain.path)") == true, "\(String(describing: error))")
        #expect(try filesOfTree(plain) == plainBefore)
    }
}
