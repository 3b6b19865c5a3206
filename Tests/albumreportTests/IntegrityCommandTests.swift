import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// `merge` and `compare` given shards, goldens and options that lie or point elsewhere: the
/// built binary, its exit codes and sentences.
@Suite("merge and compare refuse what they cannot trust", .serialized)
struct IntegrityCommandTests {
    /// Two shards of the sample's first four albums, in `part1` and `part2`.
    static func shards(in folder: URL) async throws {
        for index in 1...2 {
            let run = try await ProductBinary.run(
                ["generate", "--limit", "4", "--output", "part\(index)", "--shard", "\(index)/2", "--no-cache", "-q"],
                in: folder)
            #expect(run.exitCode == 0, "\(run.standardError)")
        }
    }

    static func edit(_ url: URL, _ change: (String) -> String) throws {
        try Data(change(try String(contentsOf: url, encoding: .utf8)).utf8).write(to: url)
    }

    @Test("merge refuses a shard whose manifest lists a file that is not there, naming the shard and the file")
    func renamedEntry() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try await Self.shards(in: scratch.url)
        let manifest = scratch.url.appendingPathComponent("part2/manifest.json")
        let card = try #require(
            try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: manifest)).files.first?.path)
        let original = try String(contentsOf: manifest, encoding: .utf8)

        // Only the file entry renamed (the input from the issue): the screen has no file.
        try Self.edit(manifest) {
            $0.replacingOccurrences(of: "\"path\" : \"\(card)\"", with: "\"path\" : \"cards/999-gone.png\"")
        }
        let renamed = try await ProductBinary.run(["merge", "part1", "part2", "--output", "merged"], in: scratch.url)
        #expect(renamed.exitCode == 1)
        #expect(renamed.standardError.contains("part2 (shard 2/2)"), "\(renamed.standardError)")
        #expect(renamed.standardError.contains(card))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("merged").path))

        // Renamed everywhere in the manifest: the listed file is missing on disk.
        try Data(original.replacingOccurrences(of: card, with: "cards/999-gone.png").utf8).write(to: manifest)
        let missing = try await ProductBinary.run(["merge", "part1", "part2", "--output", "merged"], in: scratch.url)
        #expect(missing.exitCode == 1)
        #expect(missing.standardError.contains("part2 (shard 2/2): cards/999-gone.png is missing"))

        // A card claimed by the wrong shard: ranks must belong to the shard that holds them.
        try Data(original.utf8).write(to: manifest)
        let sheetShard = scratch.url.appendingPathComponent("part1/manifest.json")
        let sheetOriginal = try String(contentsOf: sheetShard, encoding: .utf8)
        var first = try JSONDecoder().decode(Manifest.self, from: Data(sheetOriginal.utf8))
        let index = try #require(first.screens.firstIndex { $0.kind == .card && $0.rank == 1 })
        first.screens[index].rank = 2
        try first.encoded().write(to: sheetShard)
        let stolen = try await ProductBinary.run(["merge", "part1", "part2", "--output", "merged"], in: scratch.url)
        #expect(stolen.exitCode == 1)
        #expect(stolen.standardError.contains("part1 (shard 1/2)"), "\(stolen.standardError)")
        try Data(sheetOriginal.utf8).write(to: sheetShard)

        let merged = try await ProductBinary.run(["merge", "part1", "part2", "--output", "merged"], in: scratch.url)
        #expect(merged.exitCode == 0, "\(merged.standardError)")
        #expect(merged.standardError.contains("4 rows and 4 cards"))
    }

    @Test("merge never copies a file through a link in a shard's folder")
    func linkedShardFile() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try await Self.shards(in: scratch.url)
        let secret = scratch.url.appendingPathComponent("secret.txt")
        try Data("outside".utf8).write(to: secret)
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: scratch.url.appendingPathComponent("part2/manifest.json")))
        let card = try #require(manifest.files.first?.path)
        let cardURL = scratch.url.appendingPathComponent("part2").appendingPathComponent(card)
        try FileManager.default.removeItem(at: cardURL)
        try FileManager.default.createSymbolicLink(at: cardURL, withDestinationURL: secret)
        let run = try await ProductBinary.run(["merge", "part1", "part2", "--output", "merged"], in: scratch.url)
        #expect(run.exitCode == 1)
        #expect(run.standardError.contains("is a symbolic link; merge does not follow links"), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("merged").path))
    }

    @Test("merge into one of its shard folders, a folder inside one or a link to one is a usage error naming it")
    func outputIsAShard() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let small = ["--limit", "2", "--no-cards", "--device", "iphone-se", "--shard", "1/1", "--no-cache", "-q"]
        for (output, matrix) in [("part", [String]()), ("matrix", ["--matrix", "themes=light,dark"])] {
            let run = try await ProductBinary.run(["generate", "--output", output] + matrix + small, in: scratch.url)
            #expect(run.exitCode == 0, "\(run.standardError)")
        }
        try FileManager.default.createSymbolicLink(
            atPath: scratch.url.appendingPathComponent("link").path, withDestinationPath: "matrix")
        func manifests() throws -> [Data] {
            try ["part", "matrix"].map {
                try Data(contentsOf: scratch.url.appendingPathComponent("\($0)/manifest.json"))
            }
        }
        let before = try manifests()
        for (arguments, expected) in [
            (["part", "--output", "part"], "part is the shard folder"),
            (["part", "matrix", "--output", "./matrix/"], "matrix is the shard folder"),
            (["matrix", "--output", "matrix/inner"], "matrix/inner is inside the shard folder"),
            (["matrix", "--output", "link"], "link is the shard folder"),
        ] {
            let run = try await ProductBinary.run(["merge"] + arguments, in: scratch.url)
            #expect(run.exitCode == 64, "\(arguments): \(run.standardError)")
            #expect(run.standardError.contains(expected), "\(run.standardError)")
            #expect(run.standardError.contains("Pass another --output folder."))
        }
        #expect(try manifests() == before, "the shards are as they were")
    }

    func png(_ folder: URL, _ name: String, width: Int = 20, height: Int = 20, red: UInt8 = 255) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AlbumReportGraphicsTestImage.solid(RGBA(red: red, green: 255, blue: 255), width: width, height: height)
            .write(to: url)
    }

    @Test("compare: a size mismatch and a 254-byte name exit 1; --fail-on '' and --report-dir . exit 2 with a sentence")
    func compareExitCodes() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try png(scratch.url, "wide/e.png", width: 100_000, height: 1)
        try png(scratch.url, "wide/a.png", width: 1, height: 1)
        let sizes = try await ProductBinary.run(
            ["compare", "wide/e.png", "wide/a.png", "--report-dir", "d1", "--format", "text"], in: scratch.url)
        #expect(sizes.exitCode == 1, "\(sizes.standardError)")
        #expect(sizes.standardError.contains("expected 100000×1, got 1×1"))

        let long = String(repeating: "n", count: 250) + ".png"
        try png(scratch.url, "golden/" + long)
        try png(scratch.url, "actual/" + long, red: 0)
        let named = try await ProductBinary.run(
            ["compare", "golden", "actual", "--report-dir", "d2", "--format", "text"], in: scratch.url)
        #expect(named.exitCode == 1, "\(named.standardError)")

        let empty = try await ProductBinary.run(["compare", "golden", "actual", "--fail-on", ""], in: scratch.url)
        #expect(empty.exitCode == 2)
        #expect(empty.standardError.contains("--fail-on is empty"))

        let here = try await ProductBinary.run(
            ["compare", "golden", "actual", "--report-dir", ".", "--format", "text"], in: scratch.url)
        #expect(here.exitCode == 2, "a real mismatch never passes: \(here.standardError)")
        #expect(here.standardError.contains("holds other files and no report.html"))

        let junit = try await ProductBinary.run(
            ["compare", "golden", "actual", "--junit", "missing/d/j.xml", "--report-dir", "d3"], in: scratch.url)
        #expect(junit.exitCode == 2)
        #expect(junit.standardError.contains("does not exist, and --junit does not create folders"))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("missing").path))
    }

    @Test("compare --update through a golden sub-folder that is a link exits 2 and leaves the file outside alone")
    func updateThroughLink() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let outside = scratch.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: outside.appendingPathComponent("x.png"))
        let goldens = scratch.url.appendingPathComponent("goldens")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: goldens.appendingPathComponent("sub"), withDestinationURL: outside)
        try png(scratch.url, "actual/sub/x.png")
        let run = try await ProductBinary.run(["compare", "goldens", "actual", "--update"], in: scratch.url)
        #expect(run.exitCode == 2)
        #expect(run.standardError.contains("does not write through links"), "\(run.standardError)")
        #expect(try Data(contentsOf: outside.appendingPathComponent("x.png")) == Data("precious".utf8))
    }
}
