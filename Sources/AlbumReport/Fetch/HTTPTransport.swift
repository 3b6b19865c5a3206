import Foundation

/// What came back from one GET.
public struct HTTPResponse: Sendable {
    /// The final status code (after redirects).
    public var status: Int
    /// Header values by lower-cased name (the first of repeated headers).
    public var headers: [String: String]
    /// The body, at most the limit asked for.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Limits applied to one request.
public struct HTTPLimits: Sendable, Hashable {
    /// Connect and whole-request timeout.
    public var timeout: Duration
    /// Bodies longer than this are cut off and reported as too large.
    public var maximumBytes: Int
    /// Redirects followed at most.
    public var maximumRedirects: Int

    /// Creates limits.
    public init(timeout: Duration = .seconds(10), maximumBytes: Int = 20 * 1024 * 1024, maximumRedirects: Int = 5) {
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.maximumRedirects = maximumRedirects
    }
}

/// The seam for HTTP: one method, so tests can use the real client on loopback or a fake.
public protocol HTTPTransport: Sendable {
    /// Performs a GET with extra request `headers` (conditional requests), following redirects;
    /// throws ``FetchError`` on transport failures (a status code of any value is a response).
    func get(_ url: URL, limits: HTTPLimits, headers: [(String, String)]) async throws(FetchError) -> HTTPResponse
}

extension HTTPTransport {
    /// A plain GET.
    public func get(_ url: URL, limits: HTTPLimits) async throws(FetchError) -> HTTPResponse {
        try await get(url, limits: limits, headers: [])
    }
}

/// Why bytes could not be fetched.
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    case timedOut(url: String, after: Duration)
    case tooLarge(url: String, limit: Int)
    case tooManyRedirects(url: String)
    case connectionFailed(url: String, detail: String)
    case truncated(url: String)
    case httpStatus(url: String, status: Int)
    case fileNotFound(path: String)
    case fileUnreadable(path: String, detail: String)
    case cancelled

    /// Whether retrying the same request may help.
    public var isTransient: Bool {
        switch self {
        case .timedOut, .connectionFailed, .truncated: return true
        case .httpStatus(_, let status): return Self.isTransient(status: status)
        default: return false
        }
    }

    /// Whether an HTTP status may heal when asked again: 429 (too many requests) and 5xx.
    public static func isTransient(status: Int) -> Bool {
        status == 429 || (500...599).contains(status)
    }

    /// A short name for statistics (`--json`'s failures by reason): "http-404", "timeout", …
    public var statisticsKey: String {
        switch self {
        case .timedOut: return "timeout"
        case .tooLarge: return "too-large"
        case .tooManyRedirects: return "redirects"
        case .connectionFailed: return "connection"
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
        case .timedOut(let url, let after):
            return "the request to \(url) timed out after \(after.components.seconds) s"
        case .tooLarge(let url, let limit):
            return "\(url) sent more than \(limit / (1024 * 1024)) MiB (the limit), so the download was stopped"
        case .tooManyRedirects(let url):
            return "\(url) redirected too many times or in a loop"
        case .connectionFailed(let url, let detail):
            return "\(url) could not be reached (\(detail))"
        case .httpStatus(let url, let status):
            return "\(url) answered HTTP \(status)"
        case .truncated(let url):
            return "\(url) closed the connection before the whole body arrived (the download was cut off)"
        case .fileNotFound(let path):
            return "the file \(path) does not exist"
        case .fileUnreadable(let path, let detail):
            return "the file \(path) could not be read (\(detail))"
        case .cancelled:
            return "the run was cancelled"
        }
    }
}
