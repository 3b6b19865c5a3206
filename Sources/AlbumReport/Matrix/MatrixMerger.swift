import AlbumReportCore
import Foundation

/// Joins the folders written by `generate --matrix … --shard I/N` (for I = 1…N) into the matrix
/// one run would have written: every combination's files byte for byte, each checked against the
/// SHA-256 its shard recorded, and the matrix's own `manifest.json` and `index.html`. Nothing a
/// shard's matrix manifest says is taken on trust (`MatrixShardVerifier`), and the output may
/// not be one of the shards (``MergeTarget``).
public enum MatrixMerger {
    /// Merges `folders` (in any order) into `output`, atomically, and returns the manifest.
    public static func merge(
        _ folders: [URL], into output: URL, templatesDirectory: URL?, force: Bool, control: RunControl = RunControl()
    ) throws(ReportError) -> MatrixManifest {
        try MergeTarget.check(output, against: folders)
        let page = try MatrixPage(templatesDirectory: templatesDirectory)
        var parts: [(folder: URL, place: String, manifest: MatrixManifest)] = []
        for folder in folders {
            let manifest = try shardManifest(in: folder)
            let place = "\(Excerpt.location(folder.path)) (matrix shard \(manifest.shard?.description ?? "?"))"
            parts.append((folder, place, manifest))
        }
        guard let first = parts.first else { throw .output("Pass the output folders of every matrix shard.") }
        var verifier = try MatrixShardVerifier(
            first.manifest, place: first.place, templatesDirectory: templatesDirectory)
        let merged = try manifest(parts.map { ($0.place, $0.manifest) }, verifier: verifier)
        let writer = try ReportWriter.prepare(output: output, force: force, control: control)
        try writer.transaction { writer in
            for part in parts {
                for combination in part.manifest.combinations {
                    try copy(
                        combination, from: part.folder, place: part.place, verifier: &verifier, into: writer)
                }
            }
            try writer.commit(merged, page: page.render(merged))
        }
        return merged
    }

    /// The matrix manifest of one shard's folder; a plain report's folder is an error.
    static func shardManifest(in folder: URL) throws(ReportError) -> MatrixManifest {
        guard MatrixManifest.isMatrix(in: folder) else {
            throw .output(
                "\(Excerpt.location(folder.path)) is not a matrix shard (no matrix manifest.json). Merge the shards of a --matrix run together, and the shards of a plain run together, never both at once."
            )
        }
        switch ManifestFile.read(MatrixManifest.self, in: folder, followingLinks: false) {
        case .success(let manifest) where manifest.format == MatrixManifest.currentFormat:
            return manifest
        case .success(let manifest):
            throw .output(
                "\(Excerpt.location(folder.path)) holds a matrix of format \(Excerpt.printable(manifest.format)); this albumreport reads \(MatrixManifest.currentFormat). Render that shard again with this version."
            )
        case .failure(let problem):
            let detail: String
            switch problem {
            case .missing: detail = "it is missing or unreadable"
            case .link: detail = "it is a symbolic link, which merge does not follow"
            case .undecodable(let clause): detail = clause
            }
            throw .output(
                "\(Excerpt.location(folder.path))/manifest.json cannot be read as a matrix: \(detail). Render that shard again."
            )
        }
    }

    /// The whole matrix's manifest from its shards' (`(where, manifest)` pairs): each shard once,
    /// none missing, all of the same matrix, every combination present once, in its shard, with
    /// the values and folder its index gives on the axes `verifier` read.
    static func manifest(
        _ parts: [(String, MatrixManifest)], verifier: MatrixShardVerifier
    ) throws(ReportError) -> MatrixManifest {
        guard let first = parts.first?.1 else { throw .output("Pass the output folders of every matrix shard.") }
        var byIndex: [Int: String] = [:]
        var combinations: [Int: MatrixManifest.Combination] = [:]
        for (place, part) in parts {
            guard let shard = part.shard else {
                throw .output("\(place) holds a whole matrix, not a shard. Pass only folders written with --shard I/N.")
            }
            guard shard.count == first.shard?.count, part.axes == first.axes, part.generator == first.generator,
                part.combinationCount == first.combinationCount, part.title == first.title
            else {
                throw .output(
                    "\(place) is not a shard of the same matrix as the others (its axes, shard count, feed or version differ). Pass the shards of one run."
                )
            }
            if let other = byIndex[shard.index] {
                throw .output("\(place) and \(other) are both shard \(shard); pass each shard once.")
            }
            byIndex[shard.index] = place
            for combination in part.combinations {
                guard shard.contains(combinationIndex: combination.index), combinations[combination.index] == nil,
                    (0..<part.combinationCount).contains(combination.index)
                else {
                    throw .output(
                        "\(place) lists combination \(combination.index) (\(Excerpt.location(combination.folder))), which does not belong to it. Render that shard again."
                    )
                }
                _ = try verifier.combination(for: combination, place: place)
                combinations[combination.index] = combination
            }
        }
        let count = first.shard?.count ?? 1
        let missing = (1...count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            let list = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
            throw .output("Matrix shard(s) \(list) are missing. Pass the folders of all \(count) shards.")
        }
        guard combinations.count == first.combinationCount else {
            throw .output(
                "The shards hold \(combinations.count) of the matrix's \(first.combinationCount) combinations. Render the missing shards again."
            )
        }
        return MatrixManifest(
            generator: first.generator, title: first.title, axes: first.axes, combinationCount: first.combinationCount,
            combinations: combinations.keys.sorted().compactMap { combinations[$0] })
    }

    /// Stages one combination's report: its `manifest.json` and `index.html` checked against the
    /// matrix manifest (the report's settings, sheet and warnings by `verifier`), every file its
    /// manifest lists checked against that manifest.
    private static func copy(
        _ combination: MatrixManifest.Combination, from shardFolder: URL, place: String,
        verifier: inout MatrixShardVerifier, into writer: ReportWriter
    ) throws(ReportError) {
        let folder = combination.folder
        let manifestData = try read(
            folder + "/" + ReportWriter.manifestName, under: shardFolder, sha256: combination.manifestSHA256,
            place: place)
        let pageData = try read(
            folder + "/" + GalleryPage.fileName, under: shardFolder, sha256: combination.pageSHA256, place: place)
        let report: Manifest
        do {
            report = try JSONDecoder().decode(Manifest.self, from: manifestData)
        } catch {
            throw .output(
                "\(place): \(Excerpt.location(folder))/manifest.json is not a report manifest (\(DecodingProblem.clause(error, data: manifestData))). Render that shard again."
            )
        }
        try verifier.check(report, of: combination, place: place)
        for file in report.files {
            guard ReportWriter.isSafeRelativePath(file.path) else {
                throw .output("\(place): \(Excerpt.location(folder)) lists an unsafe path. Render that shard again.")
            }
            let path = folder + "/" + file.path
            let data = try read(path, under: shardFolder, sha256: file.sha256, place: place)
            _ = try writer.stage(data, at: path, knownSHA256: file.sha256)
        }
        _ = try writer.stage(manifestData, at: folder + "/" + ReportWriter.manifestName)
        _ = try writer.stage(pageData, at: folder + "/" + GalleryPage.fileName)
    }

    /// The bytes at `path` under `folder` (no link followed), which must hash to `sha256`.
    private static func read(
        _ path: String, under folder: URL, sha256: String, place: String
    ) throws(ReportError)
        -> Data
    {
        switch ContainedPath.read(path, under: folder) {
        case .success(let data):
            guard Digest.sha256Hex(data) == sha256 else {
                throw .output(
                    "\(place): \(Excerpt.location(path)) does not match its manifest (SHA-256 differs). Render that shard again."
                )
            }
            return data
        case .failure(.link(let link)):
            throw .output(
                "\(place): \(Excerpt.location(link.path)) is a symbolic link; merge does not follow links in a shard's folder. Render that shard again."
            )
        case .failure:
            throw .output(
                "\(place): \(Excerpt.location(path)) is missing or unreadable, though its manifest lists it. Render that shard again."
            )
        }
    }
}
