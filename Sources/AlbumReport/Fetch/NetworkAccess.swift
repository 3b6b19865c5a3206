import AlbumReportCore
import Foundation

/// How the stages that download reach the network: the transport, the limits of one request,
/// the retry policy and the download cache.
struct NetworkAccess: Sendable {
    var transport: any HTTPTransport
    var limits: HTTPLimits
    var retry: RetryPolicy
    /// Where downloads are kept and revalidated (nil: no cache).
    var cache: HTTPCache?
    /// Artwork already loaded in this process, shared by a matrix's combinations (nil: none).
    var artworkMemo: ArtworkMemo?

    /// A fetcher counting its requests under `stage` in the run's statistics.
    func fetcher(for stage: Stage, context: RunContext) -> HTTPFetcher {
        HTTPFetcher(transport: transport, limits: limits, retry: retry, context: context, stage: stage)
    }

    /// The same access, its requests allowed to reach only what `rule` allows.
    func reaching(_ rule: AddressRule) -> NetworkAccess {
        var copy = self
        copy.limits.addresses = rule
        return copy
    }
}
