import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// Inputs found by fuzzing the release binary and the parsers (scripts/fuzz.sh), kept as
/// regression tests: each is an error or a warning that says what to do, never a crash, a trap or
/// a stall.
@Suite("Hostile inputs found by fuzzing")
struct HostileInputTests {
    let source = "The feed at http://127.0.0.1/feed.json"

    func decode(_ text: String) -> Result<FeedDecoder.Output, FeedError> {
        do {
            return .success(try FeedDecoder().decode(Data(text.utf8), source: source))
        } catch {
            return .failure(error)
        }
    }

    func message(_ text: String) -> String {
        if case .failure(let error) = decode(text) { return error.description }
        return ""
    }

    @Test(
        "theme numbers that trapped the process are errors naming the key and its range",
        arguments: [
            (
                "\"size\": 17, \"lineHeight\": 22 },\n    \"rowHeadline\"",
                "\"size\": -1e308, \"lineHeight\": 22 },\n    \"rowHeadline\"", "fonts.rowTitle.size"
            ),
            (
                "\"size\": 17, \"lineHeight\": 22 },\n    \"rowHeadline\"",
                "\"size\": 17, \"lineHeight\": 1e308 },\n    \"rowHeadline\"", "fonts.rowTitle.lineHeight"
            ),
            (
                "\"navigationBarVerticalPadding\": 11", "\"navigationBarVerticalPadding\": 99999999999",
                "metrics.navigationBarVerticalPadding"
            ),
            ("\"thumbnailSize\": 60", "\"thumbnailSize\": 0", "metrics.thumbnailSize"),
        ])
    func themeRanges(_ original: String, _ hostile: String, _ key: String) throws {
        let light = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Templates/light.json"), encoding: .utf8)
        #expect(light.contains(original), "the fixture still has \(original)")
        let text = light.replacingOccurrences(of: original, with: hostile)
        do {
            _ = try Theme.decode(Data(text.utf8), source: "hostile.json")
            Issue.record("accepted \(hostile)")
        } catch {
            #expect(error.description.contains("has \(key) = "), "\(error)")
            #expect(error.description.contains("it must be from"), "\(error)")
        }
    }

    @Test("a name of a million characters is cut to the documented bound, with a warning, in linear time")
    func hugeName() throws {
        let huge = String(repeating: "x", count: 1_000_000)
        let feed =
            #"{"feed": {"title": "\#(huge)", "results": [{"id": "1", "name": "\#(huge)", "artistName": "\#(huge)", "copyright": "\#(huge)"}]}}"#
        let output = try FeedDecoder().decode(Data(feed.utf8), source: source)
        let item = try #require(output.feed.items.first)
        #expect(item.title.count == FeedLimits.textCharacters + 1, "500 characters and an ellipsis")
        #expect(item.title.hasSuffix("…"))
        #expect(item.artistName?.count == FeedLimits.textCharacters + 1)
        #expect(output.feed.title.count == FeedLimits.titleCharacters + 1)
        #expect(
            output.warnings.contains {
                $0.message.contains("very long \"name\"") && $0.message.contains("\"artistName\"")
            })
        #expect(output.warnings.contains { $0.message.contains("The feed's title is very long") })
        #expect(output.warnings.allSatisfy { $0.message.utf8.count < 1_000 }, "no warning quotes the whole text")
    }

    @Test("invalid JSON is reported with its line and column and what was expected, not the file's first bytes")
    func lineAndColumn() {
        let text = "{\n  \"feed\": {\n    \"title\": \"Top\",\n    \"results\": [1, 2,, 3]\n  }\n}"
        let found = message(text)
        #expect(found.contains("at line 4, column 22"), "\(found)")
        #expect(found.contains("where a value"), "\(found)")
        #expect(!found.contains("\"title\": \"Top\""), "it does not quote the file's valid beginning")
    }

    @Test("a stray byte after the last } is called that, not a cut-off download")
    func strayByte() {
        let found = message(#"{"feed": {"results": []}}x"#)
        #expect(found.contains("is not valid JSON"), "\(found)")
        #expect(found.contains("a complete JSON value ends at line 1, column 26, where “x” follows"), "\(found)")
        #expect(!found.contains("cut off"))
        let cut = message(#"{"feed": {"results": [{"id": "1", "name": "A"#)
        #expect(cut.contains("truncated JSON: it ends at line 1"), "\(cut)")
        #expect(cut.contains("in the middle of a string"))
    }

    @Test("a UTF-16 file is named as UTF-16 with what to do, and no message carries a NUL byte")
    func utf16() throws {
        let text = #"{"feed": {"results": []}}"#
        for data in [
            Data([0xFF, 0xFE]) + (text.data(using: .utf16LittleEndian) ?? Data()),
            text.data(using: .utf16BigEndian) ?? Data(),
        ] {
            do {
                _ = try FeedDecoder().decode(data, source: source)
                Issue.record("accepted UTF-16")
            } catch {
                #expect(error.description.contains("is UTF-16 text"), "\(error)")
                #expect(error.description.contains("iconv -f UTF-16 -t UTF-8"))
                #expect(!error.description.contains("\u{0}"))
            }
        }
        let nul = message("\u{0}\u{1}garbage")
        #expect(!nul.contains("\u{0}") && nul.contains("\\u{0}"), "\(nul)")
    }

    @Test("a 200 KB string is never quoted whole inside an error")
    func longQuote() {
        let long = String(repeating: "é", count: 200_000)
        #expect(message(#"{"name": "\#(long)", "artistName": "A"}"#).utf8.count < 1_000)
        #expect(message(#"{"\#(long)": 1}"#).utf8.count < 1_000)
        #expect(message("\(long) is not JSON").utf8.count < 1_000)
    }

    @Test("an entry skipped for a missing key names the reason in the error, instead of 'see the warnings'")
    func reasonsInError() {
        let found = message(#"{"feed": {"results": [{"id": "7"}]}}"#)
        #expect(found.contains("(id 7) has no album \"name\""), "\(found)")
        #expect(!found.contains("see the warnings"))
    }

    @Test("BMP, TIFF, HEIC and AVIF artwork is recognised as unsupported, not 'not an image'")
    func unsupportedFormats() {
        #expect(ImageHeader.unsupportedFormat(of: Array("BM".utf8) + [UInt8](repeating: 0, count: 60)) == "BMP")
        #expect(ImageHeader.unsupportedFormat(of: [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]) == "TIFF")
        #expect(ImageHeader.unsupportedFormat(of: [0, 0, 0, 0x18] + Array("ftypheic".utf8)) == "HEIC")
        #expect(ImageHeader.unsupportedFormat(of: [0, 0, 0, 0x1C] + Array("ftypavif".utf8)) == "AVIF")
        #expect(ImageHeader.unsupportedFormat(of: Array("<html>".utf8)) == nil)
    }

    @Test("the JSON checker has no recursion to overflow: 100,000 nested arrays are an error, quickly")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000)
        let error = JSONSyntax.firstError(in: Array(text.utf8))
        #expect(error?.description.contains("more than 512 deep") == true, "\(String(describing: error))")
    }
}

@Suite("Cache metadata found by fuzzing")
struct HostileCacheTests {
    /// The fuzz target's reading of response headers: one `name: value` a line.
    static func headers(_ data: Data) -> [String: String] {
        var headers: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n").prefix(32) {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = String(parts[1]) }
        }
        return headers
    }

    @Test("response headers with NUL bytes and broken dates give a finite, bounded freshness")
    func brokenDates() throws {
        let data = try #require(
            Data(
                base64Encoded:
                    "Y2FjaGUtY29udGhlCmV4cGlyZXM6IHVlIDE0AAAAACAyMCM6sN/NyzJUCmFnZToxMz4y0iBHTVQKZGF0ZTogVHVlCmRhdGU6IFR13LBlyyzf383LMlQKYWdlOiAxMjAK"
            ))
        let freshness = HTTPFreshness(
            headers: Self.headers(data), receivedAt: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(freshness.age.isFinite && freshness.age >= 0)
        #expect((freshness.lifetime ?? 0).isFinite && (freshness.lifetime ?? 0) >= 0)
    }
}

@Suite("HTTP dates, parsed without DateFormatter")
struct HTTPDateTests {
    @Test("the three forms RFC 9110 accepts give the same instant")
    func forms() {
        let expected = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPFreshness.date("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPFreshness.date("Sunday, 06-Nov-94 08:49:37 GMT") == expected)
        #expect(HTTPFreshness.date("Sun Nov  6 08:49:37 1994") == expected)
        #expect(HTTPFreshness.date("Tue, 14 Nov 2023 22:13:20 GMT") == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(HTTPFreshness.date("Tue, 29 Feb 2000 00:00:00 GMT") == Date(timeIntervalSince1970: 951_782_400))
    }

    @Test(
        "anything else is no date",
        arguments: [
            "0", "-1", "", "Tue", "Tu\u{730}e, 14 Nov 2023", "Sun, 06 Nov 1994 25:00:00 GMT",
            "Sun, 06 Nov 1994 08:49:37 PST",
        ])
    func notDates(_ text: String) {
        #expect(HTTPFreshness.date(text) == nil)
    }
}
