import Foundation
import Synchronization

/// The thumbnails of one run as they arrive: the artwork stage posts each outcome the moment its
/// download ends, and the sheet and the cards, running at the same time, wait only for the
/// thumbnails they draw.
///
/// Invariant: once ``close()`` has been called (the artwork stage ended, finished or cancelled)
/// nobody waits: an outcome that was never posted is nil, as it would be in a finished
/// stage's dictionary. A waiter whose task is cancelled gets nil at once.
final class ThumbnailBoard: Sendable {
    private struct Waiter {
        var id: Int
        /// The URL text waited for; nil waits for the board to close.
        var url: String?
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var outcomes: [String: ArtworkOutcome] = [:]
        var closed = false
        var waiters: [Waiter] = []
        var nextID = 0
    }

    private let state = Mutex(State())

    /// An empty, open board.
    init() {}

    /// Posts the outcome of `url` and wakes whoever waits for it.
    func post(_ url: String, _ outcome: ArtworkOutcome) {
        let woken = state.withLock { state -> [Waiter] in
            state.outcomes[url] = outcome
            let woken = state.waiters.filter { $0.url == url }
            state.waiters.removeAll { $0.url == url }
            return woken
        }
        for waiter in woken { waiter.continuation.resume() }
    }

    /// Marks the board complete: nothing more will be posted. Wakes every waiter.
    func close() {
        let woken = state.withLock { state -> [Waiter] in
            state.closed = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in woken { waiter.continuation.resume() }
    }

    /// The outcome of `url`, waiting until it is posted; nil when it never will be.
    func outcome(for url: String) async -> ArtworkOutcome? {
        await wait(for: url)
        return state.withLock { $0.outcomes[url] }
    }

    /// Every outcome, once the board is closed.
    func all() async -> [String: ArtworkOutcome] {
        await wait(for: nil)
        return state.withLock { $0.outcomes }
    }

    /// Returns once `url` is posted (nil: once the board is closed), the board is closed, or the
    /// task is cancelled.
    private func wait(for url: String?) async {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    if Task.isCancelled || state.closed { return true }
                    if let url, state.outcomes[url] != nil { return true }
                    state.waiters.append(Waiter(id: id, url: url, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume()
        }
    }
}
