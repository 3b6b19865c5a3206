import AlbumReportCore
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// ``HTTPTransport`` on AsyncHTTPClient: names resolved through a ``HostResolver`` and checked
/// against the request's `AddressRule` at every redirect hop (redirects are followed here, not
/// by the client, so none escapes the check); each host is pinned to the address it was checked
/// at, and the client connects to exactly that address (TLS still verifies the host's name), so
/// a second DNS answer can never be used. A short connect timeout beside the whole-request
/// deadline, a body byte cap that stops reading once exceeded, and every failure mapped to a
/// ``FetchError`` that says whether it can heal.
public final class AsyncHTTPTransport: HTTPTransport {
    private let configuration: HTTPClient.Configuration
    private let resolver: any HostResolver
    /// Clients by pinned host ("host → address"); one more for hosts given as addresses.
    private let clients = Mutex<[String: HTTPClient]>([:])
    /// The address each host name was checked at, for the transport's life.
    private let pins = Mutex<[String: IPAddress]>([:])

    /// A transport whose connect timeout comes from `limits`, keeping up to `connectionsPerHost`
    /// connections to one host open at once (AsyncHTTPClient's default is 8, which would cap
    /// `--concurrency 16` at 8 downloads in flight).
    public init(
        limits: HTTPLimits = HTTPLimits(), connectionsPerHost: Int = 8, resolver: any HostResolver = SystemResolver()
    ) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(
                connect: .nanoseconds(limits.connectTimeout.nanoseconds),
                read: .nanoseconds(limits.timeout.nanoseconds)))
        configuration.decompression = .enabled(limit: .size(limits.maximumBytes))
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(connectionsPerHost, 1)
        // A connection that cannot be made fails its request at once; the fetcher's retry policy
        // and circuit breaker decide what happens next (by default AsyncHTTPClient keeps
        // reconnecting until the request's deadline: a name that does not resolve cost a whole
        // --timeout per image).
        configuration.connectionPool.retryConnectionEstablishment = false
        self.configuration = configuration
        self.resolver = resolver
    }

    /// Closes every connection. Call once when done.
    public func shutdown() async {
        let all = clients.withLock { clients in
            defer { clients = [:] }
            return Array(clients.values)
        }
        for client in all { try? await client.shutdown() }
    }

    public func get(
        _ url: URL, limits: HTTPLimits, headers extra: [(String, String)]
    ) async throws(FetchError) -> HTTPResponse {
        var current = url
        var visited: Set<String> = []
        var firstHop: IPAddress?
        for _ in 0...limits.maximumRedirects {
            // Every hop, the first and each redirect's target, is checked before the client sees
            // it: AsyncHTTPClient traps on some URLs (a port above 65535) instead of throwing.
            let checked: RequestURL
            switch RequestURL.check(current) {
            case .success(let valid): checked = valid
            case .failure(let refusal): throw .invalidURL(refusal)
            }
            let (host, address) = try await checkedAddress(of: checked, rule: limits.addresses, firstHop: firstHop)
            firstHop = firstHop ?? address
            visited.insert(current.absoluteString)
            var response = try await send(checked, host: host, address: address, limits: limits, headers: extra)
            guard (300...399).contains(response.status), response.status != 304,
                let location = response.headers["location"]
            else {
                response.address = firstHop
                return response
            }
            guard let next = URL(string: location, relativeTo: current)?.absoluteURL,
                ["http", "https"].contains(next.scheme?.lowercased() ?? "")
            else {
                throw .connectionFailed(
                    url: current.absoluteString,
                    detail: "it redirected to '\(Excerpt.location(location))', which is not an http(s) URL")
            }
            guard !visited.contains(next.absoluteString) else { throw .tooManyRedirects(url: url.absoluteString) }
            current = next
        }
        throw .tooManyRedirects(url: url.absoluteString)
    }

    // MARK: - Addresses

    /// The host of `url` and the address to connect to: the host itself when it spells an
    /// address (in any spelling), else the resolver's first answer, pinned for the transport's
    /// life; refused when `rule` does not allow it.
    private func checkedAddress(
        of checked: RequestURL, rule: AddressRule, firstHop: IPAddress?
    ) async throws(FetchError) -> (host: String, address: IPAddress) {
        let (url, host) = (checked.url, checked.host)
        let address: IPAddress
        if let literal = checked.address {
            address = literal
        } else if let pinned = pins.withLock({ $0[host.lowercased()] }) {
            address = pinned
        } else {
            guard let first = try await resolver.addresses(of: host, for: url.absoluteString).first else {
                throw .hostNotFound(url: url.absoluteString, host: host)
            }
            address = pins.withLock { pins in
                if let earlier = pins[host.lowercased()] { return earlier }
                pins[host.lowercased()] = first
                return first
            }
        }
        guard rule.permits(address, firstHop: firstHop) else {
            throw .refusedAddress(
                url: url.absoluteString, host: host, address: address.description, kind: address.addressClass)
        }
        return (host, address)
    }

    /// The client that connects `host` to `address` (a client of its own per pinned host, whose
    /// DNS override makes it connect there while TLS verifies the host's name).
    private func client(host: String, address: IPAddress) -> HTTPClient {
        let literal = IPAddress(host: host) != nil
        let key = literal ? "" : "\(host.lowercased()) → \(address)"
        return clients.withLock { clients in
            if let client = clients[key] { return client }
            var configuration = self.configuration
            if !literal { configuration.dnsOverride = [host: address.description] }
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            clients[key] = client
            return client
        }
    }

    // MARK: - One hop

    private func send(
        _ checked: RequestURL, host: String, address: IPAddress, limits: HTTPLimits, headers extra: [(String, String)]
    ) async throws(FetchError) -> HTTPResponse {
        let text = checked.text
        var request = HTTPClientRequest(url: text)
        request.headers.add(name: "User-Agent", value: "albumreport/\(AlbumReportVersion.current)")
        request.headers.add(name: "Accept", value: "application/json, image/*;q=0.9, */*;q=0.5")
        // Validators come from a cache file on disk: a value that could split the request (CR,
        // LF, NUL) or a name that is not a token is dropped, not sent.
        for (name, value) in extra where Self.isSafeHeader(name: name, value: value) {
            request.headers.replaceOrAdd(name: name, value: value)
        }
        do {
            let response = try await client(host: host, address: address)
                .execute(request, timeout: .nanoseconds(limits.timeout.nanoseconds))
            RequestProgress.answered?.mark()
            var headers: [String: String] = [:]
            for header in response.headers where headers[header.name.lowercased()] == nil {
                headers[header.name.lowercased()] = header.value
            }
            let body = try await Self.collect(response.body, declaredLength: headers["content-length"], limits: limits)
            return HTTPResponse(status: Int(response.status.code), headers: headers, body: body)
        } catch {
            throw Self.map(error, url: text, host: host, limits: limits)
        }
    }

    /// The whole body, at most `limits.maximumBytes`. A declared length over the cap is refused
    /// before reading; otherwise the chunks are kept as they arrive and joined once at the end, so
    /// a body stopped at the cap never holds more than the cap (a growing buffer doubles: 32 MiB
    /// for a 20 MiB cap, times every download in flight).
    static func collect(
        _ body: HTTPClientResponse.Body, declaredLength: String?, limits: HTTPLimits
    ) async throws -> Data {
        if let declaredLength, let length = Int(declaredLength), length > limits.maximumBytes {
            throw NIOTooManyBytesError(maxBytes: limits.maximumBytes)
        }
        var chunks: [ByteBuffer] = []
        var total = 0
        for try await chunk in body {
            total += chunk.readableBytes
            guard total <= limits.maximumBytes else { throw NIOTooManyBytesError(maxBytes: limits.maximumBytes) }
            chunks.append(chunk)
        }
        var data = Data(capacity: total)
        for chunk in chunks { data.append(contentsOf: chunk.readableBytesView) }
        return data
    }

    /// Whether a header can be sent as it is: a token for a name, and a value without control
    /// characters other than tab (AsyncHTTPClient throws on the rest; they are never sent).
    static func isSafeHeader(name: String, value: String) -> Bool {
        let tokenPunctuation = Set("!#$%&'*+-.^_`|~".utf8)
        guard !name.isEmpty, name.utf8.count <= 256,
            name.utf8.allSatisfy({ ($0 > 0x20 && $0 < 0x7F) && (tokenPunctuation.contains($0) || isAlphanumeric($0)) })
        else { return false }
        return value.utf8.count <= 8192 && value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    // MARK: - Errors

    static func map(_ error: any Error, url: String, host: String, limits: HTTPLimits) -> FetchError {
        if let fetchError = error as? FetchError { return fetchError }
        if error is CancellationError { return .cancelled }
        if error is NIOTooManyBytesError { return .tooLarge(url: url, limit: limits.maximumBytes) }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .connectTimeout: return .noConnection(url: url, host: host, after: limits.connectTimeout)
            case .deadlineExceeded, .readTimeout, .writeTimeout:
                return .timedOut(url: url, host: host, after: limits.timeout)
            case .redirectLimitReached, .redirectCycleDetected: return .tooManyRedirects(url: url)
            case .cancelled: return .cancelled
            case .remoteConnectionClosed: return .truncated(url: url)
            default: return .connectionFailed(url: url, detail: ResponseProblem.clause(clientError))
            }
        }
        if let parserError = error as? HTTPParserError {
            if parserError == .invalidEOFState { return .truncated(url: url) }
            return .invalidResponse(url: url, detail: ResponseProblem.clause(parserError))
        }
        if let decompression = ResponseProblem.decompression(error) {
            return .invalidResponse(url: url, detail: decompression)
        }
        if let connection = error as? NIOConnectionError {
            let causes = connection.connectionErrors.map(\.error)
            if let mapped = causes.lazy.compactMap({ map(errno: $0, url: url, host: host) }).first { return mapped }
            if connection.dnsAError != nil || connection.dnsAAAAError != nil {
                return .hostNotFound(url: url, host: host)
            }
        }
        if let mapped = map(errno: error, url: url, host: host) { return mapped }
        if error is NIOSSLError || error is BoringSSLError {
            return .tlsFailed(url: url, host: host, detail: ResponseProblem.tls(error))
        }
        return .connectionFailed(url: url, detail: ResponseProblem.clause(error))
    }

    /// Connection errors that cannot heal within a run, from the system's error number.
    private static func map(errno error: any Error, url: String, host: String) -> FetchError? {
        guard let io = error as? IOError else { return nil }
        switch io.errnoCode {
        case ECONNREFUSED: return .connectionRefused(url: url, host: host)
        case ENETUNREACH, EHOSTUNREACH, ENETDOWN, EHOSTDOWN: return .networkUnreachable(url: url, host: host)
        default: return nil
        }
    }
}

/// Whether the server of the request in flight has answered (sent its status line), so that a
/// deadline can tell a host that never answers from a body that stalls. The fetcher sets a flag
/// for each attempt; the transport marks it.
final class AnswerFlag: Sendable {
    private let answered = Mutex(false)

    /// Records that the status line arrived.
    func mark() { answered.withLock { $0 = true } }

    /// Whether it did.
    var isSet: Bool { answered.withLock { $0 } }
}

/// The flag of the current attempt, carried to the transport's task.
enum RequestProgress {
    @TaskLocal static var answered: AnswerFlag?
}

/// What a `RunClock` timing a request's deadline can learn of that request: a test clock that
/// moves on events rather than wall time uses it to let a deadline pass only once the server has
/// answered, so a body that stalls is told from a host that never answers however busy the
/// machine.
public enum RequestDeadline {
    /// Whether the server of the request whose deadline the calling task is timing has sent its
    /// status line; nil when the task is not timing a request's deadline.
    public static var isAnswered: Bool? { RequestProgress.answered?.isSet }
}
