import AlbumReportRenderer
import Foundation

/// How a run's cards take turns to be drawn: a single run draws each card as soon as it is ready
/// (``CardsAtOnce``; the cards stage bounds how many are in flight), a matrix's combinations draw
/// theirs in step with the rest of their family (``FamilyTurns``), so that what one draws for an
/// album is still shared when the others draw it.
protocol CardScheduler: Sendable {
    /// A run that will draw the cards of `ranks`, in that order; the member to name in the calls below.
    func join(ranks: [Int]) -> Int
    /// Runs `body` when the card of `rank` may be drawn; nil, without running it, when the task is
    /// cancelled first.
    func withTurn<T: Sendable>(rank: Int, member: Int, _ body: () async -> T) async -> T?
    /// The card of `rank` will not be drawn (its run ended before asking).
    func skip(rank: Int, member: Int)
    /// The run draws no more cards.
    func leave(_ member: Int)
}

/// A single run's cards: each drawn as soon as it is ready, none held back.
struct CardsAtOnce: CardScheduler {
    func join(ranks: [Int]) -> Int { 0 }
    func withTurn<T: Sendable>(rank: Int, member: Int, _ body: () async -> T) async -> T? {
        Task.isCancelled ? nil : await body()
    }
    func skip(rank: Int, member: Int) {}
    func leave(_ member: Int) {}
}

/// A matrix combination's cards, taking the turns of its family (``RenderTurns``).
struct FamilyTurns: CardScheduler {
    var turns: RenderTurns
    /// The family (``MatrixPipeline/schedule(_:jobs:)``).
    var family: Int

    func join(ranks: [Int]) -> Int { turns.join(ranks: ranks, family: family) }
    func withTurn<T: Sendable>(rank: Int, member: Int, _ body: () async -> T) async -> T? {
        await turns.withTurn(rank: rank, member: member, body)
    }
    func skip(rank: Int, member: Int) { turns.skip(rank: rank, member: member) }
    func leave(_ member: Int) { turns.leave(member) }
}

/// What the runs drawn together share: the turns their cards are drawn in, and the pictures and
/// compressed rows they have in common (a matrix's combinations); a single run shares nothing
/// (``none``). The cards stage and the renderer see only these seams.
struct RenderSharing: Sendable {
    var cards: any CardScheduler = CardsAtOnce()
    var screens: ScreenSharing = .none

    /// A single run's: nothing shared.
    static let none = RenderSharing()
}
