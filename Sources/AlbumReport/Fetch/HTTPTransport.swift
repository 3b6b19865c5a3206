import AlbumReportCore
import Foundation

/// What came back from one GET.
public struct HTTPResponse: Sendable {
    /// The final status code (after redirects).
    public var status: Int
    /// Header values by lower-cased name (the first of repeated headers).
    public var headers: [String: String]
    /// The body, at most the limit asked for.
    public var body: Data
    /// The address the first request connected to, when the transport knows it (the feed's own
    /// address decides what its artwork may reach).
    public var address: IPAddress?

    /// Creates a response.
    public init(status: Int, headers: [String: String], body: Data, address: IPAddress? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.address = address
    }
}

/// Limits applied to one request: its time, its size, its redirects, and the addresses it may reach.
public struct HTTPLimits: Sendable, Hashable {
    /// The whole request's deadline.
    public var timeout: Duration
    /// The longest wait for a connection (never longer than ``timeout``): a host that does not
    /// accept one within it is given up at once, not at the deadline.
    public var connectTimeout: Duration
    /// Bodies longer than this are cut off and reported as too large.
    public var maximumBytes: Int
    /// Redirects followed at most.
    public var maximumRedirects: Int
    /// Which addresses the request (and every redirect hop) may connect to.
    public var addresses: AddressRule

    /// Creates limits.
    public init(
        timeout: Duration = .seconds(10), connectTimeout: Duration = .seconds(3), maximumBytes: Int = 20 * 1024 * 1024,
        maximumRedirects: Int = 5, addresses: AddressRule = .any
    ) {
        self.timeout = timeout
        self.connectTimeout = min(connectTimeout, timeout)
        self.maximumBytes = maximumBytes
        self.maximumRedirects = maximumRedirects
        self.addresses = addresses
    }
}

/// The seam for HTTP: one method, so tests can use the real client on loopback or a fake.
public protocol HTTPTransport: Sendable {
    /// Performs a GET with extra request `headers` (conditional requests), following redirects;
    /// throws ``FetchError`` on transport failures (a status code of any value is a response).
    func get(_ url: URL, limits: HTTPLimits, headers: [(String, String)]) async throws(FetchError) -> HTTPResponse
}

/// Why bytes could not be fetched.
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No DNS answer for the name (an offline runner, a mistyped host).
    case hostNotFound(url: String, host: String)
    /// The host actively refused the connection.
    case connectionRefused(url: String, host: String)
    /// No route to the host's network.
    case networkUnreachable(url: String, host: String)
    /// The TLS handshake failed (a certificate not valid for the host, a refused handshake).
    case tlsFailed(url: String, host: String, detail: String)
    /// No connection could be made within the connect timeout.
    case noConnection(url: String, host: String, after: Duration)
    /// The host accepted the connection but sent no answer within the deadline.
    case noAnswer(url: String, host: String, after: Duration)
    /// The address is one the request's `AddressRule` does not allow.
    case refusedAddress(url: String, host: String, address: String, kind: AddressClass)
    /// `--offline`, and no cached copy.
    case offline(url: String)
    /// The URL breaks a rule every request must keep (`RequestURL`); nothing was sent.
    case invalidURL(URLRefusal)
    /// The server answered but its body stalled past the deadline.
    case timedOut(url: String, host: String, after: Duration)
    /// The body was larger than `limit` bytes; the download was stopped there.
    case tooLarge(url: String, limit: Int)
    /// The redirects went on past the limit (a loop, most likely).
    case tooManyRedirects(url: String)
    /// No connection could be made, or it broke; `detail` says how.
    case connectionFailed(url: String, detail: String)
    /// The server answered, but not with valid HTTP (a malformed header, a body whose gzip or
    /// deflate encoding is corrupt); `detail` is a clause saying what was wrong.
    case invalidResponse(url: String, detail: String)
    /// The body ended before its announced length.
    case truncated(url: String)
    /// The server answered with an error status.
    case httpStatus(url: String, status: Int)
    /// A local file named by a `file:` URL or path does not exist.
    case fileNotFound(path: String)
    /// A local file exists but cannot be read; `detail` says why.
    case fileUnreadable(path: String, detail: String)
    /// The run was cancelled while the request was under way.
    case cancelled

    /// Whether retrying the same request may help: timeouts, resets, cut-off bodies, 429 and 5xx.
    /// A name that does not resolve, a refused connection, an unreachable network or a failed
    /// handshake will not heal within a run, and is never retried.
    public var isTransient: Bool {
        switch self {
        case .timedOut, .noAnswer, .connectionFailed, .truncated: return true
        case .httpStatus(_, let status): return Self.isTransient(status: status)
        default: return false
        }
    }

    /// Whether an HTTP status may heal when asked again: 429 (too many requests) and 5xx.
    public static func isTransient(status: Int) -> Bool {
        status == 429 || (500...599).contains(status)
    }

    /// Whether the failure says the host as a whole cannot be used (it never answered, or its
    /// bodies stall past the deadline): the circuit breaker's evidence.
    public var isHostLevel: Bool {
        switch self {
        case .hostNotFound, .connectionRefused, .networkUnreachable, .tlsFailed, .noConnection, .noAnswer, .timedOut:
            return true
        default: return false
        }
    }

    /// What went wrong with the host, without the URL ("is1-ssl.mzstatic.com could not be
    /// resolved"), for failures that concern a whole host, `--offline` or the address rule: the
    /// summary counts the albums behind each such cause instead of repeating it per album.
    public var sharedCause: String? {
        switch self {
        case .hostNotFound(_, let host): "\(Excerpt.printable(host)) could not be resolved"
        case .connectionRefused(_, let host): "\(Excerpt.printable(host)) refused the connection"
        case .networkUnreachable(_, let host):
            "\(Excerpt.printable(host)) cannot be reached from this machine (no route)"
        case .tlsFailed(_, let host, let detail):
            "the TLS handshake with \(Excerpt.printable(host)) failed (\(Excerpt.printable(detail)))"
        case .noConnection(_, let host, let after):
            "no connection to \(Excerpt.printable(host)) could be made within \(Self.seconds(after))"
        case .noAnswer(_, let host, let after):
            "\(Excerpt.printable(host)) accepted connections but did not answer within \(Self.seconds(after))"
        case .timedOut(_, let host, let after):
            "\(Excerpt.printable(host)) sent headers, then its bodies stalled and timed out after \(Self.seconds(after))"
        case .refusedAddress(_, let host, _, let kind):
            "\(Excerpt.printable(host)) is \(kind.phrase), which a feed from the internet may not make albumreport reach (pass --allow-private-network to allow it)"
        case .offline: "not downloaded (--offline) and not in the cache"
        default: nil
        }
    }

    /// The URL the failure happened at, for failures that concern a host: after a redirect, the
    /// target's URL, not the one first asked for (the circuit breaker charges that host).
    public var failedURL: String? {
        switch self {
        case .hostNotFound(let url, _), .connectionRefused(let url, _), .networkUnreachable(let url, _),
            .tlsFailed(let url, _, _), .noConnection(let url, _, _), .noAnswer(let url, _, _),
            .timedOut(let url, _, _), .refusedAddress(let url, _, _, _):
            return url
        default: return nil
        }
    }

    /// The same failure for another URL on the same host (the circuit breaker fails later
    /// requests with the reason the host gave).
    public func reported(for url: String) -> FetchError {
        switch self {
        case .hostNotFound(_, let host): return .hostNotFound(url: url, host: host)
        case .connectionRefused(_, let host): return .connectionRefused(url: url, host: host)
        case .networkUnreachable(_, let host): return .networkUnreachable(url: url, host: host)
        case .tlsFailed(_, let host, let detail): return .tlsFailed(url: url, host: host, detail: detail)
        case .noConnection(_, let host, let after): return .noConnection(url: url, host: host, after: after)
        case .noAnswer(_, let host, let after): return .noAnswer(url: url, host: host, after: after)
        case .timedOut(_, let host, let after): return .timedOut(url: url, host: host, after: after)
        default: return self
        }
    }

    /// "3 s", "0.5 s".
    static func seconds(_ duration: Duration) -> String {
        let value = duration.seconds
        return value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    /// A short name for statistics (`--json`'s failures by reason): "http-404", "timeout", …
    public var statisticsKey: String {
        switch self {
        case .hostNotFound: return "dns"
        case .connectionRefused: return "refused"
        case .networkUnreachable: return "unreachable"
        case .tlsFailed: return "tls"
        case .noConnection: return "connect-timeout"
        case .noAnswer: return "no-answer"
        case .refusedAddress: return "private-address"
        case .offline: return "offline"
        case .invalidURL: return "invalid-url"
        case .timedOut: return "timeout"
        case .tooLarge: return "too-large"
        case .tooManyRedirects: return "redirects"
        case .connectionFailed: return "connection"
        case .invalidResponse: return "bad-response"
        case .truncated: return "truncated"
        case .httpStatus(_, let status): return "http-\(status)"
        case .fileNotFound: return "missing-file"
        case .fileUnreadable: return "unreadable-file"
        case .cancelled: return "cancelled"
        }
    }

    /// A clause saying what went wrong (used inside warnings and errors).
    public var description: String {
        switch self {
        case .hostNotFound(let url, let host):
            "\(Excerpt.printable(host)) could not be resolved (there is no DNS answer for it), so \(Excerpt.location(url)) was not requested"
        case .connectionRefused(let url, let host):
            "\(Excerpt.printable(host)) refused the connection for \(Excerpt.location(url))"
        case .networkUnreachable(let url, let host):
            "\(Excerpt.printable(host)) cannot be reached from this machine (no route to its network) for \(Excerpt.location(url))"
        case .tlsFailed(let url, let host, let detail):
            "the TLS handshake with \(Excerpt.printable(host)) failed for \(Excerpt.location(url)) (\(Excerpt.printable(detail)))"
        case .noConnection(let url, let host, let after):
            "no connection to \(Excerpt.printable(host)) could be made within \(Self.seconds(after)) for \(Excerpt.location(url))"
        case .noAnswer(let url, let host, let after):
            "\(Excerpt.printable(host)) accepted the connection for \(Excerpt.location(url)) but sent no answer within \(Self.seconds(after))"
        case .refusedAddress(let url, let host, let address, let kind):
            "\(Excerpt.location(url)) was not requested: \(Excerpt.printable(host)) is \(address), \(kind.phrase), which a feed from the internet may not make albumreport reach (pass --allow-private-network to allow it)"
        case .offline(let url):
            "\(Excerpt.location(url)) was not downloaded (--offline) and is not in the cache"
        case .invalidURL(let refusal):
            refusal.description
        case .timedOut(let url, _, let after):
            "the request to \(Excerpt.location(url)) timed out after \(Self.seconds(after))"
        case .tooLarge(let url, let limit):
            "\(Excerpt.location(url)) sent more than \(limit / (1024 * 1024)) MiB (the limit), so the download was stopped"
        case .tooManyRedirects(let url):
            "\(Excerpt.location(url)) redirected too many times or in a loop"
        case .connectionFailed(let url, let detail):
            "\(Excerpt.location(url)) could not be reached (\(Excerpt.printable(detail)))"
        case .invalidResponse(let url, let detail):
            "\(Excerpt.location(url)) answered with a response albumreport cannot read: \(Excerpt.printable(detail))"
        case .httpStatus(let url, let status):
            "\(Excerpt.location(url)) answered HTTP \(status)"
        case .truncated(let url):
            "\(Excerpt.location(url)) closed the connection before the whole body arrived (the download was cut off)"
        case .fileNotFound(let path):
            "the file \(Excerpt.location(path)) does not exist"
        case .fileUnreadable(let path, let detail):
            "the file \(Excerpt.location(path)) could not be read (\(Excerpt.printable(detail)))"
        case .cancelled:
            "the run was cancelled"
        }
    }
}
