import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import AlbumReportTesting
import Foundation
import Testing

/// Scheme as teams write it: a raw value, a camelCase case whose raw value is not its name.
enum Scheme: String, CaseIterable, Sendable, Codable {
    case light
    case highContrast = "hc"
}

/// An argument whose description holds its address.
final class Canvas: NSObject, Sendable {
    let level: UInt8
    init(level: UInt8) { self.level = level }
}

/// Readable, stable golden names for every enum case, an issue for arguments that cannot name a
/// golden, and the images a failing run leaves for promotion.
@Suite("assertGolden: readable names, unstable arguments, promotion")
struct GoldenNamingTests {
    static let goldens = FileManager.default.temporaryDirectory
        .appendingPathComponent("albumreport-golden-naming-\(UUID().uuidString)")

    func png(_ level: UInt8) throws -> Data {
        try GDImage(width: 20, height: 10, background: RGBA(red: level, green: 0, blue: 0)).pngData()
    }

    @Test("an enum case is named by its case name in kebab case, whatever its raw value")
    func enumNames() {
        #expect(GoldenCase(descriptions: [".light"], argumentIDs: [Array(#""light""#.utf8)]).fileName == "light")
        #expect(
            GoldenCase(descriptions: [".highContrast"], argumentIDs: [Array(#""hc""#.utf8)]).fileName == "high-contrast"
        )
        #expect(GoldenCase(descriptions: [".small"], argumentIDs: [[0x31]]).fileName == "small")
        #expect(GoldenCase(descriptions: [".light"], argumentIDs: [Array(#"{"light":{}}"#.utf8)]).fileName == "light")
        // A payload is no plain case: hashed, as before.
        #expect(GoldenCase(descriptions: [".size(3)"]).fileName.hasPrefix("size-3-"))
    }

    @Test("a raw-valued enum's cases record scheme.light.png and scheme.high-contrast.png", arguments: Scheme.allCases)
    func rawValued(scheme: Scheme) async throws {
        let image = try png(scheme == .light ? 200 : 20)
        let golden = Self.goldens.appendingPathComponent(
            "GoldenNamingTests/rawValued.\(scheme == .light ? "light" : "high-contrast").png")
        try await withKnownIssue {
            try await assertGolden(image, record: .missing, goldens: Self.goldens)
        } matching: {
            $0.comments.contains { $0.rawValue.hasPrefix("Recorded the new golden \(golden.path)") }
        }
        guard case .matched = try await assertGolden(image, record: .never, goldens: Self.goldens) else {
            Issue.record("no match against \(golden.path)")
            return
        }
    }

    @Test(
        "a golden recorded under albumreport 0.4.0's hashed name is compared, and moved when the run records",
        arguments: [Scheme.light])
    func legacyNames(scheme: Scheme) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let image = try png(90)
        // 0.4.0 named `.light`, whose ID is "light", `light-` and the SHA-256 of `7:"light"`.
        let legacy = folder.url.appendingPathComponent(
            "GoldenNamingTests/legacyNames.light-\(SHA256.hex(of: Data(#"7:"light""#.utf8)).prefix(8)).png")
        let current = folder.url.appendingPathComponent("GoldenNamingTests/legacyNames.light.png")
        try FileManager.default.createDirectory(
            at: legacy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try image.write(to: legacy)
        guard case .matched = try await assertGolden(image, record: .never, goldens: folder.url) else {
            Issue.record("the legacy golden was not compared")
            return
        }
        #expect(FileManager.default.fileExists(atPath: legacy.path), "never moves nothing")
        #expect(!FileManager.default.fileExists(atPath: current.path))
        guard case .matched = try await assertGolden(image, record: .missing, goldens: folder.url) else {
            Issue.record("the moved golden was not compared")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: legacy.path))
        #expect(try Data(contentsOf: current) == image, "recording moved the golden to its new name")
    }

    @Test(
        "an argument described with its address names no golden: an issue says what to pass instead",
        arguments: [Canvas(level: 40)])
    func unstable(canvas: Canvas) async throws {
        let image = try png(canvas.level)
        try await withKnownIssue {
            _ = try await assertGolden(image, record: .missing, goldens: Self.goldens)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("cannot name its golden: its argument")
                    && $0.rawValue.contains("is described with a memory address")
                    && $0.rawValue.contains("assertGolden(_:named:)")
            }
        }
        // With named:, the name alone names it.
        let golden = Self.goldens.appendingPathComponent("GoldenNamingTests/unstable.canvas-40.png")
        try await withKnownIssue {
            try await assertGolden(image, named: "canvas-40", record: .missing, goldens: Self.goldens)
        } matching: {
            $0.comments.contains { $0.rawValue.hasPrefix("Recorded the new golden \(golden.path)") }
        }
    }

    @Test("a set names no golden (its order changes between runs)", arguments: [Set(["a", "b", "c"])])
    func unordered(values: Set<String>) async throws {
        try await withKnownIssue {
            _ = try await assertGolden(try png(1), record: .missing, goldens: Self.goldens)
        } matching: {
            $0.comments.contains { $0.rawValue.contains("is a set or a dictionary") }
        }
    }

    @Test("a platform key ends the golden's name, after the name and the case")
    func platformSuffix() {
        let golden = GoldenImage.location(
            filePath: "/p/Tests/AppTests/CardTests.swift", function: "card(scheme:)", name: "wide", testCase: "light",
            platform: "debian-12-x86_64")
        #expect(golden.path == "/p/Tests/AppTests/__Goldens__/CardTests/card.wide.light.debian-12-x86_64.png")
        #expect(
            GoldenImage.location(filePath: "/p/Tests/AppTests/CardTests.swift", function: "card()").lastPathComponent
                == "card.png", "off by default")
    }

    @Test("a run that re-records everything lists the goldens no test claimed (a renamed test's)")
    func orphans() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let kept = folder.url.appendingPathComponent("CardTests/card.png")
        let orphan = folder.url.appendingPathComponent("CardTests/oldName.png")
        try FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
        try png(1).write(to: orphan)
        await withKnownIssue {
            try await GoldenImage.assertMatches(try png(2), golden: kept, record: .all)
        }
        let found = GoldenOrphans.orphans().filter { $0.hasPrefix(folder.url.standardizedFileURL.path) }
        #expect(found == [orphan.standardizedFileURL.path], "\(found)")
    }

    @Test("ALBUMREPORT_RECORD with no mode's name is a sentence, not a silent default")
    func unknownRecordMode() {
        #expect(RecordMode.problem(in: [:]) == nil)
        #expect(RecordMode.problem(in: ["ALBUMREPORT_RECORD": "Failed"]) == nil)
        let problem = RecordMode.problem(in: ["ALBUMREPORT_RECORD": "bogus"])
        #expect(
            problem?.hasPrefix(
                "ALBUMREPORT_RECORD is 'bogus', which is no record mode: use one of never, missing, failed, all")
                == true)
    }

    @Test("a mismatch and a missing golden on CI leave the actual image in this run's promote/ tree")
    func promotion() async throws {
        // Goldens under the working directory (the package root under swift test).
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent(".build/golden-promotion-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let golden = root.appendingPathComponent("Goldens/card.png")
        try FileManager.default.createDirectory(
            at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
        try png(10).write(to: golden)
        let changed = try png(250)
        let error = await #expect(throws: GoldenMismatch.self) {
            try await GoldenImage.assertMatches(changed, golden: golden, record: .never)
        }
        let message = error?.description ?? ""
        let promoted = try #require(
            message.split(separator: "\n").first { $0.hasPrefix("Or promote this run's image (") }.flatMap {
                $0.split(separator: "(").dropFirst().first?.split(separator: ")").first
            }.map(String.init), "\(message)")
        #expect(
            promoted.contains("/run-")
                && promoted.hasSuffix(
                    "/promote/"
                        + golden.path.dropFirst(
                            FileManager.default.currentDirectoryPath.count + 1)),
            "\(promoted)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: promoted)) == changed)
        // A missing golden under never (CI): the actual image is kept too.
        let missing = root.appendingPathComponent("Goldens/new.png")
        let none = await #expect(throws: GoldenMismatch.self) {
            try await GoldenImage.assertMatches(changed, golden: missing, record: .never)
        }
        #expect(none?.description.contains("/promote/") == true, "\(none?.description ?? "")")
        #expect(!FileManager.default.fileExists(atPath: missing.path), "never writes no golden")
    }
}
