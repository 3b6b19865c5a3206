import AlbumReportCore
import Foundation

/// The folders' PNG files as a comparison finds and reads them, and the report images' names.
extension GoldenComparer {
    /// What a walk of a folder found: PNG files, and PNG names that are symbolic links or not
    /// regular files (never opened: a link may lead anywhere, a FIFO blocks a read forever).
    struct Walk {
        var files: Set<String> = []
        var unread: Set<String> = []
    }

    /// The PNG files below `folder` (none under `excluded`). Links are never followed: a linked
    /// folder is not entered, and a linked `.png` is reported as a link.
    static func walk(_ folder: URL, excluding excluded: String? = nil) -> Walk {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath()
        let base = root.path
        var result = Walk()
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return result }
        while let relative = enumerator.nextObject() as? String {
            guard relative.lowercased().hasSuffix(".png") else { continue }
            let full = base + "/" + relative
            if let excluded, full.hasPrefix(excluded + "/") { continue }
            let kind = ContainedPath.kind(of: URL(fileURLWithPath: full))
            if ContainedPath.firstLink(under: root, relative: relative) != nil {
                // A link to a file is named (never read); files below a linked folder are not seen.
                if kind == .link { result.unread.insert(relative) }
                continue
            }
            switch kind {
            case .file: result.files.insert(relative)
            case .other: result.unread.insert(relative)
            case .folder, .link, .missing: break
            }
        }
        return result
    }

    /// The file's bytes when it is a PNG, or a sentence naming it.
    static func read(_ url: URL) -> Result<Data, PNGReader.Problem> {
        // Checked first, so that a FIFO never blocks the comparison and is named for what it is.
        if let problem = FileProblem.reading(url.path) {
            return .failure(.init(description: "\(Excerpt.location(url.path)) could not be read: \(problem)."))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return .failure(
                .init(description: "\(Excerpt.location(url.path)) could not be read: \(FileProblem.describe(error))."))
        }
        return PNGReader.signatureProblem(data, name: url.path).map { .failure($0) } ?? .success(data)
    }

    /// The longest suffix a report image gets after its stem.
    public static let longestSuffix = ".expected.png"

    /// The report images' path for `name` without suffix: the name without `.png`, its last
    /// component cut (with a short hash of the whole name, so that cut names stay apart) where
    /// the longest suffix would take it past the file system's 255-byte name limit.
    public static func reportStem(_ name: String) -> String {
        let bare = name.lowercased().hasSuffix(".png") ? String(name.dropLast(4)) : name
        var components = bare.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let last = components.last, last.utf8.count + longestSuffix.utf8.count > 255 else { return bare }
        let hash = String(SHA256.hex(of: Data(name.utf8)).prefix(12))
        let budget = 255 - longestSuffix.utf8.count - hash.utf8.count - 1
        var cut = ""
        for character in last {
            guard cut.utf8.count + String(character).utf8.count <= budget else { break }
            cut.append(character)
        }
        components[components.count - 1] = cut + "-" + hash
        return components.joined(separator: "/")
    }
}
