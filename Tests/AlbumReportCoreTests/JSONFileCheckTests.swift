import AlbumReportCore
import Foundation
import Testing

/// The checks a matrix file and a strings file share, in the order a person fixes them.
@Suite("A JSON file a person writes")
struct JSONFileCheckTests {
    @Test("size first, then encoding, then syntax and names given twice; a good file has no problem")
    func order() {
        func check(_ text: [UInt8], limit: Int = 64) -> JSONFileCheck? {
            JSONFileCheck.firstProblem(in: Data(text), maximumBytes: limit)
        }
        #expect(check(Array(#"{"a": ["x"], "b": "y"}"#.utf8)) == nil)
        // Over the limit wins over everything else in the bytes.
        #expect(check([0xFF] + Array(#"{"a": 1"#.utf8), limit: 4) == .tooLarge(bytes: 8, maximum: 4))
        guard case .notUTF8(let encoding) = check(Array(#"{"a": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8))
        else {
            Issue.record("a stray byte is an encoding problem")
            return
        }
        #expect(encoding.line == 1 && encoding.column == 8, "\(encoding)")
        #expect(check(Array("{\"a\": 1,\n\"a\": 2}".utf8)) == .duplicateName("a", line: 2, column: 1))
        guard case .invalid(let syntax) = check(Array(#"{"a": [1, }"#.utf8)) else {
            Issue.record("a cut list is a syntax problem")
            return
        }
        #expect(syntax.line == 1)
    }
}
