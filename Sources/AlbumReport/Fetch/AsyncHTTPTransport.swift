import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// ``HTTPTransport`` on AsyncHTTPClient: connect timeout, whole-request deadline, bounded
/// redirects (loops refused) and a body byte cap that stops reading once exceeded.
public final class AsyncHTTPTransport: HTTPTransport {
    private let client: HTTPClient

    /// A client whose connect timeout and redirect limit come from `limits`, keeping up to
    /// `connectionsPerHost` connections to one host open at once (AsyncHTTPClient's default is 8,
    /// which would cap `--concurrency 16` at 8 downloads in flight).
    public init(limits: HTTPLimits = HTTPLimits(), connectionsPerHost: Int = 8) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: limits.maximumRedirects, allowCycles: false),
            timeout: .init(
                connect: .nanoseconds(limits.timeout.nanoseconds), read: .nanoseconds(limits.timeout.nanoseconds)))
        configuration.decompression = .enabled(limit: .size(limits.maximumBytes))
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(connectionsPerHost, 1)
        // A connection that cannot be made fails its request at once; the fetcher's retry policy
        // decides what is worth trying again (by default AsyncHTTPClient keeps reconnecting
        // until the request's deadline).
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Closes every connection. Call once when done.
    public func shutdown() async {
        try? await client.shutdown()
    }

    public func get(
        _ url: URL, limits: HTTPLimits, headers extra: [(String, String)]
    ) async throws(FetchError) -> HTTPResponse {
        let address = url.absoluteString
        var request = HTTPClientRequest(url: address)
        request.headers.add(name: "User-Agent", value: "albumreport/\(AlbumReportVersion.current)")
        request.headers.add(name: "Accept", value: "application/json, image/*;q=0.9, */*;q=0.5")
        for (name, value) in extra { request.headers.replaceOrAdd(name: name, value: value) }
        do {
            let response = try await client.execute(request, timeout: .nanoseconds(limits.timeout.nanoseconds))
            var headers: [String: String] = [:]
            for header in response.headers where headers[header.name.lowercased()] == nil {
                headers[header.name.lowercased()] = header.value
            }
            let body = try await Self.collect(response.body, declaredLength: headers["content-length"], limits: limits)
            return HTTPResponse(status: Int(response.status.code), headers: headers, body: body)
        } catch {
            throw Self.map(error, url: address, limits: limits)
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

    static func map(_ error: any Error, url: String, limits: HTTPLimits) -> FetchError {
        if error is CancellationError { return .cancelled }
        if error is NIOTooManyBytesError { return .tooLarge(url: url, limit: limits.maximumBytes) }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                return .timedOut(url: url, after: limits.timeout)
            case .redirectLimitReached, .redirectCycleDetected:
                return .tooManyRedirects(url: url)
            case .cancelled:
                return .cancelled
            case .remoteConnectionClosed:
                return .truncated(url: url)
            default:
                return .connectionFailed(url: url, detail: String(describing: clientError))
            }
        }
        if let parserError = error as? HTTPParserError, parserError == .invalidEOFState {
            return .truncated(url: url)
        }
        return .connectionFailed(url: url, detail: String(describing: error))
    }
}
