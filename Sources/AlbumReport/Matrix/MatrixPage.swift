import AlbumReportCompareReport
import AlbumReportCore
import AlbumReportTemplates
import Foundation
import Mustache

/// Renders the matrix's `index.html` with `matrix.mustache`: a grid whose columns are the last
/// axis's values and whose rows are the combinations of the others, each cell the combination's
/// sheet linking to its own `index.html`.
public struct MatrixPage: Sendable {
    let template: MustacheTemplate

    /// Loads the template: `matrix.mustache` in `templatesDirectory` when there is one, else the
    /// shipped one.
    public init(templatesDirectory: URL?) throws(ReportError) {
        guard let url = DefaultTemplates.template(named: "matrix.mustache", preferring: templatesDirectory) else {
            throw .template(path: "matrix.mustache", detail: "the built-in template is missing from this build")
        }
        switch TemplateFile.load(url) {
        case .success(let loaded): template = loaded
        case .failure(let problem): throw .template(path: url.path, detail: problem.description)
        }
    }

    /// The HTML for `manifest`.
    public func render(_ manifest: MatrixManifest) -> Data {
        Data(template.render(MatrixGrid(manifest: manifest)).utf8)
    }
}

/// The values `matrix.mustache` is rendered with (Templates/README.md lists them).
struct MatrixGrid: Sendable {
    struct Cell: Sendable {
        var present: Bool
        var label: String
        var href: String
        var image: String
        var hasImage: Bool
        var widthPixels: Int
        var heightPixels: Int
        var warningCount: Int
        var hasWarnings: Bool
    }

    struct Row: Sendable {
        var label: String
        var cells: [Cell]
    }

    struct Column: Sendable {
        var label: String
    }

    var title: String
    var generator: String
    var axes: String
    var count: Int
    var columns: [Column]
    var rows: [Row]
    var shard: String
    var hasShard: Bool

    init(manifest: MatrixManifest) {
        title = manifest.title
        generator = manifest.generator
        axes = manifest.axes.map { "\($0.key) (\($0.values.count))" }.joined(separator: " × ")
        count = manifest.combinations.count
        shard = manifest.shard.map { "shard \($0.description)" } ?? ""
        hasShard = manifest.shard != nil
        let last = manifest.axes.last
        let width = max(last?.values.count ?? 1, 1)
        columns = (last?.values ?? []).map { Column(label: $0) }
        let byIndex = Dictionary(manifest.combinations.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        let leading = manifest.axes.dropLast()
        rows = stride(from: 0, to: manifest.combinationCount, by: width).map { start in
            let cells = (start..<start + width).map { index in
                guard let combination = byIndex[index] else {
                    return Cell(
                        present: false, label: "", href: "", image: "", hasImage: false, widthPixels: 0,
                        heightPixels: 0,
                        warningCount: 0, hasWarnings: false)
                }
                let label = manifest.axes.compactMap { combination.values[$0.key] }.joined(separator: " · ")
                return Cell(
                    present: true, label: label, href: combination.folder + "/" + GalleryPage.fileName,
                    image: combination.sheet.map { combination.folder + "/" + $0.file } ?? "",
                    hasImage: combination.sheet != nil, widthPixels: combination.sheet?.widthPixels ?? 0,
                    heightPixels: combination.sheet?.heightPixels ?? 0, warningCount: combination.warningCount,
                    hasWarnings: combination.warningCount > 0)
            }
            return Row(label: Self.values(at: start / width, of: Array(leading)).joined(separator: " · "), cells: cells)
        }
    }

    /// The values of `axes` at `index` of their product (the last axis varying fastest).
    static func values(at index: Int, of axes: [MatrixManifest.Axis]) -> [String] {
        MatrixCombination.values(at: index, of: axes.map(\.values)) ?? axes.map { _ in "?" }
    }
}
