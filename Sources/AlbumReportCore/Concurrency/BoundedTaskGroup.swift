/// Work on many inputs, a bounded number at a time: a task group seeded with `limit` tasks and
/// one more added as each finishes. Results are keyed by the input's place, so their order never
/// depends on timing. The one way albumreport runs its cards, matrix combinations, downloads and
/// comparisons concurrently.
public enum BoundedTaskGroup {
    /// `work` applied to every input, at most `limit` at once; `arrived` is handed each result as
    /// it finishes (in the caller's context, one at a time), and nothing is kept: a caller that
    /// lets a result go once handled (a downloaded thumbnail) holds no more than `limit` of them.
    /// The first error cancels the rest and is rethrown; once the task is cancelled no new work
    /// starts, and `CancellationError` is thrown unless every result had arrived.
    public static func forEach<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], limit: Int,
        arrived: (_ index: Int, _ output: Output) throws -> Void,
        _ work: @escaping @Sendable (Input) async throws -> Output
    ) async throws {
        try await withThrowingTaskGroup(of: (Int, Output).self) { group in
            var pending = inputs.indices.makeIterator()
            var count = 0
            func addNext() {
                guard !Task.isCancelled, let index = pending.next() else { return }
                let input = inputs[index]
                group.addTask { (index, try await work(input)) }
            }
            for _ in 0..<max(limit, 1) { addNext() }
            while let (index, output) = try await group.next() {
                count += 1
                try arrived(index, output)
                addNext()
            }
            guard count == inputs.count else { throw CancellationError() }
        }
    }

    /// ``forEach(_:limit:arrived:_:)`` keeping every result.
    /// - Returns: the results in the inputs' order.
    public static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], limit: Int,
        arrived: (_ index: Int, _ output: Output) throws -> Void = { _, _ in },
        _ work: @escaping @Sendable (Input) async throws -> Output
    ) async throws -> [Output] {
        var results = [Output?](repeating: nil, count: inputs.count)
        try await forEach(
            inputs, limit: limit,
            arrived: { index, output in
                results[index] = output
                try arrived(index, output)
            }, work)
        return results.compactMap { $0 }
    }
}
