import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

@Suite("Hostile text and templates, through the real binary")
struct HostileTextTests {
    /// `depth` nested sections, one per line.
    static func nestedTemplate(_ depth: Int) -> String {
        (0..<depth).map { "{{#s\($0)}}\n" }.joined() + "x\n" + (0..<depth).reversed().map { "{{/s\($0)}}\n" }.joined()
    }

    static func png(_ folder: URL, _ name: String, red: UInt8 = 255) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AlbumReportGraphicsTestImage.solid(RGBA(red: red, green: 255, blue: 255), edge: 8).write(to: url)
    }

    // MARK: - Templates

    @Test("an index.mustache nested 5,000 sections deep is refused by name and limit instead of crashing generate")
    func deepIndexTemplate() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let templates = folder.url.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data(Self.nestedTemplate(5_000).utf8).write(to: templates.appendingPathComponent("index.mustache"))
        let run = try await ProductBinary.run(
            ["generate", "--templates", "templates", "--limit", "1", "--output", "out"], in: folder.url)
        #expect(run.exitCode == 1, "\(run.standardError)")
        #expect(run.standardError.contains("index.mustache cannot be used"), "\(run.standardError)")
        #expect(run.standardError.contains("more than 100 levels deep (at line 101)"), "\(run.standardError)")
    }

    @Test("a compare.mustache nested 5,000 sections deep is refused by name and limit instead of crashing compare")
    func deepCompareTemplate() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.png(folder.url, "goldens/a.png")
        try Self.png(folder.url, "actual/a.png", red: 0)
        let templates = folder.url.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data(Self.nestedTemplate(5_000).utf8).write(to: templates.appendingPathComponent("compare.mustache"))
        let run = try await ProductBinary.run(
            ["compare", "goldens", "actual", "--templates", "templates", "--format", "text"], in: folder.url)
        #expect(run.exitCode == 2, "\(run.standardError)")
        #expect(run.standardError.contains("compare.mustache cannot be used"), "\(run.standardError)")
        #expect(run.standardError.contains("more than 100 levels deep"), "\(run.standardError)")
    }

    // MARK: - Workflow commands from a feed

    /// A v2 feed whose every quoted value carries a line that GitHub would run as a command.
    static func hostileFeed() throws -> Data {
        func item(_ rank: Int, _ fields: [String: Any]) -> [String: Any] {
            var item: [String: Any] = [
                "id": "\(rank)", "name": "Album \(rank)", "artistName": "Artist \(rank)", "kind": "albums",
                "releaseDate": "2024-08-23", "artworkUrl100": "art\(rank).png",
                "url": "https://music.apple.com/us/album/x/\(rank)",
            ]
            item.merge(fields) { $1 }
            return item
        }
        let results: [[String: Any]] = [
            item(
                1,
                ["id": "1\n::warning title=from-feed::ID-INJECTED", "artworkUrl100": "gone\n::add-mask::ART-PATH.png"]),
            item(
                2, ["name": "Name\n::error::NAME-INJECTED", "artworkUrl100": "http://127.0.0.1:1/x\n::notice::URL.png"]),
            item(
                3, ["artworkUrl100": "https://example.invalid/a" + String(repeating: "\u{200D}", count: 4_096) + ".png"]
            ),
            item(4, ["artworkUrl100": "/etc/passwd\r\n::warning::ABSOLUTE", "artistName": "A\n::warning::ARTIST"]),
            ["id": "5\n::error::SKIPPED-ID", "kind": "albums"],
            item(6, ["artworkUrl100": "soft" + String(repeating: "\u{AD}\u{301}", count: 2_048) + ".png"]),
        ]
        let feed: [String: Any] = ["feed": ["title": "Top\n::warning::TITLE", "country": "us", "results": results]]
        return try JSONSerialization.data(withJSONObject: feed)
    }

    /// The lines of `text` that a GitHub runner would read as workflow commands.
    static func commandLines(_ text: String) -> [String] {
        text.components(separatedBy: .newlines).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("::") }
    }

    @Test("no value from a feed starts a line of generate's or merge's output: summary, --json, logs, shards")
    func feedCannotStartALine() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.hostileFeed().write(to: folder.url.appendingPathComponent("feed.json"))
        let common = ["generate", "--feed", "feed.json", "--offline", "--no-enrich"]
        let plain = try await ProductBinary.run(common + ["--output", "plain"], in: folder.url)
        let traced = try await ProductBinary.run(
            common + ["--output", "one", "--shard", "1/2", "--log-level", "trace"], in: folder.url)
        let json = try await ProductBinary.run(
            common + ["--output", "two", "--shard", "2/2", "--json"], in: folder.url)
        let merge = try await ProductBinary.run(["merge", "one", "two", "--output", "merged"], in: folder.url)
        let facts: [String: Any] = [
            "title": "Facts\n::warning::FACTS-TITLE",
            "rows": [
                ["title": "Row\n::error::ROW", "description": "d", "imageHref": "x\n::add-mask::FACTS-IMAGE.png"],
                ["title": NSNull(), "description": NSNull()],
            ],
        ]
        try JSONSerialization.data(withJSONObject: facts).write(to: folder.url.appendingPathComponent("facts.json"))
        let factsRun = try await ProductBinary.run(
            ["generate", "--feed", "facts.json", "--offline", "--no-enrich", "--output", "facts"], in: folder.url)
        #expect(factsRun.standardError.contains("FACTS-IMAGE"), "\(factsRun.standardError)")
        for (name, run) in [("plain", plain), ("trace", traced), ("json", json), ("merge", merge), ("facts", factsRun)]
        {
            #expect(run.exitCode == 0, "\(name): \(run.standardError)")
            #expect(Self.commandLines(run.standardOutput).isEmpty, "\(name): \(run.standardOutput)")
            #expect(Self.commandLines(run.standardError).isEmpty, "\(name): \(run.standardError)")
        }
        // The values did reach the output, escaped.
        for marker in ["ID-INJECTED", "ART-PATH", "ABSOLUTE", "SKIPPED-ID"] {
            #expect(plain.standardError.contains(marker), "\(marker): \(plain.standardError)")
        }
        #expect(plain.standardError.contains("(1\\n::warning title=from-feed::ID-INJECTED)"), "\(plain.standardError)")
        #expect(merge.standardError.contains("ID-INJECTED") || merge.standardError.contains("SKIPPED-ID"))
        // The manifest's messages are bounded and on one line; the 4 KB href is cut.
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: folder.url.appendingPathComponent("plain/manifest.json")))
        #expect(manifest.warnings.count >= 5)
        #expect(manifest.warnings.contains { $0.message.contains("soft\\u{AD}") && $0.message.contains("…") })
        for warning in manifest.warnings {
            #expect(!warning.message.contains("\n") && !warning.message.contains("\r"), "\(warning.message)")
            #expect(!warning.message.contains("\u{200D}") && !warning.message.contains("\u{AD}"), "\(warning.message)")
            #expect(warning.message.count < 600, "\(warning.message.count) characters: \(warning.message)")
        }
    }

    @Test("file names with a line break in them cannot start a line of compare's output in any format")
    func fileNamesCannotStartALine() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let hostile = "a\n::warning::FILE-INJECTED.png"
        try Self.png(folder.url, "goldens/" + hostile)
        try Self.png(folder.url, "actual/" + hostile, red: 0)
        try Self.png(folder.url, "goldens/gone\r\n::error::MISSING.png")
        try Self.png(folder.url, "actual/new\n::error::NEW.png")
        let summary = folder.url.appendingPathComponent("summary.md")
        var runs: [(String, ProductBinary.Outcome)] = []
        for format in ["text", "markdown", "github"] {
            let run = try await ProductBinary.run(
                ["compare", "goldens", "actual", "--format", format, "--report-dir", "report-\(format)"],
                in: folder.url,
                environment: ["GITHUB_STEP_SUMMARY": summary.path])
            runs.append((format, run))
        }
        runs.append(
            (
                "json",
                try await ProductBinary.run(
                    ["compare", "goldens", "actual", "--json", "--report-dir", "report-json"], in: folder.url)
            ))
        for (format, run) in runs {
            #expect(run.exitCode == 1, "\(format): \(run.standardError)")
            #expect(Self.commandLines(run.standardError).isEmpty, "\(format): \(run.standardError)")
            let commands = Self.commandLines(run.standardOutput)
            if format == "github" {
                #expect(commands.count == 3, "\(run.standardOutput)")
                #expect(
                    commands.allSatisfy {
                        $0.hasPrefix("::error file=goldens/") || $0.hasPrefix("::error file=actual/")
                    })
                #expect(commands.contains { $0.contains("a%0A%3A%3Awarning%3A%3AFILE-INJECTED.png") }, "\(commands)")
            } else {
                #expect(commands.isEmpty, "\(format): \(run.standardOutput)")
            }
        }
        let text = try #require(runs.first?.1)
        #expect(text.standardError.contains("a\\n::warning::FILE-INJECTED.png"), "\(text.standardError)")
        #expect(Self.commandLines(try String(contentsOf: summary, encoding: .utf8)).isEmpty)
    }

    // MARK: - Files that are not files

    @Test("compare names a FIFO among the goldens as a FIFO instead of 'You don't have permission'")
    func fifo() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.png(folder.url, "goldens/b.png")
        try Self.png(folder.url, "actual/b.png")
        try Self.png(folder.url, "actual/a.png")
        #expect(mkfifo(folder.url.appendingPathComponent("goldens/a.png").path, 0o644) == 0)
        let run = try await ProductBinary.run(["compare", "goldens", "actual", "--format", "text"], in: folder.url)
        #expect(run.exitCode == 2, "\(run.standardError)")
        #expect(
            run.standardError.contains("a.png is not a regular file (a FIFO, socket or device)"), "\(run.standardError)"
        )
        #expect(!run.standardError.contains("permission"), "\(run.standardError)")
    }
}
