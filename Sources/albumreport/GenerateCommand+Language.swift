import AlbumReport
import AlbumReportCore
import ArgumentParser
import Foundation

/// `--layout-direction`: a direction, or the language's own.
enum LayoutDirectionOption: String, CaseIterable, ExpressibleByArgument {
    case ltr, rtl, auto

    /// The direction asked for; nil for `auto`.
    var direction: LayoutDirection? {
        switch self {
        case .ltr: return .ltr
        case .rtl: return .rtl
        case .auto: return nil
        }
    }
}

extension GenerateCommand {
    /// The languages with a strings file, shipped or in `--templates`.
    func availableLanguages(in directory: URL? = nil) -> [String] {
        let folder = templates.map { URL(fileURLWithPath: $0, relativeTo: directory).standardizedFileURL }
        return ChromeStringsLoader.availableLanguages(templatesDirectory: folder)
    }

    /// An unknown `--language` is a usage error naming the available ones.
    func validateLanguage() throws {
        guard let language else { return }
        let available = availableLanguages()
        guard available.contains(where: { $0.caseInsensitiveCompare(language) == .orderedSame }) else {
            throw ValidationError(
                "--language \(Excerpt.printable(language)) is not available. Choose one of: \(available.joined(separator: ", ")); or add strings/\(Excerpt.printable(language)).json to a --templates folder."
            )
        }
    }

    /// `--language`, or the language of `--locale`, or the storefront's of an `apple:COUNTRY`
    /// feed; nil for English.
    func resolvedLanguage(in directory: URL) -> String? {
        if let language { return language }
        let available = availableLanguages(in: directory)
        if let fromLocale = ChromeLanguage.localeLanguage(locale, available: available) { return fromLocale }
        guard let feed, feed.lowercased().hasPrefix("apple:") else { return nil }
        let country = feed.dropFirst("apple:".count).prefix { $0 != "/" }
        return ChromeLanguage.storefrontLanguage(String(country), available: available)
    }
}
