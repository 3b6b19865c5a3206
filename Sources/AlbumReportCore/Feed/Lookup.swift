import Foundation

/// Filling what Apple's v2 feed leaves out (the copyright line, sometimes genres or the release
/// date) from the iTunes Lookup API: `https://itunes.apple.com/lookup?id=ID1,ID2,…`, at most
/// ``batchSize`` ids a request. Pure: building requests, decoding answers and merging them.
public enum Lookup {
    /// The most ids the Lookup API takes in one request.
    public static let batchSize = 200

    /// What the Lookup API says about one album.
    public struct Record: Sendable, Hashable, Decodable {
        public var collectionId: Int?
        public var artistName: String?
        public var copyright: String?
        public var primaryGenreName: String?
        public var releaseDate: String?
        public var artworkUrl100: String?
    }

    /// Whether `item` lacks something the Lookup API can give.
    public static func needsLookup(_ item: FeedItem) -> Bool {
        let copyright = TextNormalizer.normalize(item.copyright ?? "")
        return copyright.isEmpty && isLookupID(item.id ?? "")
    }

    /// Apple's album ids are decimal numbers; anything else is never sent.
    static func isLookupID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 20 && id.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// One request URL per batch of at most ``batchSize`` distinct ids, in feed order.
    public static func requests(for items: [FeedItem], base: URL) -> [URL] {
        var seen = Set<String>()
        let ids = items.compactMap(\.id).filter { isLookupID($0) && seen.insert($0).inserted }
        return stride(from: 0, to: ids.count, by: batchSize).compactMap { start in
            var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
            let batch = ids[start..<min(start + batchSize, ids.count)]
            components?.queryItems = [
                URLQueryItem(name: "id", value: batch.joined(separator: ",")),
                URLQueryItem(name: "entity", value: "album"),
            ]
            return components?.url
        }
    }

    /// Why an answer could not be used: a clause ("it sent an HTML page, not JSON").
    public struct Failure: Error, Sendable, Equatable {
        public var reason: String
        /// A failure for `reason`.
        package init(reason: String) { self.reason = reason }
    }

    /// The records of one answer, by album id. An answer that is not the Lookup API's JSON is an
    /// error whose description says what arrived.
    public static func decode(_ data: Data) throws(Failure) -> [String: Record] {
        struct Answer: Decodable {
            var results: [Record]
        }
        do {
            let answer = try JSONDecoder().decode(Answer.self, from: data)
            var records: [String: Record] = [:]
            for record in answer.results {
                if let id = record.collectionId, records[String(id)] == nil { records[String(id)] = record }
            }
            return records
        } catch {
            let start = data.first { !FeedDecoder.isJSONWhitespace($0) }
            throw Failure(
                reason: start == UInt8(ascii: "<")
                    ? "it sent an HTML page, not JSON" : "its answer is not the JSON it documents")
        }
    }

    /// `items` with what they lack filled from `records`; nothing the feed gave is replaced.
    public static func enrich(_ items: [FeedItem], with records: [String: Record]) -> [FeedItem] {
        items.map { item in
            guard let id = item.id, let record = records[id] else { return item }
            var enriched = item
            if TextNormalizer.normalize(item.copyright ?? "").isEmpty, let copyright = record.copyright,
                !TextNormalizer.normalize(copyright).isEmpty
            {
                enriched.copyright = copyright
            }
            if item.genres.isEmpty, let genre = record.primaryGenreName, !genre.isEmpty { enriched.genres = [genre] }
            if item.releaseDate == nil, let date = record.releaseDate {
                enriched.releaseDate = PartialDate(parsing: String(date.prefix(10)))
            }
            if item.artistName == nil, let artist = record.artistName { enriched.artistName = artist }
            if item.artworkURL == nil, let artwork = record.artworkUrl100 { enriched.artworkURL = artwork }
            return enriched
        }
    }
}
