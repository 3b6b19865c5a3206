import AlbumReportCore
import Foundation
import Synchronization

/// Compressed spans of PNG rows kept for images that hold the very same rows: a matrix's cards
/// of one album in one theme draw the same artwork rows in every language and text size, and
/// compressing them was a quarter of a matrix's work. A span is found by its bytes, compared
/// whole (a fingerprint only picks the candidates), so nothing is ever shared that differs;
/// libdeflate's output for a span depends on its bytes and the level alone (each span starts a
/// stream of its own). Bounded by ``budget`` bytes of kept input and output, the least recently
/// used going first. Only spans of at least ``minimumSpan`` bytes are kept.
///
/// Why: measured on the matrix benchmark (24 combinations of the sample), the matrix without it
/// took 17 % longer (52.4 s against 44.7 s, one run each, alternating).
public final class DeflateSpanMemo: SpanMemo {
    /// One kept span: its bytes, and libdeflate's stream of them with where that stream's blocks end.
    private final class Entry: Sendable {
        /// The span's bytes, in a buffer of the memo's shelf.
        let input: MappedBytes
        let level: Int
        let stream: [UInt8]
        let extent: DeflateBlocks.Extent
        private let shelf: BufferShelf
        init(input: MappedBytes, level: Int, stream: [UInt8], extent: DeflateBlocks.Extent, shelf: BufferShelf) {
            self.input = input
            self.level = level
            self.stream = stream
            self.extent = extent
            self.shelf = shelf
        }
        deinit { shelf.give(input) }
        var bytes: Int { input.capacity + stream.count }

        /// Whether this is the stream of exactly `span` at `level`.
        func holds(_ span: UnsafeRawBufferPointer, level: Int) -> Bool {
            guard self.level == level else { return false }
            return input.withWritten { kept in
                guard kept.count == span.count else { return false }
                guard let a = kept.baseAddress, let b = span.baseAddress else { return true }
                return memcmp(a, b, span.count) == 0
            }
        }
    }

    private let state: Mutex<KeptEntries<UInt64, Entry>>
    /// Buffers of spans let go, for the next spans kept: a span's bytes are megabytes, and a
    /// buffer mapped anew for each was most of a matrix's page faults.
    private let shelf = BufferShelf(limit: 8)
    /// The most the kept spans may take.
    public let budget: Int
    /// Spans shorter than this are compressed every time: a blank or text span is cheap to compress.
    public let minimumSpan: Int

    /// A memo of at most `budget` bytes, for spans of at least `minimumSpan` bytes.
    public init(budget: Int = 32 << 20, minimumSpan: Int = 256 << 10) {
        self.budget = budget
        self.minimumSpan = minimumSpan
        state = Mutex(KeptEntries(budget: budget))
    }

    /// How many spans were found kept, and how many were compressed and kept.
    public var figures: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    /// The kept stream of exactly `span` at `level`, handed to `body`; false when there is none.
    public func withStream(
        of span: UnsafeRawBufferPointer, level: Int,
        _ body: (UnsafeRawBufferPointer, DeflateBlocks.Extent) -> Void
    ) -> Bool {
        guard span.count >= minimumSpan, span.count <= budget else { return false }
        let print = Self.fingerprint(span)
        let candidates = state.withLock { $0.entries(under: print) }
        for entry in candidates where entry.holds(span, level: level) {
            state.withLock { $0.found(entry, under: print) }
            entry.stream.withUnsafeBytes { body($0, entry.extent) }
            return true
        }
        state.withLock { $0.missed() }
        return false
    }

    /// Keeps `stream`, libdeflate's output for `span` at `level`, whose blocks end at `extent`.
    public func keep(
        span: UnsafeRawBufferPointer, level: Int, stream: UnsafeRawBufferPointer, extent: DeflateBlocks.Extent
    ) {
        guard span.count >= minimumSpan, span.count + stream.count <= budget else { return }
        let print = Self.fingerprint(span)
        // Runs drawn in step miss on the same span together: one copy is kept.
        guard !state.withLock({ $0.entries(under: print).contains { $0.holds(span, level: level) } }) else { return }
        // A kept buffer up to a quarter larger serves: spans' sizes vary with the rows that repeat.
        guard let input = try? shelf.take(capacity: span.count, upTo: span.count + span.count / 4, populate: true),
            input.append(upTo: span) == span.count
        else { return }
        let entry = Entry(input: input, level: level, stream: [UInt8](stream), extent: extent, shelf: shelf)
        var dropped = state.withLock { $0.keep(entry, size: entry.bytes, under: print) }
        // Released outside the lock: their buffers go to the shelf.
        dropped.removeAll()
    }

    /// FNV-1a over the length and 256 eight-byte words spread over the span: it only picks the
    /// candidates the whole comparison then checks.
    package static func fingerprint(_ span: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ value: UInt64) {
            hash = (hash ^ value) &* 0x0000_0100_0000_01B3
        }
        mix(UInt64(span.count))
        guard span.count >= 8 else { return hash }
        let samples = 256
        for index in 0..<samples {
            let offset = (span.count - 8) / (samples - 1) * index
            mix(span.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        return hash
    }
}
