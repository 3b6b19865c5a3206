import AlbumReportCompare
import AlbumReportCore
import Foundation

/// Writes a comparison's HTML report and JUnit XML.
public enum ComparisonReportWriter {
    /// Writes the HTML report to `url`, linking images relative to its folder.
    public static func writeHTML(_ summary: ComparisonSummary, to url: URL) throws(CompareError) {
        let folder = url.deletingLastPathComponent()
        let page = ComparisonReportFormats.html(summary) { path in
            relativePath(from: folder, to: URL(fileURLWithPath: path))
        }
        try write(Data(page.utf8), to: url)
    }

    /// Writes JUnit XML to `url`.
    public static func writeJUnit(_ summary: ComparisonSummary, to url: URL) throws(CompareError) {
        try write(Data(ComparisonReportFormats.junit(summary).utf8), to: url)
    }

    /// The summary as JSON with sorted keys.
    public static func json(_ summary: ComparisonSummary) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(summary)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// `file` relative to `folder`, with `..` where needed; percent-encoded for use in a link.
    static func relativePath(from folder: URL, to file: URL) -> String {
        let base = folder.standardizedFileURL.pathComponents
        let target = file.standardizedFileURL.pathComponents
        var common = 0
        while common < min(base.count, target.count) && base[common] == target[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        let path = parts.joined(separator: "/")
        return path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    private static func write(_ data: Data, to url: URL) throws(CompareError) {
        do {
            try data.writeCreatingFolders(to: url)
        } catch {
            throw .writeFailed(path: url.path, detail: error.localizedDescription)
        }
    }
}
