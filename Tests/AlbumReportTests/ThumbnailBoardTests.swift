import AlbumReportCore
import Foundation
import Testing

@testable import AlbumReport

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
