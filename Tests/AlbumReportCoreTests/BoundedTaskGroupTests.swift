import AlbumReportCore
import Synchronization
import Testing

@Suite("BoundedTaskGroup: bounded, ordered, cancelled on the first error")
struct BoundedTaskGroupTests {
    /// Counts the tasks running at once.
    final class Gauge: Sendable {
        private let state = Mutex((running: 0, most: 0))
        func enter() {
            state.withLock {
                $0.running += 1; $0.most = max($0.most, $0.running)
            }
        }
        func leave() { state.withLock { $0.running -= 1 } }
        var most: Int { state.withLock { $0.most } }
    }

    @Test("results come back in the inputs' order, never more than the limit at once")
    func orderAndLimit() async throws {
        let gauge = Gauge()
        var arrivals = 0
        let results = try await BoundedTaskGroup.map(Array(0..<40), limit: 3, arrived: { _, _ in arrivals += 1 }) {
            value in
            gauge.enter()
            defer { gauge.leave() }
            // Later inputs finish first, so arrival order is not input order.
            try await Task.sleep(for: .microseconds(40 - value))
            return value * 2
        }
        #expect(results == (0..<40).map { $0 * 2 })
        #expect(arrivals == 40)
        #expect(gauge.most <= 3)
    }

    @Test("the first error is rethrown and no further work starts")
    func firstErrorStops() async {
        struct Failure: Error {}
        let started = Mutex(0)
        await #expect(throws: Failure.self) {
            try await BoundedTaskGroup.forEach(Array(0..<100), limit: 2, arrived: { _, _ in }) { value in
                started.withLock { $0 += 1 }
                if value == 1 { throw Failure() }
                return value
            }
        }
        #expect(started.withLock { $0 } < 100)
    }
}
