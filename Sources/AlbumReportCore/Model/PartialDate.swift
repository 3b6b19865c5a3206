import Foundation
import Synchronization

/// A calendar date that may lack its day or month, as feeds publish them (`2019-03-29`,
/// `1980-06`, `1975`).
public struct PartialDate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The year, e.g. 2019.
    public var year: Int
    /// 1...12, when known.
    public var month: Int?
    /// 1...31, when known (only with a month).
    public var day: Int?

    /// Creates a date; returns nil when the parts are out of range.
    public init?(year: Int, month: Int? = nil, day: Int? = nil) {
        guard (1...9999).contains(year) else { return nil }
        if let month, !(1...12).contains(month) { return nil }
        if let day {
            guard month != nil, (1...31).contains(day) else { return nil }
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, optionally followed by a time (`T…`), which is ignored.
    public init?(parsing text: String) {
        let datePart = text.trimmingCharacters(in: .whitespaces).split(separator: "T", maxSplits: 1).first ?? ""
        let parts = datePart.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts[0].count == 4, let year = Int(parts[0])
        else { return nil }
        let numbers = parts.dropFirst().map { $0.count == 2 ? Int($0) : nil }
        if numbers.contains(where: { $0 == nil }) { return nil }
        let month = numbers.first ?? nil
        let day = numbers.count > 1 ? numbers[1] : nil
        self.init(year: year, month: month, day: day)
    }

    /// The ISO form it was parsed from: `2019-03-29`, `1980-06`, `1975`.
    public var description: String {
        var text = String(format: "%04d", year)
        if let month { text += String(format: "-%02d", month) }
        if let day { text += String(format: "-%02d", day) }
        return text
    }

    /// Formats for display in `locale`: "Mar 29, 2019", "Jun 1980", "1975" in `en_US`.
    public func formatted(locale: Locale) -> String {
        var components = DateComponents()
        components.year = year
        components.month = month ?? 1
        components.day = day ?? 1
        components.hour = 12
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard let date = calendar.date(from: components) else { return description }
        let template: String
        switch (month, day) {
        case (.some, .some): template = "yMMMd"
        case (.some, .none): template = "yMMM"
        default: template = "y"
        }
        return Self.formatters.string(from: date, template: template, locale: locale, calendar: calendar)
    }

    /// Formatters are costly to make (a millisecond each) and cheap to use: one per locale and
    /// template, used under a lock because cards are laid out on several threads at once.
    private static let formatters = FormatterCache()

    private final class FormatterCache: Sendable {
        private let formatters = Mutex<[String: DateFormatter]>([:])

        func string(from date: Date, template: String, locale: Locale, calendar: Calendar) -> String {
            formatters.withLock { formatters in
                let key = locale.identifier + "|" + template
                let formatter: DateFormatter
                if let cached = formatters[key] {
                    formatter = cached
                } else {
                    formatter = DateFormatter()
                    formatter.calendar = calendar
                    formatter.timeZone = calendar.timeZone
                    formatter.locale = locale
                    formatter.setLocalizedDateFormatFromTemplate(template)
                    formatters[key] = formatter
                }
                return formatter.string(from: date)
            }
        }
    }
}
