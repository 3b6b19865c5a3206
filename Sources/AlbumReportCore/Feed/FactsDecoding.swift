import Foundation

/// The facts format: `{"title": …, "rows": [{"title", "description", "imageHref"}]}`, any
/// field of a row possibly null. A row with nothing in it is skipped with a warning.
enum FactsDecoding {
    static func decode(title: Any?, rows: [Any]) -> (feed: Feed, warnings: [ReportWarning]) {
        var warnings: [ReportWarning] = []
        var items: [FeedItem] = []
        for (index, entry) in rows.enumerated() {
            let rank = index + 1
            let id = "row-\(rank)"
            guard let row = entry as? [String: Any] else {
                warnings.append(
                    ReportWarning(
                        stage: .decode, rank: rank, itemID: id,
                        message: "Row \(index) of the feed is not an object; it was skipped."))
                continue
            }
            var cut: [String] = []
            let rowTitle = FeedLimits.clip(text(row["title"]), to: FeedLimits.textCharacters, field: "title", cut: &cut)
            let description = FeedLimits.clip(
                text(row["description"]), to: FeedLimits.descriptionCharacters, field: "description", cut: &cut)
            let image = text(row["imageHref"])
            if rowTitle == nil && description == nil && image == nil {
                warnings.append(
                    ReportWarning(
                        stage: .decode, rank: rank, itemID: id,
                        message: "Row \(index) of the feed has no title, description or image; it was skipped."))
                continue
            }
            if !cut.isEmpty {
                warnings.append(
                    ReportWarning(
                        stage: .decode, rank: rank, itemID: id,
                        message:
                            "Row \(index) of the feed has a very long \(cut.joined(separator: " and ")); it is cut to \(FeedLimits.textCharacters) characters (a description to \(FeedLimits.descriptionCharacters))."
                    ))
            }
            items.append(
                FeedItem(rank: rank, id: id, title: rowTitle ?? "", description: description, artworkURL: image))
        }
        let feedTitle = text(title).map { FeedLimits.clip($0, to: FeedLimits.titleCharacters).text } ?? "Facts"
        let feed = Feed(format: .facts, title: feedTitle, items: items)
        return (feed, warnings)
    }

    /// A string with visible content, else nil.
    private static func text(_ value: Any?) -> String? {
        guard let string = value as? String,
            !string.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        else { return nil }
        return string
    }
}
