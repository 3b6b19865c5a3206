import Foundation
import Synchronization

/// The `--concurrency` downloads one run may have in flight, shared by everything that
/// downloads artwork at the same time: the thumbnails (``Priority/first``) and the cards' large
/// images (``Priority/later``).
///
/// Thumbnails never wait behind large images: a freed slot goes to a waiting thumbnail first,
/// and until ``thumbnailsDone()`` one slot (of two or more) is kept for thumbnails alone, so large images that a
/// server holds back (or stalls) can never take every slot while the sheet still needs rows.
/// Within a priority, first come, first served. Invariant: `available + (slots held) == count`;
/// a waiter whose task is cancelled leaves the queue at once and gets no slot.
final class DownloadSlots: Sendable {
    /// Who asks for a slot.
    enum Priority: Sendable {
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
        /// Slots only ``Priority/first`` may take.
        var reserved: Int
        var waiters: [Waiter] = []
        var nextID = 0

        /// Whether a request of `priority` may take a slot now.
        func grants(_ priority: Priority) -> Bool {
            priority == .first ? available > 0 : available > reserved
        }

        /// Takes slots for the waiters that may have one now, thumbnails first.
        mutating func admit() -> [Waiter] {
            var admitted: [Waiter] = []
            for priority in [Priority.first, .later] {
                while grants(priority), let index = waiters.firstIndex(where: { $0.priority == priority }) {
                    available -= 1
                    admitted.append(waiters.remove(at: index))
                }
            }
            return admitted
        }
    }

    private let state: Mutex<State>
    /// How many downloads may be in flight.
    let count: Int

    /// `count` slots (at least one), one of them kept for thumbnails until ``thumbnailsDone()``
    /// when there are two or more. A single slot is never kept: a thumbnail may wait on a large
    /// image's download of the same URL (the matrix's shared download memo), and with the only
    /// slot kept from large images that download could never start.
    init(_ count: Int) {
        self.count = max(count, 1)
        state = Mutex(State(available: max(count, 1), reserved: count > 1 ? 1 : 0))
    }

    /// Runs `body` holding one slot, waiting for one first; nil, without running it, when the
    /// task is cancelled while it waits.
    func withSlot<T: Sendable>(_ priority: Priority, _ body: () async -> T) async -> T? {
        guard await acquire(priority) else { return nil }
        let result = await body()
        release()
        return result
    }

    /// Every thumbnail is in: large images may take every slot.
    func thumbnailsDone() {
        let admitted = state.withLock { state in
            state.reserved = 0
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
                        state.available -= 1
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

    /// Gives a slot back, to the waiters first.
    private func release() {
        let admitted = state.withLock { state in
            state.available += 1
            return state.admit()
        }
        for waiter in admitted { waiter.continuation.resume(returning: true) }
    }
}
