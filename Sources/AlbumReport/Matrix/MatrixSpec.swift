import AlbumReportCore
import Foundation

/// What `generate --matrix` asks for: a list of values per axis, read from a JSON file
/// (`{"devices": ["iphone-15", "ipad-10"], "themes": ["light", "dark"]}`) or written inline
/// (`devices=iphone-15,ipad-10;themes=light,dark`). An axis the matrix does not name keeps the
/// command line's own option.
public struct MatrixSpec: Sendable, Hashable {
    /// One axis and its values, in the order given.
    public struct Axis: Sendable, Hashable, Codable {
        /// The key, as the matrix file writes it.
        public var key: MatrixAxis
        /// Its values, in the file's order.
        public var values: [String]
    }

    /// The most combinations one matrix may have.
    public static let maximumCombinations = 256

    /// The axes the matrix names, in ``MatrixAxis`` order.
    public var axes: [Axis]
    /// Where it came from, for messages ("matrix file m.json", "--matrix").
    public var source: String

    /// Reads `argument`: the path of a JSON file (relative to `directory`), or the inline form
    /// `key=value,value;key=value` when no such file exists and the text holds `=`.
    public static func parse(_ argument: String, relativeTo directory: URL) throws(MatrixError) -> MatrixSpec {
        let url =
            (argument.hasPrefix("/") ? URL(fileURLWithPath: argument) : directory.appendingPathComponent(argument))
            .standardizedFileURL
        if !FileManager.default.fileExists(atPath: url.path), argument.contains("=") {
            return try inline(argument)
        }
        let source = "matrix file \(Excerpt.location(url.path))"
        if let problem = FileProblem.reading(url.path) {
            throw MatrixError(
                source,
                "\(problem). Pass a JSON file such as {\"devices\": [\"iphone-15\", \"ipad-10\"], \"themes\": [\"light\", \"dark\"]}, or the inline form devices=iphone-15,ipad-10;themes=light,dark."
            )
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= MatrixFile.maximumBytes, let data = try? Data(contentsOf: url) else {
            throw MatrixError(
                source, "it is larger than 1 MB or cannot be read; a matrix file lists a few values per key.")
        }
        return try json(data, source: source)
    }

    /// Decodes a JSON object of lists of strings (``MatrixFile``), then checks them.
    static func json(_ data: Data, source: String) throws(MatrixError) -> MatrixSpec {
        let lists: [String: [String]]
        do {
            lists = try MatrixFile.lists(data, keys: MatrixAxis.allCases.map(\.rawValue))
        } catch {
            throw MatrixError(source, error.clause)
        }
        return try build(lists, source: source)
    }

    /// Reads the inline form `devices=iphone-15,ipad-10;themes=light,dark`.
    static func inline(_ text: String) throws(MatrixError) -> MatrixSpec {
        let source = "--matrix"
        var lists: [String: [String]] = [:]
        for part in text.split(separator: ";", omittingEmptySubsequences: true) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = pair[0].trimmingCharacters(in: .whitespaces)
            guard pair.count == 2, !key.isEmpty else {
                throw MatrixError(
                    source,
                    "\"\(Excerpt.printable(String(part)))\" is not key=value,value. Write it as devices=iphone-15,ipad-10;themes=light,dark."
                )
            }
            guard lists[key] == nil else {
                throw MatrixError(source, "key \"\(Excerpt.printable(key))\" is given twice.")
            }
            lists[key] = pair[1].split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
        return try build(lists, source: source)
    }

    /// Checks every key and value and the size of the product.
    static func build(_ lists: [String: [String]], source: String) throws(MatrixError) -> MatrixSpec {
        let names = MatrixAxis.allCases.map(\.rawValue)
        let keys = names.joined(separator: ", ")
        for key in lists.keys.sorted() where MatrixAxis(rawValue: key) == nil {
            throw MatrixError(source, MatrixFile.unknownKey(key, keys: names).clause)
        }
        var axes: [Axis] = []
        for axis in MatrixAxis.allCases {
            guard let values = lists[axis.rawValue] else { continue }
            guard !values.isEmpty else {
                throw MatrixError(
                    source,
                    "key \"\(axis.rawValue)\" is an empty list; give it at least one value (\(axis.expected)) or leave it out."
                )
            }
            var folders = Set<String>()
            for value in values {
                guard axis.accepts(value) else {
                    throw MatrixError(
                        source,
                        "key \"\(axis.rawValue)\": \"\(Excerpt.printable(value))\" is not a valid value. Valid values: \(axis.expected)."
                    )
                }
                let folder = axis.folderName(value)
                guard !folder.contains("/"), ReportWriter.isSafeRelativePath(folder), !folder.hasPrefix(".") else {
                    throw MatrixError(
                        source,
                        "key \"\(axis.rawValue)\": \"\(Excerpt.printable(value))\" cannot name a folder (it is empty or starts with a dot). Valid values: \(axis.expected)."
                    )
                }
                guard !ReportWriter.isReportName(folder) else {
                    throw MatrixError(
                        source,
                        "key \"\(axis.rawValue)\": \"\(Excerpt.printable(value))\" would be written to the folder \"\(Excerpt.printable(folder))\", a name the report keeps for its own files (\(ReportWriter.reportNamesText), in any case). Give it another name."
                    )
                }
                guard folders.insert(folder.lowercased()).inserted else {
                    throw MatrixError(
                        source,
                        "key \"\(axis.rawValue)\" lists \"\(Excerpt.printable(value))\" twice (or two values with the same folder name)."
                    )
                }
            }
            axes.append(Axis(key: axis, values: values))
        }
        guard !axes.isEmpty else {
            throw MatrixError(
                source, "it names no axis. Give at least one of: \(keys), e.g. {\"themes\": [\"light\", \"dark\"]}.")
        }
        let count = axes.reduce(1) { $0 * $1.values.count }
        guard count <= maximumCombinations else {
            throw MatrixError(
                source,
                "it makes \(count) combinations, more than the \(maximumCombinations) one run renders. Split it into several matrices."
            )
        }
        return MatrixSpec(axes: axes, source: source)
    }

    /// Every combination, the last axis varying fastest.
    public var combinations: [MatrixCombination] {
        (0..<combinationCount).compactMap { MatrixCombination(index: $0, of: axes) }
    }

    /// How many combinations the axes make.
    public var combinationCount: Int { axes.reduce(1) { $0 * $1.values.count } }
}

/// One cell of the matrix: a value per axis, and the folder it is written to.
public struct MatrixCombination: Sendable, Hashable {
    /// Its place in ``MatrixSpec/combinations`` (0-based).
    public var index: Int
    /// The axes, in ``MatrixAxis`` order.
    public var axes: [MatrixAxis]
    /// A value per axis.
    public var values: [String]

    /// `<device>/<orientation>/<theme>/…`: one level per axis the matrix names, in axis order.
    public var folder: String {
        zip(axes, values).map { $0.folderName($1) }.joined(separator: "/")
    }

    /// "iphone-15, dark".
    public var label: String { values.joined(separator: ", ") }

    /// The values by key.
    public var valuesByKey: [String: String] {
        Dictionary(uniqueKeysWithValues: zip(axes.map(\.rawValue), values))
    }
}

extension MatrixCombination {
    /// The combination at `index` of the product of `axes` (nil outside it): the one place a
    /// combination's values, and so its folder, are derived from its index, both where a matrix
    /// is enumerated and where `merge` checks what a shard claims.
    public init?(index: Int, of axes: [MatrixSpec.Axis]) {
        guard let values = Self.values(at: index, of: axes.map(\.values)) else { return nil }
        self.init(index: index, axes: axes.map(\.key), values: values)
    }

    /// The element at `index` of the product of `lists`, one value per list, the last list
    /// varying fastest; nil when `index` is outside the product.
    static func values(at index: Int, of lists: [[String]]) -> [String]? {
        guard index >= 0, !lists.contains(where: \.isEmpty) else { return nil }
        var rest = index
        var values: [String] = []
        for list in lists.reversed() {
            values.append(list[rest % list.count])
            rest /= list.count
        }
        // What is left over is how far past the product's end `index` lies.
        return rest == 0 ? values.reversed() : nil
    }
}

extension MatrixSpec {
    /// Loads every theme the matrix names, so that a theme that does not exist or does not parse
    /// is an error naming the matrix and its key before anything is rendered.
    public func checkThemes(templatesDirectory: URL?) throws(MatrixError) {
        for axis in axes where axis.key == .themes {
            for value in axis.values {
                do {
                    _ = try ThemeLoader.load(ThemeChoice.parse(value), templatesDirectory: templatesDirectory)
                } catch {
                    throw MatrixError(source, "key \"themes\": \(error.description)")
                }
            }
        }
    }
}
