import AlbumReportCompare
import AlbumReportCore
import Foundation

/// The files around a comparison's report: the job summary it appends to, and the page that
/// opens the report from where the deprecated `--report FILE` put it.
extension ComparisonReportWriter {
    /// Appends `data` to the file at `path` (created when missing), or says why it could not:
    /// never a raw Foundation error, and never an open that blocks (a FIFO) or a write to a device.
    public static func appendProblem(_ data: Data, to path: String) -> String? {
        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT else { return FileProblem.clause(errno: errno) }
            do {
                try data.write(to: URL(fileURLWithPath: path))
                return nil
            } catch {
                return FileProblem.describe(error)
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "it is a folder, not a file"
        default: return "it is not a regular file (a FIFO, socket or device)"
        }
        guard access(path, W_OK) == 0 else { return FileProblem.clause(errno: errno) }
        guard let handle = FileHandle(forWritingAtPath: path) else { return FileProblem.clause(errno: EIO) }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: data)
            return nil
        } catch {
            return FileProblem.describe(error)
        }
    }

    /// The page at `page` that opens the report in `folder` (a relative link, so both can be
    /// uploaded or moved together), for workflows that still open the file `--report` named.
    public static func writeRedirect(at page: URL, to folder: URL) throws(CompareError) {
        let from = page.standardizedFileURL.deletingLastPathComponent().pathComponents
        let to = folder.standardizedFileURL.appendingPathComponent(pageName).pathComponents
        let common = zip(from, to).prefix { $0 == $1 }.count
        let relative = PathLink.encoded(
            (Array(repeating: "..", count: from.count - common) + to.dropFirst(common)).joined(separator: "/"))
        let escaped = ComparisonReportFormats.attributeEscape(relative)
        let html = """
            <!doctype html>
            <meta charset="utf-8">
            <meta http-equiv="refresh" content="0; url=\(escaped)">
            <title>Comparison report</title>
            <p>The report is a folder now: <a href="\(escaped)">\(escaped)</a>.</p>

            """
        do {
            try Data(html.utf8).writeAtomically(to: page)
        } catch {
            throw .writeFailed(path: page.path, detail: FileProblem.describe(error))
        }
    }
}
