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
    public var fileName: String { name(legacy: false) }

    /// The name albumreport 0.4.0 gave the case, which hashed enum cases with raw values or
    /// camelCase names: a golden recorded under it is still found (`GoldenImage.resolvedLocation`).
    var legacyFileName: String { name(legacy: true) }

    /// ``fileName``; `legacy`, as albumreport 0.4.0 made it.
    private func name(legacy: Bool) -> String {
        let readable = descriptions.map { legacy ? Self.legacyReadable($0) : Self.readable($0) }
        let joined = readable.compactMap { $0 }.joined(separator: "-")
        // An enum case (`.highContrast`) is named by its case name whatever its ID (a raw value,
        // `"hc"`): one enum's cases have distinct names.
        let enumCases = !legacy && descriptions.allSatisfy(Self.isEnumCase)
        let plain =
            !readable.contains(nil) && discriminator == 0 && (idsExplained || enumCases)
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

    /// `description` when it is its own slug (an enum case's leading `.` dropped, a camelCase
    /// case name in kebab case: `.highContrast` → `high-contrast`), else nil.
    static func readable(_ description: String) -> String? {
        if isEnumCase(description) {
            var kebab = ""
            for character in description.dropFirst() {
                if character.isUppercase, !kebab.isEmpty, kebab.last != "-" { kebab += "-" }
                kebab += character == "_" ? "-" : character.lowercased()
            }
            return Slug.make(kebab) == kebab ? kebab : nil
        }
        return legacyReadable(description)
    }

    /// ``readable(_:)`` as albumreport 0.4.0 had it.
    private static func legacyReadable(_ description: String) -> String? {
        let text = description.hasPrefix(".") ? String(description.dropFirst()) : description
        return !text.isEmpty && Slug.make(text) == text ? text : nil
    }

    /// Whether `description` is how an enum case without associated values describes itself
    /// for a test (`.light`, `.highContrast`).
    static func isEnumCase(_ description: String) -> Bool {
        guard description.hasPrefix("."), let first = description.dropFirst().first, first.isLetter || first == "_"
        else { return false }
        return description.dropFirst().allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// Why these arguments cannot name a golden that stays the same from run to run, or nil:
    /// a description holding a memory address (an `NSObject`, a class without a description),
    /// or a set or dictionary (whose order changes between runs).
    var instability: String? {
        for description in descriptions {
            if description.range(of: "0x[0-9a-fA-F]{6,}", options: .regularExpression) != nil {
                return
                    "its argument \(Excerpt.printable(description, limit: 80)) is described with a memory address, which changes every run"
            }
        }
        return unorderedArgument.map {
            "its argument \(Excerpt.printable($0, limit: 80)) is a set or a dictionary, whose order changes between runs"
        }
    }

    /// The description of an argument that is a set or a dictionary, when one is.
    var unorderedArgument: String?
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
    static func currentCase(function: String, filePath: String, name: String?) -> CurrentCase? {
        guard let testCase = Test.Case.current, testCase.isParameterized else { return nil }
        if let found = identity(of: testCase), !found.descriptions.isEmpty {
            return CurrentCase(
                name: found.fileName, key: found.key, legacyName: found.legacyFileName, instability: found.instability)
        }
        let key = [filePath, function, name ?? ""].joined(separator: "\u{1F}")
        let number = "case-\(caseCounter.next(for: key))"
        return CurrentCase(name: number, key: number, legacyName: number, instability: nil)
    }

    /// The running test case as a golden's name sees it.
    struct CurrentCase {
        /// The case's part of the file name.
        var name: String
        /// What tells it apart from the test's other cases.
        var key: String
        /// The part albumreport 0.4.0 gave it.
        var legacyName: String
        /// Why its arguments name no stable golden, when they do not.
        var instability: String?
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
        var found = GoldenCase(
            descriptions: arguments.map { describe($0.value) },
            argumentIDs: ids.count == arguments.count ? ids : nil, discriminator: discriminator)
        found.unorderedArgument = arguments.first { argument in
            let style = Mirror(reflecting: argument.value).displayStyle
            return style == .set || style == .dictionary
        }.map { describe($0.value) }
        return found
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
