import AlbumReportCompare
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportSnapshotTesting
import AlbumReportTestSupport
import Foundation
import SnapshotTesting
import Testing

/// The `.png` strategy inside swift-snapshot-testing's own assertion flow: real libgd renders
/// with the shipped theme's font, real files in a snapshot folder, its record modes.
@Suite("swift-snapshot-testing's .png strategy, backed by albumreport's comparison")
struct PNGSnapshottingTests {
    let white = RGBA(red: 255, green: 255, blue: 255)
    let blue = RGBA(red: 0, green: 122, blue: 255)

    /// A card's title and its solid button, the title shifted by `dx` pixels and the button by
    /// `buttonDY` pixels; encoded at `level`.
    func card(dx: Double = 0, buttonDY: Double = 0, level: Int = 6) throws -> Data {
        let theme = try Theme.shipped()
        let engine = try TextEngine(theme: theme, scale: 3)
        let image = try GDImage(width: 600, height: 330, background: white)
        let block = TextBlock.make(
            "After Hours — Top Albums", font: theme.fonts.cardTitle, color: theme.colors.label,
            x: 10 + dx / 3, y: 10, width: 190, measurer: engine)
        try engine.draw(block, in: image)
        image.fillRoundedRect(x: 60, y: 210 + buttonDY, width: 480, height: 90, radius: 24, color: blue)
        return try image.pngData(compressionLevel: level)
    }

    /// `verifySnapshot` against a reference recorded in a fresh folder: nil when it matches,
    /// else swift-snapshot-testing's failure message.
    func verify(reference: Data, actual: Data, as strategy: Snapshotting<Data, Data> = .png) throws -> String? {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let recorded = verifySnapshot(
            of: reference, as: strategy, named: "card", record: .all, snapshotDirectory: folder.url.path,
            testName: "card")
        #expect(recorded?.contains("Record mode is on") == true, "recording is reported as a failure")
        let file = "card.card" + (strategy.pathExtension.map { "." + $0 } ?? "")
        #expect(try Data(contentsOf: folder.url.appendingPathComponent(file)) == reference)
        return verifySnapshot(
            of: actual, as: strategy, named: "card", record: .never, snapshotDirectory: folder.url.path,
            testName: "card")
    }

    @Test("the same pixels encoded at another zlib level match (the .data strategy fails on the bytes)")
    func reencoded() throws {
        let reference = try card(level: 9)
        let actual = try card(level: 1)
        #expect(reference != actual)
        #expect(try verify(reference: reference, actual: actual) == nil)
        #expect(try verify(reference: reference, actual: actual, as: .data) != nil)
    }

    @Test(
        "text re-rendered a quarter pixel over matches with speck tolerance (anti-aliasing and specks); by default a speck fails"
    )
    func subpixelText() throws {
        let reference = try card()
        let actual = try card(dx: 0.25)
        #expect(reference != actual, "the offset changes the rendering")
        let tolerant = CompareOptions(minimumCluster: 4)
        #expect(try verify(reference: reference, actual: actual, as: .png(options: tolerant)) == nil)
        let comparison = try PNGComparison.compare(expected: reference, actual: actual).get()
        #expect(
            (try verify(reference: reference, actual: actual) == nil) == (comparison.difference.differentPixels == 0))
    }

    @Test("a solid button moved down by one pixel fails, with figures in the message")
    func movedButton() throws {
        let message = try #require(try verify(reference: card(), actual: card(buttonDY: 1)))
        #expect(message.contains("The PNG does not match its reference snapshot"))
        #expect(message.contains("pixels ("), "\(message)")
        // Allowing that many pixels, or masking the button, lets it pass.
        #expect(try verify(reference: card(), actual: card(buttonDY: 1), as: .png(maxDiffPixels: 5_000)) == nil)
        let mask = PixelRect(x: 50, y: 200, width: 500, height: 110)
        #expect(try verify(reference: card(), actual: card(buttonDY: 1), as: .png(masks: [mask])) == nil)
    }

    @Test("a mismatch attaches the actual image, the difference and the three side by side, as PNGs")
    func attachments() throws {
        let reference = try card()
        let actual = try card(buttonDY: 1)
        let (message, attachments) = try #require(Snapshotting<Data, Data>.png.diffing.diffV2(reference, actual))
        #expect(message.contains("differ"))
        var named: [String: Data] = [:]
        for attachment in attachments {
            if case .data(let data, let name) = attachment { named[name] = data }
        }
        #expect(named.keys.sorted() == ["actual.png", "difference.png", "reference-actual-difference.png"])
        #expect(named["actual.png"] == actual)
        let diff = try GDImage(decoding: try #require(named["difference.png"]))
        #expect(diff.width == 600 && diff.height == 330)
        // The button's old top row and new bottom row are drawn red; a pixel far from the button is not.
        #expect(diff.pixel(x: 300, y: 210) == RGBA(red: 255, green: 0, blue: 0))
        #expect(diff.pixel(x: 300, y: 300) == RGBA(red: 255, green: 0, blue: 0))
        #expect(diff.pixel(x: 300, y: 120) != RGBA(red: 255, green: 0, blue: 0))
        let sideBySide = try GDImage(decoding: try #require(named["reference-actual-difference.png"]))
        #expect(sideBySide.width == 16 + 3 * (600 + 16))
    }

    @Test("a failure writes the actual image, the difference and the side-by-side to disk, and says where")
    func artifactsOnDisk() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let strategy = Snapshotting<Data, Data>.png(options: CompareOptions(), artifacts: folder.url)
        let message = try #require(try verify(reference: card(), actual: card(buttonDY: 1), as: strategy))
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(written.count == 1, "one folder per failure: \(written)")
        let failure = folder.url.appendingPathComponent(try #require(written.first))
        #expect(failure.lastPathComponent.hasPrefix("artifactsondisk-"), "named after the test: \(failure.path)")
        #expect(
            message.contains("Written to \(failure.path): actual.png, difference.png, reference-actual-difference.png.")
        )
        let files = try FileManager.default.contentsOfDirectory(atPath: failure.path).sorted()
        #expect(files == ["actual.png", "difference.png", "reference-actual-difference.png"])
        #expect(try Data(contentsOf: failure.appendingPathComponent("actual.png")) == card(buttonDY: 1))
        let diff = try GDImage(decoding: Data(contentsOf: failure.appendingPathComponent("difference.png")))
        #expect(diff.pixel(x: 300, y: 210) == RGBA(red: 255, green: 0, blue: 0))
    }

    @Test("the artifacts folder is ALBUMREPORT_ARTIFACTS, else SNAPSHOT_ARTIFACTS, else the temporary folder")
    func artifactsFolder() {
        #expect(
            PNGSnapshotArtifacts.folder(["ALBUMREPORT_ARTIFACTS": "/a", "SNAPSHOT_ARTIFACTS": "/s"]).path
                == "/a/png-snapshots")
        #expect(PNGSnapshotArtifacts.folder(["SNAPSHOT_ARTIFACTS": "/s"]).path == "/s/png-snapshots")
        #expect(
            PNGSnapshotArtifacts.folder([:]).path
                == FileManager.default.temporaryDirectory.appendingPathComponent("png-snapshots").path)
    }

    @Test("a reference that is not a PNG, or images of different sizes, fail with a sentence")
    func badReference() throws {
        let jpeg = try GDImage(width: 10, height: 10, background: white).jpegData()
        let message = try #require(Snapshotting<Data, Data>.png.diffing.diffV2(jpeg, try card()))
        #expect(message.0 == "The reference snapshot is not a PNG file (it is a JPEG image).")
        let small = try GDImage(width: 300, height: 300, background: white).pngData()
        let sized = try #require(Snapshotting<Data, Data>.png.diffing.diffV2(small, try card()))
        #expect(sized.0.contains("expected 300×300, got 600×330"), "\(sized.0)")
    }

    @Test("assertSnapshot with a committed reference (__Snapshots__ beside this file)")
    func committed() throws {
        // Recorded once and committed; CI runs with recording off, so a missing file fails.
        let png = try card(level: 3)
        withSnapshotTesting(record: ProcessInfo.processInfo.environment["CI"] == nil ? .missing : .never) {
            assertSnapshot(of: png, as: .png)
        }
    }
}
