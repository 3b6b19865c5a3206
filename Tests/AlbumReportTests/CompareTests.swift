import AlbumReport
import AlbumReportCompare
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Golden comparison of real PNG files")
struct CompareTests {
    let white = RGBA(red: 255, green: 255, blue: 255)

    /// Renders "After Hours" the way a card title is drawn, shifted by `dx`, `dy` pixels.
    func textImage(dx: Double, dy: Double) throws -> Data {
        let theme = try Theme.shipped()
        let engine = try TextEngine(theme: theme, scale: 3)
        let image = try GDImage(width: 600, height: 320, background: white)
        let block = TextBlock.make(
            "After Hours — Top Albums", font: theme.fonts.cardTitle, color: theme.colors.label,
            x: 10 + dx / 3, y: 10 + dy / 3, width: 190, measurer: engine)
        try engine.draw(block, in: image)
        return try image.pngData()
    }

    func write(_ data: Data, _ folder: URL, _ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try data.writeCreatingFolders(to: url)
        return url
    }

    @Test(
        "text re-rendered at a sub-pixel offset passes with speck tolerance (its differences are anti-aliasing and specks); the strict default fails it on any speck",
        arguments: [(0.25, 0.0), (0.3, 0.3)])
    func subpixelText(dx: Double, dy: Double) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let expected = try write(textImage(dx: 0, dy: 0), folder.url, "expected.png")
        let actual = try write(textImage(dx: dx, dy: dy), folder.url, "actual.png")
        #expect(try Data(contentsOf: expected) != Data(contentsOf: actual), "the offset changes the rendering")
        let summary = try await GoldenComparer(options: CompareOptions(minimumCluster: 4))
            .compare(expected: expected, actual: actual)
        let pair = try #require(summary.pairs.first)
        #expect(pair.status == .match, "\(pair.message)")
        #expect((pair.difference?.antialiasedPixels ?? 0) > 20)
        #expect(pair.difference?.differentPixels == pair.difference?.speckPixels)
        let byDefault = try #require(try await GoldenComparer().compare(expected: expected, actual: actual).pairs.first)
        #expect(byDefault.status == ((pair.difference?.differentPixels ?? 0) == 0 ? .match : .mismatch))
        // The same offset fails when anti-aliased pixels count.
        let strict = try await GoldenComparer(options: CompareOptions(failOnAntialiasing: true))
            .compare(expected: expected, actual: actual)
        #expect(strict.pairs.first?.status == .mismatch)
    }

    @Test("text moved by a whole pixel is a difference, as pixelmatch counts it: its solid stems moved")
    func movedText() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let expected = try write(textImage(dx: 0, dy: 0), folder.url, "expected.png")
        let actual = try write(textImage(dx: 0, dy: 1), folder.url, "actual.png")
        let summary = try await GoldenComparer().compare(expected: expected, actual: actual)
        #expect(summary.pairs.first?.status == .mismatch)
    }

    @Test("changed text does not pass as anti-aliasing")
    func changedText() async throws {
        let theme = try Theme.shipped()
        let engine = try TextEngine(theme: theme, scale: 3)
        func render(_ text: String) throws -> Data {
            let image = try GDImage(width: 600, height: 150, background: white)
            try engine.draw(
                TextBlock.make(
                    text, font: theme.fonts.cardTitle, color: theme.colors.label, x: 10, y: 10, width: 190,
                    measurer: engine), in: image)
            return try image.pngData()
        }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let expected = try write(render("After Hours"), folder.url, "e.png")
        let actual = try write(render("After Hourz"), folder.url, "a.png")
        let summary = try await GoldenComparer().compare(expected: expected, actual: actual)
        #expect(summary.pairs.first?.status == .mismatch)
        #expect((summary.pairs.first?.difference?.differentPixels ?? 0) > 20)
    }

    /// The card of a one-album report rendered from a recorded feed on loopback, written into
    /// `report` as `card.png`: its file and the card's button frame in pixels. The report is
    /// rendered once per test process (`RenderedCard`); every caller gets its own copy of the file.
    static func renderedCard(in report: URL) async throws -> (file: URL, button: PixelRect) {
        let (png, button) = try await RenderedCard.shared.value()
        let file = report.appendingPathComponent("card.png")
        try png.writeCreatingFolders(to: file)
        return (file, button)
    }

    @Test("a one-pixel-wide colour change in a rendered card's button fails and is drawn in the diff")
    func buttonColumn() async throws {
        let report = try TemporaryDirectory()
        defer { report.remove() }
        let (expected, button) = try await Self.renderedCard(in: report.url)

        let image = try GDImage(decoding: Data(contentsOf: expected))
        var pixels = image.pixelBuffer()
        let column = button.x + 60
        for y in button.y..<button.maxY {
            pixels[column, y] = PixelBuffer.pack(RGBA(red: 0x00, green: 0x5A, blue: 0xD0))
        }
        let actual = try write(try GDImage(pixels).pngData(), report.url, "actual.png")

        let diffs = report.url.appendingPathComponent("diffs")
        let summary = try await GoldenComparer(reportDirectory: diffs).compare(expected: expected, actual: actual)
        let pair = try #require(summary.pairs.first)
        #expect(pair.status == .mismatch)
        #expect(pair.difference?.differentPixels == button.height)
        let images = try #require(pair.images)
        let diff = try GDImage(decoding: Data(contentsOf: diffs.appendingPathComponent(try #require(images.diff))))
        #expect(diff.pixel(x: column, y: button.y + 75) == RGBA(red: 255, green: 0, blue: 0))
        #expect(diff.pixel(x: column - 3, y: button.y + 75) != RGBA(red: 255, green: 0, blue: 0))
        let compare = try GDImage(
            decoding: Data(contentsOf: diffs.appendingPathComponent(try #require(images.sideBySide))))
        // The side-by-side of a 1179-pixel-wide card is drawn at half size (within 2048 pixels).
        #expect(compare.width == 3 * ((image.width + 1) / 2) + 4 * 16)
    }

    @Test("a card's solid button moved by one pixel fails with the default settings")
    func movedButton() async throws {
        let report = try TemporaryDirectory()
        defer { report.remove() }
        let (expected, button) = try await Self.renderedCard(in: report.url)
        let original = try GDImage(decoding: Data(contentsOf: expected)).pixelBuffer()

        // The whole button (its fill and its label) one pixel lower, as a layout change moves it.
        var moved = original
        for y in stride(from: button.maxY, through: button.y, by: -1) {
            for x in button.x..<button.maxX { moved[x, y] = original[x, y - 1] }
        }
        let actual = try write(try GDImage(moved).pngData(), report.url, "moved.png")
        let summary = try await GoldenComparer().compare(expected: expected, actual: actual)
        let pair = try #require(summary.pairs.first)
        #expect(pair.status == .mismatch, "\(pair.message)")
        // The rows at the button's top and bottom edge differ along (almost) its whole width.
        #expect((pair.difference?.differentPixels ?? 0) >= button.width)
    }

    @Test(
        "folders: pairs by relative path; new and missing files previewed; --update converges (stale goldens removed)"
    )
    func folders() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let expected = root.url.appendingPathComponent("expected")
        let actual = root.url.appendingPathComponent("actual")
        let same = try GDImage(width: 30, height: 30, background: white).pngData()
        let other = try GDImage(width: 30, height: 30, background: RGBA(red: 200, green: 0, blue: 0)).pngData()
        _ = try write(same, expected, "a.png")
        _ = try write(same, actual, "a.png")
        _ = try write(same, expected, "cards/b.png")
        _ = try write(other, actual, "cards/b.png")
        _ = try write(same, expected, "cards/c.png")
        _ = try write(other, actual, "cards/d.png")
        let untouchedDate =
            try FileManager.default.attributesOfItem(atPath: expected.appendingPathComponent("a.png").path)[
                .modificationDate] as? Date

        let diffs = root.url.appendingPathComponent("diffs")
        let summary = try await GoldenComparer(reportDirectory: diffs).compare(expected: expected, actual: actual)
        #expect(summary.pairs.map(\.name) == ["a.png", "cards/b.png", "cards/c.png", "cards/d.png"])
        #expect(summary.pairs.map(\.status) == [.match, .mismatch, .missing, .new])
        for image in [
            "cards/b.expected.png", "cards/b.actual.png", "cards/b.diff.png", "cards/b.compare.png",
            "cards/c.expected.png", "cards/d.actual.png",
        ] {
            #expect(
                FileManager.default.fileExists(atPath: diffs.appendingPathComponent("images/" + image).path), "\(image)"
            )
        }
        #expect(!FileManager.default.fileExists(atPath: diffs.appendingPathComponent("images/a.diff.png").path))
        #expect(summary.pairs[2].message.contains("--update"))
        #expect(!summary.passes)

        // Accepting new and removed files: only the changed card fails.
        var changedOnly = CompareOptions()
        changedOnly.failOn = .changed
        let lenient = try await GoldenComparer(options: changedOnly).compare(expected: expected, actual: actual)
        #expect(lenient.failures.map(\.name) == ["cards/b.png"])
        changedOnly.failOn = [.new, .missing]
        let other2 = try await GoldenComparer(options: changedOnly).compare(expected: expected, actual: actual)
        #expect(other2.failures.map(\.name) == ["cards/c.png", "cards/d.png"])

        let updated = try await GoldenComparer(update: true).compare(expected: expected, actual: actual)
        #expect(updated.pairs.filter(\.updated).map(\.name) == ["cards/b.png", "cards/c.png", "cards/d.png"])
        #expect(updated.pairs[2].message.contains("removed"))
        #expect(try Data(contentsOf: expected.appendingPathComponent("cards/b.png")) == other)
        #expect(try Data(contentsOf: expected.appendingPathComponent("cards/d.png")) == other)
        #expect(!FileManager.default.fileExists(atPath: expected.appendingPathComponent("cards/c.png").path))
        let afterDate =
            try FileManager.default.attributesOfItem(atPath: expected.appendingPathComponent("a.png").path)[
                .modificationDate] as? Date
        #expect(untouchedDate == afterDate)

        // Converged: the next comparison passes.
        let again = try await GoldenComparer().compare(expected: expected, actual: actual)
        #expect(again.pairs.map(\.status) == [.match, .match, .match])
        #expect(again.passes)
    }

    @Test(
        "the report folder alone, moved elsewhere (as a downloaded CI artifact), shows every image in headless Chromium"
    )
    func portableReport() async throws {
        guard let browser = Chromium.find() else {
            print("Skipped: no chromium or chromium-browser on PATH (.ci/run installs Debian's chromium).")
            return
        }
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let expected = root.url.appendingPathComponent("goldens")
        let actual = root.url.appendingPathComponent("rendered")
        let whitePNG = try GDImage(width: 30, height: 30, background: white).pngData()
        let redPNG = try GDImage(width: 30, height: 30, background: RGBA(red: 200, green: 0, blue: 0)).pngData()
        _ = try write(whitePNG, expected, "cards/changed #1.png")
        _ = try write(redPNG, actual, "cards/changed #1.png")
        _ = try write(whitePNG, expected, "gone.png")
        _ = try write(redPNG, actual, "new.png")
        let report = root.url.appendingPathComponent("Diffs")
        let summary = try await GoldenComparer(reportDirectory: report).compare(expected: expected, actual: actual)
        try ComparisonReportWriter.writeHTML(summary, into: report)

        // Downloaded: only the report folder, somewhere else; the inputs are gone.
        let download = root.url.appendingPathComponent("Downloads/artifact")
        try FileManager.default.createDirectory(
            at: download.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: report, to: download)
        try FileManager.default.removeItem(at: expected)
        try FileManager.default.removeItem(at: actual)

        // The page as it is, plus a probe that records which images loaded (naturalWidth > 0):
        // Chromium does not log a missing file:// image.
        let html = try String(
            contentsOf: download.appendingPathComponent(ComparisonReportWriter.pageName), encoding: .utf8)
        let probe = """
            <script>addEventListener('load', () => document.body.setAttribute('data-loaded',
            [...document.images].map(i => i.complete && i.naturalWidth > 0 ? '1' : '0').join('')))</script></body>
            """
        let page = download.appendingPathComponent("probe.html")
        try Data(html.replacingOccurrences(of: "</body>", with: probe).utf8).write(to: page)
        func loaded(_ profile: String) async throws -> String {
            let dom = try await browser.dumpDOM(page, profile: root.url.appendingPathComponent(profile)).dom
            guard let range = dom.range(of: "data-loaded=\""), let end = dom[range.upperBound...].firstIndex(of: "\"")
            else { return "" }
            return String(dom[range.upperBound..<end])
        }
        // changed: the viewer's expected, actual and diff, the crops of its one changed region
        // (every pixel differs: expected, actual and diff), and expected, actual, diff and side by
        // side; new: actual; gone: expected.
        #expect(try await loaded("profile") == String(repeating: "1", count: 12))

        // The probe can fail: with one image removed, it says so.
        try FileManager.default.removeItem(at: download.appendingPathComponent("images/new.actual.png"))
        let broken = try await loaded("profile2")
        #expect(broken.count == 12 && broken.filter { $0 == "0" }.count == 1, "\(broken)")
    }

    @Test("corrupt and non-PNG inputs are errors that name the file")
    func badInputs() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let good = try write(try GDImage(width: 20, height: 20, background: white).pngData(), root.url, "good.png")
        var corruptBytes = try Data(contentsOf: good)
        corruptBytes.replaceSubrange(30..<corruptBytes.count, with: Data(repeating: 7, count: corruptBytes.count - 30))
        let corrupt = try write(corruptBytes, root.url, "corrupt.png")
        let jpeg = try write(try GDImage(width: 20, height: 20, background: white).jpegData(), root.url, "photo.png")
        let text = try write(Data("hello".utf8), root.url, "text.png")
        for (file, phrase) in [
            (corrupt, "is not a readable PNG"), (jpeg, "is not a PNG file (it is a JPEG image)"),
            (text, "is not a PNG file (it is not an image)"),
        ] {
            let summary = try await GoldenComparer().compare(expected: good, actual: file)
            let pair = try #require(summary.pairs.first)
            #expect(pair.status == .error)
            #expect(pair.message.contains(file.path))
            #expect(pair.message.contains(phrase), "\(pair.message)")
        }
        await #expect(throws: CompareError.notFound(root.url.appendingPathComponent("nope.png").path)) {
            _ = try await GoldenComparer().compare(expected: good, actual: root.url.appendingPathComponent("nope.png"))
        }
    }

    @Test("the HTML report and JUnit XML name every pair; the XML parses")
    func reports() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let expected = try write(
            try GDImage(width: 20, height: 20, background: white).pngData(), root.url, "e/<odd> & name.png")
        let actual = try write(
            try GDImage(width: 20, height: 24, background: white).pngData(), root.url, "a/<odd> & name.png")
        let folder = root.url.appendingPathComponent("report")
        let summary = try await GoldenComparer(reportDirectory: folder).compare(expected: expected, actual: actual)
        #expect(summary.pairs.first?.message.hasPrefix("expected 20×20, got 20×24") == true)
        let html = folder.appendingPathComponent("report.html")
        let junit = root.url.appendingPathComponent("junit.xml")
        try ComparisonReportWriter.writeHTML(summary, into: folder)
        try ComparisonReportWriter.writeJUnit(summary, to: junit)
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.contains("&lt;odd&gt; &amp; name.png"))
        #expect(!page.contains("<odd>"))
        // Every image is inside the report folder, linked relatively.
        #expect(!page.contains("../"))
        #expect(page.contains("src=\"images/%3Codd%3E%20%26%20name.expected.png\""))
        #expect(
            FileManager.default.fileExists(
                atPath: folder.appendingPathComponent("images/<odd> & name.expected.png").path))
        #expect(page.contains("expected 20×20, got 20×24"))
        let xml = try Data(contentsOf: junit)
        let parser = XMLParser(data: xml)
        #expect(parser.parse())
        #expect(String(decoding: xml, as: UTF8.self).contains("<failure message=\"expected 20×20, got 20×24"))
    }
}

/// The one-album report's card, rendered on first use and shared by the comparison tests (they
/// all compare that card with changed copies of it; rendering it once per test spares a pipeline
/// run and a loopback server per test).
actor RenderedCard {
    static let shared = RenderedCard()
    private var rendering: Task<(png: Data, button: PixelRect), any Error>?

    /// The card's PNG and its button frame in pixels.
    func value() async throws -> (png: Data, button: PixelRect) {
        if let rendering { return try await rendering.value }
        let task = Task { try await Self.render() }
        rendering = task
        return try await task.value
    }

    private static func render() async throws -> (png: Data, button: PixelRect) {
        let report = try TemporaryDirectory()
        defer { report.remove() }
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1TwoOf100)
        defer { Task { await chart.server.shutdown() } }
        var options = GenerateOptions(output: report.url)
        options.feed = .remote(chart.feedURL)
        options.limit = 1
        let transport = AsyncHTTPTransport()
        _ = try await ReportPipeline(transport: transport).run(options)
        await transport.shutdown()
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: report.url.appendingPathComponent("manifest.json")))
        let card = try #require(manifest.screens.first { $0.kind == .card })
        let button = try #require(card.elements.first { $0.name == "button" }).pixels
        return (try Data(contentsOf: report.url.appendingPathComponent(card.file)), button)
    }
}
