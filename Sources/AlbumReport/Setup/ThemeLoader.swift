import AlbumReportCore
import AlbumReportTemplates
import Foundation

/// Which theme to use: a name looked up in the templates folder, or a file.
public enum ThemeChoice: Sendable, Hashable, CustomStringConvertible {
    /// A theme by name: `light`, `dark`, or a file of `--templates`.
    case named(String)
    /// A theme file.
    case file(URL)

    /// Parses `--theme`: `light`, `dark` (or another name in the templates folder), or a path to a JSON file.
    public static func parse(_ text: String) -> ThemeChoice {
        if text.hasSuffix(".json") || text.contains("/") {
            return .file(URL(fileURLWithPath: text).standardizedFileURL)
        }
        return .named(text)
    }

    public var description: String {
        switch self {
        case .named(let name): return name
        case .file(let url): return url.path
        }
    }
}

/// Reads themes from `--templates DIR` or the defaults shipped in the binary.
public enum ThemeLoader {
    /// The theme names there are, the user's `--templates` folder's and the built-in ones, sorted
    /// and quoted for a message.
    public static func availableThemes(templatesDirectory: URL?) -> [String] {
        Set(
            [templatesDirectory, DefaultTemplates.directory].compactMap { $0 }.flatMap { folder in
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                    .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }
            }
        ).sorted().map { Excerpt.identifier($0) }
    }

    /// Loads `choice`, looking names up in `templatesDirectory` when given.
    public static func load(_ choice: ThemeChoice, templatesDirectory: URL?) throws(ReportError) -> Theme {
        let url: URL
        switch choice {
        case .file(let file):
            url = file
        case .named(let name):
            // The user's folder first, then the built-in themes (a folder may hold only index.mustache).
            let folders = [templatesDirectory, DefaultTemplates.directory].compactMap { $0 }
            guard let directory = folders.first else {
                throw .theme(
                    ThemeError("The built-in themes are missing from this installation; pass --templates DIR."))
            }
            guard
                let found = folders.map({ $0.appendingPathComponent("\(name).json") }).first(where: {
                    FileManager.default.fileExists(atPath: $0.path)
                })
            else {
                // The built-in themes' folder is where this build happens to keep them: not named.
                let place = templatesDirectory == nil ? "" : " in --templates \(Excerpt.location(directory.path)) or"
                throw .theme(
                    ThemeError(
                        "There is no theme named '\(Excerpt.printable(name))'\(place) among the built-in themes. Available: \(availableThemes(templatesDirectory: templatesDirectory).joined(separator: ", ")); or pass --theme path/to/theme.json."
                    ))
            }
            url = found
        }
        if let problem = FileProblem.reading(url.path) {
            throw .theme(ThemeError("The theme file \(Excerpt.location(url.path)) could not be read: \(problem)."))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= Theme.maximumFileBytes else {
            throw .theme(
                ThemeError(
                    "The theme file \(Excerpt.location(url.path)) is \(size) bytes, more than the \(Theme.maximumFileBytes) (1 MiB) a theme may be (the shipped ones are about 5 KB); pass a theme file, not another file."
                ))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .theme(
                ThemeError(
                    "The theme file \(Excerpt.location(url.path)) could not be read: \(FileProblem.describe(error))."))
        }
        do {
            return try Theme.decode(
                data, source: Excerpt.location(url.path), directory: url.deletingLastPathComponent())
        } catch {
            throw .theme(error)
        }
    }
}
