import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation
import Testing

/// The board that hands thumbnails from the downloads to the sheet and the cards, and lets each
/// one's bytes go once its last expected take has had them.
@Suite("Thumbnails handed on, then let go")
struct ThumbnailBoardTests {
    static let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    static let image = ArtworkOutcome.image(bytes, ImageHeader(format: .png, width: 100, height: 100))

    @Test("an image's bytes go after its last expected take; its digest and failures stay")
    func lastTakeLetsGo() async {
        let board = ThumbnailBoard(takes: ["a": 2, "f": 1])
        board.post("a", Self.image)
        board.post("f", .failed(.noURL))
        #expect(await board.take("a")?.data == Self.bytes)
        #expect(!board.hasReleased("a"))
        #expect(await board.take("a")?.data == Self.bytes)
        #expect(board.hasReleased("a"))
        if case .failed? = await board.take("f") {} else { Issue.record("a failure should stay on the board") }
        #expect(!board.hasReleased("f"))
        board.close()
        let digests = await board.digests()
        #expect(digests == ["a": Digest.sha256Hex(Self.bytes)])
    }

    @Test("takes forgone before the bytes arrive let them go as they arrive; unexpected URLs are kept")
    func forgoneAndUnexpected() async {
        let board = ThumbnailBoard(takes: ["a": 1])
        board.forgo("a")
        board.post("a", Self.image)
        #expect(board.hasReleased("a"))
        board.post("b", Self.image)
        #expect(await board.take("b")?.data == Self.bytes)
        #expect(await board.take("b")?.data == Self.bytes)
        #expect(!board.hasReleased("b"))
        board.close()
        #expect(await board.digests().keys.sorted() == ["a", "b"])
    }

    @Test("a run expects one take per sheet rank and one per card, shared URLs counted together")
    func takesOfARun() {
        let items = [
            FeedItem(rank: 1, id: "1", title: "A", artworkURL: "u1"),
            FeedItem(rank: 2, id: "2", title: "B", artworkURL: "u2"),
            FeedItem(rank: 3, id: "3", title: "C", artworkURL: "u1"),
            FeedItem(rank: 4, id: "4", title: "D"),
        ]
        #expect(ThumbnailBoard.takes(sheet: items, cards: Array(items.prefix(2))) == ["u1": 3, "u2": 2])
        #expect(ThumbnailBoard.takes(sheet: [], cards: items) == ["u1": 2, "u2": 1])
    }
}

/// The sheet takes each row's thumbnail from the board once and holds it for every strip, and
/// every screen, that draws the row: a scrolled screen shows rows of the screen before under its
/// bars, and the last screen, scrolled to the end, shows some of them again lower down.
@Suite("Every screen of a sheet draws the thumbnails it shows")
struct SheetThumbnailHoldingTests {
    @Test(
        "a screen-sized sheet at @3x draws each visible row's own artwork on every screen, rows shown twice included",
        arguments: [21, 27, 31])
    func everyScreenDrawsItsRows(limit: Int) async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top100)
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        var options = GenerateOptions(output: output.url)
        options.feed = .remote(chart.feedURL)
        options.settings.draw(on: .iPhone15)
        options.limit = limit
        options.retry = .none
        options.enrich = false
        options.renderCards = false
        options.cacheDirectory = nil
        options.settings.screen = ScreenOptions(style: .swiftui, fit: .screen)
        let report = try await renderReport(options)
        let ids = Dictionary(report.items.map { ($0.item.rank, $0.item.id) }, uniquingKeysWith: { first, _ in first })
        var checked: [Int: Int] = [:]
        var wrong: [String] = []
        let screens = report.screens.filter { $0.kind == .sheet }
        #expect(screens.count > 1)
        for screen in screens {
            let image = try GDImage(decoding: Data(contentsOf: output.url.appendingPathComponent(screen.file)))
            // Rows under the translucent bars are blurred: only those clear of them are compared.
            let barBottom =
                screen.elements.filter { $0.name == "navigationBar" }.map { $0.pixels.y + $0.pixels.height }.max() ?? 0
            for element in screen.elements where element.name == "thumbnail" {
                let (x, y) = (element.pixels.x + element.pixels.width / 2, element.pixels.y + element.pixels.height / 2)
                guard let rank = element.rank, element.pixels.y >= barBottom, y < image.height,
                    let id = ids[rank], let expected = chart.colors[id ?? ""]
                else { continue }
                checked[rank, default: 0] += 1
                if image.pixel(x: x, y: y) != expected { wrong.append("#\(rank) on \(screen.file)") }
            }
        }
        #expect(wrong.isEmpty, "thumbnails drawn without their artwork: \(wrong)")
        #expect(checked.count >= limit - 4, "rows compared: \(checked.keys.sorted())")
        #expect(checked.values.contains { $0 > 1 }, "no row was compared on two screens")
    }
}
