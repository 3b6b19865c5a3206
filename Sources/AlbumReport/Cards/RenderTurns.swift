import AlbumReportCore
import Foundation
import Synchronization

/// A matrix's cards drawn `count` at a time, the lowest rank first, never more than ``lead`` ranks
/// ahead of the next card any other joined run of the same family (``join(ranks:family:)``) will
/// ask for: one set of turns serves every combination drawn together, so a family's combinations
/// draw album 1's cards, then album 2's, in step, and what one draws for an album (its resampled
/// artwork, its compressed artwork rows) is still kept when the others draw it
/// (``RenderSharing``). An earlier family's cards go before a later one's, so the last
/// combinations of a family finish while the next starts. A run waiting for its card's artwork
/// holds its family back by at most ``lead`` ranks and never deadlocks it: the run whose next card
/// is the family's lowest is always admitted once that card waits. Invariant: `available + (turns
/// held) == count`; a waiter whose task is cancelled leaves the queue at once and gets no turn.
///
/// Why: measured on the matrix benchmark (24 combinations of the sample), the matrix whose
/// combinations did not keep in step took 28 % longer (57.2 s against 44.7 s, one run each,
/// alternating): the shared pictures and spans were let go before the others drew them.
package final class RenderTurns: Sendable {
    /// How far ahead of its family's slowest joined run a card may be drawn.
    package static let lead = 1

    private struct Waiter {
        var id: Int
        var rank: Int
        var member: Int
        var family: Int
        var continuation: CheckedContinuation<Bool, Never>
    }

    /// A joined run: its family, and its ranks not yet drawn in the order it asks for them.
    private struct Joined {
        var family: Int
        var ranks: [Int]
    }

    private struct State {
        var available: Int
        var waiters: [Waiter] = []
        var nextID = 0
        var joined: [Int: Joined] = [:]

        /// The lowest of the ranks `family`'s joined runs will ask for next: each run's next card
        /// is in flight (a run starts its cards in order, a few at a time), and the run whose next
        /// card has this rank is always admitted, so no run waits on a card that cannot start.
        func floor(of family: Int) -> Int? {
            joined.values.filter { $0.family == family }.compactMap(\.ranks.first).min()
        }

        func admits(_ waiter: Waiter) -> Bool {
            guard available > 0 else { return false }
            guard let floor = floor(of: waiter.family) else { return true }
            return waiter.rank <= floor + RenderTurns.lead
        }

        /// The waiters that may have a turn now: an earlier family first, then the lowest rank,
        /// then the first come; each takes its rank off its run's.
        mutating func admit() -> [Waiter] {
            var admitted: [Waiter] = []
            for waiter in waiters.sorted(by: Self.before) where admits(waiter) {
                available -= 1
                drop(waiter.rank, member: waiter.member)
                waiters.removeAll { $0.id == waiter.id }
                admitted.append(waiter)
            }
            return admitted
        }

        /// Takes `rank` off `member`'s ranks still to draw.
        mutating func drop(_ rank: Int, member: Int) {
            if let index = joined[member]?.ranks.firstIndex(of: rank) {
                joined[member]?.ranks.remove(at: index)
            }
        }

        static func before(_ a: Waiter, _ b: Waiter) -> Bool { (a.family, a.rank, a.id) < (b.family, b.rank, b.id) }
    }

    private let state: Mutex<State>
    /// How many cards may be drawn at once.
    package let count: Int

    /// `count` turns (at least one).
    package init(_ count: Int) {
        self.count = max(count, 1)
        state = Mutex(State(available: max(count, 1)))
    }

    /// A run of `family` drawing cards of `ranks`, in the order it will ask for them (it starts
    /// its cards in that order): until it ``leave(_:)``s, no card of its family is drawn more than
    /// ``lead`` ranks ahead of the next card it asks for.
    package func join(ranks: [Int], family: Int = 0) -> Int {
        state.withLock { state in
            state.nextID += 1
            state.joined[state.nextID] = Joined(family: family, ranks: ranks)
            return state.nextID
        }
    }

    /// The run `member` draws no more cards (done, or failed).
    package func leave(_ member: Int) {
        let admitted = state.withLock { state in
            state.joined[member] = nil
            return state.admit()
        }
        for waiter in admitted { waiter.continuation.resume(returning: true) }
    }

    /// The card of `rank` of the run `member` will not ask for a turn (it ended before): its
    /// family is no longer held back by it.
    package func skip(rank: Int, member: Int) {
        let admitted = state.withLock { state in
            state.drop(rank, member: member)
            return state.admit()
        }
        for waiter in admitted { waiter.continuation.resume(returning: true) }
    }

    /// Runs `body` holding a turn for the card of `rank` (of the joined run `member`), waiting for
    /// one first; nil, without running it, when the task is cancelled while it waits.
    package func withTurn<T: Sendable>(rank: Int, member: Int, _ body: () async -> T) async -> T? {
        guard await acquire(rank: rank, member: member) else { return nil }
        let result = await body()
        release()
        return result
    }

    /// How many cards wait for a turn.
    package var waiting: Int { state.withLock { $0.waiters.count } }

    private func acquire(rank: Int, member: Int) async -> Bool {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let admitted: [Waiter]? = state.withLock { state in
                    if Task.isCancelled { return nil }
                    let family = state.joined[member]?.family ?? 0
                    state.waiters.append(
                        Waiter(id: id, rank: rank, member: member, family: family, continuation: continuation))
                    return state.admit()
                }
                guard let admitted else {
                    continuation.resume(returning: false)
                    return
                }
                for waiter in admitted { waiter.continuation.resume(returning: true) }
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
