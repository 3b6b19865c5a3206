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
        try write(Data(template.render(page(summary)).utf8), to: folder.appendingPathComponent(pageName))
    }

    /// The values the template sees (every string escaped by Mustache's `{{…}}`).
    static func page(_ summary: ComparisonSummary) -> [String: Any] {
        let options = summary.options
        var settings = "Threshold \(options.threshold), max diff ratio \(options.maxDiffRatio)"
        if let pixels = options.maxDiffPixels { settings += ", max diff pixels \(pixels)" }
        if options.failOnAntialiasing { settings += ", anti-aliased pixels count" }
        settings +=
            options.minimumCluster > 1
            ? ", clusters under \(options.minimumCluster) pixels ignored" : ", every differing pixel counts"
        let masks = options.masks.count + options.scopedMasks.count
        if masks > 0 { settings += ", \(masks) pixel mask(s)" }
        if !options.maskElements.isEmpty {
            settings += ", masked elements: \(options.maskElements.joined(separator: ", "))"
        }
        let failOn = options.failOn.names
        let shown = summary.pairs.enumerated().filter { $0.element.status != .match }
        let pairs: [[String: Any]] = shown.map { index, pair in
            var values: [String: Any] = [
                "name": pair.name, "status": pair.status.rawValue, "message": pair.message, "updated": pair.updated,
                "fails": pair.fails(options.failOn), "anchor": "pair-\(index)",
            ]
            if let difference = pair.difference {
                values["figures"] = [
                    "compared": difference.comparedPixels, "different": difference.differentPixels,
                    "antialiased": difference.antialiasedPixels, "masked": difference.maskedPixels,
                    "specks": difference.speckPixels,
                    "ratio": String(format: "%.6f", difference.diffRatio),
                ]
            }
            let images = pair.images ?? PairImages()
            values["expectedImage"] = images.expected.map(link)
            values["actualImage"] = images.actual.map(link)
            values["diffImage"] = images.diff.map(link)
            values["sideBySideImage"] = images.sideBySide.map(link)
            if images.expected != nil, images.actual != nil, images.diff != nil { values["flip"] = true }
            return values.compactMapValues { $0 }
        }
        return [
            "line": summary.line, "passes": summary.passes,
            "failOn": failOn.isEmpty ? "nothing" : failOn.joined(separator: ", "),
            "drift": summary.drift, "expected": summary.expected, "actual": summary.actual, "settings": settings + ".",
            "pairs": pairs, "matches": summary.pairs.filter { $0.status == .match }.map(\.name),
            "hasMatches": summary.count(.match) > 0, "matchCount": summary.count(.match),
        ]
    }

    /// A relative path as a link: each component percent-encoded.
    static func link(_ relative: String) -> String {
        relative.split(separator: "/").map {
            $0.addingPercentEncoding(
                withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#")))
                ?? String($0)
        }.joined(separator: "/")
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

    private static func write(_ data: Data, to url: URL) throws(CompareError) {
        do {
            try data.writeCreatingFolders(to: url)
        } catch {
            throw .writeFailed(path: url.path, detail: FileProblem.describe(error))
        }
    }
}
