/// Entries kept under a byte budget, the least recently used let go first, with the count of
/// lookups that found one and that did not: the one store of the memos a matrix's combinations
/// share (``DeflateSpanMemo``, and the renderer's resampled artwork).
/// Several entries may stand under one key (a fingerprint: the memo tells them apart by their
/// bytes). Not locked: a memo holds it in its `Mutex`.
package struct KeptEntries<Key: Hashable, Entry: AnyObject> {
    private var lists: [Key: [(entry: Entry, size: Int, lastUse: Int)]] = [:]
    private var bytes = 0
    private var clock = 0
    /// The most the kept entries may take.
    private let budget: Int
    /// Lookups that found an entry (``found(_:under:)``), and that found none (``missed()``).
    package private(set) var hits = 0
    package private(set) var misses = 0

    package init(budget: Int) {
        self.budget = budget
    }

    /// The entries kept under `key`.
    package func entries(under key: Key) -> [Entry] {
        lists[key, default: []].map(\.entry)
    }

    /// `entry` (kept under `key`) was used: a hit, and the last one to be let go now.
    package mutating func found(_ entry: Entry, under key: Key) {
        hits += 1
        clock += 1
        if let index = lists[key]?.firstIndex(where: { $0.entry === entry }) { lists[key]?[index].lastUse = clock }
    }

    /// A lookup found nothing.
    package mutating func missed() { misses += 1 }

    /// Keeps `entry` of `size` bytes under `key`, letting the least recently used go until it
    /// fits; returns those let go (for the caller to release outside its lock). An entry larger
    /// than the budget is not kept.
    @discardableResult
    package mutating func keep(_ entry: Entry, size: Int, under key: Key) -> [Entry] {
        guard size <= budget else { return [] }
        var dropped: [Entry] = []
        while bytes + size > budget, let oldest = oldest() {
            let removed = lists[oldest.key]?.remove(at: oldest.index)
            if lists[oldest.key]?.isEmpty == true { lists[oldest.key] = nil }
            if let removed {
                bytes -= removed.size
                dropped.append(removed.entry)
            }
        }
        clock += 1
        lists[key, default: []].append((entry, size, clock))
        bytes += size
        return dropped
    }

    private func oldest() -> (key: Key, index: Int)? {
        var found: (key: Key, index: Int, lastUse: Int)?
        for (key, list) in lists {
            for (index, kept) in list.enumerated() where kept.lastUse < (found?.lastUse ?? .max) {
                found = (key, index, kept.lastUse)
            }
        }
        return found.map { ($0.key, $0.index) }
    }
}
