import Foundation

/// One hostile URL and the rule it breaks.
public struct HostileURL: Sendable, CustomStringConvertible {
    /// The URL.
    public var url: String
    /// The rule it breaks (`URLRule.key`).
    public var rule: String

    /// A hostile URL breaking `rule`.
    public init(url: String, rule: String) {
        self.url = url
        self.rule = rule
    }

    /// "port: http://127.0.0.1:99999/x.png" (test names).
    public var description: String { "\(rule): \(url.prefix(60))" }
}

/// Every class of URL a feed can carry that must never reach the transport.
public let hostileURLs: [HostileURL] = [
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
