import AlbumReport
import AlbumReportCore
import ArgumentParser
import Foundation

extension GenerateCommand {
    /// The languages with a strings file, shipped or in `--templates`.
    func availableLanguages(in directory: URL? = nil) -> [String] {
        ChromeStringsLoader.availableLanguages(templatesDirectory: destination.templatesURL(in: directory))
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
