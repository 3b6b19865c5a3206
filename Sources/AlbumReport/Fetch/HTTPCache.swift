import AlbumReportCore
import Foundation

/// A disk cache of HTTP bodies keyed by URL, with their validators (ETag, Last-Modified) and
/// freshness (`HTTPFreshness`: Cache-Control, Expires, Age), so that a second run sends
/// conditional requests and downloads nothing that has not changed, and `--offline` has copies
/// to use. A response marked `no-store` is never kept.
///
/// Each entry is two files, `KEY.body` and `KEY.json` (KEY = SHA-256 of the URL), each written to
/// a temporary file and renamed into place, so two runs sharing the cache never see half an
/// entry. The metadata records the body's SHA-256: an entry whose body does not match (a crash
/// between the renames, a disk error, a hand edit) is deleted and fetched again.
public struct HTTPCache: Sendable {
    /// The cache folder.
    public let directory: URL

    typealias Entry = CacheEntry

    /// A cache in `directory` (created when first written).
    public init(directory: URL) {
        self.directory = directory
    }

    /// The default folder: `$XDG_CACHE_HOME/albumreport`, or `~/.cache/albumreport`
    /// (`~/Library/Caches/albumreport` on macOS).
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        #if os(macOS)
            if let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first {
                return caches.appendingPathComponent("albumreport")
            }
        #endif
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("albumreport")
        }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache/albumreport")
    }

    private func paths(_ url: String) -> (meta: URL, body: URL) {
        let key = SHA256.hex(of: Data(url.utf8))
        let folder = directory.appendingPathComponent(String(key.prefix(2)))
        return (folder.appendingPathComponent(key + ".json"), folder.appendingPathComponent(key + ".body"))
    }

    /// The cached response for `url`, if there is an intact one.
    func lookup(_ url: String) -> (entry: Entry, body: Data)? {
        let (metaURL, bodyURL) = paths(url)
        guard let meta = try? Data(contentsOf: metaURL) else { return nil }
        guard let entry = CacheEntry.decode(meta, for: url),
            let body = try? Data(contentsOf: bodyURL), body.count == entry.bytes, Digest.sha256Hex(body) == entry.sha256
        else {
            // Corrupt or half-written: forget it, so it is fetched again.
            remove(url)
            return nil
        }
        return (entry, body)
    }

    /// Keeps a 200 response unless it says `no-store`: with validators it is revalidated next
    /// time, fresh ones are used as they are, and any copy serves `--offline`.
    func store(_ url: String, response: HTTPResponse, now: Date) {
        let freshness = HTTPFreshness(headers: response.headers, receivedAt: now)
        guard response.status == 200, freshness.storable else { return }
        let entry = Entry(
            url: url, etag: response.headers["etag"], lastModified: response.headers["last-modified"],
            contentType: response.headers["content-type"], maxAge: freshness.lifetime,
            storedAt: now.timeIntervalSince1970 - freshness.age, bytes: response.body.count,
            sha256: Digest.sha256Hex(response.body))
        let (metaURL, bodyURL) = paths(url)
        guard let meta = try? JSONEncoder().encode(entry) else { return }
        do {
            try Self.write(response.body, to: bodyURL)
            try Self.write(meta, to: metaURL)
        } catch {
            // A cache that cannot be written only costs a download next time.
        }
    }

    /// After a 304: the entry's age restarts and any validators or max-age the answer carries
    /// replace the stored ones. Only the small metadata file is written (and for an entry without
    /// a lifetime whose validators did not change, only once its date is ``renewalInterval``
    /// old); the body is unchanged.
    func renew(_ url: String, entry: Entry, notModified response: HTTPResponse, now: Date) {
        let freshness = HTTPFreshness(headers: response.headers, receivedAt: now)
        guard freshness.storable else {
            remove(url)
            return
        }
        var renewed = entry
        renewed.storedAt = now.timeIntervalSince1970 - freshness.age
        if let etag = response.headers["etag"] { renewed.etag = etag }
        if let lastModified = response.headers["last-modified"] { renewed.lastModified = lastModified }
        if ["cache-control", "expires"].contains(where: { response.headers[$0] != nil }) {
            renewed.maxAge = freshness.lifetime
        }
        // An entry without a lifetime is revalidated every time whatever its time says, which
        // then only dates a stale copy (`--offline`, a server down): when nothing else changed,
        // that date is renewed to the hour, so a refresh soon after a run does not rewrite a
        // file per image.
        var unchanged = renewed
        unchanged.storedAt = entry.storedAt
        if renewed.maxAge == nil, unchanged == entry, renewed.storedAt - entry.storedAt < Self.renewalInterval {
            return
        }
        guard let meta = try? JSONEncoder().encode(renewed) else { return }
        try? Self.write(meta, to: paths(url).meta)
    }

    /// How stale the stored time of an entry without a lifetime may grow before a 304 rewrites it.
    static let renewalInterval: Double = 3600

    /// Writes a cache file atomically but without forcing it to disk: whatever a crash leaves is
    /// caught by ``lookup(_:)`` (an entry whose body does not hash to its record is forgotten and
    /// fetched again), and a refresh renews a hundred entries or more (an fsync each cost about a
    /// third of a refresh here).
    private static func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.writeAtomically(to: url)
    }

    /// `If-None-Match` / `If-Modified-Since` for a cached entry.
    func validators(_ entry: Entry) -> [(String, String)] {
        var headers: [(String, String)] = []
        if let etag = entry.etag { headers.append(("If-None-Match", etag)) }
        if let lastModified = entry.lastModified { headers.append(("If-Modified-Since", lastModified)) }
        return headers
    }

    /// Forgets the entry for `url`.
    func remove(_ url: String) {
        let (metaURL, bodyURL) = paths(url)
        try? FileManager.default.removeItem(at: metaURL)
        try? FileManager.default.removeItem(at: bodyURL)
    }

    /// The response a cached entry stands for.
    func response(_ entry: Entry, body: Data) -> HTTPResponse {
        var headers: [String: String] = [:]
        headers["content-type"] = entry.contentType
        headers["etag"] = entry.etag
        headers["last-modified"] = entry.lastModified
        return HTTPResponse(status: 200, headers: headers, body: body)
    }
}

/// Where a response came from, when it went through the cache.
public enum CacheUse: Sendable, Equatable {
    /// Downloaded (no usable copy was cached, or the copy had changed).
    case network
    /// A cached copy still fresh by its `max-age`, used without a request.
    case fresh
    /// A cached copy the server confirmed unchanged (304 Not Modified).
    case revalidated
    /// A cached copy used because the server could not be reached: its age and what failed.
    case stale(age: Duration, because: FetchError)
}

/// A response and where it came from.
public struct CachedResponse: Sendable {
    /// The response (a cached copy is a 200 with its stored headers).
    public var response: HTTPResponse
    /// Whether it came from the network or the cache, and why.
    public var use: CacheUse
}

extension HTTPFetcher {
    /// GET through `cache`: a fresh entry is used as it is (when `allowFresh`), a stale one is
    /// revalidated with a conditional request (304 → the cached body, no bytes downloaded), and
    /// when the server cannot be reached at all a cached body is used rather than nothing
    /// (``CacheUse/stale(age:because:)``); with `allowStale: false` the failure is thrown instead.
    public func get(
        _ url: URL, cache: HTTPCache?, allowFresh: Bool, allowStale: Bool = true
    ) async throws(FetchError) -> CachedResponse {
        guard let cache else { return CachedResponse(response: try await get(url).response, use: .network) }
        let key = url.absoluteString
        let stage = self.stage
        let now = context.clock.now
        guard let (entry, body) = cache.lookup(key) else {
            let response = try await get(url).response
            cache.store(key, response: response, now: now)
            return CachedResponse(response: response, use: .network)
        }
        if allowFresh, entry.isFresh(now: now) {
            stats.record(stage) { $0.cacheHits += 1 }
            return CachedResponse(response: cache.response(entry, body: body), use: .fresh)
        }
        do {
            let response = try await get(url, headers: cache.validators(entry)).response
            if response.status == 304 {
                stats.record(stage) { $0.cacheHits += 1 }
                cache.renew(key, entry: entry, notModified: response, now: context.clock.now)
                return CachedResponse(response: cache.response(entry, body: body), use: .revalidated)
            }
            cache.store(key, response: response, now: context.clock.now)
            return CachedResponse(response: response, use: .network)
        } catch {
            guard error != .cancelled, allowStale else { throw error }
            stats.record(stage) { $0.cacheHits += 1 }
            let age = max(0, context.clock.now.timeIntervalSince1970 - entry.storedAt)
            return CachedResponse(
                response: cache.response(entry, body: body),
                use: .stale(age: .milliseconds(Int64(age * 1000)), because: error))
        }
    }
}
