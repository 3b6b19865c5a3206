import AlbumReportCompare
import AlbumReportCore
import AlbumReportTemplates
import Foundation
import Mustache

/// Writes a comparison's HTML report (from `Templates/compare.mustache`; a `compare.mustache`
/// in `--templates DIR` wins), JUnit XML and JSON. The report's images are already in its
/// folder (``GoldenComparer`` puts them there), so the folder alone shows everything.
public enum ComparisonReportWriter {
    /// The report page's file name inside the report folder.
    public static let pageName = "report.html"

    /// Writes `report.html` into `folder`.
    public static func writeHTML(
        _ summary: ComparisonSummary, into folder: URL, templatesDirectory: URL? = nil
    ) throws(CompareError) {
        guard let url = DefaultTemplates.template(named: "compare.mustache", preferring: templatesDirectory) else {
            throw .writeFailed(path: pageName, detail: "the built-in compare.mustache is missing from this build")
        }
        let template: MustacheTemplate
        switch TemplateFile.load(url) {
        case .success(let loaded): template = loaded
        case .failure(let problem): throw .template(path: url.path, detail: problem.description)
        }
        let values = page(summary) { relative in pixelSize(of: folder.appendingPathComponent(relative)) }
        try write(Data(template.render(values).utf8), to: folder.appendingPathComponent(pageName), creatingFolder: true)
    }

    /// Refuses a report folder the comparison must not write into: `/` or another file system's
    /// root (a mount point), a file, a folder whose parent does not exist (it is not created),
    /// and a folder that holds files but no `report.html` of an earlier comparison (hidden
    /// entries such as `.gitkeep` do not count). A missing folder in an existing one is fine.
    public static func checkReportFolder(_ folder: URL) throws(CompareError) {
        let path = folder.standardizedFileURL.resolvingSymlinksInPath()
        let manager = FileManager.default
        if path.path == "/" || isMountPoint(path) {
            throw .outputRefused(
                path: folder.path,
                reason:
                    "is the root of a file system, where the report's files would mix with everything else. Pass a --report-dir of its own, such as Diffs."
            )
        }
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: path.path, isDirectory: &isFolder) else {
            try checkOutputFile(path, option: "--report-dir")
            return
        }
        guard isFolder.boolValue else {
            throw .outputRefused(
                path: folder.path, reason: "is a file, not a folder. Pass a folder's path to --report-dir.")
        }
        let visible = ((try? manager.contentsOfDirectory(atPath: path.path)) ?? []).filter { !$0.hasPrefix(".") }
        if !visible.isEmpty, !visible.contains(pageName) {
            throw .outputRefused(
                path: folder.path,
                reason:
                    "holds other files and no \(pageName) of an earlier comparison, so the report would mix with them. Pass an empty or new --report-dir, such as Diffs."
            )
        }
    }

    /// Refuses an output file (or folder) whose parent folder does not exist: the tool does not
    /// create folders that were not asked for.
    public static func checkOutputFile(_ url: URL, option: String) throws(CompareError) {
        let parent = url.standardizedFileURL.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .outputRefused(
                path: url.path,
                reason:
                    "cannot be written: its folder \(parent.path) does not exist, and \(option) does not create folders. Create it first (mkdir -p), or pass a path in an existing folder."
            )
        }
    }

    /// Whether `url` is the root of a mounted file system (its device differs from its parent's).
    static func isMountPoint(_ url: URL) -> Bool {
        var own = stat()
        var parent = stat()
        guard stat(url.path, &own) == 0, stat(url.deletingLastPathComponent().path, &parent) == 0 else { return false }
        return own.st_dev != parent.st_dev || own.st_ino == parent.st_ino
    }

    /// Removes an earlier comparison's report from `folder` — its page and its `images/` folder,
    /// nothing else — so that a run in which every file matches, which writes no report, leaves
    /// none that describes another run.
    public static func removeEarlierReport(in folder: URL) throws(CompareError) {
        let manager = FileManager.default
        for name in [pageName, GoldenComparer.imagesFolder] {
            let url = folder.appendingPathComponent(name)
            guard ContainedPath.kind(of: url) != .missing else { continue }
            do {
                try manager.removeItem(at: url)
            } catch {
                throw .writeFailed(path: url.path, detail: FileProblem.describe(error))
            }
        }
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

    /// Writes `data` to `url`. With `creatingFolder` its folder (the report folder) is made if
    /// missing, but never the folders above it; without, the folder must exist.
    private static func write(_ data: Data, to url: URL, creatingFolder: Bool = false) throws(CompareError) {
        let folder = url.deletingLastPathComponent()
        if creatingFolder {
            try checkOutputFile(folder, option: "--report-dir")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } else {
            try checkOutputFile(url, option: "--junit")
        }
        do {
            try data.writeAtomically(to: url)
        } catch {
            throw .writeFailed(path: url.path, detail: FileProblem.describe(error))
        }
    }
}
