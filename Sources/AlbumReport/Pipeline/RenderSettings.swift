import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// Every setting that shapes the screens and their files, as one typed value from the command
/// line to the layouts: the device, the theme, how the screens are presented, the accessibility
/// settings, the language and locale, and how the PNGs are written.
///
/// Adding a setting means one property here, one row in ``MatrixAxis``'s table (which makes it a
/// matrix axis, a matrix-schema key and a setting `merge` compares) and the code that reacts to
/// it; `RenderSettingsTests` fails until all of them are there.
public struct RenderSettings: Sendable, Hashable {
    /// The device preset (as listed by `albumreport devices`), held portrait at its own scale.
    public var device: Device = .iPhone15
    /// How the device is held.
    public var orientation: Orientation = .portrait
    /// The pixel scale, when not the preset's own (`--scale`, 1–4).
    public var scale: Double?
    /// The theme (`--theme`).
    public var theme: ThemeChoice = .named("light")
    /// The seed app's style (`--style`).
    public var style: ScreenOptions.Style = .uikit
    /// The list's title (`--title-style`).
    public var titleStyle: ScreenOptions.TitleStyle = .large
    /// How tall a PNG is (`--fit`).
    public var fit: ScreenOptions.Fit = .content
    /// What the card's button opens (`--button`).
    public var button: ScreenOptions.ButtonTarget = .album
    /// Whether a status bar is drawn (`--status-bar`).
    public var statusBar: ScreenOptions.StatusBar = .device
    /// iOS's Dynamic Type size (`--content-size`).
    public var contentSize: ContentSizeCategory = .l
    /// iOS's Bold Text (`--bold-text`).
    public var boldText = false
    /// iOS's Increase Contrast (`--increase-contrast`).
    public var increaseContrast = false
    /// The language of the app's own words (`--language`); nil: the locale's, else English.
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

    /// How the screens are presented, as the layouts take it (the language is the setup's to add).
    public var screen: ScreenOptions {
        get {
            ScreenOptions(style: style, titleStyle: titleStyle, fit: fit, button: button, statusBar: statusBar)
                .withAccessibility(contentSize: contentSize, boldText: boldText, increaseContrast: increaseContrast)
        }
        set {
            style = newValue.style
            titleStyle = newValue.titleStyle
            fit = newValue.fit
            button = newValue.button
            statusBar = newValue.statusBar
            contentSize = newValue.contentSizeCategory
            boldText = newValue.boldText ?? false
            increaseContrast = newValue.increaseContrast ?? false
        }
    }
}

/// `--layout-direction`: a direction, or the language's own.
public enum LayoutDirectionChoice: String, Sendable, Hashable, Codable, CaseIterable {
    case ltr, rtl, auto

    /// The direction asked for; nil for `auto`.
    public var direction: LayoutDirection? {
        switch self {
        case .ltr: return .ltr
        case .rtl: return .rtl
        case .auto: return nil
        }
    }

    /// The choice that asks for `direction` (nil: `auto`).
    public init(_ direction: LayoutDirection?) {
        switch direction {
        case .ltr?: self = .ltr
        case .rtl?: self = .rtl
        case nil: self = .auto
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

extension ScreenOptions {
    /// These options as `manifest.json`'s `screen` member records them: only when an accessibility
    /// setting is on (so that default reports keep their bytes), and without the language, which
    /// has members of its own.
    public var recordedPresentation: ScreenOptions? {
        guard hasAccessibilitySettings else { return nil }
        var recorded = self
        recorded.language = nil
        return recorded
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
    public func defaultLanguage(feed: FeedSource, available: [String]) -> String? {
        if let fromLocale = ChromeLanguage.localeLanguage(locale, available: available) { return fromLocale }
        guard case .remote(let url) = feed, url.host?.lowercased() == FeedSource.appleChartHost else { return nil }
        // …/api/v2/COUNTRY/music/most-played/LIMIT/albums.json
        let parts = url.pathComponents.filter { $0 != "/" }
        guard parts.count > 2, parts[0] == "api" else { return nil }
        return ChromeLanguage.storefrontLanguage(parts[2], available: available)
    }

    /// Row filtering for the PNGs: per row, the cheapest of the five PNG filters scored on a
    /// sample of the row (on smooth artwork Sub, Average and Paeth leave deflate far less than Up;
    /// on flat screens rows that repeat stay Up), or at level 9 ("small") scored on every byte.
    public var pngRowFilter: PNGStreamEncoder.RowFilter {
        pngCompression.level >= 9 ? .adaptive : .sampled
    }
}
