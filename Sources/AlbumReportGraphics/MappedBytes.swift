import CGD
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fixed-size byte buffer in pages of its own, mapped from the kernel and unmapped when
/// released: for the encoder's largest buffers (a card's filtered rows, 9 MB at @3x, and
/// libdeflate's output), which would otherwise come from malloc's heap.
///
/// Why: once malloc has freed one such block it raises its mapping threshold above that size and
/// serves the next ones from its heaps, where blocks of 9 MB, freed in whatever order two cards
/// finish, leave holes it cannot give back. Over a 1,000-item report the resident size then
/// wanders 130–155 MiB from run to run. Mapped buffers go back to the kernel the moment a card
/// is written, so every card starts from the same floor. Between two images of one size the
/// buffers wait on the ``BufferShelf``, already resident, rather than be unmapped and mapped again.
///
/// `@unchecked Sendable`: an encoder owns its buffers alone, and hands them on only through the
/// shelf, whose lock orders the hand-over.
package final class MappedBytes: @unchecked Sendable {
    package let capacity: Int
    private let mappedSize: Int
    /// How many bytes ``append(_:)`` has written, from the start.
    private(set) var count = 0
    package let base: UnsafeMutableRawPointer

    /// `capacity` bytes, zero until written. Only the pages written become resident, unless
    /// `populate` (for a buffer that will be written whole) asks for all of them at once, as huge
    /// pages where Linux offers them: one call instead of a fault per 4 KiB page.
    package init(capacity: Int, populate: Bool = false) throws(GraphicsError) {
        // mmap refuses a length of 0; one byte is mapped then, none of it offered.
        let mappedSize = max(capacity, 1)
        let mapped = mmap(nil, mappedSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != MAP_FAILED else {
            throw .encodingFailed("PNG (the system could not map \(mappedSize) bytes of memory: error \(errno))")
        }
        if populate {
            // Advice only: where it is not taken the pages arrive as they are first written.
            _ = ar_prefault_huge(mapped, mappedSize)
        }
        base = mapped
        self.capacity = max(capacity, 0)
        self.mappedSize = mappedSize
    }

    deinit {
        // Only fails for an address range that was never mapped, which `base` always is.
        munmap(base, mappedSize)
    }

    /// Appends `bytes` after those written; false (nothing written) when they do not fit.
    package func append(_ bytes: [UInt8]) -> Bool {
        guard bytes.count <= capacity - count else { return false }
        bytes.withUnsafeBytes { source in
            if let from = source.baseAddress { (base + count).copyMemory(from: from, byteCount: source.count) }
        }
        count += bytes.count
        return true
    }

    /// Appends as many of `bytes` as fit after those written; returns how many that was.
    package func append(upTo bytes: UnsafeRawBufferPointer) -> Int {
        let taken = min(bytes.count, capacity - count)
        if taken > 0, let from = bytes.baseAddress { (base + count).copyMemory(from: from, byteCount: taken) }
        count += taken
        return taken
    }

    /// Whether no more bytes fit.
    package var isFull: Bool { count == capacity }

    /// Forgets the bytes written (their pages stay mapped, to be written again).
    package func removeAll() {
        count = 0
    }

    /// Lets `write` fill the buffer from its start (given its address and capacity), and keeps
    /// as written the count it returns, within the capacity. Returns that count.
    package func fill(_ write: (UnsafeMutableRawPointer, Int) -> Int) -> Int {
        count = min(max(write(base, capacity), 0), capacity)
        return count
    }

    /// Calls `body` with the bytes written, valid (the buffer kept mapped) only during the call.
    package func withWritten<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // `self`, and so the mapping, lives at least as long as this call.
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }
}

/// Mapped buffers let go, kept for the next of their size: a report's cards are one size, and a
/// buffer kept is not faulted in and cleared again page by page for every card (that was 3 % of
/// a report's CPU). At most ``limit`` wait at a time, the longest kept going first, so what stays
/// resident is what the work in flight uses anyway. ``shared`` holds the encoder's buffers
/// (``GraphicsRuntime/releaseKeptBuffers()`` unmaps them); a matrix's memos keep shelves of
/// their own.
package final class BufferShelf: @unchecked Sendable {
    /// An image a core, each with its rows and its compression buffer.
    static let shared = BufferShelf(limit: 2 * max(ProcessInfo.processInfo.activeProcessorCount, 1))

    /// The most buffers kept at a time.
    private let limit: Int
    private let lock = NSLock()
    private var kept: [MappedBytes] = []

    package init(limit: Int) {
        self.limit = max(limit, 0)
    }

    /// A buffer of `capacity` to `largest` bytes (nil: exactly `capacity`) with nothing written: the
    /// smallest kept, or a new one of `capacity` (a range serves contents whose sizes vary a
    /// little, as spans of rows do).
    package func take(
        capacity: Int, upTo largest: Int? = nil, populate: Bool = false
    ) throws(GraphicsError)
        -> MappedBytes
    {
        lock.lock()
        var best: Int?
        let sizes = capacity...max(capacity, largest ?? capacity)
        for (index, buffer) in kept.enumerated() where sizes.contains(buffer.capacity) {
            if best.map({ buffer.capacity < kept[$0].capacity }) ?? true { best = index }
        }
        let reused = best.map { kept.remove(at: $0) }
        lock.unlock()
        if let reused {
            reused.removeAll()
            return reused
        }
        return try MappedBytes(capacity: capacity, populate: populate)
    }

    /// Keeps `buffer` for a later ``take(capacity:upTo:populate:)``; when the shelf is full, the
    /// buffer kept longest goes (images of another size, as a matrix of devices makes).
    package func give(_ buffer: MappedBytes) {
        lock.lock()
        kept.append(buffer)
        let dropped = kept.count > limit ? kept.removeFirst() : nil
        lock.unlock()
        _ = dropped
    }

    /// Unmaps every kept buffer.
    func releaseAll() {
        lock.lock()
        let released = kept
        kept = []
        lock.unlock()
        _ = released
    }
}

extension GraphicsRuntime {
    /// Gives back to the system the encoder's buffers kept between images (tens of megabytes at
    /// @3x): for a host that renders once and goes on with other work.
    public static func releaseKeptBuffers() {
        BufferShelf.shared.releaseAll()
    }

    /// The size from which malloc maps a block of its own rather than grow a heap for it.
    public static let mappedBlockThreshold = 1 << 20

    /// Sets malloc up so that a long report's resident size stays where a short one's is:
    /// - a block of ``mappedBlockThreshold`` or more (a card's PNG, the buffers of a decoded
    ///   image) that no free space in a heap holds is mapped on its own and given back to the
    ///   system when freed, as ``MappedBytes`` does for the encoder's largest. By default glibc
    ///   raises that threshold to the size of every mapped block it frees, so that the next such
    ///   blocks grow its heaps instead, which then keep the holes they leave;
    /// - at most one heap per core, the threads that draw: with glibc's default of eight per
    ///   core, a thread that finds its heap busy starts another, and the canvas rows it frees
    ///   there (12 MB a card) stay resident beside the others', a step of that size late in a
    ///   1,000-item run.
    ///
    /// Process-wide, so only the command line calls it, before any work; a library's host keeps
    /// its own policy. Returns false where the C library refuses either (the rest still applies).
    @discardableResult
    public static func keepResidentMemorySteady() -> Bool {
        #if canImport(Glibc)
            // glibc's (CGD's shim includes malloc.h there): 1 on success, 0 for a value it refuses.
            let threshold = mallopt(M_MMAP_THRESHOLD, Int32(mappedBlockThreshold))
            let heaps = mallopt(M_ARENA_MAX, Int32(max(ProcessInfo.processInfo.activeProcessorCount, 1)))
            return threshold == 1 && heaps == 1
        #else
            return false
        #endif
    }
}
