import Synchronization

/// A thread-safe cache with a budget: when an insertion would take it past `limit` (in whatever
/// cost the caller counts: entries, glyphs, bytes), it forgets everything and starts again. A
/// chart's repeated strings and characters stay cached, while a 1,000-item chart in many
/// scripts cannot grow it without bound. What is cached never changes a result, only its speed.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State: Sendable {
        var entries: [Key: Value] = [:]
        var cost = 0
    }

    private let state = Mutex(State())
    /// The budget.
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// The cached value, if any.
    func value(for key: Key) -> Value? {
        state.withLock { $0.entries[key] }
    }

    /// The cached value for `key`, or else `compute()`'s, cached at `cost(value)`. Two threads
    /// may compute the same value at once; both get the same answer.
    func value(for key: Key, cost: (Value) -> Int = { _ in 1 }, compute: () -> Value) -> Value {
        if let cached = value(for: key) { return cached }
        let computed = compute()
        insert(computed, for: key, cost: cost(computed))
        return computed
    }

    /// Caches `value`, first emptying the cache when `cost` more would exceed the budget.
    func insert(_ value: Value, for key: Key, cost: Int = 1) {
        state.withLock { state in
            if state.cost + cost > limit {
                state.entries.removeAll()
                state.cost = 0
            }
            state.entries[key] = value
            state.cost += cost
        }
    }
}
