import AlbumReportCore
import Foundation
import Testing

/// One hostile URL and the rule it breaks.
struct HostileURL: Sendable, CustomTestStringConvertible {
    var url: String
    /// ``URLRule/key``.
    var rule: String

    var testDescription: String { "\(rule): \(url.prefix(60))" }
}

/// Every class of URL a feed can carry that must never reach the transport.
let hostileURLs: [HostileURL] = [
    HostileURL(url: "http://127.0.0.1:99999/x.png", rule: "port"),
    HostileURL(url: "http://127.0.0.1:65536/x.png", rule: "port"),
    HostileURL(url: "http://127.0.0.1:0/x.png", rule: "port"),
    HostileURL(url: "http://example.com:99999999999999999999/x.png", rule: "port"),
    HostileURL(url: "http://[::1]:70000/x.png", rule: "port"),
    HostileURL(url: "http://example.com:8o/x.png", rule: "syntax"),
    HostileURL(url: "http://user:secret@example.com/x.png", rule: "userinfo"),
    HostileURL(url: "http://@example.com/x.png", rule: "userinfo"),
    HostileURL(url: "http:///x.png", rule: "no-host"),
    HostileURL(url: "http:x.png", rule: "no-host"),
    HostileURL(url: "http://[]/x.png", rule: "no-host"),
    HostileURL(url: "http://:8080/x.png", rule: "no-host"),
    HostileURL(url: "http://a..b/x.png", rule: "host"),
    HostileURL(url: "http://-a.example.com/x.png", rule: "host"),
    HostileURL(url: "http://ex%41mple.com/x.png", rule: "host"),
    HostileURL(url: "http://\(String(repeating: "a", count: 64)).com/x.png", rule: "host"),
    HostileURL(url: "http://a!b.com/x.png", rule: "host"),
    HostileURL(url: "http://1.2.3.4.5/x.png", rule: "ip-literal"),
    HostileURL(url: "http://256.1.1.1/x.png", rule: "ip-literal"),
    HostileURL(url: "http://[1:2:3:4:5:6:7:8:9]/x.png", rule: "ip-literal"),
    HostileURL(url: "http://[v1.x]/x.png", rule: "ip-literal"),
    HostileURL(url: "http://[127.0.0.1]/x.png", rule: "ip-literal"),
    HostileURL(url: "http://[fe80::1%25eth0]/x.png", rule: "zone-id"),
    HostileURL(url: "http://[fe80::1%eth0]/x.png", rule: "zone-id"),
    HostileURL(url: "http://example.com/" + String(repeating: "a", count: 5000), rule: "length"),
    HostileURL(url: "ftp://example.com/x.png", rule: "scheme"),
    HostileURL(url: "gopher://example.com/x.png", rule: "scheme"),
    HostileURL(url: "http://exa mple.com/x.png", rule: "syntax"),
]

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
        let quoted = URLRefusal.quote("a\n::b\u{200D}")
        #expect(quoted == "a\\u{A}::b\\u{200D}")
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
