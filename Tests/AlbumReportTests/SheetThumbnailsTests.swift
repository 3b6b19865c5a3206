import AlbumReport
import Foundation
import Testing

/// The sheet's hold on its thumbnails, strip by strip, on synthetic pages without rendering.
@Suite("The sheet holds each thumbnail for every strip that draws it, then lets it go")
struct SheetThumbnailsTests {
    /// A synthetic board: rank 0 has no bytes, every other rank one byte of its own; the loads
    /// made are kept, so a test can see each rank's bytes are taken once.
    struct Sheet {
        var thumbnails: SheetThumbnails
        var loads: [Int] = []

        init(pages: [[Int]]) { thumbnails = SheetThumbnails(pages: pages) }

        mutating func strip(_ ranks: [Int], page: Int) async -> [Int: Data] {
            var loaded: [Int] = []
            let strip = await thumbnails.take(ranks: ranks, page: page) { rank in
                loaded.append(rank)
                return rank == 0 ? nil : Data([UInt8(rank)])
            }
            loads += loaded
            return strip
        }
    }

    static func bytes(_ ranks: Int...) -> [Int: Data] {
        Dictionary(uniqueKeysWithValues: ranks.map { ($0, Data([UInt8($0)])) })
    }

    @Test("a row cut by a strip's edge is loaded once and drawn by both strips, then let go")
    func stripEdge() async {
        var sheet = Sheet(pages: [[1, 2, 3]])
        let first = await sheet.strip([1, 2], page: 0)
        #expect(first == Self.bytes(1, 2))
        let second = await sheet.strip([2, 3], page: 0)
        #expect(second == Self.bytes(2, 3))
        #expect(sheet.thumbnails.heldRanks == [2, 3])
        let third = await sheet.strip([3], page: 0)
        #expect(third == Self.bytes(3))
        #expect(sheet.thumbnails.heldRanks == [3])
        #expect(sheet.loads == [1, 2, 3])
    }

    @Test("the last screen, scrolled to the end, draws rows of the screen before lower down with their bytes")
    func lastScreenScrolledToEnd() async {
        // Screen 1 shows 3 and 4 of screen 0 under its bars; the last screen shows 5 and 6 again.
        var sheet = Sheet(pages: [[1, 2, 3, 4], [3, 4, 5, 6], [5, 6, 7]])
        _ = await sheet.strip([1, 2], page: 0)
        _ = await sheet.strip([3, 4], page: 0)
        let underBars = await sheet.strip([3, 4], page: 1)
        #expect(underBars == Self.bytes(3, 4))
        _ = await sheet.strip([5], page: 1)
        _ = await sheet.strip([6], page: 1)
        // Page 1, the last of 3 and 4, no longer draws them: let go. 5 and 6 are kept for page 2.
        #expect(sheet.thumbnails.heldRanks == [5, 6])
        let lowerDown = await sheet.strip([5, 6], page: 2)
        #expect(lowerDown == Self.bytes(5, 6))
        let last = await sheet.strip([7], page: 2)
        #expect(last == Self.bytes(7))
        #expect(sheet.thumbnails.heldRanks == [7])
        #expect(sheet.loads == [1, 2, 3, 4, 5, 6, 7])
    }

    @Test("a thumbnail without bytes is left out of its strips and not loaded again")
    func noBytes() async {
        var sheet = Sheet(pages: [[0, 1]])
        let first = await sheet.strip([0, 1], page: 0)
        #expect(first == Self.bytes(1))
        let second = await sheet.strip([0], page: 0)
        #expect(second.isEmpty)
        #expect(sheet.loads == [0, 1])
    }

    @Test("ranks never taken, on pages reused whole, are the ones to forgo")
    func finish() async {
        var sheet = Sheet(pages: [[1, 2], [3, 4]])
        _ = await sheet.strip([3, 4], page: 1)
        #expect(sheet.thumbnails.finish([1, 2, 3, 4, 5]).sorted() == [1, 2, 5])
    }
}
