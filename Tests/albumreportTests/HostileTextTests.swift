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
}
