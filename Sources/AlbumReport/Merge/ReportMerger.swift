import AlbumReportCore
import Foundation

/// Joins the folders written by `generate --shard I/N` (for I = 1…N) into the report a single
/// run would have written: the same files, byte for byte, the same manifest and index.html. The
/// output may not be one of the shards (``MergeTarget``).
public enum ReportMerger {
    /// Merges `folders` (in any order) into `output`, atomically, and returns the manifest.
    public static func merge(
        _ folders: [URL], into output: URL, templatesDirectory: URL?, force: Bool, control: RunControl = RunControl()
    ) throws(ReportError) -> Manifest {
        try MergeTarget.check(output, against: folders)
        let page = try GalleryPage(templatesDirectory: templatesDirectory)
        let parts = try folders.map { folder throws(ReportError) in (folder, try fragment(in: folder)) }
        let manifest = try merged(parts.map { (Excerpt.location($0.0.path), $0.1) })

        let writer = try ReportWriter.prepare(output: output, force: force, control: control)
        try writer.transaction { writer in
            // Every file comes from the shard whose manifest lists it, read without following a
            // link out of the shard's folder, and must hash to what that manifest says.
            var sources: [String: (folder: URL, place: String)] = [:]
            for (folder, part) in parts {
                let place = "\(Excerpt.location(folder.path)) (shard \(part.shard.map(\.description) ?? "?"))"
                for file in part.files where sources[file.path] == nil { sources[file.path] = (folder, place) }
            }
            for file in manifest.files {
                guard let source = sources[file.path], ReportWriter.isSafeRelativePath(file.path) else {
                    throw ReportError.output("No shard holds \(Excerpt.location(file.path)); render every shard again.")
                }
                let data = try shardFile(file, in: source.folder, place: source.place)
                _ = try writer.stage(data, at: file.path, knownSHA256: file.sha256)
            }
            try writer.commit(manifest, page: page.render(manifest))
        }
        return manifest
    }

    /// The bytes of `file` in the shard at `folder`, checked against its manifest's SHA-256.
    private static func shardFile(
        _ file: Manifest.FileRecord, in folder: URL, place: String
    ) throws(ReportError) -> Data {
        switch ContainedPath.read(file.path, under: folder) {
        case .success(let data):
            guard Digest.sha256Hex(data) == file.sha256 else {
                throw .output(
                    "\(place): \(Excerpt.location(file.path)) does not match its manifest.json (SHA-256 differs). Render that shard again."
                )
            }
            if let problem = recordProblem(file, data: data) {
                throw .output(
                    "\(place): the manifest.json's record of \(Excerpt.location(file.path)) \(problem). Render that shard again."
                )
            }
            return data
        case .failure(.missing):
            throw .output(
                "\(place): \(Excerpt.location(file.path)) is missing, though its manifest.json lists it. Render that shard again."
            )
        case .failure(.link(let link)):
            throw .output(
                "\(place): \(Excerpt.location(link.path)) is a symbolic link; merge does not follow links in a shard's folder. Replace it with the file the shard rendered, or render that shard again."
            )
        case .failure(.notAFile):
            throw .output("\(place): \(Excerpt.location(file.path)) is not a regular file. Render that shard again.")
        case .failure(.unreadable(_, let detail)):
            throw .output(
                "\(place): \(Excerpt.location(file.path)) could not be read (\(detail)). Check its permissions.")
        }
    }

    /// What is wrong with a shard manifest's record of a file whose bytes hash to its SHA-256:
    /// its byte count and pixel size must be the file's own (a manifest is a shard's claim, and a
    /// merged manifest must not say what its files are not); nil when they are.
    static func recordProblem(_ file: Manifest.FileRecord, data: Data) -> String? {
        if file.bytes != data.count { return "says \(file.bytes) bytes, but the file holds \(data.count)" }
        guard let header = ImageHeader.read(data), header.format == .png else {
            return "names a file that is not a PNG"
        }
        if header.width != file.widthPixels || header.height != file.heightPixels {
            return
                "says \(file.widthPixels)×\(file.heightPixels) pixels, but the PNG is \(header.width)×\(header.height)"
        }
        return nil
    }

    /// The manifest of one shard's folder.
    static func fragment(in folder: URL) throws(ReportError) -> Manifest {
        let url = folder.appendingPathComponent(ManifestFile.name)
        switch ManifestFile.read(Manifest.self, in: folder, followingLinks: false) {
        case .success(let manifest): return manifest
        case .failure(.link):
            throw .output(
                "\(Excerpt.location(url.path)) is a symbolic link; merge does not follow links in a shard's folder. Pass the folder `albumreport generate --shard I/N` wrote."
            )
        case .failure(.missing):
            throw .output(
                "\(Excerpt.location(folder.path)) holds no manifest.json. Pass the folders that `albumreport generate --shard I/N` wrote."
            )
        case .failure(.undecodable(let detail)):
            throw .output(
                "\(Excerpt.location(url.path)) is not a manifest albumreport can read: \(detail). Render that shard again."
            )
        }
    }

    /// The manifest of the whole report from the shards' manifests (`(where, manifest)` pairs).
    static func merged(_ parts: [(String, Manifest)]) throws(ReportError) -> Manifest {
        let ordered = try shardsInOrder(parts)
        let first = ordered[0].1
        try checkListings(ordered)
        try checkCards(ordered)
        let sheets = first.screens.filter { $0.kind == .sheet }
        let sheetFiles = Set(sheets.map(\.file))
        let cards = ordered.flatMap { $0.1.screens.filter { $0.kind == .card } }.sorted { $0.file < $1.file }
        let filesByPath = Dictionary(
            ordered.flatMap { $0.1.files.map { ($0.path, $0) } }, uniquingKeysWith: { first, _ in first })
        let files =
            first.files.filter { sheetFiles.contains($0.path) } + cards.compactMap { filesByPath[$0.file] }
        var merged = Manifest(
            generator: first.generator, feed: first.feed, device: first.device, theme: first.theme,
            locale: first.locale, fonts: first.fonts, libraries: first.libraries, items: first.items, files: files,
            screens: sheets + cards,
            warnings: warnings(ordered.map(\.1)) + (first.formatVersion == nil ? [formatOneWarning] : []))
        merged.settings = first.settings
        merged.layoutDirection = first.layoutDirection
        return merged
    }

    /// What merging shards of manifest format 1 (albumreport 0.3) says: they are read for this
    /// release and merged into the current format.
    package static let formatOneWarning = ReportWarning(
        stage: .write,
        message:
            "The shards' manifest.json are in format 1 (albumreport 0.3); they were merged into format \(Manifest.currentFormat), which records each setting once. Format 1 is read until the next release: render the shards again with this version."
    )

    /// The shards 1…N in order, checked to be the parts of one run: each once, none missing,
    /// all rendered from the same inputs.
    private static func shardsInOrder(_ parts: [(String, Manifest)]) throws(ReportError) -> [(String, Manifest)] {
        var byIndex: [Int: (String, Manifest)] = [:]
        var count: Int?
        for (place, part) in parts {
            guard let shard = part.shard else {
                throw .output("\(place) holds a whole report, not a shard. Pass only folders written with --shard I/N.")
            }
            if let count, count != shard.count {
                throw .output(
                    "\(place) is shard \(shard) but another folder is a shard of \(count); pass the shards of one run.")
            }
            count = shard.count
            if let other = byIndex[shard.index] {
                throw .output("\(place) and \(other.0) are both shard \(shard); pass each shard once.")
            }
            byIndex[shard.index] = (place, part)
        }
        guard let count, let first = byIndex[1]?.1 else {
            throw .output("Shard 1, which holds the sheet, is missing. Pass the folders of all shards.")
        }
        let missing = (1...count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            let list = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
            throw .output("Shard \(list) is missing. Pass the folders of all \(count) shards.")
        }
        let ordered = (1...count).compactMap { byIndex[$0] }
        for (place, part) in ordered.dropFirst() {
            try checkSettings(part, named: place, against: first)
            guard part.generator == first.generator, part.feed == first.feed, part.device == first.device,
                part.theme == first.theme, part.locale == first.locale, part.fonts == first.fonts,
                part.libraries == first.libraries, part.items == first.items,
                part.layoutDirection == first.layoutDirection, part.formatVersion == first.formatVersion
            else {
                throw .output(
                    "\(place) was rendered from other inputs than shard 1 (generator, feed, device, theme, locale, direction, fonts, library versions or items differ). Render every shard with the same version, feed and options, on runners with the same libraries."
                )
            }
        }
        return ordered
    }

    /// A shard drawn with other settings than shard 1 is refused, naming the first setting that
    /// differs and both values.
    private static func checkSettings(
        _ part: Manifest, named place: String, against first: Manifest
    ) throws(ReportError) {
        let (theirs, ours) = (
            RenderSettings.values(recorded: part.settings), RenderSettings.values(recorded: first.settings)
        )
        for axis in MatrixAxis.allCases {
            let property = axis.setting.property
            guard theirs[property] != ours[property] else { continue }
            throw .output(
                "\(place) was drawn with \(property) \(Excerpt.identifier(theirs[property] ?? "?")), shard 1 with \(Excerpt.identifier(ours[property] ?? "?")). Render every shard with the same options."
            )
        }
        // Records this version does not know (from a newer albumreport) must agree too.
        if part.settings != first.settings {
            throw .output(
                "\(place) records other settings than shard 1 in its manifest.json. Render every shard with the same version and options."
            )
        }
    }

    /// Each shard's manifest agrees with itself and with the others: every screen's file is
    /// listed with its digest and every listed file is a screen; cards sit in the shard that
    /// owns their rank, for an item of the feed, each rank once across all shards; only shard 1
    /// holds the sheet.
    private static func checkListings(_ ordered: [(String, Manifest)]) throws(ReportError) {
        let ranks = Set(ordered[0].1.items.map(\.rank))
        var cardOwners: [Int: String] = [:]
        for (place, part) in ordered {
            guard let shard = part.shard else { continue }
            let named = "\(place) (shard \(shard))"
            let listed = Set(part.files.map(\.path))
            let screens = Set(part.screens.map(\.file))
            if let file = part.files.first(where: { !ReportWriter.isSafeRelativePath($0.path) }) {
                throw .output(
                    "\(named): its manifest.json lists \(Excerpt.printable(file.path)), which is not a path inside the report. Render that shard again."
                )
            }
            if let screen = part.screens.map(\.file).sorted().first(where: { !listed.contains($0) }) {
                throw .output(
                    "\(named): its manifest.json has a screen in \(Excerpt.printable(screen)) but lists no such file. Render that shard again."
                )
            }
            if let file = part.files.map(\.path).sorted().first(where: { !screens.contains($0) }) {
                throw .output(
                    "\(named): its manifest.json lists \(Excerpt.printable(file)), which is none of its screens. Render that shard again."
                )
            }
            if !shard.rendersSheet, let sheet = part.screens.first(where: { $0.kind == .sheet }) {
                throw .output(
                    "\(named): holds the sheet \(Excerpt.printable(sheet.file)), which only shard 1 renders. Render that shard again."
                )
            }
            for card in part.screens where card.kind == .card {
                guard let rank = card.rank, ranks.contains(rank), shard.contains(rank: rank) else {
                    throw .output(
                        "\(named): \(Excerpt.printable(card.file)) is not the card of an item this shard renders. Render that shard again."
                    )
                }
                if let other = cardOwners[rank] {
                    throw .output(
                        "\(named) and \(other) both hold a card for #\(rank) (\(Excerpt.printable(card.file))); pass each shard once, rendered by one run."
                    )
                }
                cardOwners[rank] = named
            }
        }
    }

    /// Every shard renders cards, or none does (--no-cards or a facts feed): a shard rendered
    /// with other options would leave holes.
    private static func checkCards(_ ordered: [(String, Manifest)]) throws(ReportError) {
        let first = ordered[0].1
        let cardRanks = Set(ordered.flatMap { $0.1.screens.filter { $0.kind == .card }.compactMap(\.rank) })
        if !cardRanks.isEmpty {
            for (place, part) in ordered {
                guard let shard = part.shard else { continue }
                let owned = first.items.filter { shard.contains(rank: $0.rank) }
                if let missing = owned.first(where: { !cardRanks.contains($0.rank) }) {
                    throw .output(
                        "\(place) (shard \(shard)) has no card for #\(missing.rank), though other shards have cards: render every shard with the same options (--no-cards, --png-compression, …)."
                    )
                }
            }
        }
    }

    /// Warnings as one run gives them: the run's own (the same in every shard, taken from shard
    /// 1), then one artwork warning per item with its reasons in pipeline order: shard 1 saw the
    /// thumbnails and the sheet, the item's own shard its thumbnail and its card.
    private static func warnings(_ shards: [Manifest]) -> [ReportWarning] {
        let first = shards[0]
        let count = shards.count
        var warnings = first.warnings.filter { $0.stage != .artwork }
        let shard1 = Dictionary(
            first.warnings.filter { $0.stage == .artwork }.compactMap { warning in warning.rank.map { ($0, warning) } },
            uniquingKeysWith: { first, _ in first })
        for item in first.items {
            var reasons = shard1[item.rank]?.reasons ?? []
            let owner = ((item.rank - 1) % count + count) % count + 1
            if owner != 1,
                let own = shards[owner - 1].warnings.first(where: { $0.stage == .artwork && $0.rank == item.rank })
            {
                for reason in own.reasons ?? [] where !reasons.contains(reason) { reasons.append(reason) }
            }
            if !reasons.isEmpty { warnings.append(.artwork(item: item.item, reasons: reasons)) }
        }
        return warnings
    }
}
