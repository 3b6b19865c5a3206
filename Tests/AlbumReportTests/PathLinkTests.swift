import AlbumReport
import AlbumReportCompare
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// Every path in a generated page is percent-encoded: a folder or file named `%2e%2e`, `a#b`,
/// `q?x`, `sp ace` or `ünï` is linked as itself, never as `..`, a fragment or a query.
@Suite("Links in generated pages")
struct PathLinkTests {
    static let names = ["%2e%2e", "a#b", "q?x", "sp ace", "ünï"]

    @Test("each component is percent-encoded, the separators kept")
    func encoding() {
        #expect(PathLink.encoded("%2e%2e/sheet.png") == "%252e%252e/sheet.png")
        #expect(PathLink.encoded("a#b/q?x/sp ace.png") == "a%23b/q%3Fx/sp%20ace.png")
        #expect(PathLink.encoded("ünï/cards/001-x.png") == "%C3%BCn%C3%AF/cards/001-x.png")
        #expect(PathLink.encoded("cards/001-after-hours.png") == "cards/001-after-hours.png")
    }

    @Test(
        "a matrix whose themes are named %2e%2e, a#b, q?x, sp ace and ünï: Chromium loads every picture from its own folder"
    )
    func matrixPageInChromium() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let templates = folder.url.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let light = Fixtures.packageRoot.appendingPathComponent("Templates/light.json")
        for name in Self.names {
            try FileManager.default.copyItem(at: light, to: templates.appendingPathComponent("\(name).json"))
        }
        let output = folder.url.appendingPathComponent("matrix/out")
        // A decoy where `%2e%2e/sheet.png` read as `../sheet.png` would find a picture.
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("matrix"), withIntermediateDirectories: true)
        try AlbumReportGraphicsTestImage.solid(RGBA(red: 255, green: 0, blue: 0), edge: 8)
            .write(to: folder.url.appendingPathComponent("matrix/sheet.png"))
        var options = GenerateOptions(output: output)
        options.limit = 1
        options.templatesDirectory = templates
        let spec = try MatrixSpec.parse("themes=" + Self.names.joined(separator: ","), relativeTo: folder.url)
        _ = try await MatrixPipeline(transport: OfflineTransport()).run(
            MatrixPipeline.Request(spec: spec, jobs: 2), base: options)
        let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("src=\"%252e%252e/sheet.png\""))
        #expect(!page.contains("src=\"%2e%2e/"), "a link the browser reads as ..")
        guard let browser = Chromium.find() else {
            print("Skipped the browser half: no chromium on PATH (.ci/run installs Debian's chromium).")
            return
        }
        let dump = try await browser.dumpDOM(
            output.appendingPathComponent("index.html"), profile: folder.url.appendingPathComponent("profile"))
        #expect(!dump.log.contains("Failed to load resource"), "\(dump.log)")
        #expect(dump.dom.components(separatedBy: "<img").count - 1 == 2 * Self.names.count)
    }

    @Test("a compare report of files named %2e%2e, a#b, q?x, sp ace and ünï: Chromium loads every picture")
    func compareReportInChromium() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for (side, red) in [("expected", 255), ("actual", 0)] {
            let base = folder.url.appendingPathComponent(side)
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            for name in Self.names {
                try AlbumReportGraphicsTestImage.solid(RGBA(red: UInt8(red), green: 90, blue: 90), edge: 16)
                    .write(to: base.appendingPathComponent("\(name).png"))
            }
        }
        let report = folder.url.appendingPathComponent("report")
        let summary = try await GoldenComparer(reportDirectory: report).compare(
            expected: folder.url.appendingPathComponent("expected"), actual: folder.url.appendingPathComponent("actual")
        )
        try ComparisonReportWriter.writeHTML(summary, into: report)
        #expect(summary.count(.mismatch) == Self.names.count)
        guard let browser = Chromium.find() else { return }
        let dump = try await browser.dumpDOM(
            report.appendingPathComponent(ComparisonReportWriter.pageName),
            profile: folder.url.appendingPathComponent("profile"))
        #expect(!dump.log.contains("Failed to load resource"), "\(dump.log)")
    }
}
