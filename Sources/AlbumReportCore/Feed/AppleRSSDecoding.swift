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
            case .success(let (item, cut)):
                items.append(item)
                if !cut.isEmpty {
                    warnings.append(
                        FeedLimits.warning(
                            rank: rank, id: item.id, index: index, fields: cut, limit: FeedLimits.textCharacters))
                }
                warnings += missingFields(of: item, index: index)
            case .failure(let problem):
                warnings.append(
                    ReportWarning(
                        stage: .decode, rank: rank, itemID: problem.id,
                        message:
                            "Entry \(index) of the feed\(problem.id.map { " (id \(Excerpt.identifier($0)))" } ?? "") \(problem.reason); it was skipped."
                    ))
            }
        }
        var cutTitle: [String] = []
        let title = FeedLimits.clip(
            JSONField.string(feed["title"]) ?? "Top Albums", to: FeedLimits.titleCharacters, field: "title",
            cut: &cutTitle)
        if !cutTitle.isEmpty {
            warnings.append(
                ReportWarning(
                    stage: .decode,
                    message:
                        "The feed's title is very long; only the first \(FeedLimits.titleCharacters) characters are drawn."
                ))
        }
        let decoded = Feed(
            format: format(of: feed),
            title: title ?? "Top Albums",
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

    /// The item of one entry and the names of the fields cut to ``FeedLimits/textCharacters``.
    static func item(from entry: Any, rank: Int) -> Result<(FeedItem, [String]), EntryProblem> {
        guard let object = entry as? [String: Any] else {
            return .failure(EntryProblem(id: nil, reason: "is not an object"))
        }
        let id = JSONField.string(object["id"])
        guard let name = object["name"] as? String, !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            let reason =
                object["name"] == nil
                ? "has no album \"name\""
                : object["name"] is String ? "has an empty \"name\"" : "has a \"name\" that is not text"
            return .failure(EntryProblem(id: id, reason: reason))
        }
        let limit = FeedLimits.textCharacters
        var cut: [String] = []
        let genres: [String] = (object["genres"] as? [Any] ?? []).prefix(FeedLimits.genres).compactMap { genre in
            let name = (genre as? [String: Any]).map { JSONField.string($0["name"]) } ?? JSONField.string(genre)
            return FeedLimits.clip(name, to: limit, field: "genre", cut: &cut)
        }
        // URLs are never drawn and never cut; a huge one fails as a URL would.
        let item = FeedItem(
            rank: rank,
            id: JSONField.string(object["id"]).map { String($0.prefix(64)) },
            title: FeedLimits.clip(name, to: limit, field: "name", cut: &cut) ?? name,
            artistName: FeedLimits.clip(
                JSONField.string(object["artistName"]), to: limit, field: "artistName", cut: &cut),
            artworkURL: JSONField.string(object["artworkUrl100"]),
            storeURL: JSONField.string(object["url"]),
            releaseDate: JSONField.string(object["releaseDate"]).flatMap {
                PartialDate(parsing: String($0.prefix(40)))
            },
            genres: genres,
            copyright: FeedLimits.clip(JSONField.string(object["copyright"]), to: limit, field: "copyright", cut: &cut),
            contentAdvisoryRating: JSONField.string(object["contentAdvisoryRating"]).map { String($0.prefix(40)) },
            artistURL: JSONField.string(object["artistUrl"])
        )
        return .success((item, cut))
    }

    /// One warning per field a drawable entry lacks, saying what the report does without it.
    static func missingFields(of item: FeedItem, index: Int) -> [ReportWarning] {
        let name = "Entry \(index) of the feed (“\(Excerpt.printable(TextNormalizer.normalize(item.title)))”)"
        var consequences: [String] = []
        if item.id == nil {
            consequences.append("has no \"id\": its rank identifies it, and its copyright is not looked up")
        }
        if item.storeURL == nil {
            consequences.append("has no \"url\": its card's button is drawn disabled and links nowhere")
        }
        if item.artistName == nil { consequences.append("has no \"artistName\": no artist line is drawn") }
        return consequences.map {
            ReportWarning(stage: .decode, rank: item.rank, itemID: item.id, message: "\(name) \($0).")
        }
    }

    static func format(of feed: [String: Any]) -> FeedFormat {
        let id = JSONField.string(feed["id"])?.lowercased() ?? ""
        if id.contains("rss.itunes.apple.com") || id.contains("/api/v1/") { return .appleRSSv1 }
        if id.contains("applemarketingtools.com") || id.contains("/api/v2/") { return .appleRSSv2 }
        if let author = feed["author"] as? [String: Any], author["uri"] != nil { return .appleRSSv1 }
        return .appleRSSv2
    }
}
