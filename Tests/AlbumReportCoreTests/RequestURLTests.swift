import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

@Suite("URLs checked before any request")
struct RequestURLTests {
    @Test("a hostile URL is refused with the rule it breaks", arguments: hostileURLs)
    func refused(_ hostile: HostileURL) throws {
        guard case .failure(let refusal) = RequestURL.check(hostile.url) else {
            Issue.record("\(hostile.url) was accepted")
            return
        }
        #expect(refusal.rule.key == hostile.rule, "\(refusal)")
        #expect(!refusal.description.contains("\n"))
        #expect(refusal.description.count < 400, "\(refusal.description.count) characters")
    }

    @Test(
        "usable URLs pass with the host and port the transport will connect to",
        arguments: [
            ("https://is1-ssl.mzstatic.com/image/thumb/x/100x100bb.jpg", "is1-ssl.mzstatic.com", 443),
            ("http://127.0.0.1:8080/x.png", "127.0.0.1", 8080), ("http://[::1]:65535/x", "::1", 65535),
            ("HTTP://Example.COM/x", "example.com", 80), ("http://example.com:/x", "example.com", 80),
            ("http://example.com:00080/x", "example.com", 80), ("http://127.1/x", "127.1", 80),
            ("http://my_host.example.com./x?q=1#f", "my_host.example.com.", 80), ("http://é.com/", "xn--9ca.com", 80),
            ("https://h/a%0D%0Ab", "h", 443), ("http://[::ffff:1.2.3.4]/", "::ffff:1.2.3.4", 80),
        ])
    func accepted(_ text: String, host: String, port: Int) throws {
        let checked = try RequestURL.check(text).get()
        #expect(checked.host == host)
        #expect(checked.port == port)
    }

    @Test("a refusal quotes at most 80 characters, control and invisible characters escaped")
    func quoting() {
        let long = "http://example.com:99999/" + String(repeating: "\u{200D}\u{00AD}\n::warning::x", count: 400)
        guard case .failure(let refusal) = RequestURL.check(long) else {
            Issue.record("accepted")
            return
        }
        #expect(refusal.url.count <= 81)
        #expect(refusal.url.hasSuffix("…"))
        guard case .failure(let injected) = RequestURL.check("http://a\n::b\u{200D}.example/x.png") else {
            Issue.record("accepted")
            return
        }
        #expect(!injected.description.contains("\n"), "a line break is shown escaped, never printed")
    }

    @Test("the crash input becomes a port refusal that says what to do")
    func crashInput() {
        guard case .failure(let refusal) = RequestURL.check("http://127.0.0.1:99999/x.png") else {
            Issue.record("accepted")
            return
        }
        #expect(
            refusal.description
                == "'http://127.0.0.1:99999/x.png' was not requested: its port '99999' is not a number from 1 to 65535 (fix it, or leave it out for the scheme's default)"
        )
    }

    @Test("the artwork policy and --feed refuse what the checker refuses")
    func policyAndFeed() {
        let policy = ArtworkPolicy(localFeedDirectory: nil)
        guard case .failure(.invalidURL(let refusal)) = policy.resolve("http://user@example.com/x.png") else {
            Issue.record("the policy accepted user info")
            return
        }
        #expect(refusal.rule == .userinfo)
        #expect(
            throws: FeedSourceError.self,
            performing: {
                try FeedSource.parse("http://127.0.0.1:99999/feed.json", relativeTo: URL(fileURLWithPath: "/tmp"))
            })
        do {
            _ = try FeedSource.parse("http://127.0.0.1:99999/feed.json", relativeTo: URL(fileURLWithPath: "/tmp"))
        } catch {
            #expect(error.description.contains("port '99999'"))
            #expect(error.description.hasSuffix("."))
        }
    }
}
