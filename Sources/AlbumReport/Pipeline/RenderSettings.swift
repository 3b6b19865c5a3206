import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// Every setting that shapes the screens and their files, as one typed value from the command
/// line to the layouts: the device, the theme, how the screens are presented (``screen``: style,
/// title, fit, button, status bar and the accessibility settings), the language and locale, and
/// how the PNGs are written. The stages and the renderer take it whole and derive what they need.
///
/// Adding a setting means one property here (or in `ScreenOptions`), one row in
/// ``MatrixAxis``'s table (which makes it a matrix axis, a matrix-schema key and a setting `merge`
/// compares), its command-line option, and the code that reacts to it; the settings-spine tests
/// fail until all of them are there.
public struct RenderSettings: Sendable, Hashable {
    /// The device preset (as listed by `albumreport devices`), held portrait at its own scale.
    public var device: Device = .iPhone15
    /// How the device is held.
    public var orientation: Orientation = .portrait
    /// The pixel scale, when not the preset's own (`--scale`, 1–4).
    public var scale: Double?
    /// The theme (`--theme`).
    public var theme: ThemeChoice = .named("light")
    /// How the screens are presented: style, title, fit, button, status bar, Dynamic Type, Bold
    /// Text and Increase Contrast (its `ScreenOptions/language` is the run's to load, from
    /// ``language``).
    public var screen = ScreenOptions()
    /// The language of the app's own words (`--language`); nil: resolved when a run starts
    /// (``resolved(feed:available:)``: the locale's, else the storefront's, else English).
    public var language: String?
    /// The UI's direction (`--layout-direction`).
    public var layoutDirection: LayoutDirectionChoice = .auto
    /// The locale dates are formatted for (`--locale`).
    public var locale = "en_US"
    /// How hard the PNGs are compressed (`--png-compression`).
    public var pngCompression: PNGCompression = .balanced
    /// Whether the sheet is split into screen-height pages (`--pages`).
    public var pages = false

    /// The defaults: the iPhone 15 in portrait, light, the UIKit app, iOS's default text size, English.
    public init() {}

    /// The device as drawn: the preset turned to ``orientation``, at ``scale`` when given.
    public var resolvedDevice: Device {
        var device = device.oriented(orientation)
        if let scale { device = device.withScale(scale) }
        return device
    }

    /// These settings as a run draws them: the language, when not given, resolved from the
    /// locale or the chart's storefront (``defaultLanguage(feed:available:)``). Every run and
    /// every combination of a matrix resolves its own, so a combination draws what a single run
    /// with its options draws.
    public func resolved(feed: FeedSource?, available: [String]) -> RenderSettings {
        guard language == nil else { return self }
        var resolved = self
        resolved.language = defaultLanguage(feed: feed, available: available)
        return resolved
    }
}

/// `--layout-direction`: a direction, or the language's own.
public enum LayoutDirectionChoice: String, Sendable, Hashable, Codable, CaseIterable {
    /// Left to right.
    case ltr
    /// Right to left: the whole screen mirrored.
    case rtl
    /// The language's own (right to left for ar, he, fa and ur).
    case auto

    /// The direction asked for; nil for `auto`.
    public var direction: LayoutDirection? {
        switch self {
        case .ltr: return .ltr
        case .rtl: return .rtl
        case .auto: return nil
        }
    }
}

extension RenderSettings {
    /// What `manifest.json` records: every setting that differs from its default, by property
    /// name, in its canonical form (from ``MatrixAxis``'s table); nil when all are the defaults.
    public var record: [String: String]? {
        let defaults = RenderSettings()
        var record: [String: String] = [:]
        for axis in MatrixAxis.allCases {
            let value = axis.setting.read(self)
            if value != axis.setting.read(defaults) { record[axis.setting.property] = value }
        }
        return record.isEmpty ? nil : record
    }

    /// The canonical value of every setting by property name, defaults included, as ``record``
    /// writes them: `merge` and the matrix merger compare these.
    public static func values(recorded record: [String: String]?) -> [String: String] {
        let defaults = RenderSettings()
        var values: [String: String] = [:]
        for axis in MatrixAxis.allCases {
            values[axis.setting.property] = record?[axis.setting.property] ?? axis.setting.read(defaults)
        }
        return values
    }
}

extension RenderSettings {
    /// Whether `identifier` names a language ISO 639 knows (with any region and script).
    public static func isKnownLocale(_ identifier: String) -> Bool {
        guard identifier.count <= 64,
            identifier.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-@=;".contains($0)) }),
            let code = Locale(identifier: identifier).language.languageCode?.identifier
        else { return false }
        return Locale.LanguageCode.isoLanguageCodes.contains { $0.identifier == code }
    }

    /// The language of the app's words when `--language` is not given: `locale`'s, else the
    /// storefront's of Apple's chart (`apple:COUNTRY`, or its URL), else nil (English). Only
    /// languages in `available` are chosen.
    public func defaultLanguage(feed: FeedSource?, available: [String]) -> String? {
        if let fromLocale = ChromeLanguage.localeLanguage(locale, available: available) { return fromLocale }
        guard case .remote(let url)? = feed, url.host?.lowercased() == FeedSource.appleChartHost else { return nil }
        // …/api/v2/COUNTRY/music/most-played/LIMIT/albums.json
        let parts = url.pathComponents.filter { $0 != "/" }
        guard parts.count > 2, parts[0] == "api" else { return nil }
        return ChromeLanguage.storefrontLanguage(parts[2], available: available)
    }
}
