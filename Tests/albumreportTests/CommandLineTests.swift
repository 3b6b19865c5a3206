import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

@Suite("The albumreport binary, run as a user runs it")
struct CommandLineTests {
    @Test("with no arguments but an output folder, generate renders the embedded 100-album sample offline")
    func embeddedSample() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let started = ContinuousClock.now
        let run = try await ProductBinary.run(["generate"], in: folder.url)
        let wall = (ContinuousClock.now - started).seconds
        #expect(run.exitCode == 0, "\(run.standardError)")
        let output = folder.url.appendingPathComponent("Output")
        let cards = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("cards").path)
        #expect(cards.count == 100)
        #expect(cards.contains("001-after-hours.png"))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("sheet.png").path))
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: output.appendingPathComponent("manifest.json")))
        #expect(manifest.feed.source == "sample")
        #expect(manifest.items.count == 100)
        #expect(manifest.warnings.isEmpty, "the sample ships all its artwork")
        #expect(manifest.files.count == 101)
        for stage in ["[1/9] setup", "[2/9] fetch", "[6/9] artwork", "100 of 100 images", "[8/9] cards", "[9/9] write"]
        {
            #expect(run.standardError.contains(stage))
        }
        #expect(run.standardError.contains("Wrote 100 rows and 100 cards to"))
        // The closing line's time is the run's, by the wall clock: never more than the process
        // took (the artwork, sheet and cards stages overlap, so their sum is more).
        let said = try #require(
            run.standardError.firstMatch(of: /cards to .* in ([0-9.]+) s with/).flatMap { Double($0.1) })
        #expect(said > 0 && said <= wall + 0.05, "the closing line says \(said) s; the process took \(wall) s")
        #expect(run.standardOutput.isEmpty)
        // Byte for byte the report recorded for the sample (every PNG, manifest.json, index.html).
        switch try OutputDigests.check("sample", OutputDigests.of(output, loopback: nil)) {
        case .matched: break
        case .differs(let differences): Issue.record(Comment(rawValue: differences.joined(separator: "\n")))
        case .recorded(let message): Issue.record(Comment(rawValue: message))
        }
    }

    @Test("--json prints a machine-readable summary on standard output and nothing on standard error")
    func jsonSummary() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v2Top100)
        defer { Task { await chart.server.shutdown() } }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let started = ContinuousClock.now
        let run = try await ProductBinary.run(
            [
                "generate", "--feed", chart.feedURL.absoluteString, "--limit", "5", "--json", "--output", "report",
                "--lookup-url", chart.lookupURL.absoluteString,
            ],
            in: folder.url)
        let wall = (ContinuousClock.now - started).seconds
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(object["itemsRendered"] as? Int == 5)
        #expect(object["itemsInFeed"] as? Int == 100)
        #expect(object["feedFormat"] as? String == "apple-rss-v2")
        #expect((object["files"] as? [Any])?.count == 6)
        #expect((object["stages"] as? [Any])?.count == Stage.allCases.count)
        let seconds = try #require(object["seconds"] as? Double)
        #expect(seconds > 0 && seconds <= wall, "the summary says \(seconds) s; the process took \(wall) s")
        let network = try #require(object["network"] as? [String: [String: Any]])
        #expect(network["enrich"]?["requests"] as? Int == 1)
        #expect(network["artwork"]?["requests"] as? Int == 5)
        #expect(network["cards"]?["requests"] as? Int == 5)
        #expect((network["artwork"]?["bytesDownloaded"] as? Int ?? 0) > 0)
        #expect(
            FileManager.default.fileExists(
                atPath: folder.url.appendingPathComponent("report/cards/001-debi-tirar-mas-fotos.png").path))
        #expect(chart.server.requestCount(prefix: "/art/") == 10)
    }

    @Test("a feed that does not exist exits 1 with a sentence naming the file")
    func missingFeed() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try await ProductBinary.run(["generate", "--feed", "nope.json"], in: folder.url)
        #expect(run.exitCode == 1)
        #expect(run.standardError.contains("error: [fetch] The feed file"))
        #expect(run.standardError.contains("nope.json does not exist"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Output/manifest.json").path))
    }

    @Test("a body that is not a feed exits 1 saying what arrived")
    func notAFeed() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try await ProductBinary.run(
            ["generate", "--feed", Fixtures.feed(Fixtures.Feeds.v2SingleItem).path], in: folder.url)
        #expect(run.exitCode == 1)
        #expect(run.standardError.contains("a single album entry"))
    }

    @Test(
        "usage errors exit 64 with a sentence that says what to pass",
        arguments: [
            (["generate", "--limit", "0"], "--limit must be at least 1"),
            (["generate", "--device", "iphone-99"], "The value 'iphone-99' is invalid for '--device <id>'"),
            (["generate", "--shard", "5/4"], "--shard must be I/N with 1 ≤ I ≤ N"),
            (["generate", "--png-compression", "10"], "The value '10' is invalid for '--png-compression <level>'"),
            (["generate", "--feed", "apple:usa"], "apple:COUNTRY/LIMIT"),
            (["generate", "--concurrency", "0"], "--concurrency must be from 1 to 64"),
            (["generate", "--no-such-option"], "Unknown option"),
            (["generate", "--content-size", "huge"], "Please provide one of the following:\n  - xs\n  - s\n"),
            (["generate", "--matrix", "themes=light,da\nrk"], "'themes=light,da\\nrk' holds a line break"),
            (["generate", "--style", "::error::x\n::error::y"], "'::error::x\\n::error::y' holds a line break"),
        ])
    func usageErrors(arguments: [String], message: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try await ProductBinary.run(arguments, in: folder.url)
        #expect(run.exitCode == 64)
        #expect(run.standardError.contains(message), "\(run.standardError)")
        // A value from the command line can never start a line (a workflow command on GitHub).
        #expect(!run.standardError.split(separator: "\n").contains { $0.hasPrefix("::") || $0.hasPrefix("rk") })
    }

    @Test("compare's usage errors exit 2, also for an argument with a control character")
    func compareUsageExitCode() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for arguments in [["compare", "a\u{1B}[31m", "b"], ["compare", "a", "b", "--threshold", "7"]] {
            let run = try await ProductBinary.run(arguments, in: folder.url)
            #expect(run.exitCode == 2, "\(arguments): \(run.standardError)")
            #expect(!run.standardError.contains("\u{1B}"))
        }
    }

    @Test("--content-size, --bold-text and --increase-contrast are recorded in the manifest, which still validates")
    func accessibilitySettings() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try await ProductBinary.run(
            [
                "generate", "--limit", "2", "--content-size", "accessibilityExtraLarge", "--bold-text",
                "--increase-contrast",
            ],
            in: folder.url)
        #expect(run.exitCode == 0, "\(run.standardError)")
        let url = folder.url.appendingPathComponent("Output/manifest.json")
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url))
        #expect(manifest.settings == ["contentSize": "ax3", "boldText": "on", "increaseContrast": "on"])
        #expect(manifest.formatVersion == Manifest.currentFormat)
        #expect(manifest.fonts.contains { $0.weight == .heavy }, "Bold Text sets the bold card title heavy")
        #expect(try manifest.encoded() == manifest.encodedWhole())
        do {
            let problems = try await SchemaTests.problems(url, schema: "manifest", in: folder.url)
            #expect(problems == nil, "\(problems ?? "")")
        } catch is SchemaTests.Skip {}
        // Back at the defaults in the same folder: the render keys differ, so every screen is drawn
        // again (none is reused from the larger report) and the manifest records no setting.
        let again = try await ProductBinary.run(["generate", "--limit", "2"], in: folder.url)
        #expect(again.exitCode == 0, "\(again.standardError)")
        let plain = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url))
        #expect(plain.settings == nil)
        for file in plain.files {
            let before = manifest.files.first { $0.path == file.path }
            #expect(before.map { $0.sha256 != file.sha256 } ?? true, "\(file.path) was reused")
        }
    }

    @Test("--strict writes the report and exits 3 when there were warnings")
    func strict() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1TwoOf100, missingArtwork: ["1545996283"])
        defer { Task { await chart.server.shutdown() } }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try await ProductBinary.run(
            ["generate", "--feed", chart.feedURL.absoluteString, "--strict"], in: folder.url)
        #expect(run.exitCode == 3)
        #expect(run.standardError.contains("warning: [artwork] #1 (1545996283) The artwork of “The Voice”"))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Output/manifest.json").path))
        let relaxed = try await ProductBinary.run(["generate", "--feed", chart.feedURL.absoluteString], in: folder.url)
        #expect(relaxed.exitCode == 0)
    }

    @Test("devices lists every preset with its size, scale and insets")
    func devices() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try await ProductBinary.run(["devices"], in: folder.url)
        #expect(run.exitCode == 0)
        for device in Device.presets {
            #expect(run.standardOutput.contains(device.id))
        }
        #expect(run.standardOutput.contains("393 × 852"))
        #expect(run.standardOutput.contains("1179 × 2556"))
    }

    @Test("--help documents every option with its default")
    func help() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try await ProductBinary.run(["generate", "--help"], in: folder.url)
        #expect(run.exitCode == 0)
        for text in [
            "--feed", "--limit", "--output", "(default: Output)", "--device", "default: iphone-15)", "--concurrency",
            "(default: 8)", "--strict", "--json",
        ] {
            #expect(run.standardOutput.contains(text), "missing \(text)")
        }
    }
}

@Suite("albumreport compare, run as CI runs it")
struct CompareCommandTests {
    func png(_ folder: URL, _ name: String, red: UInt8 = 255, height: Int = 40) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AlbumReportGraphicsTestImage.solid(RGBA(red: red, green: 255, blue: 255), edge: height).write(to: url)
        return url
    }

    @Test("identical files exit 0; a mismatch exits 1 and fills a self-contained report folder and JUnit file")
    func exitCodes() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let a = try png(folder.url, "e/x.png")
        let b = try png(folder.url, "a/x.png")
        let match = try await ProductBinary.run(["compare", a.path, b.path, "--format", "text"], in: folder.url)
        #expect(match.exitCode == 0, "\(match.standardError)")
        #expect(match.standardError.contains("1 compared: 1 match"))

        let changed = try png(folder.url, "a2/x.png", red: 0)
        let mismatch = try await ProductBinary.run(
            ["compare", a.path, changed.path, "--junit", "junit.xml", "--report-dir", "d", "--format", "text"],
            in: folder.url)
        #expect(mismatch.exitCode == 1)
        #expect(mismatch.standardError.contains("✗ mismatch x.png: 1600 of 1600 pixels (100.0%) differ"))
        for file in [
            "d/images/x.expected.png", "d/images/x.actual.png", "d/images/x.diff.png", "d/images/x.compare.png",
            "d/report.html", "junit.xml",
        ] {
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(file).path), "\(file)")
        }
    }

    @Test("--junit inside a report folder that does not exist yet is written there (the README's workflow, first run)")
    func junitInNewReportFolder() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try png(folder.url, "goldens/a.png")
        _ = try png(folder.url, "rendered/a.png")
        let run = try await ProductBinary.run(
            ["compare", "goldens", "rendered", "--report-dir", "golden-report", "--junit", "golden-report/junit.xml"],
            in: folder.url, environment: ["GITHUB_ACTIONS": "false"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(
            FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("golden-report/junit.xml").path))
        let elsewhere = try await ProductBinary.run(
            ["compare", "goldens", "rendered", "--junit", "missing-folder/junit.xml"], in: folder.url)
        #expect(elsewhere.exitCode == 2, "other folders are still never created: \(elsewhere.standardError)")
    }

    @Test(
        "albumreport-compare is compare on its own: the same exit codes, messages, report and JUnit; its own usage line, version and usage exit code"
    )
    func standaloneExecutable() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let standalone = ProductBinary.productsDirectory.appendingPathComponent("albumreport-compare")
        _ = try png(folder.url, "goldens/same.png")
        _ = try png(folder.url, "rendered/same.png")
        _ = try png(folder.url, "goldens/changed.png")
        _ = try png(folder.url, "rendered/changed.png", red: 10)
        _ = try png(folder.url, "rendered/new.png")
        let arguments = ["goldens", "rendered", "--format", "text", "--json"]
        let sub = try await ProductBinary.run(
            ["compare"] + arguments + ["--report-dir", "sub", "--junit", "sub.xml"], in: folder.url)
        let own = try await ProductBinary.run(
            executable: standalone, arguments + ["--report-dir", "own", "--junit", "own.xml"], in: folder.url)
        #expect(sub.exitCode == 1, "\(sub.standardError)")
        #expect(own.exitCode == sub.exitCode, "\(own.standardError)")
        #expect(
            own.standardOutput.replacingOccurrences(of: "own", with: "sub") == sub.standardOutput,
            "the same --json summary, but for the report folder's name")
        #expect(
            own.standardError.replacingOccurrences(of: "own/", with: "sub/")
                == sub.standardError.replacingOccurrences(of: "own/", with: "sub/"))
        for file in ["images/changed.diff.png", "images/changed.compare.png", "report.html"] {
            #expect(
                FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("own/" + file).path), "\(file)"
            )
        }
        let junit = { (name: String) in
            try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)
                .replacingOccurrences(of: "own/", with: "sub/")
        }
        #expect(try junit("own.xml") == junit("sub.xml"))

        let help = try await ProductBinary.run(executable: standalone, ["--help"], in: folder.url)
        #expect(help.exitCode == 0)
        #expect(
            help.standardOutput.contains("USAGE: albumreport-compare [<options>] <expected> <actual>"),
            "\(help.standardOutput)")
        #expect(help.standardOutput.contains("--minimum-cluster"))
        let version = try await ProductBinary.run(executable: standalone, ["--version"], in: folder.url)
        #expect(version.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == AlbumReportVersion.current)
        for wrong in [["goldens", "rendered", "--threshold", "7"], ["goldens", "rendered\u{1B}[31m"], ["goldens"]] {
            let run = try await ProductBinary.run(executable: standalone, wrong, in: folder.url)
            #expect(run.exitCode == 2, "\(wrong): \(run.standardError)")
        }
    }

    @Test(
        "when every file matches no report is written, and an earlier run's report in the folder is removed; JUnit is still written"
    )
    func noReportWhenEverythingMatches() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try png(folder.url, "goldens/a.png")
        _ = try png(folder.url, "rendered/a.png", red: 0)
        let failing = try await ProductBinary.run(
            ["compare", "goldens", "rendered", "--report-dir", "report", "--format", "text"], in: folder.url)
        #expect(failing.exitCode == 1)
        let page = folder.url.appendingPathComponent("report/report.html")
        let images = folder.url.appendingPathComponent("report/images")
        #expect(FileManager.default.fileExists(atPath: page.path))
        _ = try png(folder.url, "rendered/a.png")
        try Data("kept".utf8).write(to: folder.url.appendingPathComponent("report/.gitkeep"))
        let passing = try await ProductBinary.run(
            [
                "compare", "goldens", "rendered", "--report-dir", "report", "--junit", "report/junit.xml", "--format",
                "text",
            ],
            in: folder.url)
        #expect(passing.exitCode == 0, "\(passing.standardError)")
        #expect(passing.standardError.contains("Report: none written; every file matches."), "\(passing.standardError)")
        #expect(!FileManager.default.fileExists(atPath: page.path), "the earlier report describes another run")
        #expect(!FileManager.default.fileExists(atPath: images.path))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("report/junit.xml").path))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("report/.gitkeep").path))
        let fresh = try await ProductBinary.run(
            ["compare", "goldens", "rendered", "--report-dir", "fresh", "--format", "text"], in: folder.url)
        #expect(fresh.exitCode == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("fresh").path))
    }

    @Test("--json prints the summary; --update converges: new files recorded, stale goldens removed, exit 0")
    func foldersAndUpdate() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try png(folder.url, "goldens/a.png")
        _ = try png(folder.url, "goldens/old.png")
        _ = try png(folder.url, "actual/a.png")
        _ = try png(folder.url, "actual/new.png")
        let run = try await ProductBinary.run(["compare", "goldens", "actual", "--json"], in: folder.url)
        #expect(run.exitCode == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let pairs = try #require(object["pairs"] as? [[String: Any]])
        #expect(pairs.map { $0["status"] as? String } == ["match", "new", "missing"])
        // A script reads the verdicts and totals; it need not re-derive them from --fail-on.
        #expect(object["verdict"] as? String == "fail")
        #expect(pairs.map { $0["verdict"] as? String } == ["pass", "fail", "fail"])
        let totals = try #require(object["totals"] as? [String: Int])
        #expect(
            totals == [
                "compared": 3, "match": 1, "mismatch": 0, "missing": 1, "new": 1, "error": 0, "failing": 2,
                "updated": 0,
            ])
        let lenientJSON = try await ProductBinary.run(
            ["compare", "goldens", "actual", "--json", "--fail-on", "changed"], in: folder.url)
        #expect(lenientJSON.exitCode == 0)
        let lenientObject = try #require(
            try JSONSerialization.jsonObject(with: Data(lenientJSON.standardOutput.utf8)) as? [String: Any])
        #expect(lenientObject["verdict"] as? String == "pass")
        let lenientPairs = try #require(lenientObject["pairs"] as? [[String: Any]])
        #expect(lenientPairs.map { $0["verdict"] as? String } == ["pass", "pass", "pass"])

        // Accepting new and removed files (reg-cli's -E): nothing fails.
        let lenient = try await ProductBinary.run(
            ["compare", "goldens", "actual", "--fail-on", "changed", "--format", "text"], in: folder.url)
        #expect(lenient.exitCode == 0, "\(lenient.standardError)")
        #expect(lenient.standardError.contains("· new      new.png"))

        let update = try await ProductBinary.run(
            ["compare", "goldens", "actual", "--update", "--format", "text"], in: folder.url)
        #expect(update.exitCode == 0, "\(update.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("goldens/new.png").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("goldens/old.png").path))
        #expect(
            update.standardError.contains(
                "new.png: new.png is new: there is no expected image for it. It was recorded as the golden (--update).")
        )
        #expect(
            update.standardError.contains(
                "old.png: old.png is expected but the actual side has no such file. Its golden was removed (--update).")
        )
        let again = try await ProductBinary.run(["compare", "goldens", "actual", "--format", "text"], in: folder.url)
        #expect(again.exitCode == 0)
        #expect(again.standardError.contains("2 compared: 2 match"))
    }

    @Test("under GitHub Actions: one ::error annotation per failing file and a Markdown table in the job summary")
    func github() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try png(folder.url, "goldens/cards/a.png")
        _ = try png(folder.url, "actual/cards/a.png", red: 0)
        _ = try png(folder.url, "goldens/same.png")
        _ = try png(folder.url, "actual/same.png")
        _ = try png(folder.url, "actual/new.png")
        let stepSummary = folder.url.appendingPathComponent("step-summary.md")
        try Data("# Earlier step\n".utf8).write(to: stepSummary)
        let run = try await ProductBinary.run(
            ["compare", "goldens", "actual"], in: folder.url,
            environment: [
                "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": stepSummary.path,
                "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "me/app", "GITHUB_RUN_ID": "42",
            ])
        #expect(run.exitCode == 1)
        let annotations = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.count == 2, "\(run.standardOutput)")
        #expect(annotations.contains { $0.hasPrefix("::error file=goldens/cards/a.png,title=") }, "\(annotations)")
        #expect(annotations.contains { $0.contains("new.png") })
        let markdown = try String(contentsOf: stepSummary, encoding: .utf8)
        #expect(markdown.hasPrefix("# Earlier step\n"), "the summary is appended to, not replaced")
        #expect(markdown.contains("| cards/a.png |") || markdown.contains("`cards/a.png`"), "\(markdown)")
        #expect(markdown.contains("https://github.com/me/app/actions/runs/42#artifacts"))
        #expect(!markdown.contains("same.png"), "matches stay out of the table")
    }

    @Test(
        "an unwritable GITHUB_STEP_SUMMARY is a warning in words: the comparison still passes",
        arguments: ["a-folder", "no-such-folder/summary.md"])
    func unwritableStepSummary(summaryPath: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try png(folder.url, "goldens/a.png")
        _ = try png(folder.url, "actual/a.png")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("a-folder"), withIntermediateDirectories: false)
        let path = folder.url.appendingPathComponent(summaryPath).path
        let run = try await ProductBinary.run(
            ["compare", "goldens", "actual"], in: folder.url,
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": path])
        #expect(run.exitCode == 0, "everything matches: \(run.standardError)")
        #expect(
            run.standardError.contains("The job summary was not written to GITHUB_STEP_SUMMARY"), "\(run.standardError)"
        )
        #expect(
            run.standardError.contains(summaryPath.hasPrefix("a-folder") ? "it is a folder" : "it does not exist"),
            "\(run.standardError)")
        #expect(!run.standardError.contains("NSCocoaErrorDomain") && !run.standardError.contains("Error Domain"))
    }

    @Test(
        "the previous --report FILE still works, with a deprecation warning: the folder beside it and a page opening it"
    )
    func deprecatedReportOption() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let a = try png(folder.url, "e/x.png")
        let b = try png(folder.url, "a/x.png", red: 0)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("out"), withIntermediateDirectories: false)
        let run = try await ProductBinary.run(
            ["compare", a.path, b.path, "--report", "out/diff.html", "--format", "text"], in: folder.url)
        #expect(run.exitCode == 1, "a mismatch, as before: \(run.standardError)")
        #expect(run.standardError.contains("--report FILE is deprecated"), "\(run.standardError)")
        #expect(run.standardError.contains("pass --report-dir"), "\(run.standardError)")
        let report = folder.url.appendingPathComponent("out/diff/report.html")
        #expect(FileManager.default.fileExists(atPath: report.path))
        #expect(
            FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out/diff/images/x.diff.png").path)
        )
        let page = try String(contentsOf: folder.url.appendingPathComponent("out/diff.html"), encoding: .utf8)
        #expect(page.contains("url=diff/report.html"), "\(page)")
    }

    @Test(
        "--update rewrites manifest.json, so a drift warning does not outlive re-recording; misspelt elements are refused"
    )
    func updateRewritesManifest() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let first = try await ProductBinary.run(
            ["generate", "--limit", "1", "--output", "goldens", "-q"], in: folder.url)
        #expect(first.exitCode == 0, "\(first.standardError)")
        let actual = folder.url.appendingPathComponent("actual")
        try FileManager.default.copyItem(at: folder.url.appendingPathComponent("goldens"), to: actual)
        let manifestURL = actual.appendingPathComponent("manifest.json")
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        var libraries = try #require(object["libraries"] as? [String: String])
        libraries["libgd"] = "9.9.9"
        object["libraries"] = libraries
        try JSONSerialization.data(withJSONObject: object).write(to: manifestURL)

        let misspelt = try await ProductBinary.run(
            ["compare", "goldens", "actual", "--mask-element", "navigatonBar", "--format", "text"], in: folder.url)
        #expect(misspelt.exitCode == 2, "\(misspelt.standardError)")
        #expect(
            misspelt.standardError.contains("--mask-element 'navigatonBar' is not an element of the goldens' report"))
        #expect(misspelt.standardError.contains("navigationBar"), "the known names are listed")

        let drifted = try await ProductBinary.run(["compare", "goldens", "actual", "--format", "text"], in: folder.url)
        #expect(drifted.standardError.contains("Libraries differ: libgd"), "\(drifted.standardError)")
        let update = try await ProductBinary.run(
            ["compare", "goldens", "actual", "--update", "--format", "text"], in: folder.url)
        #expect(update.exitCode == 0, "\(update.standardError)")
        let again = try await ProductBinary.run(["compare", "goldens", "actual", "--format", "text"], in: folder.url)
        #expect(again.exitCode == 0)
        #expect(!again.standardError.contains("differ:"), "\(again.standardError)")
        #expect(
            try Data(contentsOf: folder.url.appendingPathComponent("goldens/manifest.json"))
                == Data(contentsOf: manifestURL))
    }

    @Test("--mask-element takes frames from manifest.json; font and library drift is said before the pixel figures")
    func elementsAndDrift() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let first = try await ProductBinary.run(
            ["generate", "--limit", "1", "--output", "first", "-q"], in: folder.url)
        #expect(first.exitCode == 0, "\(first.standardError)")
        let second = folder.url.appendingPathComponent("second")
        try FileManager.default.copyItem(at: folder.url.appendingPathComponent("first"), to: second)
        let manifestURL = second.appendingPathComponent("manifest.json")
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: manifestURL))
        let card = try #require(manifest.screens.first { $0.kind == .card })
        let bar = try #require(card.elements.first { $0.name == "navigationBar" }).pixels
        try AlbumReportGraphicsTestImage.paint(
            bar, RGBA(red: 255, green: 0, blue: 0), inFile: second.appendingPathComponent(card.file))
        // The second report was drawn by another libgd.
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        var libraries = try #require(object["libraries"] as? [String: String])
        let libgd = try #require(libraries["libgd"])
        libraries["libgd"] = "9.9.9"
        object["libraries"] = libraries
        try JSONSerialization.data(withJSONObject: object).write(to: manifestURL)

        let plain = try await ProductBinary.run(["compare", "first", "second", "--format", "text"], in: folder.url)
        #expect(plain.exitCode == 1)
        let lines = plain.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("Libraries differ: libgd \(libgd) → 9.9.9") == true, "\(lines.prefix(3))")
        #expect(lines.contains { $0.contains("✗ mismatch \(card.file)") })

        let masked = try await ProductBinary.run(
            ["compare", "first", "second", "--mask-element", "navigationBar", "--format", "text"], in: folder.url)
        #expect(masked.exitCode == 0, "\(masked.standardError)")
        let scoped = try await ProductBinary.run(
            [
                "compare", "first", "second", "--mask", "cards/*.png:\(bar.x),\(bar.y),\(bar.width),\(bar.height)",
                "--format", "text",
            ],
            in: folder.url)
        #expect(scoped.exitCode == 0, "\(scoped.standardError)")
        let elsewhere = try await ProductBinary.run(
            [
                "compare", "first", "second", "--mask", "sheet*.png:\(bar.x),\(bar.y),\(bar.width),\(bar.height)",
                "--format", "text",
            ],
            in: folder.url)
        #expect(elsewhere.exitCode == 1, "a mask scoped to other files leaves the card compared")
    }

    @Test(
        "a non-PNG or missing input exits 2 naming the file; so does a usage error",
        arguments: [
            (["compare", "e.png", "notes.txt"], "notes.txt is not a PNG file"),
            (["compare", "e.png", "missing.png"], "missing.png does not exist"),
            (["compare", "e.png", "e.png", "--threshold", "2"], "--threshold must be from 0 to 1"),
            // A value starting with "-" is the option's value, refused as such, never "missing".
            (["compare", "e.png", "e.png", "--threshold", "-1"], "--threshold must be from 0 to 1 (got -1.0)"),
            (["compare", "e.png", "e.png", "--max-diff-pixels", "-3"], "--max-diff-pixels cannot be negative"),
            (
                ["compare", "e.png", "e.png", "--mask", "-5,-5,0,10"],
                "The value '-5,-5,0,10' is invalid for '--mask <[glob:]x,y,w,h>'"
            ),
            (
                ["compare", "e.png", "e.png", "--mask", "1,2,3"],
                "The value '1,2,3' is invalid for '--mask <[glob:]x,y,w,h>': --mask takes x,y,w,h"
            ),
            (["compare", "e.png"], "Missing expected argument"),
            (
                ["compare", "e.png", "e.png", "--mask-element", "button"],
                "--mask-element places elements from the goldens' manifest.json"
            ),
        ])
    func errors(arguments: [String], message: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try png(folder.url, "e.png")
        try Data("not an image".utf8).write(to: folder.url.appendingPathComponent("notes.txt"))
        let run = try await ProductBinary.run(arguments, in: folder.url)
        #expect(run.exitCode == 2, "\(run.standardError)")
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    @Test("compare goldens/{platform}: the folder of the platform key asked for (per-platform goldens)")
    func platformFolders() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try png(folder.url, "goldens/team-a/e.png")
        _ = try png(folder.url, "shots/e.png")
        let run = try await ProductBinary.run(
            ["compare", "goldens/{platform}", "shots"], in: folder.url,
            environment: ["ALBUMREPORT_GOLDEN_PLATFORM": "team-a"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect((run.standardOutput + run.standardError).contains("1 compared: 1 match"), "\(run.standardError)")
        let other = try await ProductBinary.run(
            ["compare", "goldens/{platform}", "shots"], in: folder.url,
            environment: ["ALBUMREPORT_GOLDEN_PLATFORM": "team-b"])
        #expect(other.exitCode == 2)
        #expect(other.standardError.contains("goldens/team-b"), "\(other.standardError)")
    }

    @Test("a report compared with itself after a re-run of generate matches")
    func generateThenCompare() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for output in ["first", "second"] {
            let run = try await ProductBinary.run(
                ["generate", "--feed", chart.feedURL.absoluteString, "--limit", "3", "--output", output, "--quiet"],
                in: folder.url)
            #expect(run.exitCode == 0)
        }
        let compare = try await ProductBinary.run(["compare", "first", "second"], in: folder.url)
        #expect(compare.exitCode == 0, "\(compare.standardError)")
        #expect(compare.standardError.contains("4 compared: 4 match"))
    }
}

@Suite("Text does not depend on the shell")
struct TextEnvironmentTests {
    @Test("the same feed gives the same pixels under LANG=zh_CN.UTF-8 and LANG=C (fonts picked by the report's locale)")
    func languageEnvironment() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let results: [[String: Any]] = [
            ["id": "1", "name": "Love Yourself 結 'Answer'", "artistName": "BTS 방탄소년단", "copyright": "℗ 2018"],
            ["id": "2", "name": "直 — 千 (Instrumental)", "artistName": "Someone", "copyright": "℗ 2024"],
        ]
        try JSONSerialization.data(withJSONObject: [
            "feed": ["title": "Top Albums", "country": "us", "results": results]
        ])
        .write(to: folder.url.appendingPathComponent("feed.json"))
        var manifests: [Data] = []
        for language in ["zh_CN.UTF-8", "C", "ko_KR.UTF-8"] {
            let output = "out-\(language)"
            let run = try await ProductBinary.run(
                ["generate", "--feed", "feed.json", "--output", output, "--no-enrich", "--quiet"], in: folder.url,
                environment: ["LANG": language, "LC_ALL": language])
            #expect(run.exitCode == 0, "\(run.standardError)")
            manifests.append(try Data(contentsOf: folder.url.appendingPathComponent("\(output)/manifest.json")))
        }
        #expect(manifests[0] == manifests[1])
        #expect(manifests[0] == manifests[2])
    }
}
