import Foundation
import Synchronization

/// The `--concurrency` downloads one run may have in flight, shared by everything that
/// downloads artwork at the same time: the thumbnails (``Priority/first``) and the cards' large
/// images (``Priority/later``).
///
/// Until ``thumbnailsDone()`` the slots are shared: large images may hold at most half of them
/// (rounded down, and at least one), and a freed slot goes to a waiting large image while they
/// hold less than that share, else to a waiting thumbnail. So with two or more slots at least
/// one always serves thumbnails (large images that a server holds back, or stalls, can never
/// take every slot while the sheet still needs rows), and the cards' downloads start with the
/// first thumbnails instead of after the last (at 50 ms per image, waiting for 100 thumbnails
/// left the processor idle for 0.6 s). Afterwards large images may take every slot. Within a
/// priority, first come, first served. Invariant: `available + (slots held) == count`; a waiter
/// whose task is cancelled leaves the queue at once and gets no slot.
package final class DownloadSlots: Sendable {
    /// Who asks for a slot.
    package enum Priority: Sendable {
        /// Thumbnails: the sheet and every card wait for them.
        case first
        /// Large images: only their own card waits for each.
        case later
    }

    private struct Waiter {
        var id: Int
        var priority: Priority
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var available: Int
        /// How many slots large images may hold (every one once the thumbnails are in).
        var laterShare: Int
        /// How many slots large images hold.
        var laterHeld = 0
        var waiters: [Waiter] = []
        var nextID = 0

        /// Whether a request of `priority` may take a slot now.
        func grants(_ priority: Priority) -> Bool {
            priority == .first ? available > 0 : available > 0 && laterHeld < laterShare
        }

        /// Takes a slot for `priority`.
        mutating func take(_ priority: Priority) {
            available -= 1
            if priority == .later { laterHeld += 1 }
        }

        /// Takes slots for the waiters that may have one now: large images up to their share
        /// first, then thumbnails.
        mutating func admit() -> [Waiter] {
            var admitted: [Waiter] = []
            for priority in [Priority.later, .first] {
                while grants(priority), let index = waiters.firstIndex(where: { $0.priority == priority }) {
                    take(priority)
                    admitted.append(waiters.remove(at: index))
                }
            }
            return admitted
        }
    }

    private let state: Mutex<State>
    /// How many downloads may be in flight.
    let count: Int

    /// `count` slots (at least one), large images holding at most half of them (at least one)
    /// until ``thumbnailsDone()``. A single slot is never kept from large images: a thumbnail may
    /// wait on a large image's download of the same URL (the matrix's shared download memo), and
    /// with the only slot kept from large images that download could never start.
    package init(_ count: Int) {
        self.count = max(count, 1)
        state = Mutex(State(available: max(count, 1), laterShare: max(count / 2, 1)))
    }

    /// Runs `body` holding one slot, waiting for one first; nil, without running it, when the
    /// task is cancelled while it waits.
    package func withSlot<T: Sendable>(_ priority: Priority, _ body: () async -> T) async -> T? {
        guard await acquire(priority) else { return nil }
        let result = await body()
        release(priority)
        return result
    }

    /// How many requests wait for a slot.
    package var waiting: Int { state.withLock { $0.waiters.count } }

    /// Every thumbnail is in: large images may take every slot.
    package func thumbnailsDone() {
        let admitted = state.withLock { state in
            state.laterShare = count
            return state.admit()
        }
        for waiter in admitted { waiter.continuation.resume(returning: true) }
    }

    /// Waits for a slot; false when the task was cancelled instead (no slot is then held).
    private func acquire(_ priority: Priority) async -> Bool {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let granted: Bool? = state.withLock { state in
                    if Task.isCancelled { return false }
                    if state.grants(priority), !state.waiters.contains(where: { $0.priority == priority }) {
                        state.take(priority)
                        return true
                    }
                    state.waiters.append(Waiter(id: id, priority: priority, continuation: continuation))
                    return nil
                }
                if let granted { continuation.resume(returning: granted) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(returning: false)
        }
    }

    /// Gives back a slot `priority` held, to the waiters first.
    private func release(_ priority: Priority) {
        let admitted = state.withLock { state in
            state.available += 1
            if priority == .later { state.laterHeld -= 1 }
            return state.admit()
        }
        for waiter in admitted { waiter.continuation.resume(returning: true) }
    }
}
