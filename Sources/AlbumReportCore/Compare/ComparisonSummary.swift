/// The outcome of comparing one expected/actual pair.
public struct PairResult: Sendable, Hashable, Codable {
    /// What happened.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Same size, and no more differing pixels than allowed.
        case match
        /// Different size or too many differing pixels.
        case mismatch
        /// Only the expected side has this file.
        case missing
        /// Only the actual side has this file.
        case new
        /// One side could not be read or is not a PNG.
        case error
    }

    /// The pair's relative path (folder mode) or the expected file's name.
    public var name: String
    public var status: Status
    public var expectedPath: String?
    public var actualPath: String?
    /// Pixel figures, when the pixels were compared.
    public var difference: PixelDifference?
    /// Written on mismatch.
    public var diffImagePath: String?
    public var compareImagePath: String?
    /// Whether `--update` copied the actual image over the expected one.
    public var updated: Bool
    /// A sentence for errors, missing and new files, or the figures of a mismatch.
    public var message: String

    /// Creates a result.
    public init(
        name: String, status: Status, expectedPath: String? = nil, actualPath: String? = nil,
        difference: PixelDifference? = nil, diffImagePath: String? = nil, compareImagePath: String? = nil,
        updated: Bool = false, message: String
    ) {
        self.name = name
        self.status = status
        self.expectedPath = expectedPath
        self.actualPath = actualPath
        self.difference = difference
        self.diffImagePath = diffImagePath
        self.compareImagePath = compareImagePath
        self.updated = updated
        self.message = message
    }

    /// Whether this pair fails the comparison.
    public var fails: Bool { status != .match }
}

/// Every pair of a comparison, with the options used.
public struct ComparisonSummary: Sendable, Hashable, Codable {
    public var expected: String
    public var actual: String
    public var options: CompareOptions
    public var pairs: [PairResult]

    /// Creates a summary.
    public init(expected: String, actual: String, options: CompareOptions, pairs: [PairResult]) {
        self.expected = expected
        self.actual = actual
        self.options = options
        self.pairs = pairs
    }

    /// Count of pairs with `status`.
    public func count(_ status: PairResult.Status) -> Int {
        pairs.filter { $0.status == status }.count
    }

    /// True when every pair matches.
    public var allMatch: Bool { pairs.allSatisfy { !$0.fails } }

    /// "12 compared: 11 match, 1 mismatch, 0 missing, 0 new, 0 errors".
    public var line: String {
        "\(pairs.count) compared: \(count(.match)) match, \(count(.mismatch)) mismatch, \(count(.missing)) missing, \(count(.new)) new, \(count(.error)) errors"
    }
}
