import Foundation

/// The wire format a feed was decoded from.
public enum FeedFormat: String, Sendable, Codable, Hashable {
    /// Apple's current RSS generator (`rss.applemarketingtools.com/api/v2`).
    case appleRSSv2 = "apple-rss-v2"
    /// Apple's legacy RSS generator (`rss.itunes.apple.com/api/v1`).
    case appleRSSv1 = "apple-rss-v1"
    /// The "facts" exercise format: `{"title", "rows": [{"title", "description", "imageHref"}]}`.
    case facts

    /// Whether items are albums (a chart) rather than free-form fact rows.
    public var isAlbumChart: Bool { self != .facts }
}

/// A decoded feed: its metadata and the items in chart order.
public struct Feed: Sendable, Hashable, Codable {
    /// The format the body was detected as.
    public var format: FeedFormat
    /// The feed's own title ("Top Albums", "About Canada").
    public var title: String
    /// The storefront country code, lower-case, when the feed names one.
    public var country: String?
    /// The feed's `updated` field, verbatim (ISO 8601 in v1, RFC 1123 in v2).
    public var updated: String?
    /// The feed-level copyright line.
    public var copyright: String?
    /// The feed's own URL (`id`), when it has one.
    public var feedID: String?
    /// Items in feed order; `rank` is the 1-based position in the original feed.
    public var items: [FeedItem]

    /// Creates a feed.
    public init(
        format: FeedFormat, title: String, country: String? = nil, updated: String? = nil,
        copyright: String? = nil, feedID: String? = nil, items: [FeedItem]
    ) {
        self.format = format
        self.title = title
        self.country = country
        self.updated = updated
        self.copyright = copyright
        self.feedID = feedID
        self.items = items
    }
}

/// One row of the chart: an album, or a facts row.
public struct FeedItem: Sendable, Hashable, Codable {
    /// 1-based position in the feed as published (skipped entries keep their rank gap).
    public var rank: Int
    /// The store's id for albums (nil when the feed gives none: the rank identifies the item);
    /// `row-N` for facts rows.
    public var id: String?
    /// Album name, or the facts row's title (may be empty for a facts row with only a description).
    public var title: String
    /// The artist, for albums.
    public var artistName: String?
    /// The free text of a facts row.
    public var description: String?
    /// The thumbnail URL as written in the feed (absolute URL or, for local feeds, a relative path).
    public var artworkURL: String?
    /// The album's store page.
    public var storeURL: String?
    /// The release date, possibly partial.
    public var releaseDate: PartialDate?
    /// Genre names in feed order, as published (see ``displayGenres``).
    public var genres: [String]
    /// The album's copyright line (absent from v2 feeds).
    public var copyright: String?
    /// "Explicit" (v1) or "Explict" (sic, v2), when present.
    public var contentAdvisoryRating: String?
    /// The artist's store page (`artistUrl`).
    public var artistURL: String?

    /// Creates an item.
    public init(
        rank: Int, id: String?, title: String, artistName: String? = nil, description: String? = nil,
        artworkURL: String? = nil, storeURL: String? = nil, releaseDate: PartialDate? = nil,
        genres: [String] = [], copyright: String? = nil, contentAdvisoryRating: String? = nil,
        artistURL: String? = nil
    ) {
        self.rank = rank
        self.id = id
        self.title = title
        self.artistName = artistName
        self.description = description
        self.artworkURL = artworkURL
        self.storeURL = storeURL
        self.releaseDate = releaseDate
        self.genres = genres
        self.copyright = copyright
        self.contentAdvisoryRating = contentAdvisoryRating
        self.artistURL = artistURL
    }
}

extension FeedItem {
    /// Genres for display: de-duplicated in feed order, with the generic "Music" dropped
    /// whenever a more specific genre is present.
    public var displayGenres: [String] {
        var seen = Set<String>()
        let unique = genres.compactMap { name -> String? in
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, seen.insert(trimmed.lowercased()).inserted else { return nil }
            return trimmed
        }
        let specific = unique.filter { $0.lowercased() != "music" }
        return specific.isEmpty ? unique : specific
    }

    /// Whether the feed marks the album explicit (v2 spells it "Explict").
    public var isExplicit: Bool {
        contentAdvisoryRating?.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("expl") ?? false
    }

    /// The label of the card's store button, chosen from the store link's host.
    public var storeButtonTitle: String {
        guard let host = storeURL.flatMap({ URL(string: $0)?.host?.lowercased() }) else {
            return "View in Apple Music"
        }
        return host.hasSuffix("itunes.apple.com") ? "View in iTunes Store" : "View in Apple Music"
    }
}
