import Foundation

/// An `http`/`https` URL that passed every check a request needs before a transport sees it:
/// the scheme, the length, no user info, a host that is a DNS name or an IP literal, a port from
/// 1 to 65535. AsyncHTTPClient and NIO trap on some URLs instead of throwing (a port above
/// 65535 stops the process in `SocketAddress.init(ipAddress:port:)`, an empty host after its
/// brackets are trimmed fails a precondition), so nothing reaches them unchecked.
public struct RequestURL: Sendable, Hashable {
    /// The URL, as parsed from ``text``.
    public let url: URL
    /// The text the transport is given (the URL's absolute string).
    public let text: String
    /// `http` or `https`, lower-cased.
    public let scheme: String
    /// The host to connect to, lower-cased, without the brackets of an IPv6 literal.
    public let host: String
    /// The port: the URL's own, or the scheme's default.
    public let port: Int
    /// The host spelled as an IP address, when it is one.
    public let address: IPAddress?

    /// The longest URL accepted, in UTF-8 bytes (Apple's artwork URLs are about 120; servers
    /// commonly refuse request lines over 8 KiB).
    public static let maximumLength = 4096
    /// The longest host name (RFC 1035), without a final dot.
    public static let maximumHostLength = 253

    /// Checks `url` as the transport will see it: its absolute string, parsed again.
    public static func check(_ url: URL) -> Result<RequestURL, URLRefusal> {
        check(url.absoluteString)
    }

    /// Checks a URL's text (a feed's artwork field, `--feed`, a redirect's target).
    public static func check(_ text: String) -> Result<RequestURL, URLRefusal> {
        func refuse(_ rule: URLRule) -> Result<RequestURL, URLRefusal> { .failure(URLRefusal(rule: rule, url: text)) }
        let length = text.utf8.count
        guard length <= maximumLength else { return refuse(.length(length)) }
        guard let parsed = URL(string: text) else { return refuse(.syntax) }
        let absolute = parsed.absoluteString
        guard absolute.utf8.count <= maximumLength else { return refuse(.length(absolute.utf8.count)) }
        guard absolute.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) else {
            return refuse(.characters)
        }
        guard let separator = absolute.range(of: "://") else {
            return ArtworkPolicy.scheme(of: absolute).map { ["http", "https"].contains($0) } == true
                ? refuse(.noHost) : refuse(.scheme(ArtworkPolicy.scheme(of: absolute) ?? ""))
        }
        let scheme = absolute[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return refuse(.scheme(scheme)) }
        let rest = absolute[separator.upperBound...]
        let authority = rest[..<(rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex)]
        guard !authority.contains("@") else { return refuse(.userinfo) }
        let split: (host: Substring, port: Substring?, address: IPAddress?)
        switch splitAuthority(authority) {
        case .success(let parts): split = parts
        case .failure(let rule): return refuse(rule)
        }
        let port: Int
        if let portText = split.port, !portText.isEmpty {
            guard portText.utf8.count <= 10, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int(portText), (1...65535).contains(value)
            else { return refuse(.port(String(portText.prefix(12)))) }
            port = value
        } else {
            port = scheme == "https" ? 443 : 80
        }
        let host = split.host.lowercased()
        // What AsyncHTTPClient reads from the same text must be what was checked here.
        let parsedHost = (parsed.host ?? "").lowercased()
        let trimmed =
            parsedHost.hasPrefix("[") && parsedHost.hasSuffix("]")
            ? String(parsedHost.dropFirst().dropLast()) : parsedHost
        guard !trimmed.isEmpty, trimmed == host || split.address != nil && IPAddress(host: trimmed) == split.address
        else {
            return refuse(.hostSyntax)
        }
        guard (parsed.port ?? port) == port else { return refuse(.port(String(split.port?.prefix(12) ?? ""))) }
        return .success(
            RequestURL(url: parsed, text: absolute, scheme: scheme, host: host, port: port, address: split.address))
    }

    /// Host, port text and address of an authority without user info, or the rule it breaks.
    private static func splitAuthority(
        _ authority: Substring
    ) -> Result<(host: Substring, port: Substring?, address: IPAddress?), URLRule> {
        guard !authority.isEmpty else { return .failure(.noHost) }
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return .failure(.ipLiteral) }
            let literal = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { return .failure(.ipLiteral) }
            guard !literal.isEmpty else { return .failure(.noHost) }
            guard !literal.contains("%") else { return .failure(.zone) }
            guard literal.contains(":"), let bytes = IPAddress.ipv6(literal) else { return .failure(.ipLiteral) }
            return .success((literal, after.isEmpty ? nil : after.dropFirst(), .v6(bytes)))
        }
        let colons = authority.filter { $0 == ":" }.count
        guard colons <= 1 else { return .failure(.ipLiteral) }
        let host: Substring
        var port: Substring?
        if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        } else {
            host = authority
        }
        guard !host.isEmpty else { return .failure(.noHost) }
        guard !host.contains("%") else { return .failure(.hostSyntax) }
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        // A host whose last label is a number is an IPv4 address (as browsers read it): it must be one.
        if let last = labels.last, Self.isNumeric(last) {
            guard let value = IPAddress.ipv4(Substring(name)) else { return .failure(.ipLiteral) }
            return .success((host, port, .v4(value)))
        }
        guard name.utf8.count <= maximumHostLength,
            labels.allSatisfy({ label in
                (1...63).contains(label.utf8.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.utf8.allSatisfy { isLabelByte($0) }
            })
        else { return .failure(.hostSyntax) }
        return .success((host, port, nil))
    }

    private static func isNumeric(_ label: Substring) -> Bool {
        guard !label.isEmpty else { return false }
        if label.hasPrefix("0x") { return label.dropFirst(2).allSatisfy(\.isHexDigit) }
        return label.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Letters, digits, `-` and `_` (not a host name character, but real DNS names use it).
    private static func isLabelByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
            UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}

/// The rule a URL breaks (``URLRefusal``); ``key`` names it in statistics and tests.
public enum URLRule: Error, Sendable, Hashable {
    /// Longer than ``RequestURL/maximumLength`` UTF-8 bytes.
    case length(Int)
    /// Not a URL at all.
    case syntax
    /// Spaces, control characters, backslashes or characters outside ASCII after parsing.
    case characters
    /// A scheme other than `http`/`https`.
    case scheme(String)
    /// `user:password@` before the host.
    case userinfo
    /// No host, or an empty one (`http:///x`, `http://[]/`).
    case noHost
    /// A host that is not a valid DNS name (empty labels, a label over 63 bytes, characters
    /// DNS names do not have, percent-encoding).
    case hostSyntax
    /// A bracketed host that is not an IPv6 address, or a numeric host that is not an IPv4 one.
    case ipLiteral
    /// An IPv6 zone id (`[fe80::1%25eth0]`).
    case zone
    /// A port outside 1–65535, or not a number.
    case port(String)

    /// A short name: "length", "port", …
    public var key: String {
        switch self {
        case .length: return "length"
        case .syntax: return "syntax"
        case .characters: return "characters"
        case .scheme: return "scheme"
        case .userinfo: return "userinfo"
        case .noHost: return "no-host"
        case .hostSyntax: return "host"
        case .ipLiteral: return "ip-literal"
        case .zone: return "zone-id"
        case .port: return "port"
        }
    }

    /// The rule and the next step, as a clause.
    public var explanation: String {
        switch self {
        case .length(let bytes):
            "it is \(bytes) bytes long, more than the \(RequestURL.maximumLength) a URL may be (shorten it)"
        case .syntax: "it is not a valid URL (check its spelling)"
        case .characters:
            "it contains spaces, control characters or backslashes (percent-encode them or remove them)"
        case .scheme(let scheme):
            "its scheme '\(Excerpt.printable(scheme, limit: 16))' is not http or https (use an http(s) URL)"
        case .userinfo:
            "it carries a user name or password before the host, which albumreport never sends (remove the part before '@')"
        case .noHost: "it has no host (write the server's name after '//')"
        case .hostSyntax:
            "its host is not a valid DNS name (letters, digits and hyphens, labels of 1 to 63 characters, 253 in all)"
        case .ipLiteral:
            "its host is not a valid IP address (IPv4 as 1.2.3.4, IPv6 in brackets as [2001:db8::1])"
        case .zone:
            "its IPv6 address names a zone (%…), which only means something on one machine (remove the zone id)"
        case .port(let text):
            "its port '\(Excerpt.printable(text, limit: 12))' is not a number from 1 to 65535 (fix it, or leave it out for the scheme's default)"
        }
    }
}

/// Why a URL was not requested: the rule it breaks and the URL, quoted short.
public struct URLRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule broken.
    public var rule: URLRule
    /// The URL as given, bounded for messages (``Excerpt/printable(_:limit:)``, 80).
    public var url: String

    /// A refusal of `url` (quoted short) for `rule`.
    public init(rule: URLRule, url: String) {
        self.rule = rule
        self.url = Excerpt.printable(url, limit: 80)
    }

    /// "'http://127.0.0.1:99999/x.png' was not requested: its port '99999' is not a number from 1
    /// to 65535 (…)".
    public var description: String { "'\(url)' was not requested: \(rule.explanation)" }
}
