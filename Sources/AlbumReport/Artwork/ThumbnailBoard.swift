import AlbumReportCore
import Foundation
import Synchronization

/// The thumbnails of one run as they arrive: the artwork stage posts each outcome the moment its
/// download ends, and the sheet and the cards, running at the same time, wait only for the
/// thumbnails they draw.
///
/// Each image's bytes are let go once the last of its expected takes has had them (one per sheet
/// row, one per card and one per row behind presented cards, ``takes(sheet:cards:backdrop:)``): a 1,000-item report does not hold a thousand
/// thumbnails to its end. Its SHA-256 stays, for the sheet's render key.
///
/// Invariant: once ``close()`` has been called (the artwork stage ended, finished or cancelled)
/// nobody waits: an outcome that was never posted is nil, as it would be in a finished
/// stage's dictionary. A waiter whose task is cancelled gets nil at once.
package final class ThumbnailBoard: Sendable {
    private struct Waiter {
        var id: Int
        /// The URL text waited for; nil waits for the board to close.
        var url: String?
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var outcomes: [String: ArtworkOutcome] = [:]
        /// The SHA-256 (hex) of every image posted, kept after its bytes are let go.
        var digests: [String: String] = [:]
        /// Takes still expected, per URL text; the bytes go with the last (at 0). A URL not listed
        /// is kept to the end.
        var takes: [String: Int]
        /// Images whose bytes were let go.
        var released: Set<String> = []
        var closed = false
        var waiters: [Waiter] = []
        var nextID = 0
    }

    private let state: Mutex<State>

    /// An empty, open board expecting `takes` per URL text.
    package init(takes: [String: Int] = [:]) {
        state = Mutex(State(takes: takes))
    }

    /// The takes of one run: one for each distinct rank of `sheet` (the rows the sheet draws; the
    /// sheet takes each rank's thumbnail once, see ``SheetStage``), one for each of `cards`, and
    /// one for each of `backdrop` (the list behind presented cards, taken once for all of them).
    package static func takes(sheet: [FeedItem], cards: [FeedItem], backdrop: [FeedItem] = []) -> [String: Int] {
        var takes: [String: Int] = [:]
        var ranks = Set<Int>()
        for item in sheet where ranks.insert(item.rank).inserted {
            if let url = item.artworkURL { takes[url, default: 0] += 1 }
        }
        for item in cards + backdrop {
            if let url = item.artworkURL { takes[url, default: 0] += 1 }
        }
        return takes
    }

    /// Posts the outcome of `url` and wakes whoever waits for it.
    package func post(_ url: String, _ outcome: ArtworkOutcome) {
        let digest = outcome.data.map { Digest.sha256Hex($0) }
        let woken = state.withLock { state -> [Waiter] in
            state.digests[url] = digest
            if digest != nil, state.takes[url] == 0 {
                // Every take was forgone before the bytes came.
                state.released.insert(url)
            } else {
                state.outcomes[url] = outcome
            }
            let woken = state.waiters.filter { $0.url == url }
            state.waiters.removeAll { $0.url == url }
            return woken
        }
        for waiter in woken { waiter.continuation.resume() }
    }

    /// The outcome of `url`, waiting until it is posted (nil when it never will be), counted as
    /// one of its expected takes: after the last, the board lets its bytes go.
    package func take(_ url: String) async -> ArtworkOutcome? {
        await wait(for: url)
        return state.withLock { state in
            let outcome = state.outcomes[url]
            // More takes than expected would draw a placeholder for a thumbnail that loaded.
            assert(!state.released.contains(url), "the thumbnail \(url) was taken more often than expected")
            forgo(url, in: &state)
            return outcome
        }
    }

    /// Counts one expected take of `url` that will not happen (a row on a page reused whole).
    package func forgo(_ url: String) {
        state.withLock { forgo(url, in: &$0) }
    }

    private func forgo(_ url: String, in state: inout State) {
        guard let left = state.takes[url], left > 0 else { return }
        state.takes[url] = left - 1
        // Bytes not posted yet are let go as they come (see ``post(_:_:)``); failures stay.
        guard left == 1, case .image? = state.outcomes[url] else { return }
        state.outcomes[url] = nil
        state.released.insert(url)
    }

    /// Whether the bytes of `url` were let go (for tests).
    package func hasReleased(_ url: String) -> Bool {
        state.withLock { $0.released.contains(url) }
    }

    /// Marks the board complete: nothing more will be posted. Wakes every waiter.
    package func close() {
        let woken = state.withLock { state -> [Waiter] in
            state.closed = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in woken { waiter.continuation.resume() }
    }

    /// The SHA-256 of every image posted, by URL text, once the board is closed.
    package func digests() async -> [String: String] {
        await wait(for: nil)
        return state.withLock { $0.digests }
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
                    if let url, state.outcomes[url] != nil || state.released.contains(url) { return true }
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
