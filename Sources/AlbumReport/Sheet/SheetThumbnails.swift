import Foundation

/// Which thumbnails the sheet holds between strips: each rank's bytes are taken once and kept
/// while a later strip may draw the row again, then let go.
///
/// Why: the board lets a thumbnail's bytes go after its last expected take, and the sheet takes
/// each rank once, so the sheet itself must keep the bytes for every strip that draws the row
/// again: the next strip, when the strip's edge cuts the row, and a later page, when screens
/// overlap (a scrolled screen shows rows of the one before under its bars, and the last screen,
/// scrolled to the end, may show them lower down). Within a page rows come top to bottom, so a
/// row is let go once a strip of its last page no longer draws it after one did.
package struct SheetThumbnails {
    /// Per rank, the last page that draws its thumbnail.
    private let lastPage: [Int: Int]
    /// The ranks taken so far.
    private(set) var taken = Set<Int>()
    /// The bytes of each rank held, nil for a thumbnail that has none.
    private var held: [Int: Data?] = [:]
    /// The page the last strip was on, and the ranks its strips have drawn so far.
    private var page = -1
    private var drawnOnPage = Set<Int>()

    /// Holds for `pages`, the ranks of each page's rows that have a thumbnail, in page order.
    package init(pages: [[Int]]) {
        lastPage = pages.enumerated().reduce(into: [Int: Int]()) { last, page in
            for rank in page.element { last[rank] = page.offset }
        }
    }

    /// The bytes for a strip of page `page` that draws `ranks`, each rank's loaded by `load` the
    /// first time it is drawn; ranks without bytes are left out.
    package mutating func take(ranks: [Int], page: Int, load: (Int) async -> Data?) async -> [Int: Data] {
        if page != self.page {
            self.page = page
            drawnOnPage = []
        }
        var strip: [Int: Data?] = [:]
        for rank in ranks {
            if taken.insert(rank).inserted {
                strip[rank] = .some(await load(rank))
            } else if let kept = held[rank] {
                strip[rank] = .some(kept)
            } else {
                // A row drawn again after it was let go would show a placeholder.
                assertionFailure("the sheet let go of #\(rank)'s thumbnail before its last strip")
            }
        }
        held = held.filter { rank, _ in
            let last = lastPage[rank] ?? -1
            return last > page || (last == page && !drawnOnPage.contains(rank))
        }
        held.merge(strip) { _, new in new }
        drawnOnPage.formUnion(ranks)
        return strip.compactMapValues { $0 }
    }

    /// The ranks among `ranks` never taken (rows on pages reused whole), whose takes the board
    /// must be told are forgone.
    package func finish(_ ranks: some Sequence<Int>) -> [Int] {
        ranks.filter { !taken.contains($0) }
    }

    /// The ranks whose bytes are held now (for tests).
    package var heldRanks: Set<Int> { Set(held.keys) }
}
