import AlbumReportCore
import Foundation
import Testing

// MARK: - One test case per golden

/// Which test case first asked for each golden in this process (by path).
actor GoldenOwners {
    static let shared = GoldenOwners()
    private var owners: [String: String] = [:]

    /// Records `owner` (a test, or a test and one of its cases) as the owner of `golden`; returns
    /// the other owner that already has it, or nil when none does (or `owner` does).
    func claim(_ golden: URL, for owner: String) -> String? {
        let path = golden.standardizedFileURL.path
        if let other = owners[path], other != owner { return other }
        owners[path] = owner
        return nil
    }
}

/// A parameterised test case as Swift Testing identifies it: its arguments (each described for
/// the file name, and with Swift Testing's own ID of the argument when it could be read) and its
/// discriminator, which tells apart cases whose arguments have the same IDs (two class
/// instances, two values of a type that describes itself without a field).
public struct GoldenCase: Sendable, Hashable {
    /// Each argument as `String(describingForTest:)` gives it (strings as they are).
    public var descriptions: [String]
    /// Swift Testing's ID of each argument (its encoding when it is `Encodable`, else its
    /// description), nil when unknown.
    public var argumentIDs: [[UInt8]]?
    /// Swift Testing's index among the cases of the test whose arguments have the same IDs.
    public var discriminator: Int

    /// Creates a case.
    public init(descriptions: [String], argumentIDs: [[UInt8]]? = nil, discriminator: Int = 0) {
        self.descriptions = descriptions
        self.argumentIDs = argumentIDs
        self.discriminator = discriminator
    }

    /// The case's part of a golden's file name: the arguments' slugs joined by `-` when that
    /// names the case unambiguously (every argument already a slug, or an enum case such as
    /// `.light`; no `-` inside an argument when there are several; an ID the description
    /// explains; the first case of its arguments), else the slug (at most
    /// 60 characters), `-` and eight hex digits of the
    /// SHA-256 of what identifies the case. `["dark"]` → `dark`; `[.light]` → `light`;
    /// `["Dark Mode", "2"]` → `dark-mode-2-1f3a…`; `["a-b", "c"]` and `["a", "b-c"]` differ.
    public var fileName: String {
        let readable = descriptions.map(Self.readable)
        let joined = readable.compactMap { $0 }.joined(separator: "-")
        let plain =
            !readable.contains(nil) && discriminator == 0 && idsExplained
            && (descriptions.count == 1 || !joined.isEmpty && readable.allSatisfy { $0?.contains("-") == false })
            && joined.count <= GoldenImage.maximumCaseNameLength
        if plain { return joined }
        let slug = String(
            Slug.make(descriptions.map(Slug.make).joined(separator: "-")).prefix(GoldenImage.maximumCaseNameLength))
        return slug + "-" + SHA256.hex(of: identity).prefix(8)
    }

    /// What the hash names: the descriptions joined by U+001F when they explain the IDs (the
    /// names goldens had before IDs were read), else every ID, length-prefixed; then the
    /// discriminator when it is not 0.
    var identity: Data {
        var data: Data
        if idsExplained {
            data = Data(descriptions.joined(separator: "\u{1F}").utf8)
        } else {
            data = Data()
            for (index, description) in descriptions.enumerated() {
                let id = argumentIDs?[index] ?? Array(description.utf8)
                data.append(contentsOf: Array("\(id.count):".utf8) + id)
            }
        }
        if discriminator != 0 { data.append(contentsOf: Array("\u{1F}#\(discriminator)".utf8)) }
        return data
    }

    /// The key two cases of one test share only when Swift Testing would call them one case.
    var key: String {
        let ids = (argumentIDs ?? descriptions.map { Array($0.utf8) }).map { Data($0).base64EncodedString() }
        return ids.joined(separator: ",") + "#\(discriminator)"
    }

    /// Whether each ID is what the description says (the description itself, or it as a JSON
    /// string), so that the description names the argument fully.
    private var idsExplained: Bool {
        guard let argumentIDs else { return true }
        guard argumentIDs.count == descriptions.count else { return false }
        return zip(argumentIDs, descriptions).allSatisfy { id, description in
            id == Array(description.utf8) || id == Array("\"\(description)\"".utf8)
        }
    }

    /// `description` when it is its own slug (an enum case's leading `.` dropped), else nil.
    private static func readable(_ description: String) -> String? {
        let text = description.hasPrefix(".") ? String(description.dropFirst()) : description
        return !text.isEmpty && Slug.make(text) == text ? text : nil
    }
}

// MARK: - One golden per test case

extension GoldenImage {
    /// The longest case name, in characters, before its hash.
    static let maximumCaseNameLength = 60

    /// The file-name part of a parameterised test case whose arguments are described as
    /// `descriptions` (each by `String(describingForTest:)`, strings as they are), when nothing
    /// else is known of the case: ``GoldenCase/fileName``.
    public static func caseName(describing descriptions: [String]) -> String {
        GoldenCase(descriptions: descriptions).fileName
    }

    /// The running Swift Testing test case, nil when it is not parameterised. Its arguments,
    /// their IDs and its discriminator are read from `Test.Case.current` (they are not public API
    /// in Swift Testing 6.3, so they are found by reflection); when they cannot be read, the
    /// cases of one test function are numbered in the order they ask for the golden called
    /// `name` (`case-1`, `case-2`, …): distinct, but only deterministic when the cases run
    /// serially and each asks for each golden once.
    static func currentCase(function: String, filePath: String, name: String?) -> (name: String, key: String)? {
        guard let testCase = Test.Case.current, testCase.isParameterized else { return nil }
        if let found = identity(of: testCase), !found.descriptions.isEmpty {
            return (found.fileName, found.key)
        }
        let key = [filePath, function, name ?? ""].joined(separator: "\u{1F}")
        let number = "case-\(caseCounter.next(for: key))"
        return (number, number)
    }

    /// A string argument as itself (not quoted), anything else as Swift Testing describes it.
    private static func describe(_ value: Any) -> String {
        if let string = value as? any StringProtocol { return String(describing: string) }
        return String(describingForTest: value)
    }

    /// The cases numbered so far per test function, for ``currentCase(function:filePath:name:)``.
    private static let caseCounter = CaseCounter()

    /// The case's identity: its arguments' descriptions and IDs (the ID's `bytes`, when every
    /// argument has one) and its `discriminator` (0 when absent).
    static func identity(of testCase: Test.Case) -> GoldenCase? {
        guard let arguments = arguments(of: testCase) else { return nil }
        let ids = arguments.compactMap(\.id)
        let discriminator = child(labelled: "discriminator", in: testCase, depth: 4) as? Int ?? 0
        return GoldenCase(
            descriptions: arguments.map { describe($0.value) },
            argumentIDs: ids.count == arguments.count ? ids : nil, discriminator: discriminator)
    }

    /// Each argument's `value`, and its `id.bytes` when found.
    private static func arguments(of testCase: Test.Case) -> [(value: Any, id: [UInt8]?)]? {
        guard let arguments = child(labelled: "arguments", in: testCase, depth: 4) else { return nil }
        var found: [(value: Any, id: [UInt8]?)] = []
        for element in Mirror(reflecting: arguments).children {
            let fields = Mirror(reflecting: element.value).children
            guard let value = fields.first(where: { $0.label == "value" }) else { return nil }
            let id = fields.first(where: { $0.label == "id" }).flatMap { field in
                Mirror(reflecting: field.value).children.first(where: { $0.label == "bytes" })?.value as? [UInt8]
            }
            found.append((value.value, id))
        }
        return found
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
