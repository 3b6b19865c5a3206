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
            let rowTitle = text(row["title"])
            let description = text(row["description"])
            let image = text(row["imageHref"])
            if rowTitle == nil && description == nil && image == nil {
                warnings.append(
                    ReportWarning(
                        stage: .decode, rank: rank, itemID: id,
                        message: "Row \(index) of the feed has no title, description or image; it was skipped."))
                continue
            }
            items.append(
                FeedItem(rank: rank, id: id, title: rowTitle ?? "", description: description, artworkURL: image))
        }
        let feed = Feed(format: .facts, title: text(title) ?? "Facts", items: items)
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
