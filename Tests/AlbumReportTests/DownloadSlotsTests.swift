import AlbumReport
import Synchronization
import Testing

// The time limit only stops a hang: a sanitized suite on a loaded 2-core machine starves these
// quick tests of the cooperative pool for many minutes (10 was exceeded there).
@Suite("Download slots shared by thumbnails and large images", .timeLimit(.minutes(45)))
struct DownloadSlotsTests {
    @Test(
        "with --concurrency 1 a large image may download before every thumbnail is in (a thumbnail may be waiting on it)"
    )
    func singleSlotIsNeverKept() async {
        let slots = DownloadSlots(1)
        // Before the fix the only slot was kept for thumbnails, and this waited for ever.
        let value = await slots.withSlot(.later) { 7 }
        #expect(value == 7)
    }

    @Test("with two or more slots one is kept for thumbnails until they are all in")
    func oneSlotKeptForThumbnails() async {
        let slots = DownloadSlots(2)
        // One large image takes the free slot; the kept one still serves a thumbnail at once.
        let both = await slots.withSlot(.later) {
            await slots.withSlot(.first) { "thumbnail" }
        }
        #expect(both == "thumbnail")
        slots.thumbnailsDone()
        let two = await slots.withSlot(.later) { await slots.withSlot(.later) { 2 } }
        #expect(two == 2)
    }

    @Test("while thumbnails download, large images get a share of the slots at once, and never more than half")
    func largeImagesShareTheSlots() async {
        let slots = DownloadSlots(4)
        // Three thumbnails in flight: a card's large image takes the fourth slot at once. (Before,
        // large images waited for every thumbnail, and this waited for ever.)
        let shared = await slots.withSlot(.first) {
            await slots.withSlot(.first) {
                await slots.withSlot(.first) { await slots.withSlot(.later) { "large" } }
            }
        }
        #expect(shared == "large")
        // Two large images hold their share: a third waits (with two slots free), thumbnails
        // still get both, and once every thumbnail is in the third runs.
        let order = Order()
        await slots.withSlot(.later) {
            await slots.withSlot(.later) {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { _ = await slots.withSlot(.later) { order.append("third large") } }
                    await order.waitForQueued(slots, count: 1)
                    _ = await slots.withSlot(.first) { await slots.withSlot(.first) { order.append("thumbnails") } }
                    #expect(slots.waiting == 1, "the third large image waits beyond the share")
                    slots.thumbnailsDone()
                    await group.waitForAll()
                }
            }
        }
        #expect(order.entries == ["thumbnails", "third large"])
    }

    @Test("a request whose task is cancelled while it waits gets no slot and leaves the queue")
    func cancelledWaiterLeaves() async {
        let slots = DownloadSlots(1)
        let order = Order()
        await slots.withSlot(.first) {
            let waiter = Task { await slots.withSlot(.first) { order.append("ran") } }
            await order.waitForQueued(slots, count: 1)
            waiter.cancel()
            #expect(await waiter.value == nil)
            #expect(slots.waiting == 0)
        }
        // The slot came back: the next request runs at once.
        #expect(await slots.withSlot(.later) { 1 } == 1)
        #expect(order.entries.isEmpty)
    }

    @Test("a freed slot goes to a large image below its share before a waiting thumbnail")
    func freedSlotGoesToLargeImageBelowShare() async {
        let slots = DownloadSlots(2)
        let order = Order()
        // Both slots held by thumbnails, a thumbnail and then a large image queue; when one
        // thumbnail ends, its slot goes to the large image (below its share of one).
        await slots.withSlot(.first) {
            await withTaskGroup(of: Void.self) { group in
                await slots.withSlot(.first) {
                    group.addTask { _ = await slots.withSlot(.first) { order.append("thumbnail") } }
                    await order.waitForQueued(slots, count: 1)
                    group.addTask { _ = await slots.withSlot(.later) { order.append("large") } }
                    await order.waitForQueued(slots, count: 2)
                }
                // Whichever got the freed slot ran first; then every slot is open (so that the
                // old order fails here instead of waiting for ever).
                await order.waitForEntries(1)
                slots.thumbnailsDone()
                await group.waitForAll()
            }
        }
        #expect(order.entries == ["large", "thumbnail"])
    }

    @Test("within a priority, waiting requests get slots in the order they asked, thumbnails and large images alike")
    func firstComeFirstServed() async {
        for priority in [DownloadSlots.Priority.first, .later] {
            let slots = DownloadSlots(1)
            let order = Order()
            await withTaskGroup(of: Void.self) { group in
                await slots.withSlot(priority) {
                    for (index, name) in ["a", "b", "c", "d"].enumerated() {
                        group.addTask { _ = await slots.withSlot(priority) { order.append(name) } }
                        // Each asks once the one before it waits, so the order they asked is known.
                        await order.waitForQueued(slots, count: index + 1)
                    }
                }
                await group.waitForAll()
            }
            #expect(order.entries == ["a", "b", "c", "d"], "\(priority)")
        }
    }

    @Test("used as the cards' render bound (one priority), never more requests run than there are slots")
    func renderBound() async {
        let slots = DownloadSlots(3)
        let order = Order()
        await withTaskGroup(of: Void.self) { group in
            await slots.withSlot(.first) {
                await slots.withSlot(.first) {
                    await slots.withSlot(.first) {
                        for index in 0..<5 {
                            group.addTask { _ = await slots.withSlot(.first) { order.append("\(index)") } }
                        }
                        // Every request has either queued or run; none may run while all three are held.
                        await order.waitFor { slots.waiting + order.entries.count >= 5 }
                        #expect(order.entries.isEmpty)
                        #expect(slots.waiting == 5)
                    }
                }
            }
            await group.waitForAll()
        }
        #expect(order.entries.count == 5)
        #expect(slots.waiting == 0)
    }
}

/// What ran, in order.
private final class Order: Sendable {
    private let state = Mutex<[String]>([])
    var entries: [String] { state.withLock { $0 } }
    func append(_ entry: String) { state.withLock { $0.append(entry) } }

    /// Waits until `count` entries are in (bounded).
    func waitForEntries(_ count: Int) async {
        await Self.waitUntil { self.entries.count >= count }
    }

    /// Waits until `condition` holds (bounded).
    func waitFor(_ condition: () -> Bool) async {
        await Self.waitUntil(condition)
    }

    /// Waits until `count` requests wait in `slots` (bounded).
    func waitForQueued(_ slots: DownloadSlots, count: Int) async {
        await Self.waitUntil { slots.waiting >= count }
    }

    /// Polls `condition`, sleeping a millisecond between looks so that the tasks it waits for get
    /// a thread even when the suite's other tests keep every thread busy; gives up after five
    /// minutes (a bound against hanging, not a timing: the expectations then fail).
    private static func waitUntil(_ condition: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(300)
        while !condition(), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}
