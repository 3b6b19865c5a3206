import AlbumReportCore
import AlbumReportGraphics
import AlbumReportRenderer
import Foundation
import Synchronization

/// The cards drawn at once, `count` at a time, the lowest rank first, and never more than
/// ``lead`` ranks ahead of the card any joined run (``join(ranks:)``) has yet to draw: in a matrix
/// one set of turns serves every combination drawn together, so they draw album 1's cards, then
/// album 2's, in step, and what one draws for an album (its resampled artwork, its compressed
/// artwork rows) is still kept when the others draw it (``RenderSharing``). A run waiting for its
/// card's artwork holds the others back by at most ``lead`` ranks, and never deadlocks them: its
/// own lowest card is always admitted once it waits. In a single run the cards in flight are
/// drawn in rank order. Invariant: `available + (turns held) == count`; a waiter whose task is
/// cancelled leaves the queue at once and gets no turn.
package final class RenderTurns: Sendable {
    /// How far ahead of the slowest joined run a card may be drawn.
    package static let lead = 2

    private struct Waiter {
        var id: Int
        var rank: Int
        var member: Int?
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var available: Int
        var waiters: [Waiter] = []
        var nextID = 0
        /// Each joined run's ranks not yet drawn, in the order it asks for them.
        var pending: [Int: [Int]] = [:]

        /// The lowest of the ranks the joined runs will ask for next: each run's next card is in
        /// flight (a run starts its cards in order, a few at a time), and the run whose next card
        /// has this rank is always admitted, so no run waits on a card that cannot start.
        var floor: Int? { pending.values.compactMap(\.first).min() }

        func admits(_ rank: Int) -> Bool {
            available > 0 && floor.map { rank <= $0 + RenderTurns.lead } ?? true
        }

        /// Gives a turn to `rank` of `member`.
        mutating func take(_ rank: Int, member: Int?) {
            available -= 1
            if let member, let index = pending[member]?.firstIndex(of: rank) { pending[member]?.remove(at: index) }
        }

        /// The waiters that may have a turn now, lowest rank first (then first come).
        mutating func admit() -> [Waiter] {
            var admitted: [Waiter] = []
            while let next = waiters.indices.min(by: { Self.before(waiters[$0], waiters[$1]) }),
                admits(waiters[next].rank)
            {
                let waiter = waiters.remove(at: next)
                take(waiter.rank, member: waiter.member)
                admitted.append(waiter)
            }
            return admitted
        }

        static func before(_ a: Waiter, _ b: Waiter) -> Bool { (a.rank, a.id) < (b.rank, b.id) }
    }

    private let state: Mutex<State>
    /// How many cards may be drawn at once.
    package let count: Int

    /// `count` turns (at least one).
    package init(_ count: Int) {
        self.count = max(count, 1)
        state = Mutex(State(available: max(count, 1)))
    }

    /// A run drawing cards of `ranks`, in the order it will ask for them (it starts its cards in
    /// that order): until it ``leave(_:)``s, no card is drawn more than ``lead`` ranks ahead of
    /// the next card it asks for.
    package func join(ranks: [Int]) -> Int {
        state.withLock { state in
            state.nextID += 1
            state.pending[state.nextID] = ranks
            return state.nextID
        }
    }

    /// The run `member` draws no more cards (done, or failed).
    package func leave(_ member: Int) {
        let admitted = state.withLock { state in
            state.pending[member] = nil
            return state.admit()
        }
        for waiter in admitted { waiter.continuation.resume(returning: true) }
    }

    /// Runs `body` holding a turn for the card of `rank` (of the joined run `member`), waiting for
    /// one first (behind every lower rank waiting); nil, without running it, when the task is
    /// cancelled while it waits.
    package func withTurn<T: Sendable>(rank: Int, member: Int? = nil, _ body: () async -> T) async -> T? {
        guard await acquire(rank: rank, member: member) else { return nil }
        let result = await body()
        release()
        return result
    }

    /// How many cards wait for a turn.
    package var waiting: Int { state.withLock { $0.waiters.count } }

    private func acquire(rank: Int, member: Int?) async -> Bool {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let granted: Bool? = state.withLock { state in
                    if Task.isCancelled { return false }
                    if state.admits(rank), !state.waiters.contains(where: { $0.rank < rank }) {
                        state.take(rank, member: member)
                        return true
                    }
                    state.waiters.append(Waiter(id: id, rank: rank, member: member, continuation: continuation))
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

    private func release() {
        let admitted = state.withLock { state in
            state.available += 1
            return state.admit()
        }
        for waiter in admitted { waiter.continuation.resume(returning: true) }
    }
}

/// What the combinations a matrix draws together share: the turns their cards are drawn in, and
/// the pictures and compressed rows they have in common (``ScreenSharing``).
struct RenderSharing: Sendable {
    var turns: RenderTurns
    var screens: ScreenSharing

    /// Sharing for runs drawing `concurrency` cards at once between them.
    init(concurrency: Int) {
        turns = RenderTurns(concurrency)
        screens = ScreenSharing(
            rasters: ArtworkRasters(digest: { Digest.sha256Hex($0) }), spans: DeflateSpanMemo())
    }
}
