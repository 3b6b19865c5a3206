import AlbumReportTestSupport
import Foundation
import Testing

@Suite("--feed URLs the transport must never see")
struct FeedURLCommandTests {
    @Test(
        "a --feed URL that breaks a URL rule exits 64 with one sentence naming the rule, and no report is written",
        arguments: [
            ("http://127.0.0.1:99999/feed.json", "its port '99999' is not a number from 1 to 65535"),
            ("http://user:secret@127.0.0.1:1/feed.json", "user name or password"),
            ("http://[::1%25lo]:1/feed.json", "zone"), ("http://1.2.3.4.5/feed.json", "not a valid IP address"),
        ])
    func refusedFeedURL(_ url: String, clause: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try await ProductBinary.run(["generate", "--feed", url], in: folder.url)
        #expect(run.exitCode == 64, "\(run.standardError)")
        #expect(run.standardError.contains(clause), "\(run.standardError)")
        #expect(run.standardError.contains("Pass a feed URL"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Output").path))
    }

    @Test("a --lookup-url with a port above 65535 exits 64 naming the port")
    func refusedLookupURL() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try await ProductBinary.run(
            ["generate", "--lookup-url", "http://127.0.0.1:99999/lookup"], in: folder.url)
        #expect(run.exitCode == 64, "\(run.standardError)")
        #expect(run.standardError.contains("The --lookup-url 'http://127.0.0.1:99999/lookup' was not requested"))
    }
}
