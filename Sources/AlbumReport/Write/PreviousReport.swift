import AlbumReportCore
import Foundation

/// What the report already in an output folder says of itself: the parts of its `manifest.json`
/// that the next run needs (its files and their render keys), read with one schema for every
/// reader. Only what is needed is decoded: the items and frames of a large manifest are skipped.
struct PreviousReport: Sendable {
    /// A file of the previous report.
    struct File: Sendable, Decodable {
        var path: String
        var sha256: String
        var widthPixels: Int
        var heightPixels: Int
    }

    /// The files it lists, by path (only safe relative paths).
    let files: [String: File]
    /// Render keys by file path, for the screens that have one.
    let renderKeys: [String: String]
    /// The other files that are the tool's own: in a matrix's folder, every file of every
    /// combination (its PNGs, `manifest.json` and `index.html`).
    private(set) var otherPaths: Set<String> = []

    private struct Schema: Decodable {
        struct Screen: Decodable {
            var file: String
            var renderKey: String?
        }
        struct Combination: Decodable {
            var folder: String
        }
        var generator: String
        var files: [File]?
        var screens: [Screen]?
        /// Set in a matrix's manifest.
        var combinations: [Combination]?
    }

    /// The report in `folder`; nil when the folder holds no manifest written by albumreport.
    init?(in folder: URL) {
        guard case .success(let manifest) = ManifestFile.read(Schema.self, in: folder),
            manifest.generator.hasPrefix("albumreport"), manifest.files != nil || manifest.combinations != nil
        else { return nil }
        files = Dictionary(
            (manifest.files ?? []).filter { ReportWriter.isSafeRelativePath($0.path) }.map { ($0.path, $0) },
            uniquingKeysWith: { first, _ in first })
        renderKeys = Dictionary(
            (manifest.screens ?? []).compactMap { screen in screen.renderKey.map { (screen.file, $0) } },
            uniquingKeysWith: { first, _ in first })
        for combination in manifest.combinations ?? [] where ReportWriter.isSafeRelativePath(combination.folder) {
            let folderURL = folder.appendingPathComponent(combination.folder)
            guard let report = PreviousReport(in: folderURL), report.otherPaths.isEmpty else { continue }
            let own = Set(report.files.keys).union(ReportWriter.reportFiles)
            otherPaths.formUnion(own.map { combination.folder + "/" + $0 })
        }
    }
}
