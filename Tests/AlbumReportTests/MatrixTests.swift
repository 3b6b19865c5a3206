import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// Every regular file under `folder` (hidden staging folders aside) by relative path.
func filesOfTree(_ folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for path in FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [] {
        var isDirectory: ObjCBool = false
        let url = folder.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
        else { continue }
        result[path] = try Data(contentsOf: url)
    }
    return result
}

/// Renders `spec` from `chart` into `output` (two albums, no download cache).
func generateMatrix(
    _ spec: MatrixSpec, chart: ChartServer, output: URL, shard: Shard? = nil,
    configure: (inout GenerateOptions) -> Void = { _ in }
) async throws -> MatrixSummary {
    let base = matrixBase(chart: chart, output: output, configure: configure)
    let transport = AsyncHTTPTransport(limits: base.limitsForTests)
    do {
        let summary = try await MatrixPipeline(transport: transport).run(
            MatrixPipeline.Request(spec: spec, shard: shard, jobs: 2), base: base)
        await transport.shutdown()
        return summary
    } catch {
        await transport.shutdown()
        throw error
    }
}

/// The options every combination of the tests starts from.
func matrixBase(
    chart: ChartServer, output: URL, configure: (inout GenerateOptions) -> Void = { _ in }
) -> GenerateOptions {
    var options = GenerateOptions(output: output)
    options.feed = .remote(chart.feedURL)
    options.lookupURL = chart.lookupURL
    options.limit = 2
    options.retry = .none
    options.timeout = .seconds(3600)
    options.allowPrivateNetwork = true
    configure(&options)
    return options
}

@Suite("generate --matrix: every combination in one run")
struct MatrixTests {
    static func twoByTwo() throws -> MatrixSpec {
        try MatrixSpec.inlineForTests("themes=light,dark;styles=uikit,swiftui")
    }

    @Test("a 2×2 matrix writes four complete reports in <theme>/<style>/, a matrix manifest and a grid page")
    func folders() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("Matrix")

        let summary = try await generateMatrix(try Self.twoByTwo(), chart: chart, output: output)
        let manifest = try JSONDecoder().decode(
            MatrixManifest.self, from: Data(contentsOf: output.appendingPathComponent("manifest.json")))
        #expect(manifest == summary.manifest)
        #expect(manifest.format == "albumreport-matrix-1")
        #expect(manifest.axes.map(\.key) == ["themes", "styles"])
        #expect(manifest.combinations.map(\.folder) == ["light/uikit", "light/swiftui", "dark/uikit", "dark/swiftui"])
        let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        for combination in manifest.combinations {
            let report = output.appendingPathComponent(combination.folder)
            for name in ["manifest.json", "index.html", "sheet.png"] {
                #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent(name).path))
            }
            let cards = try FileManager.default.contentsOfDirectory(atPath: report.appendingPathComponent("cards").path)
            #expect(cards.count == 2)
            let own = try Data(contentsOf: report.appendingPathComponent("manifest.json"))
            #expect(SHA256.hex(of: own) == combination.manifestSHA256)
            #expect(combination.values["themes"] == String(combination.folder.split(separator: "/")[0]))
            #expect(page.contains("href=\"\(combination.folder)/index.html\""))
            #expect(page.contains("src=\"\(combination.folder)/sheet.png\""))
        }
        #expect(
            try String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8).hasSuffix("}\n"))

        // Run again over it: each combination's render cache reuses its unchanged PNGs (linked, not
        // drawn again: the same file), and the output is the same bytes.
        func inode(_ path: String) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(path).path)[
                .systemFileNumber] as? Int
        }
        let before = try filesOfTree(output)
        let sheet = try inode("dark/swiftui/sheet.png")
        _ = try await generateMatrix(try Self.twoByTwo(), chart: chart, output: output)
        #expect(try inode("dark/swiftui/sheet.png") == sheet)
        #expect(try filesOfTree(output) == before)
    }

    @Test("each combination is byte for byte a single run with its options, and each image is downloaded once")
    func sameAsSingleRuns() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("Matrix")
        let spec = try MatrixSpec.inlineForTests("devices=iphone-15,ipad-10;themes=light,dark")

        let summary = try await generateMatrix(spec, chart: chart, output: output)
        // Two albums: two thumbnails (200 px on both devices) and each device's large image
        // (1,100 px on the iPhone 15, 1,200 on the iPad), for all four combinations together.
        #expect(chart.server.requestCount("/feed.json") == 1)
        #expect(chart.server.requestCount(prefix: "/art/") == 6)
        #expect(summary.manifest.combinations.count == 4)

        let base = matrixBase(chart: chart, output: output)
        for combination in spec.combinations {
            var options = MatrixPipeline.options(for: combination, base: base, scale: nil)
            options.output = folder.url.appendingPathComponent("single-\(combination.index)")
            let single = try await generateOnce(options.feed, output: options.output) { $0 = options }
            #expect(single.warnings.isEmpty)
            let expected = try filesOfTree(options.output)
            let actual = try filesOfTree(output.appendingPathComponent(combination.folder))
            #expect(expected.keys.sorted() == actual.keys.sorted())
            #expect(expected.count >= 5)
            for (path, data) in expected { #expect(actual[path] == data, "\(combination.folder)/\(path) differs") }
        }
    }

    @Test("content sizes and languages: each combination is the single run with --content-size and --language")
    func contentSizesAndLanguages() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("Matrix")
        let spec = try MatrixSpec.inlineForTests("contentSizes=l,ax3;languages=en,ar")
        let summary = try await generateMatrix(spec, chart: chart, output: output)
        #expect(summary.manifest.combinations.map(\.folder) == ["l/en", "l/ar", "ax3/en", "ax3/ar"])

        // The single runs are configured as the command line configures them, not through the matrix.
        for (size, language) in [(ContentSizeCategory.l, "en"), (.ax3, "ar")] {
            let single = folder.url.appendingPathComponent("single-\(size)-\(language)")
            var options = matrixBase(chart: chart, output: single)
            options.settings.language = language
            // What a combination has and a single run has not: its page's link back to the matrix.
            options.matrixPage = "../../index.html"
            options.settings.screen.contentSize = size
            _ = try await generateOnce(options.feed, output: single) { $0 = options }
            let expected = try filesOfTree(single)
            let actual = try filesOfTree(output.appendingPathComponent("\(size.rawValue)/\(language)"))
            #expect(expected.keys.sorted() == actual.keys.sorted())
            for (path, data) in expected { #expect(actual[path] == data, "\(size)/\(language)/\(path) differs") }
        }
        let arabic = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: output.appendingPathComponent("ax3/ar/manifest.json")))
        #expect(arabic.language == "ar")
        #expect(arabic.layoutDirection == .rtl)
        #expect(arabic.settings?["contentSize"] == "ax3")
        let english = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: output.appendingPathComponent("l/en/manifest.json")))
        #expect(english.settings == ["language": "en"], "the language the combination chose, and nothing else")
    }

    @Test(
        "the grid names every value in words, shows each sheet with its first cards; each page links back, in its language"
    )
    func gridInWords() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("Matrix")
        let spec = try MatrixSpec.inlineForTests("devices=iphone-15;themes=dark;contentSizes=ax3;languages=ja,ar")
        let summary = try await generateMatrix(spec, chart: chart, output: output)
        let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        // Values in words: the device's name, the theme, UIKit's name of the size, each language in its own script.
        #expect(page.contains("Device (1) × Theme (1) × Text size (1) × Language (2)"))
        #expect(page.contains("<th scope=\"row\">iPhone 15 · Dark · Accessibility Extra Large</th>"))
        #expect(page.contains("<th scope=\"col\">日本語</th>") && page.contains("<th scope=\"col\">العربية</th>"))
        #expect(!page.contains(">iphone-15 · dark"), "raw ids are not labels")
        for combination in summary.manifest.combinations {
            let path = combination.folder
            #expect(page.contains("<span class=\"path\">\(path)</span>"))
            #expect(page.contains("src=\"\(path)/sheet.png\""))
            // The first two cards, each linking to its place on the combination's page.
            let cards = try #require(combination.cards)
            #expect(cards.map(\.rank) == [1, 2])
            for card in cards {
                #expect(card.file.hasPrefix("cards/"))
                #expect(page.contains("src=\"\(path)/\(card.file)\""))
                #expect(page.contains("href=\"\(path)/index.html#card-\(card.rank ?? 0)\""))
                #expect(
                    FileManager.default.fileExists(atPath: output.appendingPathComponent("\(path)/\(card.file)").path))
            }
        }
        // Each combination's page links back to the grid, in the report's language and direction.
        let japanese = try String(
            contentsOf: output.appendingPathComponent("iphone-15/dark/ax3/ja/index.html"), encoding: .utf8)
        #expect(japanese.contains("<html lang=\"ja\" dir=\"ltr\">"))
        #expect(japanese.contains("<a href=\"../../../../index.html\">すべての組み合わせ</a>"))
        #expect(japanese.contains("<h2>カード</h2>"))
        #expect(japanese.contains("：チャートの表（1行に1項目）"))
        let arabic = try String(
            contentsOf: output.appendingPathComponent("iphone-15/dark/ax3/ar/index.html"), encoding: .utf8)
        #expect(arabic.contains("<html lang=\"ar\" dir=\"rtl\">"))
        #expect(arabic.contains(">كل التركيبات</a>") && arabic.contains("<h2>البطاقات</h2>"))
        let recorded = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: output.appendingPathComponent("iphone-15/dark/ax3/ar/manifest.json")))
        #expect(recorded.matrixPage == "../../../../index.html")
    }

    @Test("shards 1/2 and 2/2 of a matrix, merged, are the unsharded matrix byte for byte")
    func shardsMerge() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let spec = try Self.twoByTwo()
        let whole = folder.url.appendingPathComponent("Whole")
        _ = try await generateMatrix(spec, chart: chart, output: whole)
        var shards: [URL] = []
        for index in [2, 1] {
            let shard = folder.url.appendingPathComponent("Shard\(index)")
            let summary = try await generateMatrix(
                spec, chart: chart, output: shard, shard: Shard(index: index, count: 2))
            #expect(summary.manifest.combinations.map(\.index) == (index == 1 ? [0, 2] : [1, 3]))
            shards.append(shard)
        }
        let merged = folder.url.appendingPathComponent("Merged")
        let manifest = try MatrixMerger.merge(shards, into: merged, templatesDirectory: nil, force: false)
        #expect(manifest.combinations.count == 4)
        let expected = try filesOfTree(whole)
        let actual = try filesOfTree(merged)
        #expect(expected.keys.sorted() == actual.keys.sorted())
        for (path, data) in expected { #expect(actual[path] == data, "\(path) differs") }

        // A missing shard, a changed file and a plain report among matrix shards are refused.
        #expect(throws: ReportError.self) {
            try MatrixMerger.merge([shards[0]], into: merged, templatesDirectory: nil, force: false)
        }
        let card = try #require(
            try FileManager.default.contentsOfDirectory(
                atPath: shards[0].appendingPathComponent("light/swiftui/cards").path
            )
            .first)
        let cardURL = shards[0].appendingPathComponent("light/swiftui/cards/" + card)
        let original = try Data(contentsOf: cardURL)
        try Data(original.dropLast()).write(to: cardURL)
        let damaged = #expect(throws: ReportError.self) {
            try MatrixMerger.merge(shards, into: merged, templatesDirectory: nil, force: false)
        }
        #expect(damaged?.description.contains("SHA-256 differs") == true)
        try original.write(to: cardURL)
        let plain = folder.url.appendingPathComponent("Plain")
        _ = try await generateOnce(.remote(chart.feedURL), output: plain) {
            $0 = matrixBase(chart: chart, output: plain)
            $0.shard = Shard(index: 1, count: 2)
        }
        let mixed = #expect(throws: ReportError.self) {
            try MatrixMerger.merge([shards[0], plain], into: merged, templatesDirectory: nil, force: false)
        }
        #expect(mixed?.description.contains("is not a matrix shard") == true)
        #expect(try filesOfTree(merged) == actual)
    }

    @Test(
        "a matrix two of whose values are one setting spelt twice is refused before anything is fetched",
        arguments: [
            ("locales=en_US,en-US", "en_US and en-US"), ("languages=auto,en", "auto and en"),
            ("locales=de_DE;languages=de,auto", "de, de_DE and auto, de_DE"),
        ])
    func aliasesAreDuplicates(matrix: String, named: String) async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("Matrix")
        let error = await #expect(throws: ReportError.self) {
            _ = try await generateMatrix(try MatrixSpec.inlineForTests(matrix), chart: chart, output: output)
        }
        let message = error?.description ?? ""
        #expect(message.contains("the combinations \(named) draw the same screens"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(await chart.server.requestCount(prefix: "/") == 0, "refused before the feed was fetched")
    }

    @Test("a matrix whose combination fails leaves the previous matrix as it was")
    func failureKeepsPrevious() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("Matrix")
        _ = try await generateMatrix(try Self.twoByTwo(), chart: chart, output: output)
        let before = try filesOfTree(output)

        let broken = folder.url.appendingPathComponent("broken.json")
        try Data("{\"name\": \"broken\", \"colors\": 42}".utf8).write(to: broken)
        let spec = try MatrixSpec.inlineForTests("themes=dark,\(broken.path);styles=uikit,swiftui")
        await #expect(throws: ReportError.self) {
            _ = try await generateMatrix(spec, chart: chart, output: output)
        }
        #expect(try filesOfTree(output) == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "staging folders left: \(left)")

        // A second run over the previous matrix replaces it: the combinations it no longer has go,
        // folders and all; the user's own files stay.
        try Data("mine".utf8).write(to: output.appendingPathComponent("light/notes.txt"))
        _ = try await generateMatrix(
            try MatrixSpec.inlineForTests("themes=dark;styles=uikit"), chart: chart, output: output)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("light/uikit").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("dark/swiftui").path))
        #expect(try Data(contentsOf: output.appendingPathComponent("light/notes.txt")) == Data("mine".utf8))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("dark/uikit/sheet.png").path))
    }
}

extension MatrixSpec {
    /// The inline form, relative to the current folder.
    static func inlineForTests(_ text: String) throws -> MatrixSpec {
        try MatrixSpec.parse(text, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    }
}

/// A matrix run on a disk that fills up, on a real small file system (tmpfs; mounting one needs
/// root, as on CI's containers: elsewhere the test has nothing to run on and passes).
@Suite("generate --matrix on a full disk")
struct MatrixDiskFullTests {
    /// Runs `mount` or `umount` with `arguments`; whether it succeeded.
    static func mountTool(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }

    @Test(
        "disk full during a matrix run names the output's file, not a staging folder of the run",
        .enabled(if: getuid() == 0))
    func diskFull() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let disk = folder.url.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        guard Self.mountTool("/bin/mount", ["-t", "tmpfs", "-o", "size=192k", "tmpfs", disk.path]) else { return }
        defer { _ = Self.mountTool("/bin/umount", [disk.path]) }
        let output = disk.appendingPathComponent("Matrix")
        let error = await #expect(throws: ReportError.self) {
            _ = try await generateMatrix(try MatrixTests.twoByTwo(), chart: chart, output: output)
        }
        let message = error?.description ?? ""
        #expect(message.contains("no space left"), "\(message)")
        #expect(message.contains(output.path + "/") && !message.contains(".albumreport-"), "\(message)")
    }

    @Test(
        "disk full during a plain run names the output's file too, not the staging folder",
        .enabled(if: getuid() == 0))
    func diskFullPlainRun() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let disk = folder.url.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        guard Self.mountTool("/bin/mount", ["-t", "tmpfs", "-o", "size=192k", "tmpfs", disk.path]) else { return }
        defer { _ = Self.mountTool("/bin/umount", [disk.path]) }
        let output = disk.appendingPathComponent("Report")
        let error = await #expect(throws: ReportError.self) {
            _ = try await generateOnce(.sample, output: output) { $0.limit = 10 }
        }
        let message = error?.description ?? ""
        #expect(message.contains("no space left"), "\(message)")
        #expect(message.contains(output.path + "/") && !message.contains(".albumreport-"), "\(message)")
    }
}
