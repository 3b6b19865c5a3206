import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import AlbumReportTesting
import Foundation
import Testing

/// `assertGolden` in parameterised tests (one golden per case) and as an issue recorder (every
/// golden of a test recorded in one run, each failure at its assertion's line). Goldens go to
/// temporary folders; the suites run in parallel, as Swift Testing runs them by default.
@Suite("assertGolden: one golden per test case, failures recorded as issues")
struct GoldenCaseTests {
    /// One folder for the cases of the parameterised test below, shared on purpose: before one
    /// golden per case, every case read and wrote the same file in it.
    static let sharedGoldens = FileManager.default.temporaryDirectory
        .appendingPathComponent("albumreport-golden-cases-\(UUID().uuidString)")

    static let colors: [String: RGBA] = [
        "white": RGBA(red: 255, green: 255, blue: 255), "red": RGBA(red: 220, green: 30, blue: 30),
        "blue": RGBA(red: 0, green: 122, blue: 255), "Dark Mode": RGBA(red: 20, green: 20, blue: 20),
    ]

    func png(_ color: RGBA) throws -> Data {
        try GDImage(width: 40, height: 30, background: color).pngData()
    }

    @Test(
        "each case of a parameterised test records its own golden and is compared with it alone",
        arguments: ["white", "red", "blue", "Dark Mode"])
    func cases(name: String) async throws {
        let color = try #require(Self.colors[name])
        let image = try png(color)
        let expected = Self.sharedGoldens.appendingPathComponent(
            "GoldenCaseTests/cases." + GoldenImage.caseName(describing: [name]) + ".png")
        // The first run records this case's golden: an issue that says so, not a pass.
        try await withKnownIssue {
            try await assertGolden(image, record: .missing, goldens: Self.sharedGoldens)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("Recorded the new golden \(expected.path)") }
        }
        #expect(try Data(contentsOf: expected) == image, "the golden holds this case's image")
        let again = try await assertGolden(image, record: .never, goldens: Self.sharedGoldens)
        guard case .matched = again else {
            Issue.record("expected a match against this case's own golden, got \(String(describing: again))")
            return
        }
        // A different image is caught in every case: no case reads another case's golden.
        let other = try png(name == "red" ? RGBA(red: 0, green: 200, blue: 0) : RGBA(red: 220, green: 30, blue: 30))
        try await withKnownIssue {
            try await assertGolden(other, record: .never, goldens: Self.sharedGoldens)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("The image does not match its golden \(expected.path)") }
        }
        #expect(try Data(contentsOf: expected) == image, "a mismatch under 'never' writes nothing")
    }

    @Test("a case's name is its arguments' slug, with a hash when the slug lost anything, and bounded")
    func caseNames() {
        #expect(GoldenImage.caseName(describing: ["dark"]) == "dark")
        #expect(GoldenImage.caseName(describing: ["ipad", "2"]) == "ipad-2")
        let spaced = GoldenImage.caseName(describing: ["Dark Mode"])
        #expect(spaced.hasPrefix("dark-mode-") && spaced.count == "dark-mode-".count + 8)
        #expect(GoldenImage.caseName(describing: ["Dark"]) != GoldenImage.caseName(describing: ["dark"]))
        #expect(GoldenImage.caseName(describing: ["a/b"]) != GoldenImage.caseName(describing: ["a b"]))
        let long = GoldenImage.caseName(describing: [String(repeating: "x", count: 500)])
        #expect(long.count <= 60 + 9)
        #expect(long != GoldenImage.caseName(describing: [String(repeating: "x", count: 501)]))
        for name in [GoldenImage.caseName(describing: ["../../etc"]), GoldenImage.caseName(describing: [""])] {
            #expect(!name.contains("/") && !name.hasPrefix(".") && !name.isEmpty, "\(name)")
        }
    }

    @Test("cases that Swift Testing tells apart never share a file name, however alike they print")
    func collisionPatterns() {
        // A type whose description omits a field: Encodable, so Swift Testing's IDs differ.
        let grey10 = GoldenCase(descriptions: ["grey"], argumentIDs: [Array(#"{"level":10,"name":"grey"}"#.utf8)])
        let grey200 = GoldenCase(descriptions: ["grey"], argumentIDs: [Array(#"{"level":200,"name":"grey"}"#.utf8)])
        #expect(grey10.fileName != grey200.fileName)
        // Two class instances: the same description and ID, told apart by the discriminator.
        let instance = "AlbumReportTestingTests.Painter"
        let first = GoldenCase(descriptions: [instance], argumentIDs: [Array(instance.utf8)], discriminator: 0)
        let second = GoldenCase(descriptions: [instance], argumentIDs: [Array(instance.utf8)], discriminator: 1)
        #expect(first.fileName != second.fileName)
        // Hyphens inside arguments: ("a-b", "c") and ("a", "b-c") would both join to a-b-c.
        #expect(GoldenImage.caseName(describing: ["a-b", "c"]) != GoldenImage.caseName(describing: ["a", "b-c"]))
        // named: "Dark Mode" and "dark-mode".
        #expect(GoldenImage.nameSlug("Dark Mode") != GoldenImage.nameSlug("dark-mode"))
        #expect(GoldenImage.nameSlug("dark-mode") == "dark-mode")
        let long = String(repeating: "x", count: 60)
        #expect(GoldenImage.nameSlug(long + "a") != GoldenImage.nameSlug(long + "b"))
        // Readable names stay readable: strings, numbers, Booleans and enum cases (`.light`).
        #expect(GoldenCase(descriptions: ["light"], argumentIDs: [Array(#""light""#.utf8)]).fileName == "light")
        #expect(GoldenCase(descriptions: [".light"], argumentIDs: [Array(".light".utf8)]).fileName == "light")
        #expect(
            GoldenCase(
                descriptions: ["ipad", "2", "true"], argumentIDs: [Array(#""ipad""#.utf8), [50], Array("true".utf8)]
            )
            .fileName == "ipad-2-true")
    }

    @Test(
        "a type that describes itself without a field gets a golden per value, and each case is compared with its own",
        arguments: [Shade(name: "grey", level: 40), Shade(name: "grey", level: 200)])
    func shades(shade: Shade) async throws {
        let image = try png(RGBA(red: shade.level, green: shade.level, blue: shade.level))
        try await recordsItsOwnGolden(image) { try await assertGolden(image, record: $0, goldens: Self.sharedGoldens) }
    }

    @Test(
        "two class instances (described alike) get a golden each",
        arguments: [Painter(level: 40), Painter(level: 200)])
    func painters(painter: Painter) async throws {
        let image = try png(RGBA(red: painter.level, green: 0, blue: 0))
        try await recordsItsOwnGolden(image) { try await assertGolden(image, record: $0, goldens: Self.sharedGoldens) }
    }

    @Test(
        "arguments with hyphens (\"a-b\", \"c\") and (\"a\", \"b-c\") get a golden each",
        arguments: [("a-b", "c"), ("a", "b-c")])
    func hyphens(first: String, second: String) async throws {
        let image = try png(first == "a" ? RGBA(red: 0, green: 0, blue: 200) : RGBA(red: 0, green: 200, blue: 0))
        try await recordsItsOwnGolden(image) { try await assertGolden(image, record: $0, goldens: Self.sharedGoldens) }
    }

    @Test("named: \"Dark Mode\" and \"dark-mode\" are two goldens")
    func namesThatSlugAlike() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let dark = try png(RGBA(red: 20, green: 20, blue: 20))
        let light = try png(RGBA(red: 240, green: 240, blue: 240))
        try await recordsItsOwnGolden(dark) {
            try await assertGolden(dark, named: "Dark Mode", record: $0, goldens: folder.url)
        }
        try await recordsItsOwnGolden(light) {
            try await assertGolden(light, named: "dark-mode", record: $0, goldens: folder.url)
        }
    }

    /// Records `image`'s golden through `assert` (an issue saying so, not a pass), checks that the
    /// recorded file holds this image, then that comparing again matches: a case that shares its
    /// golden with another reads that case's image, or finds the golden already there.
    func recordsItsOwnGolden(
        _ image: Data, _ assert: (RecordMode) async throws -> GoldenOutcome?
    ) async throws {
        let recorded = Lines()
        try await withKnownIssue {
            _ = try await assert(.missing)
        } matching: { issue in
            guard let comment = issue.comments.first?.rawValue, comment.hasPrefix("Recorded the new golden ") else {
                return false
            }
            recorded.record(comment)
            return true
        }
        let path = try #require(recorded.path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == image, "the golden \(path) holds this case's image")
        let again = try await assert(.never)
        guard case .matched = again else {
            Issue.record("expected a match against this case's own golden, got \(String(describing: again))")
            return
        }
    }

    @Test("a test with three goldens records all three in one run, each issue at its assertion's line")
    func threeGoldensOneRun() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let lines = Lines()
        var expectedLines: [Int] = []
        try await withKnownIssue {
            expectedLines.append(#line + 1)
            try await assertGolden(
                try png(RGBA(red: 255, green: 255, blue: 255)), named: "one", record: .missing,
                goldens: folder.url)
            expectedLines.append(#line + 1)
            try await assertGolden(
                try png(RGBA(red: 220, green: 30, blue: 30)), named: "two", record: .missing,
                goldens: folder.url)
            expectedLines.append(#line + 1)
            try await assertGolden(
                try png(RGBA(red: 0, green: 122, blue: 255)), named: "three", record: .missing,
                goldens: folder.url)
        } matching: { issue in
            lines.append(issue.sourceLocation)
            return issue.comments.contains { $0.rawValue.hasPrefix("Recorded the new golden") }
        }
        for name in ["one", "two", "three"] {
            let file = folder.url.appendingPathComponent("GoldenCaseTests/threeGoldensOneRun.\(name).png")
            #expect(FileManager.default.fileExists(atPath: file.path), "\(file.path)")
        }
        let recorded = lines.all
        #expect(recorded.map(\.line) == expectedLines)
        #expect(recorded.allSatisfy { $0.fileID == #fileID && $0.filePath == #filePath })
    }

    @Test("a test that is not parameterised keeps the plain name <test>[.<name>].png")
    func plainName() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        await withKnownIssue {
            try await assertGolden(
                try png(RGBA(red: 255, green: 255, blue: 255)), record: .missing, goldens: folder.url)
        }
        let file = folder.url.appendingPathComponent("GoldenCaseTests/plainName.png")
        #expect(FileManager.default.fileExists(atPath: file.path))
    }
}

/// A value whose description leaves out a field, as many types' do.
struct Shade: Sendable, Codable, CustomStringConvertible {
    var name: String
    var level: UInt8
    var description: String { name }
}

/// A class: its instances are described by their type's name alone.
final class Painter: Sendable {
    let level: UInt8
    init(level: UInt8) { self.level = level }
}

/// The source locations of the issues a `withKnownIssue` matcher saw, in order, and the golden
/// path of the last "Recorded the new golden …" comment.
private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var locations: [SourceLocation] = []
    private var recordedPath: String?

    func record(_ comment: String) {
        let rest = comment.dropFirst("Recorded the new golden ".count)
        lock.lock()
        defer { lock.unlock() }
        recordedPath = rest.components(separatedBy: "; re-run").first
    }

    var path: String? {
        lock.lock()
        defer { lock.unlock() }
        return recordedPath
    }

    func append(_ location: SourceLocation?) {
        guard let location else { return }
        lock.lock()
        defer { lock.unlock() }
        locations.append(location)
    }

    var all: [SourceLocation] {
        lock.lock()
        defer { lock.unlock() }
        return locations
    }
}
