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

/// The source locations of the issues a `withKnownIssue` matcher saw, in order.
private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var locations: [SourceLocation] = []

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
