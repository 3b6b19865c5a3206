import AlbumReport
import CHeap
import Synchronization

/// Gives the heap's free pages back while a report is drawn.
///
/// glibc keeps what a run frees: once a card's 12 MB canvas has been freed it raises its mapping
/// threshold, later canvases come from the heaps of the arenas the cooperative threads use, and
/// each arena keeps what it freed. How much depends on timing: the same binary peaked at 131 MiB in
/// one 1,000-item run and 154 MiB in the next. When a sheet strip or card is finished (a progress
/// event), at most every ``interval``, and only when the arenas hold more than ``threshold`` free,
/// `malloc_trim` gives those pages back. (A timer task would seldom run: drawing keeps every thread
/// of the cooperative pool busy.)
final class HeapTrimming: ProgressReporter {
    /// How often, at most, the free bytes are looked at.
    static let interval = Duration.milliseconds(250)
    /// Free bytes in the arenas above which they are given back.
    static let threshold = 24 * 1024 * 1024

    let inner: any ProgressReporter
    private let last = Mutex(ContinuousClock.now)

    /// Passes every event on to `inner`.
    init(_ inner: any ProgressReporter) {
        self.inner = inner
    }

    func report(_ event: ProgressEvent) {
        inner.report(event)
        guard case .advanced = event else { return }
        let now = ContinuousClock.now
        let due = last.withLock { last in
            guard now - last >= Self.interval else { return false }
            last = now
            return true
        }
        if due, ar_heap_free_bytes() > Self.threshold { ar_heap_trim() }
    }
}
