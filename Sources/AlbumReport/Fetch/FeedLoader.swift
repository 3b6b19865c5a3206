import AlbumReportCore
import Foundation

/// The raw bytes of a feed and what they imply for the artwork policy.
public struct LoadedFeed: Sendable {
    /// The body.
    public var data: Data
    /// The HTTP status, for remote feeds.
    public var httpStatus: Int?
    /// How messages name the source.
    public var sourceDescription: String
    /// The folder a local feed lives in (its artwork may be relative to it); nil for remote feeds.
    public var localDirectory: URL?
    /// How the cache was used for a remote feed (a stale copy when the server failed).
    public var cacheUse: CacheUse = .network
    /// The address a remote feed was fetched from (nil for a file, and for a cached copy of a
    /// feed named by its host); it decides what the feed's artwork may reach.
    public var address: IPAddress?

    /// Creates a loaded feed.
    public init(
        data: Data, httpStatus: Int?, sourceDescription: String, localDirectory: URL?, cacheUse: CacheUse = .network,
        address: IPAddress? = nil
    ) {
        self.data = data
        self.httpStatus = httpStatus
        self.sourceDescription = sourceDescription
        self.localDirectory = localDirectory
        self.cacheUse = cacheUse
        self.address = address
    }

    /// What the requests this feed causes (artwork, Lookup, redirects) may reach: anything for a
    /// feed read from a file; else public addresses and the kind of address the feed came from
    /// (a loopback test server, an intranet); only public ones for a cached copy of a feed whose
    /// address is not known; anything with `--allow-private-network`.
    public func addressRule(allowPrivateNetwork: Bool) -> AddressRule {
        if allowPrivateNetwork || localDirectory != nil { return .any }
        guard let address, address.addressClass != .publicAddress else { return .publicOnly }
        return .publicAnd([address.addressClass])
    }
}

/// Loads a feed's bytes from the embedded sample, a file or an HTTP server.
public struct FeedLoader: Sendable {
    /// Feeds larger than this are refused before they are read.
    public static let maximumFeedBytes = 32 * 1024 * 1024

    var fetcher: HTTPFetcher
    /// Remote feeds are kept here; a fresh copy (Cache-Control max-age) is used without a request
    /// when `allowFreshCache`, otherwise it is revalidated.
    var cache: HTTPCache?
    var allowFreshCache: Bool

    /// Creates a loader that fetches remote feeds with `fetcher`.
    public init(fetcher: HTTPFetcher, cache: HTTPCache? = nil, allowFreshCache: Bool = true) {
        self.fetcher = fetcher
        self.cache = cache
        self.allowFreshCache = allowFreshCache
    }

    /// The embedded sample's folder (`feed.json` plus `artwork/`).
    public static var sampleDirectory: URL? {
        Bundle.module.url(forResource: "Sample", withExtension: nil)
    }

    /// Loads `source`.
    public func load(_ source: FeedSource) async throws(ReportError) -> LoadedFeed {
        switch source {
        case .sample:
            guard let directory = Self.sampleDirectory else {
                throw .fetch(
                    source: source.description,
                    .fileNotFound(path: "albumreport_AlbumReport.resources/Sample (reinstall the tool)"))
            }
            let file = directory.appendingPathComponent("feed.json")
            return LoadedFeed(
                data: try readFile(file, source: source), httpStatus: nil, sourceDescription: source.description,
                localDirectory: directory)
        case .file(let url):
            return LoadedFeed(
                data: try readFile(url, source: source), httpStatus: nil, sourceDescription: source.description,
                localDirectory: url.deletingLastPathComponent())
        case .remote(let url):
            let fetched: CachedResponse
            do {
                // With --refresh (no fresh copy allowed) a failing server is an error, not an old copy.
                fetched = try await fetcher.get(
                    url, cache: cache, allowFresh: allowFreshCache, allowStale: allowFreshCache)
            } catch {
                throw .fetch(source: source.description, error)
            }
            let response = fetched.response
            guard (200...299).contains(response.status) else {
                if let first = response.body.first(where: { !FeedDecoder.isJSONWhitespace($0) }),
                    first == UInt8(ascii: "<")
                {
                    throw .decode(.html(source: source.description, status: response.status))
                }
                throw .fetch(source: source.description, .httpStatus(url: url.absoluteString, status: response.status))
            }
            return LoadedFeed(
                data: response.body, httpStatus: response.status, sourceDescription: source.description,
                localDirectory: nil, cacheUse: fetched.use, address: response.address ?? IPAddress(host: url.host ?? "")
            )
        }
    }

    private func readFile(_ url: URL, source: FeedSource) throws(ReportError) -> Data {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else {
            throw .fetch(source: source.description, .fileNotFound(path: path))
        }
        if let problem = FileProblem.reading(path) {
            throw .fetch(source: source.description, .fileUnreadable(path: path, detail: problem))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= Self.maximumFeedBytes else {
            throw .fetch(
                source: source.description,
                .fileUnreadable(
                    path: path, detail: "it is \(size / (1024 * 1024)) MiB, more than the 32 MiB a feed may be"))
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .fetch(source: source.description, .fileUnreadable(path: path, detail: FileProblem.describe(error)))
        }
    }
}
