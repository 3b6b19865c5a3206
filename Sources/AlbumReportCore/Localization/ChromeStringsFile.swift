import Foundation

/// The bytes of a strings file (`strings/CODE.json`) as the words of the app's chrome: the part
/// of reading one that needs no disk, fuzzed by `Fuzz/Sources/FuzzStrings`.
///
/// Why bounded: a strings file comes from the user's `--templates` folder, and a 1 MB value took
/// two minutes to lay out, a 10 MB file 2 GB of memory. The file is bounded in bytes, each value
/// as a feed's text is (``FeedLimits/textCharacters``): no word of an app's chrome comes near it.
public enum ChromeStringsFile {
    /// The most bytes a strings file may have (the shipped ones have a few hundred).
    public static let maximumBytes = 1 << 20
    /// The most characters one value may have.
    public static let maximumValueCharacters = FeedLimits.textCharacters

    /// What a file gives.
    public struct Contents: Sendable, Equatable {
        /// The values within the bound, by key.
        public var strings: [String: String]
        /// The keys whose values were over the bound (and left out), with their length in characters.
        public var tooLong: [String: Int]
    }

    /// Why a strings file's bytes cannot be used: `clause` says what and where ("it is not
    /// UTF-8: at line 1, column 14 there is …").
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var clause: String
        public var description: String { clause }
    }

    /// `data` as a strings file: UTF-8 (the first byte that is not is located), valid JSON, no key
    /// given twice (a decoder would silently keep one of the two), an object of strings; values
    /// over the bound are left out and named.
    public static func parse(_ data: Data) throws(Problem) -> Contents {
        switch JSONFileCheck.firstProblem(in: data, maximumBytes: maximumBytes) {
        case nil:
            break
        case .tooLarge(let bytes, _):
            throw Problem(
                clause:
                    "it is \(bytes) bytes, more than the \(maximumBytes) (1 MiB) a strings file may be (it holds a few short words)"
            )
        case .byteOrderMark:
            throw Problem(clause: "it begins with a byte order mark (EF BB BF); save it as UTF-8 without one")
        case .notUTF8(let encoding):
            throw Problem(clause: "it is not UTF-8: \(encoding); save it as UTF-8")
        case .duplicateName(let key, let line, let column):
            throw Problem(
                clause:
                    "the key “\(Excerpt.printable(key))” is given twice (the second time at line \(line), column \(column))"
            )
        case .invalid(let syntax):
            throw Problem(clause: "it is not valid JSON: \(syntax)")
        }
        let decoded: [String: String]
        do {
            decoded = try JSONDecoder().decode([String: String].self, from: data)
        } catch {
            throw Problem(
                clause: "it must be a JSON object of strings (\(DecodingProblem.clause(error, data: data)))")
        }
        var contents = Contents(strings: [:], tooLong: [:])
        for (key, value) in decoded {
            let count = value.count
            if count > maximumValueCharacters {
                contents.tooLong[key] = count
            } else {
                contents.strings[key] = value
            }
        }
        return contents
    }
}
