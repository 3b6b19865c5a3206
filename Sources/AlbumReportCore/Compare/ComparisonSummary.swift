/// The images of one pair in the report folder, as paths relative to it: what the HTML report
/// shows, so that the folder alone, downloaded from CI, shows everything.
public struct PairImages: Sendable, Hashable, Codable {
    public var expected: String?
    public var actual: String?
    public var diff: String?
    public var sideBySide: String?

    /// Creates the record.
    public init(expected: String? = nil, actual: String? = nil, diff: String? = nil, sideBySide: String? = nil) {
        self.expected = expected
        self.actual = actual
        self.diff = diff
        self.sideBySide = sideBySide
    }
}

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
    /// Its images in the report folder (for pairs that are not a match).
    public var images: PairImages?
    /// Whether `--update` wrote the actual image over the expected one (changed, new), or removed
    /// the expected one (missing).
    public var updated: Bool
    /// A sentence for errors, missing and new files, or the figures of a mismatch.
    public var message: String

    /// Creates a result.
    public init(
        name: String, status: Status, expectedPath: String? = nil, actualPath: String? = nil,
        difference: PixelDifference? = nil, images: PairImages? = nil, updated: Bool = false, message: String
    ) {
        self.name = name
        self.status = status
        self.expectedPath = expectedPath
        self.actualPath = actualPath
        self.difference = difference
        self.images = images
        self.updated = updated
        self.message = message
    }

    /// Whether this pair fails a comparison that fails on `failOn` (an unreadable file always
    /// does; a pair `--update` brought in line never does: the goldens now agree).
    public func fails(_ failOn: FailOn) -> Bool {
        if updated { return false }
        switch status {
        case .match: return false
        case .mismatch: return failOn.contains(.changed)
        case .new: return failOn.contains(.new)
        case .missing: return failOn.contains(.missing)
        case .error: return true
        }
    }
}

/// Every pair of a comparison, with the options used.
public struct ComparisonSummary: Sendable, Hashable, Codable {
    public var expected: String
    public var actual: String
    public var options: CompareOptions
    public var pairs: [PairResult]
    /// What differs between the two reports' fonts and libraries (their manifests), the usual
    /// cause of a failure on a new runner; empty when nothing does or there are no manifests.
    public var drift: [String]
    /// The folder of the HTML report and the images it shows.
    public var reportDirectory: String?
    /// The manifest `--mask-element`'s masks were placed from: the goldens' (nil without element
    /// masks).
    public var maskSource: String?

    /// Creates a summary.
    public init(
        expected: String, actual: String, options: CompareOptions, pairs: [PairResult], drift: [String] = [],
        reportDirectory: String? = nil
    ) {
        self.expected = expected
        self.actual = actual
        self.options = options
        self.pairs = pairs
        self.drift = drift
        self.reportDirectory = reportDirectory
    }

    /// Count of pairs with `status`.
    public func count(_ status: PairResult.Status) -> Int {
        pairs.filter { $0.status == status }.count
    }

    /// The pairs that fail under the options' `failOn`.
    public var failures: [PairResult] { pairs.filter { $0.fails(options.failOn) } }

    /// True when no pair fails.
    public var passes: Bool { failures.isEmpty }

    /// What the exit status says: `fail` when a pair fails under `--fail-on`, `error` when a
    /// file could not be read (which outranks a failure), `pass` otherwise.
    public var verdict: Verdict {
        if count(.error) > 0 { return .error }
        return passes ? .pass : .fail
    }

    /// "12 compared: 11 match, 1 mismatch, 0 missing, 0 new, 0 errors".
    public var line: String {
        "\(pairs.count) compared: \(count(.match)) match, \(count(.mismatch)) mismatch, \(count(.missing)) missing, \(count(.new)) new, \(count(.error)) errors"
    }
}

/// A comparison's or one pair's outcome, as CI reads it (`--json`'s `verdict`).
public enum Verdict: String, Sendable, Hashable, Codable {
    /// Nothing fails (exit 0).
    case pass
    /// A changed, new or missing file that `--fail-on` counts (exit 1).
    case fail
    /// A file could not be read or is not a PNG (exit 2).
    case error
}

extension PairResult {
    /// This pair's verdict under `failOn`: an unreadable file is an error, a pair that
    /// ``fails(_:)`` fails, any other passes (a new file `--fail-on` does not count passes).
    public func verdict(_ failOn: FailOn) -> Verdict {
        if status == .error { return .error }
        return fails(failOn) ? .fail : .pass
    }
}

/// The counts `--json` puts beside the pairs, so that a script need not count them.
public struct ComparisonTotals: Sendable, Hashable, Codable {
    public var compared: Int
    public var match: Int
    public var mismatch: Int
    public var missing: Int
    public var new: Int
    public var error: Int
    /// Pairs that fail under `--fail-on` (errors included).
    public var failing: Int
    /// Pairs `--update` wrote or removed.
    public var updated: Int
}

extension ComparisonSummary {
    /// The summary's counts.
    public var totals: ComparisonTotals {
        ComparisonTotals(
            compared: pairs.count, match: count(.match), mismatch: count(.mismatch), missing: count(.missing),
            new: count(.new), error: count(.error), failing: failures.count, updated: pairs.filter(\.updated).count)
    }

    private enum CodingKeys: String, CodingKey {
        case expected, actual, options, pairs, drift, reportDirectory, maskSource, totals, verdict
    }

    /// A pair as `--json` writes it: its fields and its verdict.
    private struct EncodedPair: Encodable {
        var pair: PairResult
        var verdict: Verdict
        private enum Keys: String, CodingKey { case verdict }

        func encode(to encoder: any Encoder) throws {
            try pair.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(verdict, forKey: .verdict)
        }
    }

    /// Writes the stored fields, the totals, the overall verdict and each pair's verdict.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(expected, forKey: .expected)
        try container.encode(actual, forKey: .actual)
        try container.encode(options, forKey: .options)
        try container.encode(
            pairs.map { EncodedPair(pair: $0, verdict: $0.verdict(options.failOn)) }, forKey: .pairs)
        try container.encode(drift, forKey: .drift)
        try container.encodeIfPresent(reportDirectory, forKey: .reportDirectory)
        try container.encodeIfPresent(maskSource, forKey: .maskSource)
        try container.encode(totals, forKey: .totals)
        try container.encode(verdict, forKey: .verdict)
    }

    /// Reads the stored fields; the totals and verdicts are derived, so they are not read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            expected: try container.decode(String.self, forKey: .expected),
            actual: try container.decode(String.self, forKey: .actual),
            options: try container.decode(CompareOptions.self, forKey: .options),
            pairs: try container.decode([PairResult].self, forKey: .pairs),
            drift: try container.decode([String].self, forKey: .drift),
            reportDirectory: try container.decodeIfPresent(String.self, forKey: .reportDirectory))
        maskSource = try container.decodeIfPresent(String.self, forKey: .maskSource)
    }
}
