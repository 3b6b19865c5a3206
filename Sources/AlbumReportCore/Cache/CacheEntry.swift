import Foundation

/// What the download cache keeps beside a body: where it came from, its validators and how long
/// it stays fresh. Stored as JSON; a damaged file is no entry.
public struct CacheEntry: Sendable, Hashable, Codable {
    public var url: String
    public var etag: String?
    public var lastModified: String?
    public var contentType: String?
    /// Seconds the copy stays fresh from ``storedAt`` (nil: revalidate every time).
    public var maxAge: Double?
    /// When the copy was as old as zero seconds (its receipt, less the `Age` the server gave).
    public var storedAt: Double
    public var bytes: Int
    public var sha256: String

    /// Creates an entry.
    public init(
        url: String, etag: String?, lastModified: String?, contentType: String?, maxAge: Double?, storedAt: Double,
        bytes: Int, sha256: String
    ) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.contentType = contentType
        self.maxAge = maxAge
        self.storedAt = storedAt
        self.bytes = bytes
        self.sha256 = sha256
    }

    /// The entry in `data`, when it is an intact entry for `url`: readable JSON, finite times,
    /// sizes and ages that make sense; nil otherwise (so it is fetched again).
    public static func decode(_ data: Data, for url: String) -> CacheEntry? {
        guard data.count <= 64 * 1024, let entry = try? JSONDecoder().decode(CacheEntry.self, from: data),
            entry.url == url, entry.bytes >= 0, entry.storedAt.isFinite, entry.maxAge?.isFinite ?? true,
            entry.sha256.count == 64
        else { return nil }
        return entry
    }

    /// Whether the copy is still fresh at `now`.
    public func isFresh(now: Date) -> Bool {
        guard let maxAge else { return false }
        return now.timeIntervalSince1970 - storedAt < maxAge
    }
}

/// How long a response may be reused, from its headers (RFC 9111, for a private cache):
/// `Cache-Control: no-store` is never stored; `no-cache` is stored but revalidated every time;
/// `max-age` wins over `Expires`, which counts from the response's `Date`; `Age` says how old the
/// copy already was when it arrived.
public struct HTTPFreshness: Sendable, Hashable {
    /// Whether the response may be stored at all.
    public var storable: Bool
    /// Seconds it stays fresh from its origin (nil: always revalidate).
    public var lifetime: Double?
    /// How old it already was on arrival, in seconds.
    public var age: Double

    /// The freshness of a response with `headers` (lower-cased names) received at `now`.
    public init(headers: [String: String], receivedAt now: Date) {
        var storable = true
        var noCache = false
        var maxAge: Double?
        for directive in (headers["cache-control"] ?? "").lowercased().split(separator: ",").prefix(64) {
            let parts = directive.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            switch parts.first.map(String.init) {
            case "no-store": storable = false
            case "no-cache": noCache = true
            case "max-age":
                let value = parts.count == 2 ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) : ""
                // An invalid max-age makes the response stale (RFC 9111 §4.2.1).
                maxAge = Double(value).flatMap { $0.isFinite && $0 >= 0 ? min($0, 31_536_000) : nil } ?? 0
            default: continue
            }
        }
        self.storable = storable
        age =
            headers["age"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.map {
                $0.isFinite ? min(max($0, 0), 31_536_000) : 0
            } ?? 0
        if noCache {
            lifetime = nil
        } else if let maxAge {
            lifetime = maxAge
        } else if let expires = headers["expires"] {
            // An Expires that is not a date (often "0" or "-1") means already expired.
            let origin = headers["date"].flatMap(Self.date) ?? now
            lifetime = Self.date(expires).map { max($0.timeIntervalSince(origin), 0) } ?? 0
        } else {
            lifetime = nil
        }
    }

    /// An HTTP date in any of the three forms RFC 9110 accepts (IMF-fixdate, RFC 850, asctime).
    public static func date(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count <= 64 else { return nil }
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date }
        }
        return nil
    }
}
