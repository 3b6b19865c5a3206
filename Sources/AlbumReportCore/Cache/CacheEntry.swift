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

    /// An HTTP date in any of the three forms RFC 9110 accepts: IMF-fixdate
    /// (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime
    /// (`Sun Nov  6 08:49:37 1994`). Parsed by hand, ASCII only: the headers come from any server,
    /// and Foundation's DateFormatter traps on some byte sequences (found by fuzzing).
    public static func date(_ text: String) -> Date? {
        guard text.utf8.count <= 64, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        let tokens = text.split(whereSeparator: { " ,-".contains($0) }).map(String.init)
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        func month(_ token: String) -> Int? { months.firstIndex(of: token.lowercased()).map { $0 + 1 } }
        func time(_ token: String) -> (Int, Int, Int)? {
            let parts = token.split(separator: ":").compactMap { Int($0) }
            guard parts.count == 3, (0...23).contains(parts[0]), (0...59).contains(parts[1]),
                (0...60).contains(parts[2])
            else { return nil }
            return (parts[0], parts[1], parts[2])
        }
        var day: Int?
        var monthNumber: Int?
        var year: Int?
        var clock: (Int, Int, Int)?
        switch tokens.count {
        case 5 where month(tokens[1]) != nil:  // asctime: Sun Nov 6 08:49:37 1994
            (monthNumber, day, clock, year) = (month(tokens[1]), Int(tokens[2]), time(tokens[3]), Int(tokens[4]))
        case 6:  // IMF-fixdate or RFC 850: weekday, day, month, year, time, GMT
            guard tokens[5].uppercased() == "GMT" else { return nil }
            (day, monthNumber, year, clock) = (Int(tokens[1]), month(tokens[2]), Int(tokens[3]), time(tokens[4]))
            if let two = year, tokens[3].count == 2 { year = two < 70 ? 2000 + two : 1900 + two }
        default:
            return nil
        }
        guard let day, let monthNumber, let year, let clock, (1...31).contains(day), (1970...9999).contains(year)
        else { return nil }
        let seconds =
            Double(daysSinceEpoch(year: year, month: monthNumber, day: day)) * 86_400
            + Double(clock.0 * 3600 + clock.1 * 60 + clock.2)
        return Date(timeIntervalSince1970: seconds)
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's algorithm).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
