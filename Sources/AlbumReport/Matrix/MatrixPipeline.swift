import AlbumReportCore
import AlbumReportGraphics
import AlbumReportRenderer
import Foundation

/// `generate --matrix`: every combination of the matrix rendered as a complete report in its own
/// folder, the feed fetched and decoded once and every image downloaded once for all of them, the
/// combinations drawn concurrently, and one `manifest.json` and `index.html` over them. The
/// combinations that draw artwork at the same sizes (a family: same device, orientation, scale,
/// style and fit) are drawn together, their cards album by album in step, so that each album's
/// artwork is decoded and resampled once for all of them and its rows compressed once per theme
/// (`RenderSharing`): every file is byte for byte the single run's. Each combination resolves its
/// own defaults (its language from its locale) in its setup, as a single run does.
///
/// ```
/// setup ×C → fetch → decode → enrich → (select → artwork → sheet → cards → write) ×C → matrix
/// ```
/// The whole matrix is staged in one hidden folder and swapped in at the end: a failure in any
/// combination leaves the previous output as it was.
public struct MatrixPipeline: Sendable {
    /// The single run's pipeline: its transport and context are the matrix's.
    let single: ReportPipeline

    /// A pipeline downloading through `transport`, reporting the shared stages to `progress`.
    public init(transport: any HTTPTransport, progress: any ProgressReporter = SilentProgress()) {
        single = ReportPipeline(transport: transport, progress: progress)
    }

    /// What a matrix run asks for besides the command line's own options.
    public struct Request: Sendable {
        /// The axes and their values.
        public var spec: MatrixSpec
        /// A pixel scale for every device (a `scales` axis overrides it); the base options'
        /// ``RenderSettings/scale`` otherwise.
        public var scale: Double?
        /// `--shard I/N`: only the combinations k with k mod N = I − 1.
        public var shard: Shard?
        /// Combinations rendered at once (at least 1).
        public var jobs: Int

        /// Creates a request; by default as many combinations at once as the machine has cores.
        public init(spec: MatrixSpec, scale: Double? = nil, shard: Shard? = nil, jobs: Int? = nil) {
            self.spec = spec
            self.scale = scale
            self.shard = shard
            self.jobs = max(jobs ?? ProcessInfo.processInfo.activeProcessorCount, 1)
        }
    }

    /// The combinations `request` renders: all of them, or its shard's.
    public static func combinations(of request: Request) -> [MatrixCombination] {
        let all = request.spec.combinations
        guard let shard = request.shard else { return all }
        return all.filter { shard.contains(combinationIndex: $0.index) }
    }

    /// Refuses a matrix two of whose combinations draw the same screens, because two values of an
    /// axis are one setting spelt twice (`scales=2,0x2`, `locales=en_US,en-US`, `languages=auto,en`
    /// where the locale's language is English): each combination would be the other's copy.
    /// Checked over the whole matrix (every shard refuses it alike), as each run resolves it.
    static func checkDistinct(_ request: Request, base: GenerateOptions) throws(ReportError) {
        let available = ChromeStringsLoader.availableLanguages(templatesDirectory: base.templatesDirectory)
        var seen: [RenderSettings: MatrixCombination] = [:]
        for combination in request.spec.combinations {
            var settings = options(for: combination, base: base, scale: request.scale).settings.resolved(
                feed: base.feed, available: available)
            settings.locale = Locale.identifier(.bcp47, from: settings.locale)
            settings.language = settings.language ?? "en"  // no language is English's words
            if let first = seen[settings] {
                throw .output(
                    "\(request.spec.source): the combinations \(Excerpt.printable(first.label)) and \(Excerpt.printable(combination.label)) draw the same screens (two values of one axis are the same setting, as albumreport resolves it). List each value once."
                )
            }
            seen[settings] = combination
        }
    }

    /// `base` with `combination`'s values applied, writing to its folder under `base.output`.
    public static func options(
        for combination: MatrixCombination, base: GenerateOptions, scale: Double?
    ) -> GenerateOptions {
        var options = base
        options.shard = nil
        if let scale { options.settings.scale = scale }
        for (axis, value) in zip(combination.axes, combination.values) { axis.apply(value, to: &options) }
        options.output = ReportWriter.resolved(base.output).appendingPathComponent(
            combination.folder, isDirectory: true)
        let depth = combination.folder.split(separator: "/").count
        options.matrixPage = String(repeating: "../", count: depth) + GalleryPage.fileName
        return options
    }

    /// Renders the matrix into `base.output`; `finished` is told of each combination as it is done.
    public func run(
        _ request: Request, base: GenerateOptions,
        finished: @escaping @Sendable (MatrixCombination, ReportSummary) -> Void = { _, _ in }
    ) async throws(ReportError) -> MatrixSummary {
        try await RunScope.run(single.context, logger: base.logger) { [transport = single.transport] context in
            try await Self.sequence(request, base: base, transport: transport, context: context, finished: finished)
        }
    }

    private static func sequence(
        _ request: Request, base: GenerateOptions, transport: any HTTPTransport, context: RunContext,
        finished: @escaping @Sendable (MatrixCombination, ReportSummary) -> Void
    ) async throws(ReportError) -> MatrixSummary {
        try checkDistinct(request, base: base)
        let combinations = Self.combinations(of: request)
        guard !combinations.isEmpty else {
            throw .output(
                "\(request.spec.source) has \(request.spec.combinations.count) combination(s), so shard \(request.shard?.description ?? "?") holds none. Use --shard I/N with N ≤ \(request.spec.combinations.count)."
            )
        }
        var quiet = context
        quiet.progress = SilentProgress()
        let (turns, pictures, spans) = (
            RenderTurns(request.jobs), ArtworkRasters(digest: { Digest.sha256Hex($0) }), DeflateSpanMemo()
        )
        quiet.sharing.screens = ScreenSharing(pictures: pictures, spans: spans)
        // Each combination's theme, fonts and template are checked before anything is downloaded.
        var setups: [(options: GenerateOptions, setup: SetupStage.Output, runner: StageRunner)] = []
        let plan = schedule(combinations, jobs: request.jobs)
        for (index, combination) in combinations.enumerated() {
            let options = Self.options(for: combination, base: base, scale: request.scale)
            var own = quiet
            own.sharing.cards = FamilyTurns(turns: turns, family: plan.family[index])
            var runner = StageRunner(context: own)
            let setup = try await runner.run(SetupStage(), .init(options))
            setups.append((options, setup, runner))
        }
        let page = try MatrixPage(templatesDirectory: base.templatesDirectory)
        let writer = try ReportWriter.prepare(output: base.output, force: base.force, control: base.control)
        do {
            return try await writer.transaction { writer in
                var network = ReportPipeline.network(base, transport: transport)
                network.artworkMemo = ArtworkMemo()
                var shared = StageRunner(context: context)
                let feed = try await ReportPipeline.fetchFeed(base, network: network, runner: &shared)
                let prelude = shared
                let summaries = try await renderAll(
                    setups, combinations: combinations, feed: feed, prelude: prelude, writer: writer,
                    plan: (plan.order, plan.together), context: quiet, finished: finished)
                let (kept, compressed) = (pictures.figures, spans.figures)
                context.logger.debug(
                    "Shared between combinations: \(kept.hits) of \(kept.hits + kept.misses) pictures resampled before, \(compressed.hits) of \(compressed.hits + compressed.misses) spans compressed before"
                )
                let manifest = try MatrixManifestBuilder.manifest(
                    spec: request.spec, combinations: combinations, summaries: summaries, staging: writer.staging,
                    title: feed.decoded.feed.title, shard: request.shard)
                try writer.commit(manifest, page: page.render(manifest))
                return MatrixSummary(
                    output: base.output.path, manifest: manifest, summaries: summaries, stages: prelude.figures,
                    network: context.stats.byName)
            }
        } catch {
            throw ReportError(mapping: error)
        }
    }

    /// The axes whose values move or resize the artwork's slots: combinations that differ in
    /// none of them draw every album's artwork at the same sizes, and are drawn together.
    static let familyAxes: Set<MatrixAxis> = [.devices, .orientations, .scales, .styles, .fits]

    /// The most combinations drawn together (their cards take turns; each holds its sheet and its
    /// cards waiting for a turn).
    static let mostTogether = 12

    /// The order combinations start in, each family's (``familyAxes``) together; how many at
    /// once: at least `jobs`, and a whole family when it has no more than ``mostTogether`` (one
    /// with `jobs` 1); and each combination's family, numbered in the order they start.
    package static func schedule(
        _ combinations: [MatrixCombination], jobs: Int
    ) -> (order: [Int], together: Int, family: [Int]) {
        var families: [[String]: [Int]] = [:]
        var firstSeen: [[String]] = []
        for (index, combination) in combinations.enumerated() {
            let key = zip(combination.axes, combination.values).filter { familyAxes.contains($0.0) }.map(\.1)
            if families[key] == nil { firstSeen.append(key) }
            families[key, default: []].append(index)
        }
        let order = firstSeen.flatMap { families[$0] ?? [] }
        let largest = families.values.map(\.count).max() ?? 1
        var family = [Int](repeating: 0, count: combinations.count)
        for (number, key) in firstSeen.enumerated() {
            for index in families[key] ?? [] { family[index] = number }
        }
        // `--concurrency 1` means one thing at a time: one combination.
        return (order, jobs <= 1 ? 1 : max(jobs, min(largest, mostTogether)), family)
    }

    /// Renders every combination in the `plan` of ``schedule(_:jobs:)`` (the order they start
    /// in, and how many at once), each family together; the first failure cancels the others.
    private static func renderAll(
        _ setups: [(options: GenerateOptions, setup: SetupStage.Output, runner: StageRunner)],
        combinations: [MatrixCombination], feed: ReportPipeline.FetchedFeed, prelude: StageRunner,
        writer: ReportWriter, plan: (order: [Int], together: Int), context: RunContext,
        finished: @escaping @Sendable (MatrixCombination, ReportSummary) -> Void
    ) async throws(ReportError) -> [ReportSummary] {
        let (order, together) = plan
        do {
            let summaries = try await BoundedTaskGroup.map(
                order, limit: together,
                arrived: { position, summary in finished(combinations[order[position]], summary) }
            ) { index in
                let (options, setup, runner) = setups[index]
                let staging = writer.staging.appendingPathComponent(combinations[index].folder, isDirectory: true)
                var following = runner.following(prelude)
                return try await ReportPipeline.render(
                    options, setup: setup, feed: feed, runner: &following, context: following.context,
                    stagingOutput: staging, started: .now)
            }
            // Back in the matrix's order.
            var inOrder = summaries
            for (position, index) in order.enumerated() { inOrder[index] = summaries[position] }
            return inOrder
        } catch {
            throw ReportError(mapping: error)
        }
    }
}

/// What a matrix run did: its manifest, and each combination's summary in matrix order.
public struct MatrixSummary: Sendable {
    /// The matrix's folder.
    public var output: String
    /// The top-level manifest written.
    public var manifest: MatrixManifest
    /// One per rendered combination, in the manifest's order.
    public var summaries: [ReportSummary]
    /// The shared stages (fetch, decode, enrich).
    public var stages: [ReportSummary.StageFigure]
    /// Network figures of the whole run.
    public var network: [String: FetchStats.Figures]
}
