import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// Assembles `manifest.json` (with one warning per item whose artwork could not be drawn) and
/// `index.html`, and swaps the finished report into the output folder.
struct WriteStage: PipelineStage {
    static let stage = Stage.write

    struct Input: Sendable {
        var source: FeedSource
        var decoded: DecodeStage.Output
        var selection: SelectStage.Output
        var artwork: ArtworkStage.Output
        var sheet: SheetStage.Output
        var cards: CardsStage.Output
        var setup: SetupStage.Output
        var shard: Shard?
        /// The matrix page this report links back to (``GenerateOptions/matrixPage``).
        var matrixPage: String?
        /// Every warning of the stages before.
        var warnings: [ReportWarning]
        var writer: ReportWriter
        /// Records the proofs of the PNGs staged once the report is in place.
        var renderCache: RenderCache
    }

    struct Output: StageOutput {
        var manifest: Manifest
        /// The artwork warnings this stage added.
        var warnings: [ReportWarning]
        /// Causes shared by several items' artwork (a host that does not resolve, `--offline`).
        var causes: [ReportSummary.Cause]
        var progressDetail: String { "\(manifest.files.count + 2) files" }
    }

    func run(_ input: Input, context: RunContext) async throws(ReportError) -> Output {
        let selection = input.selection
        let failures = Self.artworkFailures(input)
        let artworkWarnings = selection.items.compactMap { item in
            failures[item.rank].map { ReportWarning.artwork(item: item, reasons: $0.map(\.reason)) }
        }
        let render = selection.render
        var manifest = Manifest(
            generator: "albumreport \(AlbumReportVersion.current)",
            feed: Manifest.FeedInfo(
                source: Self.sourceForManifest(input.source), encoding: input.decoded.encoding,
                feed: input.decoded.feed),
            device: render.device, theme: render.theme.name, locale: render.localeIdentifier,
            fonts: Self.fontRecords(input.setup.resources.fonts), libraries: GraphicsRuntime.libraryVersions,
            items: selection.records, files: input.sheet.files + input.cards.cards.map(\.file),
            screens: input.sheet.screens + input.cards.cards.map(\.screen), warnings: input.warnings + artworkWarnings,
            shard: input.shard)
        manifest.settings = render.settings.record
        manifest.layoutDirection = render.screen.language?.direction
        manifest.matrixPage = input.matrixPage
        // The page is made from the manifest while the manifest is encoded: both are the whole
        // report's records, and after the screens they are what a refresh waits for.
        let (page, finished) = (input.setup.page, manifest)
        async let pageData = page.render(finished, language: input.setup.resources.language)
        // Written to its file a piece at a time: a 1,000-item report's manifest is 9 MB.
        let file = try input.writer.stageStream(at: ReportWriter.manifestName)
        do {
            try finished.encode(flushingAt: 1 << 18) { file.write($0) }
        } catch {
            _ = try? file.close()
            throw .write(
                path: input.writer.staging.appendingPathComponent(ReportWriter.manifestName).path,
                detail: FileProblem.describe(error))
        }
        _ = try file.close()
        let madePage = await pageData
        if Task.isCancelled { throw .cancelled }
        try input.writer.commit(manifest: nil, page: madePage)
        await input.renderCache.recordProofs(in: input.writer.output)
        return Output(manifest: finished, warnings: artworkWarnings, causes: Self.causes(failures))
    }

    /// The manifest's font records: every text style's font, then the colour emoji font, each
    /// with the family it stands for when the theme's first choice is not installed.
    static func fontRecords(_ fonts: FontBook) -> [Manifest.FontRecord] {
        // A family asked for first that did not draw (a font file asked for is named by its path).
        func standsFor(_ requested: String, drawn: String) -> String? {
            guard let first = FontSource.candidates(of: requested).first, !first.isFile else { return nil }
            return first.value == drawn ? nil : first.value
        }
        let text = fonts.all.map {
            Manifest.FontRecord(
                family: $0.family, weight: $0.weight, file: $0.file,
                standsFor: standsFor($0.requestedFamily, drawn: $0.family))
        }
        let emoji = fonts.emoji.map {
            Manifest.FontRecord(
                family: $0.family, weight: .regular, file: $0.file, role: "emoji",
                standsFor: standsFor(fonts.requestedEmoji, drawn: $0.family))
        }
        return text + (emoji.map { [$0] } ?? [])
    }

    /// Every reason an item's artwork could not be drawn, by rank, in pipeline order: its
    /// thumbnail, the sheet's decoding, its card (each reason once).
    static func artworkFailures(_ input: Input) -> [Int: [ArtworkFailure]] {
        var reasons: [Int: [ArtworkFailure]] = [:]
        func add(_ rank: Int, _ failure: ArtworkFailure) {
            var list = reasons[rank, default: []]
            if !list.contains(where: { $0.reason == failure.reason }) { list.append(failure) }
            reasons[rank] = list
        }
        // The rows behind a shard's presented cards are other shards' albums: theirs to report.
        let selection = input.selection
        for item in selection.drawsSheet ? selection.items : selection.cardItems {
            if let failure = input.artwork.failures[item.rank] { add(item.rank, failure) }
        }
        for (rank, failure) in input.sheet.decodeFailures.sorted(by: { $0.key < $1.key }) { add(rank, failure) }
        for card in input.cards.cards {
            if let failure = card.failure, let rank = card.screen.rank { add(rank, failure) }
        }
        return reasons
    }

    /// The causes items share, each with the items behind it, most frequent first: an
    /// item counts under the first of its reasons that concerns a whole host, `--offline` or the
    /// address rule.
    static func causes(_ failures: [Int: [ArtworkFailure]]) -> [ReportSummary.Cause] {
        var ranksByCause: [String: [Int]] = [:]
        for (rank, list) in failures {
            guard let cause = list.lazy.compactMap(\.sharedCause).first else { continue }
            ranksByCause[cause, default: []].append(rank)
        }
        return
            ranksByCause
            .map { ReportSummary.Cause(stage: Stage.artwork.rawValue, cause: $0.key, ranks: $0.value.sorted()) }
            .sorted { ($0.ranks.count, $1.cause) > ($1.ranks.count, $0.cause) }
    }

    /// The source as recorded in the manifest: the sample by name (its path depends on the install).
    static func sourceForManifest(_ source: FeedSource) -> String {
        switch source {
        case .sample: return "sample"
        case .file(let url): return url.path
        case .remote(let url): return url.absoluteString
        }
    }
}
