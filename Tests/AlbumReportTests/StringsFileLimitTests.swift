import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// A user's strings file and matrix file as hostile input: bounded in size, never opened when
/// they are not regular files, and every problem located.
@Suite("Strings and matrix files: sizes, kinds and bytes")
struct StringsFileLimitTests {
    /// A `--templates` folder whose `strings/xx.json` is made by `make`.
    static func load(_ make: (URL) throws -> Void) throws -> Result<[String], ReportError> {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let strings = folder.url.appendingPathComponent("strings")
        try FileManager.default.createDirectory(at: strings, withIntermediateDirectories: true)
        try make(strings.appendingPathComponent("xx.json"))
        do throws(ReportError) {
            let (language, warnings) = try ChromeStringsLoader.load(
                "xx", direction: nil, templatesDirectory: folder.url)
            return .success(warnings + (language.map { [$0["released"], $0["topAlbums"]] } ?? []))
        } catch {
            return .failure(error)
        }
    }

    static func english(with edits: [String: String]) throws -> Data {
        try JSONEncoder().encode(ChromeLanguage.english.merging(edits) { $1 })
    }

    @Test("a strings value of a million characters is cut, with a warning naming the key")
    func longValue() throws {
        let long = String(repeating: "Released ", count: 110_000) + "%@"  // about 1 MB, under the file's cap
        let result = try Self.load { try Self.english(with: ["released": long]).write(to: $0) }
        let lines = try result.get()
        #expect(
            lines.contains { $0.contains("released") && $0.contains("\(FeedLimits.textCharacters)") },
            "\(lines.map { $0.prefix(300) })")
        #expect(lines.allSatisfy { $0.count <= FeedLimits.textCharacters + 400 })
    }

    @Test("a strings file larger than the cap is refused before it is read, naming the file and the cap")
    func hugeFile() throws {
        let result = try Self.load {
            try Self.english(with: ["topAlbums": String(repeating: "x", count: 3 << 20)]).write(to: $0)
        }
        guard case .failure(let error) = result else {
            Issue.record("a 3 MiB strings file was accepted")
            return
        }
        #expect(error.description.contains("xx.json") && error.description.contains("MiB"), "\(error.description)")
    }

    @Test("a strings file that is a FIFO or a folder says it is not a regular file")
    func notRegularFile() throws {
        let fifo = try Self.load { #expect(mkfifo($0.path, 0o600) == 0) }
        guard case .failure(let fifoError) = fifo else { return #expect(Bool(false), "a FIFO was accepted") }
        #expect(
            fifoError.description.contains("FIFO") && fifoError.description.contains("not a regular file"),
            "\(fifoError)")
        let folder = try Self.load {
            try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: true)
        }
        guard case .failure(let folderError) = folder else { return #expect(Bool(false), "a folder was accepted") }
        #expect(
            folderError.description.contains("folder") && !folderError.description.contains("256"), "\(folderError)")
    }

    @Test("invalid UTF-8 in a strings file or a matrix file names its byte offset")
    func invalidUTF8() throws {
        var bytes = Array(#"{"back": "Zur"#.utf8) + [0xFC] + Array(#"ck"}"#.utf8)
        let strings = try Self.load { try Data(bytes).write(to: $0) }
        guard case .failure(let error) = strings else { return #expect(Bool(false), "invalid UTF-8 was accepted") }
        #expect(error.description.contains("byte offset 13") && error.description.contains("UTF-8"), "\(error)")

        bytes = Array(#"{"themes": ["li"#.utf8) + [0xFF] + Array(#"ght"]}"#.utf8)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(bytes).write(to: folder.url.appendingPathComponent("m.json"))
        let matrix = #expect(throws: MatrixError.self) { try MatrixSpec.parse("m.json", relativeTo: folder.url) }
        #expect(matrix?.description.contains("byte offset 15") == true, "\(String(describing: matrix))")
    }

    @Test("an unknown matrix key with a string value is not a matrix key")
    func unknownKeyWithString() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(#"{"device": "iphone-15"}"#.utf8).write(to: folder.url.appendingPathComponent("m.json"))
        let error = #expect(throws: MatrixError.self) { try MatrixSpec.parse("m.json", relativeTo: folder.url) }
        #expect(error?.description.contains("\"device\" is not a matrix key") == true, "\(String(describing: error))")
        #expect(error?.description.contains("devices") == true)
    }
}
