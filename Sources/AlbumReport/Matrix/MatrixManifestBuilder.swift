import AlbumReportCore
import Foundation

/// Builds the matrix's `manifest.json` from the combinations' staged reports.
enum MatrixManifestBuilder {
    /// The manifest of `combinations` (rendered as `summaries`, staged under `staging`).
    static func manifest(
        spec: MatrixSpec, combinations: [MatrixCombination], summaries: [ReportSummary], staging: URL, title: String,
        shard: Shard?
    ) throws(ReportError) -> MatrixManifest {
        var records: [MatrixManifest.Combination] = []
        for (combination, summary) in zip(combinations, summaries) {
            let folder = staging.appendingPathComponent(combination.folder, isDirectory: true)
            let sheet = thumbnail(of: summary.files)
            let cards = cardThumbnails(of: summary.files)
            records.append(
                MatrixManifest.Combination(
                    index: combination.index, values: combination.valuesByKey, folder: combination.folder,
                    manifestSHA256: try digest(of: folder.appendingPathComponent(ReportWriter.manifestName)),
                    pageSHA256: try digest(of: folder.appendingPathComponent(GalleryPage.fileName)), sheet: sheet,
                    cards: cards.isEmpty ? nil : cards, warningCount: summary.warnings.count))
        }
        return MatrixManifest(
            generator: "albumreport \(AlbumReportVersion.current)", title: title,
            axes: spec.axes.map { MatrixManifest.Axis(key: $0.key.rawValue, values: $0.values) },
            combinationCount: spec.combinations.count, combinations: records, shard: shard)
    }

    /// The grid's picture of a combination whose report wrote `files`: its first sheet PNG (the
    /// one derivation, which `merge` checks each shard's record against).
    static func thumbnail(of files: [Manifest.FileRecord]) -> MatrixManifest.Thumbnail? {
        files.first { ReportLayout.isSheet($0.path) }.map {
            MatrixManifest.Thumbnail(file: $0.path, widthPixels: $0.widthPixels, heightPixels: $0.heightPixels)
        }
    }

    /// The grid's first cards of a combination whose report wrote `files`: its first
    /// ``MatrixManifest/Combination/cardsShown`` card PNGs, in rank order, each with the rank its
    /// file name starts with (`cards/007-title.png`).
    static func cardThumbnails(of files: [Manifest.FileRecord]) -> [MatrixManifest.Thumbnail] {
        files.filter { ReportLayout.isCard($0.path) }.prefix(MatrixManifest.Combination.cardsShown).map {
            let name = $0.path.dropFirst(ReportLayout.cardsFolder.count + 1)
            return MatrixManifest.Thumbnail(
                file: $0.path, widthPixels: $0.widthPixels, heightPixels: $0.heightPixels,
                rank: Int(name.prefix { $0.isASCII && $0.isNumber }))
        }
    }

    /// The SHA-256 of the file at `url`.
    static func digest(of url: URL) throws(ReportError) -> String {
        try ReportError.writing(url.path) { Digest.sha256Hex(try Data(contentsOf: url)) }
    }
}
