import Foundation

/// Settings for the files whose relative path matches a glob, as Playwright allows per assertion:
/// one entry of a compare config file's `paths` (`compare --config FILE`). A setting it leaves
/// out keeps the command line's value.
public struct PathSettings: Sendable, Hashable, Codable {
    /// The glob: `*` within a path component, `**` across components, `?` one character.
    public var glob: String
    public var threshold: Double?
    public var maxDiffRatio: Double?
    public var maxDiffPixels: Int?
    public var minimumCluster: Int?
    public var failOnAntialiasing: Bool?
    /// Regions ignored in the matching files, added to every other mask.
    public var masks: [PixelRect]

    /// Creates the settings of one glob.
    public init(
        glob: String, threshold: Double? = nil, maxDiffRatio: Double? = nil, maxDiffPixels: Int? = nil,
        minimumCluster: Int? = nil, failOnAntialiasing: Bool? = nil, masks: [PixelRect] = []
    ) {
        self.glob = glob
        self.threshold = threshold
        self.maxDiffRatio = maxDiffRatio
        self.maxDiffPixels = maxDiffPixels
        self.minimumCluster = minimumCluster
        self.failOnAntialiasing = failOnAntialiasing
        self.masks = masks
    }
}

extension CompareOptions {
    /// The options for the file at `path` (relative, `/`-separated): these, with every entry of
    /// `paths` whose glob matches applied in order — a later entry's value wins, as a later line
    /// of `.gitattributes` does, and masks add up.
    public func resolved(for path: String) -> CompareOptions {
        var options = self
        for entry in paths where Glob.matches(entry.glob, path) {
            if let value = entry.threshold { options.threshold = value }
            if let value = entry.maxDiffRatio { options.maxDiffRatio = value }
            if let value = entry.maxDiffPixels { options.maxDiffPixels = value }
            if let value = entry.minimumCluster { options.minimumCluster = value }
            if let value = entry.failOnAntialiasing { options.failOnAntialiasing = value }
            options.masks += entry.masks
        }
        return options
    }
}

/// The bytes of a compare config file (`compare --config compare.json`, schema
/// `schemas/compare-config.schema.json`) as per-path settings:
///
///     {"paths": [{"glob": "cards/**", "maxDiffPixels": 20},
///                {"glob": "**/sheet*.png", "masks": [[0, 0, 1179, 150]], "threshold": 0.2}]}
///
/// Every value is checked as the command line checks its option; a key that is no setting, a
/// value of the wrong type or out of range is refused with its place. Needs no disk; fuzzed with
/// the matrix file by `Fuzz/Sources/FuzzMatrix`.
public enum CompareConfig {
    /// The most bytes a config file may have.
    public static let maximumBytes = 1 << 20
    /// The most entries `paths` may have.
    public static let maximumEntries = 1_000
    /// The keys an entry of `paths` may have.
    public static let entryKeys = [
        "glob", "threshold", "maxDiffRatio", "maxDiffPixels", "minimumCluster", "failOnAntialiasing", "masks",
    ]

    /// Why a config file's bytes cannot be used: `clause` says what and where.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var clause: String
        public var description: String { clause }
    }

    /// The entries of `paths` in `data`, in order.
    public static func paths(_ data: Data) throws(Problem) -> [PathSettings] {
        if let clause = JSONFileCheck.clause(
            in: data, maximumBytes: maximumBytes,
            tooLarge: "it is larger than 1 MB; a compare config lists a few globs.",
            afterDuplicate: ".")
        {
            throw Problem(clause: clause)
        }
        guard let value = try? JSONDecoder().decode(Value.self, from: data), case .object(let members) = value else {
            throw Problem(
                clause:
                    "it is not a JSON object. Write it as {\"paths\": [{\"glob\": \"cards/**\", \"maxDiffPixels\": 20}]}."
            )
        }
        if let schema = members["$schema"] {
            guard case .string = schema else {
                throw Problem(clause: "\"$schema\" must be a string (the schema's path or URL).")
            }
        }
        for key in members.keys.sorted() where key != "$schema" && key != "paths" {
            throw Problem(
                clause:
                    "\"\(Excerpt.printable(key))\" is not a key of a compare config; it has \"paths\" (and \"$schema\")."
            )
        }
        guard let list = members["paths"] else { return [] }
        guard case .array(let entries) = list else {
            throw Problem(clause: "\"paths\" must be a list of objects, each with a \"glob\".")
        }
        guard entries.count <= maximumEntries else {
            throw Problem(clause: "\"paths\" has \(entries.count) entries; at most \(maximumEntries) are read.")
        }
        var settings: [PathSettings] = []
        for (index, entry) in entries.enumerated() {
            settings.append(try pathSettings(entry, place: "paths[\(index)]"))
        }
        return settings
    }

    /// One entry of `paths`, checked; `place` names it in a problem (`paths[2]`).
    private static func pathSettings(_ entry: Value, place: String) throws(Problem) -> PathSettings {
        guard case .object(let members) = entry else {
            throw Problem(
                clause: "\(place) must be an object with a \"glob\", e.g. {\"glob\": \"cards/**\", \"threshold\": 0.2}."
            )
        }
        for key in members.keys.sorted() where !entryKeys.contains(key) {
            throw Problem(
                clause:
                    "\(place) has \"\(Excerpt.printable(key))\", which is not a setting. Settings: \(entryKeys.joined(separator: ", "))."
            )
        }
        guard case .string(let glob) = members["glob"], !glob.isEmpty, glob.count <= 1_000 else {
            throw Problem(
                clause: "\(place) needs a \"glob\": a non-empty string such as \"cards/**\" (at most 1,000 characters)."
            )
        }
        var settings = PathSettings(glob: glob)
        settings.threshold = try fraction(members["threshold"], "\(place).threshold")
        settings.maxDiffRatio = try fraction(members["maxDiffRatio"], "\(place).maxDiffRatio")
        settings.maxDiffPixels = try whole(members["maxDiffPixels"], "\(place).maxDiffPixels", in: 0...Int(Int32.max))
        settings.minimumCluster = try whole(members["minimumCluster"], "\(place).minimumCluster", in: 1...1000)
        if let value = members["failOnAntialiasing"] {
            guard case .bool(let flag) = value else {
                throw Problem(clause: "\(place).failOnAntialiasing must be true or false.")
            }
            settings.failOnAntialiasing = flag
        }
        if let value = members["masks"] {
            guard case .array(let masks) = value, masks.count <= 1_000 else {
                throw Problem(clause: "\(place).masks must be a list of at most 1,000 [x, y, width, height] lists.")
            }
            for (index, mask) in masks.enumerated() {
                settings.masks.append(try rect(mask, "\(place).masks[\(index)]"))
            }
        }
        return settings
    }

    /// A number from 0 to 1, or nil when absent.
    private static func fraction(_ value: Value?, _ place: String) throws(Problem) -> Double? {
        guard let value else { return nil }
        guard case .number(let number) = value, (0...1).contains(number) else {
            throw Problem(clause: "\(place) must be a number from 0 to 1.")
        }
        return number
    }

    /// A whole number in `range`, or nil when absent.
    private static func whole(_ value: Value?, _ place: String, in range: ClosedRange<Int>) throws(Problem) -> Int? {
        guard let value else { return nil }
        guard let whole = value.wholeNumber, range.contains(whole) else {
            throw Problem(clause: "\(place) must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return whole
    }

    /// `[x, y, width, height]` in whole pixels (each within ±16,777,216), width and height positive.
    private static func rect(_ value: Value, _ place: String) throws(Problem) -> PixelRect {
        guard case .array(let items) = value, items.count == 4 else {
            throw Problem(clause: "\(place) must be [x, y, width, height] in whole pixels.")
        }
        let numbers = items.compactMap(\.wholeNumber).filter { abs($0) <= 1 << 24 }
        guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else {
            throw Problem(
                clause: "\(place) must be [x, y, width, height] in whole pixels, with a positive width and height.")
        }
        return PixelRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// A JSON value with its type kept: `true` is no number and `1` no boolean.
    private indirect enum Value: Decodable {
        case null, bool(Bool), number(Double), string(String), array([Value]), object([String: Value])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let items = try? container.decode([Value].self) {
                self = .array(items)
            } else {
                self = .object(try container.decode([String: Value].self))
            }
        }

        /// The number when it is a whole one exactly (1.0 is, 1.5 and 1e30 are not).
        var wholeNumber: Int? {
            guard case .number(let number) = self, number.isFinite, number.rounded() == number, abs(number) < 9e15
            else { return nil }
            return Int(number)
        }
    }
}
