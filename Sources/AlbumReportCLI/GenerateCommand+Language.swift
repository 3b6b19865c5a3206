import AlbumReport
import AlbumReportCore
import ArgumentParser
import Foundation

extension GenerateCommand {
    /// The languages with a strings file, shipped or in `--templates`.
    func availableLanguages(in directory: URL? = nil) -> [String] {
        ChromeStringsLoader.availableLanguages(templatesDirectory: destination.templatesURL(in: directory))
    }

    /// A `--theme` name that is no theme is a usage error naming the themes there are (as a
    /// matrix's is), not a run that fails later naming where this build keeps them.
    func validateTheme() throws {
        guard case .named(let name) = screen.theme else { return }
        let templates = destination.templatesURL(in: nil)
        let available = ThemeLoader.availableThemes(templatesDirectory: templates)
        guard !available.contains(Excerpt.identifier(name)) else { return }
        throw ValidationError(
            "--theme \(Excerpt.printable(name)) is not a theme. Choose one of: \(available.joined(separator: ", ")); or add \(Excerpt.printable(name)).json to a --templates folder, or pass --theme path/to/theme.json."
        )
    }

    /// An unknown `--language` is a usage error naming the available ones.
    func validateLanguage() throws {
        guard let language = screen.language else { return }
        let available = availableLanguages()
        guard available.contains(where: { $0.caseInsensitiveCompare(language) == .orderedSame }) else {
            throw ValidationError(
                "--language \(Excerpt.printable(language)) is not available. Choose one of: \(available.map { Excerpt.identifier($0) }.joined(separator: ", ")); or add strings/\(Excerpt.printable(language)).json to a --templates folder."
            )
        }
    }
}
