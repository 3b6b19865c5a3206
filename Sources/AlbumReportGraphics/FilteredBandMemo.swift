import AlbumReportCore
import Foundation
import Synchronization

/// What filtering a band of rows did to a PNG being kept whole, kept for images whose band (and
/// the row above it) holds the very same pixels: a matrix's cards of one album in one theme hold
/// the same artwork rows in every language and text size. The rows are compared whole, pixel for
/// pixel (a fingerprint only picks the candidates), so a band is only ever replayed for the
/// pixels it was made of; the filtered bytes, the runs of repeated rows and every count then
/// follow exactly. Bounded by the budget it is made with, the least recently used going first; the buffers
/// of a band let go wait for the next band of the same size, already resident.
public final class FilteredBandMemo: Sendable {
    /// One band's pixels and what filtering them made.
    final class Record: Sendable {
        let key: Key
        /// The rows from the one above the band to its last, as gd stores them (4 bytes a pixel).
        let pixels: MappedBytes
        /// The filtered bytes kept, from the band's first row on.
        let kept: MappedBytes
        /// The segments the band made, their offsets from the band's first kept byte.
        let segments: [PNGStreamEncoder.RowSegment]
        /// Where the span open at the band's end starts, from the band's first kept byte.
        let spanStart: Int
        let pendingRepeats: Int
        let rowsPerFilter: [Int]
        let sampled: Int
        let busy: Int
        /// The last row converted (RGB): the row above the next.
        let previousRow: [UInt8]
        private let shelf: BufferShelf

        init(
            key: Key, pixels: MappedBytes, kept: MappedBytes, segments: [PNGStreamEncoder.RowSegment],
            spanStart: Int, pendingRepeats: Int, rowsPerFilter: [Int], sampled: Int, busy: Int,
            previousRow: [UInt8], shelf: BufferShelf
        ) {
            self.key = key
            self.pixels = pixels
            self.kept = kept
            self.segments = segments
            self.spanStart = spanStart
            self.pendingRepeats = pendingRepeats
            self.rowsPerFilter = rowsPerFilter
            self.sampled = sampled
            self.busy = busy
            self.previousRow = previousRow
            self.shelf = shelf
        }

        deinit {
            shelf.give(pixels)
            shelf.give(kept)
        }

        var bytes: Int { pixels.capacity + kept.capacity }
    }

    /// What else a band's filtering depends on.
    struct Key: Hashable, Sendable {
        var width: Int
        var band: Range<Int>
        var filter: PNGStreamEncoder.RowFilter
        var judging: Bool
        var fingerprint: UInt64
    }

    private let state: Mutex<KeptEntries<Key, Record>>
    /// Buffers of bands let go, for the next bands of their sizes (a few: one a size and theme).
    let shelf = BufferShelf(limit: 4)

    /// A memo of at most `budget` bytes.
    public init(budget: Int = 64 << 20) {
        state = Mutex(KeptEntries(budget: budget))
    }

    /// How many bands were replayed, and how many were filtered and kept.
    public var figures: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    /// The record of `image`'s rows `first ..< first + count` (the first being the row above the
    /// band) under the rest of `key`, when one holds exactly these pixels; and the key.
    func record(
        of image: GDImage, rows first: Int, count: Int, band: Range<Int>, filter: PNGStreamEncoder.RowFilter,
        judging: Bool
    ) -> (Record?, Key) {
        let key = Key(
            width: image.width, band: band, filter: filter, judging: judging,
            fingerprint: Self.fingerprint(image, rows: first, count: count))
        let candidates = state.withLock { $0.entries(under: key) }
        for record in candidates where Self.same(image, rows: first, count: count, as: record.pixels) {
            state.withLock { $0.found(record, under: key) }
            return (record, key)
        }
        state.withLock { $0.missed() }
        return (nil, key)
    }

    /// A copy of `image`'s rows `first ..< first + count`, in a buffer of the shelf.
    func pixels(of image: GDImage, rows first: Int, count: Int) throws(GraphicsError) -> MappedBytes {
        let buffer = try shelf.take(capacity: count * image.width * 4, populate: true)
        for y in first..<first + count {
            _ = image.withRow(y) { row in _ = buffer.append(upTo: UnsafeRawBufferPointer(row)) }
        }
        return buffer
    }

    /// Keeps `record`.
    func keep(_ record: Record) {
        var dropped = state.withLock { $0.keep(record, size: record.bytes, under: record.key) }
        // Released outside the lock: their buffers go to the shelf.
        dropped.removeAll()
    }

    private static func same(_ image: GDImage, rows first: Int, count: Int, as pixels: MappedBytes) -> Bool {
        let rowBytes = image.width * 4
        guard pixels.count == count * rowBytes else { return false }
        return pixels.withWritten { kept in
            for index in 0..<count {
                let equal =
                    image.withRow(first + index) { row in
                        guard let base = kept.baseAddress, let start = row.baseAddress else { return false }
                        return memcmp(base + index * rowBytes, start, rowBytes) == 0
                    } ?? false
                guard equal else { return false }
            }
            return true
        }
    }

    /// FNV-1a over 16 pixels on each of 32 rows spread over the band: it only picks candidates.
    static func fingerprint(_ image: GDImage, rows first: Int, count: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        let rows = min(count, 32)
        for step in 0..<rows {
            let y = first + (rows > 1 ? (count - 1) * step / (rows - 1) : 0)
            _ = image.withRow(y) { row in
                for sample in 0..<16 {
                    let x = row.count > 1 ? (row.count - 1) * sample / 15 : 0
                    hash = (hash ^ UInt64(UInt32(bitPattern: row[x]))) &* 0x0000_0100_0000_01B3
                }
            }
        }
        return hash
    }
}
