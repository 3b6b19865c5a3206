import Foundation

/// Apple's RSS generator, v1 (`rss.itunes.apple.com`) and v2 (`rss.applemarketingtools.com`):
/// the same `results` schema, told apart by the feed's own URL and author fields.
enum AppleRSSDecoding {
    static func decode(feed: [String: Any], results: [Any]) -> (feed: Feed, warnings: [ReportWarning]) {
        var warnings: [ReportWarning] = []
        var items: [FeedItem] = []
        for (index, entry) in results.enumerated() {
            let rank = index + 1
            switch item(from: entry, rank: rank) {
            case .success(let item):
                items.append(item)
            case .failure(let problem):
                warnings.append(
                    ReportWarning(
                        stage: .decode, rank: rank, itemID: problem.id,
                        message:
                            "Entry \(index) of the feed\(problem.id.map { " (id \($0))" } ?? "") \(problem.reason); it was skipped."
                    ))
            }
        }
        let decoded = Feed(
            format: format(of: feed),
            title: JSONField.string(feed["title"]) ?? "Top Albums",
            country: JSONField.string(feed["country"])?.lowercased(),
            updated: JSONField.string(feed["updated"]),
            copyright: JSONField.string(feed["copyright"]),
            feedID: JSONField.string(feed["id"]),
            items: items
        )
        return (decoded, warnings)
    }

    struct EntryProblem: Error {
        var id: String?
        var reason: String
    }

    static func item(from entry: Any, rank: Int) -> Result<FeedItem, EntryProblem> {
        guard let object = entry as? [String: Any] else {
            return .failure(EntryProblem(id: nil, reason: "is not an object"))
        }
        let id = JSONField.string(object["id"])
        guard let id else {
            return .failure(EntryProblem(id: nil, reason: "has no \"id\""))
        }
        guard let name = object["name"] as? String else {
            let reason = object["name"] == nil ? "has no album \"name\"" : "has a \"name\" that is not text"
            return .failure(EntryProblem(id: id, reason: reason))
        }
        let genres: [String] = (object["genres"] as? [Any] ?? []).compactMap { genre in
            if let named = genre as? [String: Any] { return JSONField.string(named["name"]) }
            return JSONField.string(genre)
        }
        return .success(
            FeedItem(
                rank: rank,
                id: id,
                title: name,
                artistName: JSONField.string(object["artistName"]),
                artworkURL: JSONField.string(object["artworkUrl100"]),
                storeURL: JSONField.string(object["url"]),
                releaseDate: JSONField.string(object["releaseDate"]).flatMap(PartialDate.init(parsing:)),
                genres: genres,
                copyright: JSONField.string(object["copyright"]),
                contentAdvisoryRating: JSONField.string(object["contentAdvisoryRating"])
            ))
    }

    static func format(of feed: [String: Any]) -> FeedFormat {
        let id = JSONField.string(feed["id"])?.lowercased() ?? ""
        if id.contains("rss.itunes.apple.com") || id.contains("/api/v1/") { return .appleRSSv1 }
        if id.contains("applemarketingtools.com") || id.contains("/api/v2/") { return .appleRSSv2 }
        if let author = feed["author"] as? [String: Any], author["uri"] != nil { return .appleRSSv1 }
        return .appleRSSv2
    }
}
