import AlbumReportCore
import Foundation

/// `--offline`: a transport that never touches the network. Every request fails with
/// ``FetchError/offline(url:)``, so the cache answers what it can (a cached feed is used with a
/// warning, cached artwork is drawn) and everything else draws its placeholder.
public struct OfflineTransport: HTTPTransport {
    /// Creates the transport.
    public init() {}

    public func get(
        _ url: URL, limits: HTTPLimits, headers: [(String, String)]
    ) async throws(FetchError) -> HTTPResponse {
        throw .offline(url: url.absoluteString)
    }
}
