import CHeap

/// How this process's heap gives memory back.
///
/// glibc serves a block of 128 KiB or more from a mapping of its own, returned to the system when
/// freed, but once such a block is freed it raises that threshold to the block's size: from then
/// on every 12 MB card canvas and compression buffer comes from the heap, and a thousand cards
/// drawn `--concurrency` at a time fragment it, so that peak RSS grew with the chart (1,000 items
/// 1.31 × the 100-item peak). A fixed threshold keeps large blocks in their own mappings, whose
/// pages go back as each card is done (the README's Figures say what it measured). It is 64 KiB,
/// below a large image's download (about 100 KB): since the cards' downloads run beside the
/// thumbnails', short-lived large images interleaved with the thumbnails, which live to the end of
/// the run, on the heap, and 1,000 items peaked at 150 MiB with 256 KiB (133 MiB with 64 KiB).
enum HeapPolicy {
    /// Blocks from this size up get their own mapping.
    static let mappingThreshold: Int32 = 64 * 1024

    /// Applies the policy once, before any work; false when the C library refused it (the run
    /// goes on with glibc's defaults: only its peak memory differs).
    @discardableResult
    static func apply() -> Bool {
        ar_heap_map_blocks_from(mappingThreshold) == 1
    }
}
