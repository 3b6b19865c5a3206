import Foundation

/// The sheet's second navigation-bar line for album charts: the storefront's country and the
/// chart's date, "United States · Mar 23, 2020".
public enum ChartSubtitle {
    /// The line for `feed`, or nil for facts feeds and charts that name neither country nor date.
    public static func text(for feed: Feed, locale: Locale) -> String? {
        guard feed.format.isAlbumChart else { return nil }
        var parts: [String] = []
        if let country = feed.country, !country.isEmpty {
            parts.append(locale.localizedString(forRegionCode: country.uppercased()) ?? country.uppercased())
        }
        if let date = feed.updated.flatMap(chartDate(from:)) {
            parts.append(date.formatted(locale: locale))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The calendar date of a feed's `updated` field: ISO 8601 (v1, `2020-03-23T02:04:33.000-07:00`)
    /// or RFC 1123 (v2, `Sat, 11 Jan 2025 04:14:12 +0000`), as the feed wrote it (no time-zone shift).
    public static func chartDate(from updated: String) -> PartialDate? {
        let text = updated.trimmingCharacters(in: .whitespaces)
        if let first = text.first, first.isNumber {
            return PartialDate(parsing: String(text.prefix(10)))
        }
        let words = text.replacingOccurrences(of: ",", with: " ").split(separator: " ")
        guard words.count >= 4, let day = Int(words[1]), let year = Int(words[3]) else { return nil }
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        guard let month = months.firstIndex(of: words[2].prefix(3).lowercased()) else { return nil }
        return PartialDate(year: year, month: month + 1, day: day)
    }
}
