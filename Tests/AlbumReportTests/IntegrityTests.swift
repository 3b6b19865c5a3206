import AlbumReport
import AlbumReportCompare
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import CPNG
import Foundation
import Testing

/// Hostile PNG chunks, links inside compared folders, report folders that overlap their inputs,
/// long names, and previous reports whose manifest was edited: each with its own input.
@Suite("Integrity of compare's inputs and outputs, and of reused PNGs")
struct IntegrityTests {
    let white = RGBA(red: 255, green: 255, blue: 255)

    func smallPNG(_ color: RGBA? = nil, width: Int = 8, height: Int = 8) throws -> Data {
        try GDImage(width: width, height: height, background: color ?? white).pngData()
    }

    func write(_ data: Data, _ folder: URL, _ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try data.writeCreatingFolders(to: url)
        return url
    }

    // MARK: - Ancillary chunks

    @Test(
        "a 2 KB PNG whose tEXt, zTXt or iCCP chunk claims megabytes or gigabytes is refused by every PNG reader with a sentence",
        arguments: ["tEXt", "zTXt", "iCCP"], [UInt32(0x7FFF_FFF0), UInt32(16_000_000)])
    func hugeAncillaryChunk(type: String, claimed: UInt32) throws {
        let png = pngWithChunk(
            try smallPNG(), type: type, claimedLength: claimed, body: Data(repeating: 0x41, count: 1_700))
        #expect(png.count < 2_000)
        let problem = try #require(ImageHeader.pngChunkProblem(png))
        #expect(problem.contains("its \(type) chunk claims \(claimed) bytes"), "\(problem)")

        // compare's reader.
        switch PNGReader.decode(png, name: "hostile.png") {
        case .success: Issue.record("a PNG with a \(type) chunk of \(claimed) bytes was decoded")
        case .failure(let failure):
            #expect(failure.description == "hostile.png is not a readable PNG (\(problem)).")
        }
        // libgd, as artwork is decoded.
        do {
            _ = try GDImage(decoding: png)
            Issue.record("libgd decoded it")
        } catch {
            #expect(error == .damagedChunk(problem))
            #expect(error.description.hasPrefix("the PNG image is refused before decoding: its \(type) chunk"))
        }
        // libpng itself, without the pre-scan: its own limits refuse the chunk from its header.
        var width: UInt32 = 0
        var height: UInt32 = 0
        var reader: OpaquePointer?
        var message = [CChar](repeating: 0, count: 256)
        let status = png.withUnsafeBytes { bytes in
            ar_png_reader_open(
                bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, 1_000_000, 12 << 20, &reader, &width,
                &height, &message, message.count)
        }
        ar_png_reader_close(reader)
        #expect(status == 1)
        #expect(reader == nil)
    }

    @Test("a small well-formed text chunk is skipped: the image decodes in every reader")
    func smallTextChunk() throws {
        let body = Data("Comment\u{0}hello".utf8)
        let png = pngWithChunk(try smallPNG(), type: "tEXt", claimedLength: UInt32(body.count), body: body)
        #expect(ImageHeader.pngChunkProblem(png) == nil)
        guard case .success(let pixels) = PNGReader.decode(png, name: "ok.png") else {
            Issue.record("the PNG with a small tEXt chunk was refused")
            return
        }
        #expect(pixels.width == 8 && pixels.height == 8)
        #expect(try GDImage(decoding: png).width == 8)
    }

    @Test("artwork that is a tiny PNG claiming a 2 GiB zTXt chunk is a placeholder with one warning naming the chunk")
    func hostileArtwork() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let hostile = pngWithChunk(
            try smallPNG(), type: "zTXt", claimedLength: 0x7FFF_FFF0, body: Data(repeating: 0x78, count: 1_700))
        try hostile.write(to: folder.url.appendingPathComponent("art.png"))
        let feed = """
            {"feed": {"title": "Top Albums", "country": "us", "results": [
              {"id": "1", "name": "Hostile Art", "artistName": "Artist", "artworkUrl100": "art.png"}
            ]}}
            """
        try Data(feed.utf8).write(to: folder.url.appendingPathComponent("feed.json"))
        let summary = try await generateOnce(
            .file(folder.url.appendingPathComponent("feed.json")), output: folder.url.appendingPathComponent("out"))
        #expect(summary.cardsRendered == 1)
        let artwork = summary.warnings.filter { $0.stage == .artwork }
        #expect(artwork.count == 1, "\(summary.warnings)")
        #expect(artwork.first?.message.contains("zTXt chunk claims 2147483632 bytes") == true, "\(artwork)")
    }

    // MARK: - Sizes from headers

    @Test("images of different sizes mismatch from their headers alone: nothing is decoded, no diff image is made")
    func sizeFromHeaders() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // Headers with nothing decodable after them: decoding would be an error, not a mismatch.
        let expected = try write(pngBomb(width: 100_000, height: 1), folder.url, "e/wide.png")
        let actual = try write(pngBomb(width: 1, height: 28_000), folder.url, "a/wide.png")
        let report = folder.url.appendingPathComponent("report")
        let summary = try await GoldenComparer(reportDirectory: report).compare(expected: expected, actual: actual)
        let pair = try #require(summary.pairs.first)
        #expect(pair.status == .mismatch, "\(pair.message)")
        #expect(pair.message.hasPrefix("expected 100000×1, got 1×28000"))
        #expect(pair.images?.diff == nil && pair.images?.expected != nil)
        #expect(!summary.passes)

        let inMemory = PNGComparison.compare(
            expected: pngBomb(width: 100_000, height: 1), actual: pngBomb(width: 1, height: 28_000))
        guard case .success(let comparison) = inMemory else {
            Issue.record("the header-only comparison failed")
            return
        }
        #expect(!comparison.matches && comparison.diffPNG == nil)
        #expect(comparison.difference.sizeMismatch?.expectedWidth == 100_000)
    }

    // MARK: - Names

    @Test("a 254-byte file name mismatches normally: its report images get names under 255 bytes")
    func longNames() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let name = String(repeating: "é", count: 125) + ".png"
        #expect(name.utf8.count == 254)
        _ = try write(try smallPNG(), folder.url, "golden/" + name)
        _ = try write(try smallPNG(RGBA(red: 0, green: 0, blue: 0)), folder.url, "actual/" + name)
        let report = folder.url.appendingPathComponent("report")
        let summary = try await GoldenComparer(reportDirectory: report, update: true).compare(
            expected: folder.url.appendingPathComponent("golden"), actual: folder.url.appendingPathComponent("actual"))
        let pair = try #require(summary.pairs.first)
        #expect(pair.status == .mismatch, "\(pair.message)")
        #expect(pair.updated)
        let images = try #require(pair.images)
        for relative in [images.expected, images.actual, images.diff, images.sideBySide].compactMap({ $0 }) {
            let last = try #require(relative.split(separator: "/").last)
            #expect(last.utf8.count <= 255)
            #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent(relative).path))
        }
        // Cut names stay apart: two long names that share their first 240 bytes get two stems.
        let one = GoldenComparer.reportStem(String(repeating: "a", count: 250) + "1.png")
        let two = GoldenComparer.reportStem(String(repeating: "a", count: 250) + "2.png")
        #expect(one != two)
        #expect(GoldenComparer.reportStem("sub/short.png") == "sub/short")
    }

    // MARK: - The report folder and the inputs

    @Test("a report folder that holds the inputs compares them (no false pass); one that is an input is refused")
    func reportFolderAndInputs() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try write(try smallPNG(), folder.url, "golden/x.png")
        _ = try write(try smallPNG(RGBA(red: 0, green: 0, blue: 0)), folder.url, "actual/x.png")
        let golden = folder.url.appendingPathComponent("golden")
        let actual = folder.url.appendingPathComponent("actual")

        let around = try await GoldenComparer(reportDirectory: folder.url).compare(expected: golden, actual: actual)
        #expect(around.pairs.map(\.status) == [.mismatch])
        #expect(!around.passes)

        let inside = try await GoldenComparer(reportDirectory: actual.appendingPathComponent("diffs"))
            .compare(expected: golden, actual: actual)
        #expect(inside.pairs.map(\.name) == ["x.png"], "the report inside an input is left out of the walk")

        await #expect(throws: CompareError.reportOverlapsInput(report: golden.path, input: golden.path)) {
            try await GoldenComparer(reportDirectory: golden).compare(expected: golden, actual: actual)
        }
    }

    @Test("--report-dir: / and a folder of other files are refused; a new folder needs an existing parent")
    func reportFolderRules() throws {
        #expect(throws: CompareError.self) { try ComparisonReportWriter.checkReportFolder(URL(fileURLWithPath: "/")) }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try write(Data("mine".utf8), folder.url, "photos/holiday.txt")
        #expect(throws: CompareError.self) {
            try ComparisonReportWriter.checkReportFolder(folder.url.appendingPathComponent("photos"))
        }
        _ = try write(Data("<p>old</p>".utf8), folder.url, "old/report.html")
        try ComparisonReportWriter.checkReportFolder(folder.url.appendingPathComponent("old"))
        try ComparisonReportWriter.checkReportFolder(folder.url.appendingPathComponent("new"))
        #expect(throws: CompareError.self) {
            try ComparisonReportWriter.checkReportFolder(folder.url.appendingPathComponent("missing/report"))
        }
    }

    @Test("JUnit XML into a folder that does not exist is refused with a sentence, and no folder is created")
    func junitParent() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let png = try write(try smallPNG(), folder.url, "x.png")
        let summary = try await GoldenComparer().compare(expected: png, actual: png)
        let target = folder.url.appendingPathComponent("missing/d/j.xml")
        do {
            try ComparisonReportWriter.writeJUnit(summary, to: target)
            Issue.record("JUnit was written into a folder that did not exist")
        } catch {
            #expect(error.description.contains("does not exist, and --junit does not create folders"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("missing").path))
    }

    @Test(
        "a staged file holds exactly the bytes written, a file written over is emptied first, and a failure is the system's"
    )
    func unsyncedWrites() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("card.png")
        let long = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try ReportWriter.writeStaged(long, to: file)
        #expect(try Data(contentsOf: file) == long)
        try ReportWriter.writeStaged(Data("short".utf8), to: file)
        #expect(try Data(contentsOf: file) == Data("short".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o600 == 0o600 } == true, "the owner reads and writes it")
        #expect(throws: POSIXError(.ENOTDIR)) {
            try ReportWriter.writeStaged(long, to: file.appendingPathComponent("under"))
        }
    }

    // MARK: - Links

    @Test("--update never writes through a linked golden sub-folder; a linked PNG is an error, never read")
    func links() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let outside = folder.url.appendingPathComponent("outside")
        let victim = try write(Data("precious".utf8), outside, "x.png")
        let goldens = folder.url.appendingPathComponent("goldens")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: goldens.appendingPathComponent("sub"), withDestinationURL: outside)
        let actual = folder.url.appendingPathComponent("actual")
        _ = try write(try smallPNG(), actual, "sub/x.png")

        await #expect(throws: CompareError.linkedGolden(link: goldens.appendingPathComponent("sub").path)) {
            try await GoldenComparer(update: true).compare(expected: goldens, actual: actual)
        }
        #expect(try Data(contentsOf: victim) == Data("precious".utf8))

        // A PNG that is a link to a file elsewhere: reported, not compared.
        let plain = folder.url.appendingPathComponent("plain")
        _ = try write(try smallPNG(), plain, "a.png")
        let linked = folder.url.appendingPathComponent("linked")
        try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: linked.appendingPathComponent("a.png"), withDestinationURL: plain.appendingPathComponent("a.png"))
        let summary = try await GoldenComparer().compare(expected: plain, actual: linked)
        let pair = try #require(summary.pairs.first)
        #expect(pair.status == .error)
        #expect(pair.message.contains("is a symbolic link; compare does not follow links"))

        // A FIFO named like a PNG is an error, never opened (a read would block).
        let fifo = folder.url.appendingPathComponent("fifo")
        _ = try write(try smallPNG(), fifo, "a.png")
        try FileManager.default.removeItem(at: fifo.appendingPathComponent("a.png"))
        #expect(mkfifo(fifo.appendingPathComponent("a.png").path, 0o644) == 0)
        let blocked = try await GoldenComparer().compare(expected: plain, actual: fifo)
        #expect(blocked.pairs.first?.status == .error)
        #expect(blocked.pairs.first?.message.contains("is not a regular file (a FIFO, socket or device)") == true)
    }

    // MARK: - Reused PNGs

    func run(_ feed: URL, _ output: URL, cache: URL?, refresh: Bool = false) async throws -> ReportSummary {
        var options = GenerateOptions(output: output)
        options.feed = .remote(feed)
        options.limit = 3
        options.cacheDirectory = cache
        options.refresh = refresh
        let transport = AsyncHTTPTransport()
        defer { Task { await transport.shutdown() } }
        return try await ReportPipeline(transport: transport).run(options)
    }

    /// Puts the bytes of the report's second card in place of its first, and edits the
    /// manifest's record of the first to match them (digest, size, bytes).
    func forgeFirstCard(in output: URL) throws -> String {
        let url = output.appendingPathComponent("manifest.json")
        var manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url))
        let cards = manifest.files.indices.filter { manifest.files[$0].path.hasPrefix("cards/") }
        let (first, second) = (cards[0], cards[1])
        let forged = try Data(contentsOf: output.appendingPathComponent(manifest.files[second].path))
        try forged.write(to: output.appendingPathComponent(manifest.files[first].path))
        let path = manifest.files[first].path
        manifest.files[first].sha256 = manifest.files[second].sha256
        manifest.files[first].widthPixels = manifest.files[second].widthPixels
        manifest.files[first].heightPixels = manifest.files[second].heightPixels
        manifest.files[first].bytes = manifest.files[second].bytes
        try manifest.encoded().write(to: url)
        return path
    }

    @Test(
        "a card replaced and its manifest digest edited to match is drawn again: with the cache's render records, and with --refresh"
    )
    func forgedManifest() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let cache = try TemporaryDirectory()
        defer { cache.remove() }

        let first = try await run(chart.feedURL, output.url, cache: cache.url)
        let honest = try await run(chart.feedURL, output.url, cache: cache.url)
        #expect(honest.stages.first { $0.name == "cards" }?.detail == "3 cards (3 unchanged, reused)")

        let path = try forgeFirstCard(in: output.url)
        let checked = try await run(chart.feedURL, output.url, cache: cache.url)
        #expect(checked.stages.first { $0.name == "cards" }?.detail == "3 cards (2 unchanged, reused)")
        #expect(checked.files == first.files)
        let original = try #require(first.files.first { $0.path == path })
        #expect(Digest.sha256Hex(try Data(contentsOf: output.url.appendingPathComponent(path))) == original.sha256)

        // Without a cache the manifest and the bytes agree, so only --refresh redraws: it reuses nothing.
        _ = try forgeFirstCard(in: output.url)
        let refreshed = try await run(chart.feedURL, output.url, cache: nil, refresh: true)
        #expect(refreshed.stages.first { $0.name == "cards" }?.detail == "3 cards")
        #expect(refreshed.files == first.files)
    }
}
