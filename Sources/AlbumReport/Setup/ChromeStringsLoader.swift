import AlbumReportCore
import AlbumReportTemplates
import Foundation

/// Reads the app's words in a language from `strings/CODE.json`: the user's `--templates DIR`
/// first (which may add a language or replace a shipped one), then the files shipped in the binary.
public enum ChromeStringsLoader {
    /// The folders searched, the user's first.
    static func folders(templatesDirectory: URL?) -> [URL] {
        [templatesDirectory, DefaultTemplates.directory].compactMap { $0?.appendingPathComponent("strings") }
    }

    /// Every language code there is a strings file for, shipped or the user's, sorted.
    public static func availableLanguages(templatesDirectory: URL?) -> [String] {
        Set(
            folders(templatesDirectory: templatesDirectory).flatMap { folder in
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                    .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }
            }
        ).sorted()
    }

    /// The language `code` (`ar`, `pt-BR`) laid out in `direction` (nil: the language's own).
    /// Keys its file lacks, or whose `%@` placeholders differ from English, read as English and
    /// are named in a warning. Returns nil for the English, left-to-right UI of the defaults.
    public static func load(
        _ code: String, direction: LayoutDirection?, templatesDirectory: URL?
    ) throws(ReportError) -> (language: ChromeLanguage?, warnings: [String]) {
        let available = availableLanguages(templatesDirectory: templatesDirectory)
        guard
            let name = available.first(where: { $0.caseInsensitiveCompare(code) == .orderedSame }),
            let file = folders(templatesDirectory: templatesDirectory).map({
                $0.appendingPathComponent("\(name).json")
            }).first(where: { FileManager.default.fileExists(atPath: $0.path) })
        else {
            throw .theme(
                ThemeError(
                    "There is no language '\(Excerpt.printable(code))'. Available: \(available.joined(separator: ", ")); or add strings/\(Excerpt.printable(code)).json to a --templates folder (see Templates/README.md)."
                ))
        }
        let contents = try Self.strings(in: file)
        // An over-long value is left out (English is drawn for it) with a warning of its own.
        var warnings = contents.tooLong.keys.sorted().map { key in
            "The strings file \(Excerpt.location(file.path)) gives “\(Excerpt.identifier(key))” \(contents.tooLong[key] ?? 0) characters, more than the \(ChromeStringsFile.maximumValueCharacters) a value may have; English is drawn for it. Shorten it."
        }
        let (kept, found) = check(contents.strings)
        let problems = found.filter { contents.tooLong[$0] == nil }
        if !problems.isEmpty {
            warnings.append(
                "The strings file \(Excerpt.location(file.path)) lacks \(problems.joined(separator: ", ")) (or their %@ differs from en.json); English is drawn for them. Add the keys from Templates/strings/en.json."
            )
        }
        let resolved = direction ?? LayoutDirection.natural(for: name)
        let language = ChromeLanguage(code: name, direction: resolved, strings: kept)
        let isDefault =
            resolved == .ltr
            && ChromeLanguage.english.merging(ChromeLanguage.pageEnglish) { first, _ in first }.allSatisfy {
                language[$0.key] == $0.value
            }
        return (isDefault ? nil : language, warnings)
    }

    /// The strings of `file`, refused with a sentence naming the file when it is not a regular
    /// file (checked before it is opened: a FIFO would block the run), is over the size bound,
    /// cannot be read, or is not UTF-8 JSON object of strings (``ChromeStringsFile``).
    private static func strings(in file: URL) throws(ReportError) -> ChromeStringsFile.Contents {
        let location = Excerpt.location(file.path)
        func refusal(_ problem: String) -> ReportError {
            .theme(
                ThemeError(
                    "The strings file \(location) could not be used: \(problem). Fix it, or remove it to use the shipped one."
                ))
        }
        if let problem = FileProblem.reading(file.path) { throw refusal(problem) }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        guard size <= ChromeStringsFile.maximumBytes else {
            throw refusal(
                "it is \(size) bytes, more than the \(ChromeStringsFile.maximumBytes) (1 MiB) a strings file may be (it holds a few short words)"
            )
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw refusal("it could not be read (\(FileProblem.describe(error)))")
        }
        do {
            return try ChromeStringsFile.parse(data)
        } catch {
            throw refusal(error.clause)
        }
    }

    /// The strings with every key of English, and the keys that were missing or malformed
    /// (filled from English).
    public static func check(_ strings: [String: String]) -> (strings: [String: String], problems: [String]) {
        var kept = strings.filter { ChromeLanguage.english[$0.key] != nil }
        var problems: [String] = []
        // The page's words are optional: absent is English, silently; a wrong placeholder is a problem.
        for (key, english) in ChromeLanguage.pageEnglish {
            guard let value = strings[key] else { continue }
            if ChromeLanguage.pagePlaceholders(value) == ChromeLanguage.pagePlaceholders(english), !value.isEmpty {
                kept[key] = value
            } else {
                problems.append(key)
            }
        }
        for key in ChromeLanguage.keys {
            let english = ChromeLanguage.english[key] ?? ""
            guard let value = strings[key], placeholders(value) == placeholders(english), !value.isEmpty else {
                kept[key] = english
                problems.append(key)
                continue
            }
        }
        return (kept, problems.sorted())
    }

    /// How many `%@` a string holds.
    public static func placeholders(_ text: String) -> Int {
        text.components(separatedBy: "%@").count - 1
    }
}
