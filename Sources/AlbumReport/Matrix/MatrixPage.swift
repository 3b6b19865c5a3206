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

/// The values `matrix.mustache` is rendered with (Templates/README.md lists them). Every value
/// is shown in words derived from its setting's type (``SettingCodec/label``: "iPhone 15",
/// "Dark", "Accessibility Extra Large", "العربية"), its folder path beside it.
struct MatrixGrid: Sendable {
    struct Picture: Sendable {
        var href: String
        var image: String
        var widthPixels: Int
        var heightPixels: Int
        var alt: String
    }

    struct Cell: Sendable {
        var present: Bool
        var label: String
        /// The combination's folder ("iphone-15/dark/ax3/ar").
        var path: String
        var href: String
        var image: String
        var hasImage: Bool
        var widthPixels: Int
        var heightPixels: Int
        /// Its first cards, each linking to its place on the combination's page.
        var cards: [Picture]
        var hasCards: Bool
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
        axes = manifest.axes.map { "\(Self.title(of: $0.key)) (\($0.values.count))" }.joined(separator: " × ")
        count = manifest.combinations.count
        shard = manifest.shard.map { "shard \($0.description)" } ?? ""
        hasShard = manifest.shard != nil
        let last = manifest.axes.last
        let width = max(last?.values.count ?? 1, 1)
        columns = (last?.values ?? []).map { Column(label: Self.label(of: $0, on: last?.key ?? "")) }
        let byIndex = Dictionary(manifest.combinations.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        let leading = manifest.axes.dropLast()
        rows = stride(from: 0, to: manifest.combinationCount, by: width).map { start in
            let cells = (start..<start + width).map { index in
                guard let combination = byIndex[index] else {
                    return Cell(
                        present: false, label: "", path: "", href: "", image: "", hasImage: false, widthPixels: 0,
                        heightPixels: 0, cards: [], hasCards: false, warningCount: 0, hasWarnings: false)
                }
                return Self.cell(combination, axes: manifest.axes)
            }
            let values = Self.values(at: start / width, of: Array(leading))
            let label = zip(leading, values).map { Self.label(of: $1, on: $0.key) }.joined(separator: " · ")
            return Row(label: label, cells: cells)
        }
    }

    /// The cell of a combination that was drawn.
    static func cell(_ combination: MatrixManifest.Combination, axes: [MatrixManifest.Axis]) -> Cell {
        let label = axes.compactMap { axis in combination.values[axis.key].map { Self.label(of: $0, on: axis.key) } }
            .joined(separator: " · ")
        let page = PathLink.encoded(combination.folder + "/" + GalleryPage.fileName)
        let cards = (combination.cards ?? []).map { card in
            Picture(
                href: page + (card.rank.map { "#" + Gallery.anchor(rank: $0) } ?? ""),
                image: PathLink.encoded(combination.folder + "/" + card.file), widthPixels: card.widthPixels,
                heightPixels: card.heightPixels, alt: "\(label): card \(card.rank.map(String.init) ?? "")")
        }
        return Cell(
            present: true, label: label, path: combination.folder, href: page,
            image: combination.sheet.map { PathLink.encoded(combination.folder + "/" + $0.file) } ?? "",
            hasImage: combination.sheet != nil, widthPixels: combination.sheet?.widthPixels ?? 0,
            heightPixels: combination.sheet?.heightPixels ?? 0, cards: cards, hasCards: !cards.isEmpty,
            warningCount: combination.warningCount, hasWarnings: combination.warningCount > 0)
    }

    /// A value of the axis keyed `key` in words; the value itself for an axis this build does not know.
    static func label(of value: String, on key: String) -> String {
        MatrixAxis(rawValue: key)?.setting.label(value) ?? value
    }

    /// The axis keyed `key` in words ("Text size"); the key for an axis this build does not know.
    static func title(of key: String) -> String {
        MatrixAxis(rawValue: key)?.setting.title ?? key
    }

    /// The values of `axes` at `index` of their product (the last axis varying fastest).
    static func values(at index: Int, of axes: [MatrixManifest.Axis]) -> [String] {
        MatrixCombination.values(at: index, of: axes.map(\.values)) ?? axes.map { _ in "?" }
    }
}
