import AlbumReportCompare
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import AlbumReportTesting
import Foundation
import Testing

@Suite("Golden-image assertions and record modes")
struct GoldenImageTests {
    func png(_ color: RGBA, width: Int = 40, height: Int = 30) throws -> Data {
        try GDImage(width: width, height: height, background: color).pngData()
    }

    let white = RGBA(red: 255, green: 255, blue: 255)
    let red = RGBA(red: 220, green: 30, blue: 30)

    @Test("the record mode comes from ALBUMREPORT_RECORD, else never on CI, else missing")
    func environment() {
        #expect(RecordMode.fromEnvironment([:]) == .missing)
        #expect(RecordMode.fromEnvironment(["CI": "true"]) == .never)
        #expect(RecordMode.fromEnvironment(["CI": "true", "ALBUMREPORT_RECORD": "failed"]) == .failed)
        #expect(RecordMode.fromEnvironment(["ALBUMREPORT_RECORD": "ALL"]) == .all)
        #expect(RecordMode.fromEnvironment(["ALBUMREPORT_RECORD": "bogus", "CI": "1"]) == .never)
    }

    @Test("missing: a missing golden is recorded (a failure that says so, never a silent pass), then compared")
    func missingMode() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let golden = folder.url.appendingPathComponent("goldens/card.png")
        do {
            try await GoldenImage.assertMatches(try png(white), golden: golden, record: .missing)
            Issue.record("recording passed silently")
        } catch let error as GoldenMismatch {
            #expect(error.recorded)
            #expect(
                error.description == "Recorded the new golden \(golden.path); re-run the test to compare against it.")
        }
        #expect(try Data(contentsOf: golden) == png(white))
        let second = try await GoldenImage.assertMatches(try png(white), golden: golden, record: .missing)
        guard case .matched = second else {
            Issue.record("expected a match, got \(second)")
            return
        }
        await #expect(throws: GoldenMismatch.self) {
            try await GoldenImage.assertMatches(try png(red), golden: golden, record: .missing)
        }
    }

    @Test("nothing is recorded that cannot be read back: a PNG cut short fails and leaves no golden")
    func undecodableNotRecorded() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let golden = folder.url.appendingPathComponent("goldens/card.png")
        let whole = try png(white)
        for mode in [RecordMode.missing, .all] {
            let error = await #expect(throws: GoldenMismatch.self) {
                try await GoldenImage.assertMatches(whole.prefix(whole.count - 20), golden: golden, record: mode)
            }
            #expect(error?.recorded == false)
            #expect(
                error?.description.contains("It was not recorded as the golden") == true, "\(error?.description ?? "")")
            #expect(!FileManager.default.fileExists(atPath: golden.path))
        }
    }

    @Test("goldens are found from the calling test: __Goldens__/<TestFile>/<test>[.<name>].png beside the test file")
    func naming() async throws {
        let location = GoldenImage.location(
            filePath: "/work/Tests/AppTests/SheetTests.swift", function: "sheet(variant:)", name: "Dark Mode, iPad")
        // A name that is not a slug keeps a readable slug and gains a hash of its exact text.
        #expect(location.path.hasPrefix("/work/Tests/AppTests/__Goldens__/SheetTests/sheet.dark-mode-ipad-"))
        #expect(location.lastPathComponent.count == "sheet.dark-mode-ipad-".count + 8 + ".png".count)
        #expect(
            GoldenImage.location(filePath: "/w/T/CardTests.swift", function: "card()").path
                == "/w/T/__Goldens__/CardTests/card.png")
        // This test's own goldens, recorded once and committed.
        let here = try await assertGolden(try png(white))
        guard case .matched = here else {
            Issue.record("expected a match, got \(here)")
            return
        }
        try await assertGolden(try png(red, width: 20, height: 10), named: "small red")
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Goldens__/GoldenImageTests/naming.\(GoldenImage.nameSlug("small red")).png")
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test("never: a missing golden fails with the command that records it")
    func neverMode() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let golden = folder.url.appendingPathComponent("sheet.png")
        do {
            try await GoldenImage.assertMatches(
                try png(white), golden: golden, record: .never, testFilter: "SheetTests")
            Issue.record("expected a failure")
        } catch let error as GoldenMismatch {
            #expect(error.description.contains("There is no golden image at \(golden.path)"))
            #expect(error.description.contains("ALBUMREPORT_RECORD=missing swift test --filter 'SheetTests'"))
        }
        #expect(!FileManager.default.fileExists(atPath: golden.path))
    }

    @Test("the re-record command's filter selects this test, not one of the same name in another suite or module")
    func rerecord() throws {
        let test = try #require(Test.current)
        let pattern = GoldenImage.rerecordFilter(for: test)
        // As Swift Testing applies `--filter`: a Swift Regex found anywhere in the ID's text.
        let regex = try Regex(pattern)
        let identity = String(describing: test.id)
        #expect(identity.contains(regex), "\(pattern) against \(identity)")
        let others = [
            "X" + identity,
            identity.replacingOccurrences(of: ".GoldenImageTests/", with: ".MoreGoldenImageTests/"),
            identity.replacingOccurrences(of: ".GoldenImageTests/", with: ".GoldenImageTests/Nested/"),
            identity.replacingOccurrences(of: "rerecord()", with: "rerecordAll()"),
            identity.replacingOccurrences(of: "rerecord()", with: "rerecord(_:)"),
        ]
        for other in others {
            #expect(other != identity && !other.contains(regex), "\(pattern) selects \(other)")
        }
        // The source location is left out: the command still works after the file is edited.
        #expect(!pattern.contains("GoldenImageTests.swift"))
    }

    @Test("a mismatch fails with the figures, the artifact paths and the re-record command")
    func mismatchMessage() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let golden = folder.url.appendingPathComponent("card.png")
        try png(white).write(to: golden)
        let artifacts = folder.url.appendingPathComponent("artifacts")
        do {
            try await GoldenImage.assertMatches(
                try png(red), golden: golden, record: .never, artifacts: artifacts, testFilter: "CardTests")
            Issue.record("expected a failure")
        } catch let error as GoldenMismatch {
            let message = error.description
            #expect(!error.recorded)
            #expect(message.contains("1200 of 1200 pixels (100.0%) differ"))
            #expect(message.contains("Diff: \(artifacts.path)/images/card.diff.png"))
            #expect(message.contains("Side by side: \(artifacts.path)/images/card.compare.png"))
            #expect(message.contains("Actual: \(artifacts.path)/card.png"))
            #expect(message.hasSuffix("re-record with: ALBUMREPORT_RECORD=failed swift test --filter 'CardTests'"))
            #expect(
                FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("images/card.diff.png").path))
        }
        #expect(try Data(contentsOf: golden) == png(white))
    }

    @Test("a pass removes the images an earlier failure of the same golden left, so no upload ships stale diffs")
    func staleArtifactsRemoved() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let golden = folder.url.appendingPathComponent("card.png")
        try png(white).write(to: golden)
        let artifacts = folder.url.appendingPathComponent("artifacts")
        await #expect(throws: GoldenMismatch.self) {
            try await GoldenImage.assertMatches(try png(red), golden: golden, record: .never, artifacts: artifacts)
        }
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("images/card.diff.png").path))
        let outcome = try await GoldenImage.assertMatches(
            try png(white), golden: golden, record: .never, artifacts: artifacts)
        if case .matched = outcome {} else { Issue.record("expected a match, got \(outcome)") }
        #expect(!FileManager.default.fileExists(atPath: artifacts.path), "the failure's images are gone")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(left == ["card.png"], "no work folder is left beside the artifacts: \(left)")
    }

    @Test("the default artifacts folder is this user's own (0700); a link or file in its place is refused")
    func privateArtifactsFolder() throws {
        let name = "albumreport-private-test-\(UUID().uuidString)"
        let url = try PrivateTemporaryFolder.url(named: name)
        defer { try? FileManager.default.removeItem(at: url) }
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o700)
        #expect(try PrivateTemporaryFolder.url(named: name) == url, "the same folder the next time")

        let linked = "albumreport-private-test-\(UUID().uuidString)"
        let target = try TemporaryDirectory()
        defer { target.remove() }
        let link = url.deletingLastPathComponent().appendingPathComponent("\(linked)-\(getuid())")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target.url)
        defer { try? FileManager.default.removeItem(at: link) }
        #expect {
            try PrivateTemporaryFolder.url(named: linked)
        } throws: { error in
            "\(error)".contains("is not a folder of this user's")
        }
    }

    @Test("failed re-records a mismatching golden; all re-records even a matching one; both say so by failing")
    func rerecordModes() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let golden = folder.url.appendingPathComponent("card.png")
        try png(white).write(to: golden)
        do {
            try await GoldenImage.assertMatches(try png(red), golden: golden, record: .failed)
            Issue.record("re-recording passed silently")
        } catch let error as GoldenMismatch {
            #expect(error.recorded)
            #expect(error.description.hasPrefix("Re-recorded the golden \(golden.path)"))
        }
        #expect(try Data(contentsOf: golden) == png(red))
        // A matching image under `failed` passes and writes nothing.
        _ = try await GoldenImage.assertMatches(try png(red), golden: golden, record: .failed)
        let sized = try png(red, width: 41)
        await #expect(throws: GoldenMismatch.self) {
            try await GoldenImage.assertMatches(sized, golden: golden, record: .all)
        }
        #expect(try Data(contentsOf: golden) == sized)
    }
}
