import AlbumReportCore
import Foundation
import Testing

// MARK: - One test per golden

/// Which test first asked for each golden in this process (by path).
actor GoldenOwners {
    static let shared = GoldenOwners()
    private var owners: [String: String] = [:]

    /// Records `test` as the owner of `golden`; returns the other test that already owns it, or
    /// nil when none does (or `test` does).
    func claim(_ golden: URL, for test: String) -> String? {
        let path = golden.standardizedFileURL.path
        if let owner = owners[path], owner != test { return owner }
        owners[path] = test
        return nil
    }
}

// MARK: - One golden per test case

extension GoldenImage {
    /// The longest case name, in characters, before its hash.
    static let maximumCaseNameLength = 60

    /// The file-name part of a parameterised test case whose arguments are described as
    /// `descriptions` (each by `String(describingForTest:)`, strings as they are): their slugs joined by `-`, at most
    /// ``maximumCaseNameLength`` characters, followed by `-` and eight hex digits of the SHA-256 of
    /// the exact descriptions whenever the slug lost anything (case, punctuation, length), so that
    /// `"Dark"` and `"dark"` never share a golden. `["dark"]` → `dark`; `["Dark Mode", "2"]` →
    /// `dark-mode-2-1f3a…`.
    public static func caseName(describing descriptions: [String]) -> String {
        let joined = descriptions.joined(separator: "-")
        let slug = String(Slug.make(descriptions.map(Slug.make).joined(separator: "-")).prefix(maximumCaseNameLength))
        if slug == joined { return slug }
        let exact = descriptions.joined(separator: "\u{1F}")
        return slug + "-" + SHA256.hex(of: Data(exact.utf8)).prefix(8)
    }

    /// The case name of the running Swift Testing test case, nil when it is not parameterised.
    /// Its arguments are read from `Test.Case.current` (their values are not public API in Swift
    /// Testing 6.3, so they are found by reflection); when they cannot be read, the cases of one
    /// test function are numbered in the order they ask for the golden called `name`
    /// (`case-1`, `case-2`, …): distinct, but only deterministic when the cases run serially and
    /// each asks for each golden once.
    static func currentCaseName(function: String, filePath: String, name: String?) -> String? {
        guard let testCase = Test.Case.current, testCase.isParameterized else { return nil }
        if let values = argumentValues(of: testCase), !values.isEmpty {
            return caseName(describing: values.map(describe))
        }
        let key = [filePath, function, name ?? ""].joined(separator: "\u{1F}")
        return "case-\(caseCounter.next(for: key))"
    }

    /// A string argument as itself (not quoted), anything else as Swift Testing describes it.
    private static func describe(_ value: Any) -> String {
        if let string = value as? any StringProtocol { return String(describing: string) }
        return String(describingForTest: value)
    }

    /// The cases numbered so far per test function, for ``currentCaseName(function:filePath:name:)``.
    private static let caseCounter = CaseCounter()

    /// The argument values of `testCase`: the `value` of each element of its `arguments`, found
    /// by reflection wherever Swift Testing stores them (a field, or an enum case's payload).
    static func argumentValues(of testCase: Test.Case) -> [Any]? {
        guard let arguments = child(labelled: "arguments", in: testCase, depth: 4) else { return nil }
        var values: [Any] = []
        for element in Mirror(reflecting: arguments).children {
            guard let value = Mirror(reflecting: element.value).children.first(where: { $0.label == "value" })
            else { return nil }
            values.append(value.value)
        }
        return values
    }

    /// The first child labelled `label`, searched breadth-first down to `depth` levels.
    private static func child(labelled label: String, in value: Any, depth: Int) -> Any? {
        var level: [Any] = [value]
        for _ in 0..<depth {
            var next: [Any] = []
            for item in level {
                for child in Mirror(reflecting: item).children {
                    if child.label == label { return child.value }
                    next.append(child.value)
                }
            }
            level = next
        }
        return nil
    }
}

/// A lock-protected count per key; `next(for:)` returns 1, 2, 3, … for each key.
private final class CaseCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func next(for key: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        counts[key, default: 0] += 1
        return counts[key, default: 0]
    }
}
