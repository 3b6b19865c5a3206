import AlbumReportCore
import Foundation
import Testing

@Suite("Library failures said as sentences a user can act on")
struct MessageClauseTests {
    func feedError(_ json: String) -> String {
        do {
            _ = try FeedDecoder().decode(Data(json.utf8), source: "The feed file f.json")
            return "accepted"
        } catch {
            return error.description
        }
    }

    @Test("a number beyond a Double's range is placed by line and column, not 'it begins with …'")
    func numberOutOfRange() {
        let message = feedError("{\"feed\": {\"results\": [\n  {\"id\": 1e400}]}}")
        #expect(message.contains("at line 2, column 10 there is the number 1e400, beyond the range"), "\(message)")
        #expect(!message.contains("it begins with"))
        #expect(JSONSyntax.firstError(in: Array("[-1e-400, 123456789012345678901234567890]".utf8)) == nil)
    }

    @Test("a lone UTF-16 surrogate is placed by line and column; a proper pair passes")
    func loneSurrogate() {
        for json in [#"["a\uD800"]"#, #"["a\uDC00b"]"#, #"["a\uD800\u0041"]"#] {
            let message = feedError(json)
            #expect(message.contains("at line 1, column 4 there is \\u"), "\(message)")
            #expect(message.contains("a lone surrogate"), "\(message)")
        }
        #expect(JSONSyntax.firstError(in: Array(#"["\uD83D\uDE00"]"#.utf8)) == nil)
    }

    struct Shape: Decodable {
        var files: [File]
        struct File: Decodable {
            var path: String
            var sha256: String
        }
    }

    func decodingClause(_ json: String) -> String {
        let data = Data(json.utf8)
        do {
            _ = try JSONDecoder().decode(Shape.self, from: data)
            return "decoded"
        } catch {
            return DecodingProblem.clause(error, data: data)
        }
    }

    @Test("a manifest that does not decode is named by key path, not by DecodingError's dump")
    func decodingClauses() {
        #expect(decodingClause(#"{"files": [{"path": "a"}]}"#) == "it has no 'files[0].sha256'")
        #expect(decodingClause(#"{"files": [{"path": 3, "sha256": ""}]}"#) == "'files[0].path' is not a string")
        #expect(decodingClause(#"{"files": null}"#) == "'files' is null")
        let broken = decodingClause("{\"files\": [\n{\"path\": }]}")
        #expect(broken.hasPrefix("it is not valid JSON: at line 2, column 10"), "\(broken)")
        #expect(!broken.contains("DecodingError") && !broken.contains("CodingKeys"))
    }

    @Test("system errors are clauses: a read-only mount is not 'Invalid cross-device link'")
    func systemErrors() {
        #expect(FileProblem.clause(errno: EROFS) == "the file system is read-only")
        let crossDevice = FileProblem.clause(errno: EXDEV)
        #expect(crossDevice.contains("another file system (a mount point)"), "\(crossDevice)")
        #expect(!crossDevice.lowercased().contains("cross-device"))
    }
}
