import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// Reproducible output, atomic replacement, signals, the output-folder rules and how the
/// command talks on a terminal and in a pipe: the built binary, run as a user runs it.
@Suite("Reports CI can trust")
struct ReportSafetyTests {
    /// Every file under `folder` (hidden ones too) with its SHA-256.
    static func hashes(_ folder: URL) throws -> [String: String] {
        try OutputDigests.of(folder, loopback: nil)
    }

    /// The recorded 100-album chart on loopback whose large images never answer in the test's
    /// time: a run stays in its cards stage, with the sheet already staged, until the test's
    /// signal arrives — on a machine of any speed, a signal sent once "[7/9] sheet" is printed
    /// meets a run mid-write, never a finished one.
    static func stallingChart() async throws -> ChartServer {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top100)
        for id in chart.colors.keys {
            chart.server.setRoute(
                "/art/\(id)/1100x1100bb.png", .init(headers: [("Content-Type", "image/png")], delay: .seconds(3600)))
        }
        return chart
    }

    /// Hidden staging folders the tool left next to `output`.
    static func leftovers(next output: URL) -> [String] {
        let parent = output.deletingLastPathComponent()
        return ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).filter {
            $0.hasPrefix(".\(output.lastPathComponent).albumreport-")
        }
    }

    @Test("the same inputs give byte-identical PNGs, manifest.json and index.html")
    func determinism() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let arguments = ["generate", "--limit", "12", "--concurrency", "3", "--quiet"]
        let first = try await ProductBinary.run(arguments + ["--output", "one"], in: scratch.url)
        let second = try await ProductBinary.run(
            arguments + ["--output", "two", "--concurrency", "8"], in: scratch.url)
        #expect(first.exitCode == 0 && second.exitCode == 0, "\(first.standardError)\(second.standardError)")
        let one = try Self.hashes(scratch.url.appendingPathComponent("one"))
        let two = try Self.hashes(scratch.url.appendingPathComponent("two"))
        #expect(one.count == 1 + 12 + 2)
        #expect(one["index.html"] != nil && one["manifest.json"] != nil)
        #expect(one == two)
    }

    @Test(
        "SIGINT and SIGTERM cancel the run, remove its temporary files, exit 130/143 and leave the previous report",
        arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func interrupted(signal: Int32, status: Int32) async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let output = scratch.url.appendingPathComponent("Output")
        let previous = try await ProductBinary.run(
            ["generate", "--limit", "3", "--output", "Output", "--quiet"], in: scratch.url)
        #expect(previous.exitCode == 0)
        let before = try Self.hashes(output)

        let chart = try await Self.stallingChart()
        defer { Task { await chart.server.shutdown() } }
        let run = try await ProductBinary.run(
            executable: ProductBinary.productsDirectory.appendingPathComponent("albumreport"),
            ["generate", "--feed", chart.feedURL.absoluteString, "--output", "Output", "--theme", "dark"],
            in: scratch.url, signal: (signal, { $0.contains("[7/9] sheet") }))
        #expect(run.exitCode == status, "\(run.standardError)")
        #expect(run.standardError.contains("Interrupted by"))
        #expect(run.standardError.contains("previous report"))
        // A bound that catches a run that goes on for minutes after the signal, not a speed target.
        #expect(run.stoppedPromptly, "ran \(String(describing: run.afterSignal)) after the signal")
        #expect(try Self.hashes(output) == before)
        #expect(Self.leftovers(next: output).isEmpty)
    }

    @Test("SIGTERM ends a run within seconds wherever it is: here, drawing a 2,000-row sheet")
    func terminatedWhileDrawing() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let output = scratch.url.appendingPathComponent("Output")
        let previous = try await ProductBinary.run(
            ["generate", "--limit", "2", "--output", "Output", "-q"], in: scratch.url)
        #expect(previous.exitCode == 0)
        let before = try Self.hashes(output)
        // 2,000 entries: the sheet's row cap, drawn for about 13 s here (a 100,000-entry feed spent
        // another 10 s decoding before the signal could be sent, and drew the same sheet).
        let results = (0..<2_000).map {
            ["id": "\($0)", "name": "Album \($0) " + String(repeating: "long name ", count: 8)]
        }
        try JSONSerialization.data(withJSONObject: ["feed": ["title": "Top", "results": results]])
            .write(to: scratch.url.appendingPathComponent("many.json"))
        let run = try await ProductBinary.run(
            executable: ProductBinary.productsDirectory.appendingPathComponent("albumreport"),
            ["generate", "--feed", "many.json", "--output", "Output", "--no-cards"], in: scratch.url,
            signal: (SIGTERM, { $0.contains("[6/9] artwork") }))
        #expect(run.exitCode == 143, "\(run.standardError.suffix(600))")
        #expect(run.standardError.contains("Interrupted by SIGTERM"))
        // A bound that catches a run that goes on for minutes after the signal, not a speed target.
        #expect(run.stoppedPromptly, "ran \(String(describing: run.afterSignal)) after the signal")
        #expect(try Self.hashes(output) == before)
        #expect(Self.leftovers(next: output).isEmpty)
    }

    @Test("a run killed with SIGKILL mid-write leaves the previous report; the next run cleans up and succeeds")
    func killed() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let output = scratch.url.appendingPathComponent("Output")
        #expect(
            try await ProductBinary.run(["generate", "--limit", "3", "--output", "Output", "-q"], in: scratch.url)
                .exitCode == 0)
        let before = try Self.hashes(output)
        let chart = try await Self.stallingChart()
        defer { Task { await chart.server.shutdown() } }
        let run = try await ProductBinary.run(
            executable: ProductBinary.productsDirectory.appendingPathComponent("albumreport"),
            [
                "generate", "--feed", chart.feedURL.absoluteString, "--limit", "40", "--output", "Output", "--theme",
                "dark",
            ],
            in: scratch.url, signal: (SIGKILL, { $0.contains("[7/9] sheet") }))
        #expect(run.exitCode == SIGKILL)
        #expect(try Self.hashes(output) == before)
        #expect(!Self.leftovers(next: output).isEmpty, "the killed run had started writing its report")

        let next = try await ProductBinary.run(
            ["generate", "--limit", "4", "--output", "Output", "-q"], in: scratch.url)
        #expect(next.exitCode == 0)
        #expect(Self.leftovers(next: output).isEmpty)
        #expect(try Self.hashes(output).keys.filter { $0.hasPrefix("cards/") }.count == 4)
    }

    @Test("a run killed right after the swap leaves the new report and a marked old one, which the next run removes")
    func killedAtSwap() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let output = scratch.url.appendingPathComponent("Output")
        #expect(
            try await ProductBinary.run(["generate", "--limit", "3", "--output", "Output", "-q"], in: scratch.url)
                .exitCode == 0)
        let killed = try await ProductBinary.run(
            ["generate", "--limit", "3", "--theme", "dark", "--output", "Output", "-q"], in: scratch.url,
            environment: ["ALBUMREPORT_TEST_KILL": "after-swap"])
        #expect(killed.exitCode == SIGKILL, "\(killed.standardError.suffix(400))")
        let manifest = try String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"theme\" : \"dark\""), "the new report is in place")
        // The old report is beside it, marked as a staging folder of a process that is gone.
        let left = Self.leftovers(next: output)
        #expect(left.count == 1, "\(left)")
        for name in left {
            let old = scratch.url.appendingPathComponent(name)
            #expect(FileManager.default.fileExists(atPath: old.appendingPathComponent(".albumreport-staging").path))
        }
        let next = try await ProductBinary.run(
            ["generate", "--limit", "3", "--output", "Output", "-q"], in: scratch.url)
        #expect(next.exitCode == 0)
        #expect(Self.leftovers(next: output).isEmpty, "the next run removes the old report")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(".albumreport-staging").path))
    }

    @Test("only files the tool wrote are removed: the user's own files survive a new report")
    func userFilesSurvive() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let output = scratch.url.appendingPathComponent("Output")
        #expect(
            try await ProductBinary.run(["generate", "--limit", "5", "--output", "Output", "-q"], in: scratch.url)
                .exitCode == 0)
        try Data("mine".utf8).write(to: output.appendingPathComponent("notes.txt"))
        try Data("mine too".utf8).write(to: output.appendingPathComponent("cards/README"))
        try FileManager.default.createDirectory(
            at: output.appendingPathComponent("extra/deeper"), withIntermediateDirectories: true)
        try Data("deep".utf8).write(to: output.appendingPathComponent("extra/deeper/file.txt"))

        let run = try await ProductBinary.run(
            ["generate", "--limit", "2", "--output", "Output", "-q"], in: scratch.url)
        #expect(run.exitCode == 0, "\(run.standardError)")
        let files = try Self.hashes(output)
        #expect(files.keys.filter { $0.hasPrefix("cards/") && $0.hasSuffix(".png") }.count == 2)
        #expect(try String(contentsOf: output.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        #expect(try String(contentsOf: output.appendingPathComponent("cards/README"), encoding: .utf8) == "mine too")
        #expect(files["extra/deeper/file.txt"] != nil)
    }

    @Test("a non-empty folder that holds no report is refused unless --force; / is always refused")
    func outputFolderRules() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = scratch.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("holiday.jpg"))

        let refused = try await ProductBinary.run(["generate", "--limit", "1", "--output", "photos"], in: scratch.url)
        #expect(refused.exitCode == 1)
        #expect(refused.standardError.contains("--force"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("sheet.png").path))

        let forced = try await ProductBinary.run(
            ["generate", "--limit", "1", "--output", "photos", "--force", "-q"], in: scratch.url)
        #expect(forced.exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sheet.png").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("holiday.jpg").path))

        // A folder with only hidden files (Output/.gitkeep) is fine without --force.
        let kept = scratch.url.appendingPathComponent("kept")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        try Data().write(to: kept.appendingPathComponent(".gitkeep"))
        #expect(
            try await ProductBinary.run(["generate", "--limit", "1", "--output", "kept", "-q"], in: scratch.url)
                .exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: kept.appendingPathComponent(".gitkeep").path))

        let root = try await ProductBinary.run(["generate", "--output", "/", "--force"], in: scratch.url)
        #expect(root.exitCode == 1)
        #expect(root.standardError.contains("cannot be /"))
    }

    @Test("a linked output folder is written through its link; a user's file where the report puts one stops the run")
    func linksAndCollisions() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let www = scratch.url.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: scratch.url.appendingPathComponent("Output"), withDestinationURL: www)
        for _ in 0..<2 {
            let run = try await ProductBinary.run(
                ["generate", "--limit", "2", "--output", "Output", "-q"], in: scratch.url)
            #expect(run.exitCode == 0, "\(run.standardError)")
        }
        let link = try FileManager.default.destinationOfSymbolicLink(
            atPath: scratch.url.appendingPathComponent("Output").path)
        #expect(link == www.path, "the link is still a link")
        #expect(FileManager.default.fileExists(atPath: www.appendingPathComponent("index.html").path))

        // --force into a site folder with its own index.html: refused, and the file is untouched.
        let site = scratch.url.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Data("<p>my page</p>".utf8).write(to: site.appendingPathComponent("index.html"))
        let forced = try await ProductBinary.run(
            ["generate", "--limit", "1", "--output", "site", "--force"], in: scratch.url)
        #expect(forced.exitCode == 1)
        #expect(forced.standardError.contains("is not from an earlier report"))
        #expect(try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8) == "<p>my page</p>")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("sheet.png").path))
    }

    @Test("on a terminal: a live bar erased when done, colour unless NO_COLOR; in a pipe: one plain line per stage")
    func terminalAndPipe() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let binary = ProductBinary.productsDirectory.appendingPathComponent("albumreport").path
        let command = "\(binary) generate --limit 8 --output Output"
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else {
            print("Skipped: /usr/bin/script (util-linux) is needed to run on a pseudo-terminal.")
            return
        }
        // `script` runs the command on a pseudo-terminal and copies what it prints.
        let terminal = try await ProductBinary.run(
            executable: script, ["-qec", command, "/dev/null"], in: scratch.url,
            environment: ["TERM": "xterm", "NO_COLOR": ""])
        #expect(terminal.exitCode == 0)
        let screen = terminal.standardOutput
        #expect(screen.contains("\r\u{1B}[2K"), "the bar is redrawn in place")
        #expect(screen.contains("cards"))
        #expect(screen.contains("8/8"))
        #expect(screen.contains("/s"))
        #expect(screen.contains("\u{1B}[1m"), "the stage name is bold on a colour terminal")
        #expect(!screen.contains(" files ("), "no per-stage log lines on a terminal")
        #expect(screen.contains("Wrote 8 rows and 8 cards"))

        let plain = try await ProductBinary.run(
            executable: script, ["-qec", command, "/dev/null"], in: scratch.url,
            environment: ["TERM": "xterm", "NO_COLOR": "1"])
        #expect(plain.exitCode == 0)
        #expect(!plain.standardOutput.contains("\u{1B}[1m"))
        #expect(plain.standardOutput.contains("\r\u{1B}[2K"))

        let pipe = try await ProductBinary.run(["generate", "--limit", "8", "--output", "Output"], in: scratch.url)
        #expect(pipe.exitCode == 0)
        #expect(!pipe.standardError.contains("\u{1B}"))
        #expect(pipe.standardError.contains("[8/9] cards    8 cards"))
        #expect(pipe.standardError.contains("[9/9] write"))
    }

    @Test("--log-level sets swift-log's level; a bad level is a usage error")
    func logLevel() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let debug = try await ProductBinary.run(
            ["generate", "--limit", "1", "--output", "Output", "--log-level", "debug", "--json"], in: scratch.url)
        #expect(debug.exitCode == 0)
        #expect(debug.standardError.contains("stage 2/9 fetch started"))
        let quiet = try await ProductBinary.run(
            ["generate", "--limit", "1", "--output", "Output", "--log-level", "error"], in: scratch.url)
        #expect(!quiet.standardError.contains("stage 1/9"))
        let bad = try await ProductBinary.run(["generate", "--log-level", "loud"], in: scratch.url)
        #expect(bad.exitCode == 64)
    }

    /// The sample's first 12 items as a local feed with its artwork next to it, two of them broken:
    /// one image missing, one "image" that is a JSON file.
    static func localFeed(in folder: URL) throws -> URL {
        let sample = try #require(FeedLoader.sampleDirectory)
        try FileManager.default.copyItem(
            at: sample.appendingPathComponent("artwork"), to: folder.appendingPathComponent("artwork"))
        let data = try Data(contentsOf: sample.appendingPathComponent("feed.json"))
        guard var root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            var feed = root["feed"] as? [String: Any], var results = feed["results"] as? [[String: Any]]
        else { throw CocoaError(.fileReadCorruptFile) }
        results = Array(results.prefix(12))
        results[1]["artworkUrl100"] = "artwork/missing/200x200bb.png"
        results[4]["artworkUrl100"] = "feed.json"
        feed["results"] = results
        root["feed"] = feed
        let url = folder.appendingPathComponent("feed.json")
        try JSONSerialization.data(withJSONObject: root).write(to: url)
        return url
    }

    @Test("three shards merged give exactly the files, manifest and index.html of one run")
    func shardAndMerge() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        _ = try Self.localFeed(in: scratch.url)
        let single = try await ProductBinary.run(
            ["generate", "--feed", "feed.json", "--output", "single", "-q"], in: scratch.url)
        #expect(single.exitCode == 0, "\(single.standardError)")
        for index in 1...3 {
            let part = try await ProductBinary.run(
                ["generate", "--feed", "feed.json", "--output", "part\(index)", "--shard", "\(index)/3", "-q"],
                in: scratch.url)
            #expect(part.exitCode == 0, "\(part.standardError)")
        }
        let two = try Self.hashes(scratch.url.appendingPathComponent("part2"))
        #expect(two["sheet.png"] == nil, "only shard 1 renders the sheet")
        #expect(
            two.keys.filter { $0.hasPrefix("cards/") }.sorted() == [
                "cards/002-eternal-atake-deluxe-luv-vs-the-world-2.png", "cards/005-after-hours.png",
                "cards/008-still-flexin-still-steppin.png", "cards/011-eternal-atake.png",
            ])

        let merge = try await ProductBinary.run(
            ["merge", "part3", "part1", "part2", "--output", "merged"], in: scratch.url)
        #expect(merge.exitCode == 0, "\(merge.standardError)")
        #expect(merge.standardError.contains("Merged 3 shards: 12 rows and 12 cards"))
        let expected = try Self.hashes(scratch.url.appendingPathComponent("single"))
        #expect(expected.count == 1 + 12 + 2)
        #expect(try Self.hashes(scratch.url.appendingPathComponent("merged")) == expected)
        let manifest = try String(
            contentsOf: scratch.url.appendingPathComponent("merged/manifest.json"), encoding: .utf8)
        #expect(manifest.contains("could not be used"), "the broken artwork's warnings survive the merge")

        let missing = try await ProductBinary.run(["merge", "part1", "part3", "--output", "m2"], in: scratch.url)
        #expect(missing.exitCode == 1)
        #expect(missing.standardError.contains("Shard 2/3 is missing"))
        let whole = try await ProductBinary.run(["merge", "single", "--output", "m3"], in: scratch.url)
        #expect(whole.exitCode == 1)
        #expect(whole.standardError.contains("not a shard"))
        let dark = try await ProductBinary.run(
            ["generate", "--feed", "feed.json", "--output", "dark2", "--shard", "2/3", "--theme", "dark", "-q"],
            in: scratch.url)
        #expect(dark.exitCode == 0)
        let mixed = try await ProductBinary.run(
            ["merge", "part1", "dark2", "part3", "--output", "m4"], in: scratch.url)
        #expect(mixed.exitCode == 1)
        #expect(mixed.standardError.contains("dark2 was drawn with theme dark, shard 1 with light"))
        let bad = try await ProductBinary.run(["generate", "--shard", "4/3"], in: scratch.url)
        #expect(bad.exitCode == 64)

        // A shard rendered without cards would leave holes: refused.
        let sheetOnly = try await ProductBinary.run(
            ["generate", "--feed", "feed.json", "--output", "nocards2", "--shard", "2/3", "--no-cards", "-q"],
            in: scratch.url)
        #expect(sheetOnly.exitCode == 0)
        let holes = try await ProductBinary.run(
            ["merge", "part1", "nocards2", "part3", "--output", "m5"], in: scratch.url)
        #expect(holes.exitCode == 1)
        #expect(holes.standardError.contains("has no card for"))

        // A damaged shard manifest is an error, never a crash.
        let damaged = scratch.url.appendingPathComponent("part2/manifest.json")
        let text = try String(contentsOf: damaged, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"count\" : 3", with: "\"count\" : 0").utf8).write(to: damaged)
        let broken = try await ProductBinary.run(
            ["merge", "part1", "part2", "part3", "--output", "m6"], in: scratch.url)
        #expect(broken.exitCode == 1)
        #expect(broken.standardError.contains("not a manifest albumreport can read"))
    }
}
