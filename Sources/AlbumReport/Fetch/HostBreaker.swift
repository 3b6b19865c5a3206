import AlbumReportCore
import Foundation
import Synchronization

/// A circuit breaker per host for one run: once a host has failed at the connection level
/// (``FetchError/isHostLevel``: its name does not resolve, it refuses connections, it never
/// answers) `threshold` times in a row, every later request to it fails at once with the reason
/// it gave. A host that answers anything (any status) closes the count again. So an offline
/// runner spends milliseconds, not a timeout per image, on a chart whose artwork host is
/// unreachable, and a host that accepts connections but never answers costs one deadline per
/// request in flight. A body that stalls past the deadline counts too, once per URL (its retries
/// do not count again): one bad file on a healthy host is retried, while bodies of two URLs
/// stalling in a row open the breaker, so a host that sends headers and then nothing costs one
/// deadline per request in flight, not three per image.
public final class HostBreaker: Sendable {
    private struct Host {
        var failuresInARow = 0
        /// URLs whose bodies stalled (counted once each).
        var stalledURLs: Set<String> = []
        /// Set once the breaker is open.
        var cause: FetchError?
    }

    private let hosts = Mutex<[String: Host]>([:])
    /// Host-level failures in a row that open the breaker.
    public let threshold: Int

    /// A breaker that opens after `threshold` host-level failures in a row.
    public init(threshold: Int = 2) {
        self.threshold = max(threshold, 1)
    }

    /// The breaker's key for `url`: host and port.
    static func key(_ url: URL) -> String {
        "\(url.host?.lowercased() ?? "")\(url.port.map { ":\($0)" } ?? "")"
    }

    /// Throws the host's failure, for `url`, when its breaker is open.
    public func check(_ url: URL) throws(FetchError) {
        if let cause = hosts.withLock({ $0[Self.key(url)]?.cause }) { throw cause.reported(for: url.absoluteString) }
    }

    /// Records the outcome of a request to `url`: an answer of any kind resets the count; a
    /// host-level failure adds to it and opens the breaker at the threshold. A failure belongs to
    /// the host that failed: when a redirect led to another host (the failure names a URL on
    /// it), that host is charged, and the host of `url`, which answered with the redirect,
    /// counts as having answered. So one stale redirect target never closes a working host.
    public func record(_ url: URL, failure: FetchError?) {
        if let failure, let failed = failure.failedURL.flatMap(URL.init(string:)), failed.host != nil,
            Self.key(failed) != Self.key(url)
        {
            count(failed, failure: failure)
            count(url, failure: nil)
            return
        }
        count(url, failure: failure)
    }

    /// Counts one outcome against the host of `url`.
    private func count(_ url: URL, failure: FetchError?) {
        hosts.withLock { hosts in
            var host = hosts[Self.key(url), default: Host()]
            guard host.cause == nil else { return }
            if case .timedOut = failure, !host.stalledURLs.insert(url.absoluteString).inserted {
                return
            }
            if let failure, failure.isHostLevel {
                host.failuresInARow += 1
                if host.failuresInARow >= threshold { host.cause = failure }
            } else if failure == nil {
                host.failuresInARow = 0
            }
            hosts[Self.key(url)] = host
        }
    }
}
