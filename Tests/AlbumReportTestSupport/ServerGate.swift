import Foundation
import Synchronization

/// A latch a test opens: a ``LoopbackHTTPServer/Route`` given one answers only once it is open
/// (then after its own delay), so a test can hold some downloads back until the tool has done
/// something else first, with no timing involved.
public final class ServerGate: Sendable {
    private struct State {
        var isOpen = false
        var waiting: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    /// A closed gate.
    public init() {}

    /// Whether it has been opened.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Opens it: every held answer goes out, and later requests are answered at once.
    public func open() {
        let waiting = state.withLock { state -> [@Sendable () -> Void] in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for action in waiting { action() }
    }

    /// Runs `action` once the gate is open (now, when it already is).
    func whenOpen(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.isOpen { return true }
            state.waiting.append(action)
            return false
        }
        if now { action() }
    }
}
