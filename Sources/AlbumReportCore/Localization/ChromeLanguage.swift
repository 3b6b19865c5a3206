import Foundation

/// The direction the UI is laid out in. In right-to-left the whole screen mirrors (the back
/// button and the time on the right, thumbnails and chevrons on the other side); artwork and
/// the digits in text are never mirrored.
public enum LayoutDirection: String, Sendable, Hashable, Codable, CaseIterable {
    case ltr, rtl

    /// The UI direction of `language` (a language code such as `ar` or `de`): right to left for
    /// Arabic, Hebrew, Persian and Urdu.
    public static func natural(for language: String) -> LayoutDirection {
        let code = Locale(identifier: language).language.languageCode?.identifier ?? language
        return ["ar", "he", "iw", "fa", "ur"].contains(code.lowercased()) ? .rtl : .ltr
    }
}

/// The language of the app's own words on the screens (the chrome): the list's title when the
/// feed keeps Apple's English default, the back button, "Done", the card's button and its
/// "Released" line, the status bar's time and date, the header's country name and dates. Text
/// that comes from the feed (album names, artists, genres, copyright) is never translated.
///
/// Loaded from `Templates/strings/CODE.json` (one file per language, see ``keys``). The English
/// UI is the absence of a value (`ScreenOptions.language == nil`), so default screens stay the same.
public struct ChromeLanguage: Sendable, Hashable, Codable {
    /// The language's code, as its file is named (`de`, `pt-BR`, `zh-Hans`).
    public var code: String
    /// The UI's direction.
    public var direction: LayoutDirection
    /// The strings by key (every key of ``keys``; missing ones filled from English).
    public var strings: [String: String]

    /// Creates a language from its strings; keys it lacks read as English.
    public init(code: String, direction: LayoutDirection, strings: [String: String]) {
        self.code = code
        self.direction = direction
        self.strings = strings
    }

    /// Every key a strings file has, with the English UI's value. `released` holds one `%@`
    /// (the formatted date); `locale` is the ICU locale of the language's dates and status bar.
    public static let english: [String: String] = [
        "locale": "en_US",
        "topAlbums": "Top Albums",
        "back": "Back",
        "done": "Done",
        "viewInAppleMusic": "View in Apple Music",
        "viewInITunesStore": "View in iTunes Store",
        "viewArtist": "View Artist",
        "released": "Released %@",
    ]

    /// The words of the report's own page (`index.html`), by key, in English. A strings file may
    /// give them (the shipped ones do); a key it lacks reads as English, without a warning (they
    /// are not the screens' words). `%@` is a value; `%1$@` and `%2$@` two, in the order the
    /// language puts them.
    public static let pageEnglish: [String: String] = [
        "pageChart": "Chart",
        "pageCards": "Cards",
        "pageWarnings": "Warnings",
        "pageAllCombinations": "All combinations",
        "pageSheet": "%@: the chart as a table, one row per item",
        "pagePage": "%@ (page %@)",
        "pageBy": "%1$@ by %2$@",
    ]

    /// `template` with its placeholders replaced by `values`, as plain text (never
    /// `String(format:)`: a user's file may hold any `%`): `%1$@`, `%2$@`… by position, then each
    /// `%@` by the next value.
    public static func fill(_ template: String, _ values: [String]) -> String {
        var text = ""
        var next = 0
        var rest = Substring(template)
        while let percent = rest.firstIndex(of: "%") {
            text += rest[..<percent]
            let after = rest[percent...].dropFirst()
            if after.hasPrefix("@"), next < values.count {
                text += values[next]
                next += 1
                rest = after.dropFirst()
            } else if let digit = after.first, let position = digit.wholeNumberValue, (1...9).contains(position),
                after.dropFirst().hasPrefix("$@"), position <= values.count
            {
                text += values[position - 1]
                rest = after.dropFirst(3)
            } else {
                text += "%"
                rest = after
            }
        }
        return text + rest
    }

    /// How many values a page word takes: its `%@` and `%N$@` placeholders.
    public static func pagePlaceholders(_ text: String) -> Int {
        let positional = (1...9).filter { text.contains("%\($0)$@") }.count
        return positional + text.components(separatedBy: "%@").count - 1
    }

    /// The keys every strings file must have, sorted.
    public static var keys: [String] { english.keys.sorted() }

    /// The string for `key` (English when the file lacks it).
    public subscript(key: String) -> String { strings[key] ?? Self.english[key] ?? Self.pageEnglish[key] ?? key }

    /// The locale dates and the status bar are formatted in (the `locale` key: `ar@numbers=latn`).
    public var locale: Locale { Locale(identifier: self["locale"]) }

    /// The language a storefront's chart defaults to, among `available` (`jp` → `ja`, `sa` →
    /// `ar`, `il` → `he`, `br` → `pt-BR`, `tw` → `zh-Hant`); nil for English-speaking or unknown ones.
    public static func storefrontLanguage(_ country: String, available: [String]) -> String? {
        let special: [String: String] = [
            "br": "pt-BR", "cn": "zh-Hans", "tw": "zh-Hant", "hk": "zh-Hant", "mo": "zh-Hant", "il": "he",
            "pt": "pt-BR",
        ]
        let region = country.uppercased()
        let code = special[country.lowercased()] ?? Self.likelyLanguage(region: region)
        guard let code, code != "en" else { return nil }
        return available.first { $0.caseInsensitiveCompare(code) == .orderedSame }
    }

    /// The main language of `region` from ICU's likely subtags (`und_JP` → `ja`).
    static func likelyLanguage(region: String) -> String? {
        let maximal = Locale(identifier: "und_\(region)").language.maximalIdentifier
        let code = Locale(identifier: maximal).language.languageCode?.identifier
        return code == "und" ? nil : code
    }

    /// The language a locale identifier asks for, among `available` (`de_DE` → `de`,
    /// `pt_BR` → `pt-BR`, `zh_TW` → `zh-Hant`); nil for English and languages not shipped.
    public static func localeLanguage(_ identifier: String, available: [String]) -> String? {
        let locale = Locale(identifier: identifier)
        guard let code = locale.language.languageCode?.identifier, code != "en" else { return nil }
        var candidates = [code]
        if code == "zh" {
            let script = locale.language.script?.identifier
            let region = locale.region?.identifier
            let traditional = script == "Hant" || (script == nil && ["TW", "HK", "MO"].contains(region ?? ""))
            candidates = [traditional ? "zh-Hant" : "zh-Hans"]
        } else if code == "pt" {
            candidates = ["pt-BR", "pt"]
        } else if let region = locale.region?.identifier {
            candidates.insert("\(code)-\(region)", at: 0)
        }
        return candidates.lazy.compactMap { code in
            available.first { $0.caseInsensitiveCompare(code) == .orderedSame }
        }.first
    }
}

// MARK: - What the screens draw

extension ChromeLanguage {
    /// The list's title: the app's "Top Albums" in this language when the feed keeps Apple's
    /// English default, else the feed's own title (feed text is never translated).
    public func listTitle(for feed: Feed) -> String {
        feed.format.isAlbumChart && feed.title == Self.english["topAlbums"] ? self["topAlbums"] : feed.title
    }

    /// The card's store button: "View in Apple Music", or "View in iTunes Store" for iTunes links.
    public func storeButtonTitle(for item: FeedItem) -> String {
        item.storeButtonTitle == Self.english["viewInITunesStore"]
            ? self["viewInITunesStore"] : self["viewInAppleMusic"]
    }

    /// The card's release line, "Released %@" with the date formatted for `locale`.
    public func releaseText(for item: FeedItem, locale: Locale) -> String? {
        item.releaseDate.map { self["released"].replacingOccurrences(of: "%@", with: $0.formatted(locale: locale)) }
    }

    /// The locale of the screens' dates: `given` (`--locale`) when it is in this language (it
    /// chooses the region's forms: `pt_PT`, `de_AT`), else the language's own ``locale``.
    public func dateLocale(given: Locale) -> Locale {
        let code = Locale(identifier: code).language.languageCode?.identifier
        return given.language.languageCode?.identifier == code ? given : locale
    }

    /// The status bar's time (9:41, on the morning of the iPhone's unveiling) in this language:
    /// `withPeriod` keeps the AM/PM marker (iPad, iPhone SE) where the language uses one.
    public func statusBarTime(withPeriod: Bool) -> String {
        // English keeps the exact text of the default screens (Apple's screenshots).
        if isEnglish { return withPeriod ? "9:41 AM" : "9:41" }
        let pattern = DateFormatter.dateFormat(fromTemplate: "jmm", options: 0, locale: locale) ?? "H:mm"
        let kept = withPeriod ? pattern : Self.removingDayPeriod(pattern)
        return Self.format(Self.unveiling, pattern: kept, locale: locale)
    }

    /// The iPad status bar's date after the time ("Tue Jan 9" in English) in this language.
    public var statusBarDate: String {
        if isEnglish { return "Tue Jan 9" }
        let pattern = DateFormatter.dateFormat(fromTemplate: "EEEMMMd", options: 0, locale: locale) ?? "EEE MMM d"
        return Self.format(Self.unveiling, pattern: pattern, locale: locale)
    }

    /// Whether the status bar is the English one (the `locale` key is an English locale).
    var isEnglish: Bool { locale.language.languageCode?.identifier == "en" }

    /// A date pattern without its AM/PM field (`h:mm a` → `h:mm`, `a h:mm` → `h:mm`).
    static func removingDayPeriod(_ pattern: String) -> String {
        var result = ""
        var quoted = false
        for character in pattern {
            if character == "'" { quoted.toggle() }
            if !quoted && "abB".contains(character) { continue }
            result.append(character)
        }
        return result.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\u{202F}\u{00A0}")))
    }

    /// 9:41 on 9 January 2007, in UTC.
    static let unveiling: Date = {
        var components = DateComponents()
        (components.year, components.month, components.day, components.hour, components.minute) = (2007, 1, 9, 9, 41)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: 1_168_335_660)
    }()

    static func format(_ date: Date, pattern: String, locale: Locale) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
