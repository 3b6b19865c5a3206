import AlbumReportCore
import AlbumReportGraphics
import Foundation
import Logging

/// The pipeline: fetch → decode → artwork → sheet → cards → write, as named steps that report
/// progress and tag failures with their stage.
public struct ReportGenerator: Sendable {
    var transport: any HTTPTransport
    var progress: any ProgressReporter

    /// Creates a generator over an HTTP transport.
    public init(transport: any HTTPTransport, progress: any ProgressReporter = SilentProgress()) {
        self.transport = transport
        self.progress = progress
    }

    static let stageNames = ["fetch", "decode", "enrich", "artwork", "sheet", "cards", "write"]

    /// Runs the whole pipeline and writes the report into `options.output`.
    public func generate(_ options: GenerateOptions) async throws(ReportError) -> ReportSummary {
        do {
            return try await pipeline(options)
        } catch let error as ReportError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .unexpected(String(describing: error))
        }
    }

    private func pipeline(_ options: GenerateOptions) async throws -> ReportSummary {
        let run = Run(progress: progress, logger: options.logger)
        let stats = FetchStats()
        let cache = options.cacheDirectory.map(HTTPCache.init(directory:))
        let logger = options.logger
        GraphicsMessages.setHandler { message in logger.debug("libgd: \(message)") }

        // Set-up first, so that a bad theme or missing font fails before any download.
        let theme = try ThemeLoader.load(options.theme, templatesDirectory: options.templatesDirectory)
        let fonts = try Result { () throws(GraphicsError) in try FontBook(theme: theme) }
            .mapError(ReportError.fonts).get()
        run.warnings += fonts.substitutions.map { ReportWarning(stage: .render, message: $0) }
        let page = try GalleryPage(templatesDirectory: options.templatesDirectory)
        try ReportWriter.checkOutput(options.output, force: options.force)
        let fetcher = HTTPFetcher(transport: transport, limits: options.limits, retry: options.retry, stats: stats)

        // 1. Fetch
        let loaded: LoadedFeed = try await run.stage("fetch") {
            let loaded = try await FeedLoader(
                fetcher: fetcher.counting(as: "fetch"), cache: cache, allowFreshCache: !options.refresh
            ).load(options.feed)
            return (loaded, "\(loaded.data.count) bytes")
        }

        // 2. Decode, then select what will be drawn
        let decoded: FeedDecoder.Output = try await run.stage("decode") {
            let output = try Result { () throws(FeedError) in
                try FeedDecoder().decode(loaded.data, source: loaded.sourceDescription, httpStatus: loaded.httpStatus)
            }.mapError(ReportError.decode).get()
            return (output, "\(output.feed.items.count) items (\(output.feed.format.rawValue))")
        }
        if let stale = loaded.staleWarning { run.warnings.append(ReportWarning(stage: .fetch, message: stale)) }
        run.warnings += decoded.warnings
        let feed = decoded.feed
        // The text engine is made once the chart is known: Han characters take the forms of its
        // storefront (unless the locale says).
        let context = Context(
            options: options, theme: theme,
            engine: TextEngine(
                fonts: fonts, fallbackFamilies: theme.fonts.fallbackFamilies, scale: options.device.scale,
                localeIdentifier: options.localeIdentifier, country: feed.country),
            fetcher: fetcher, progress: progress, renderCache: RenderCache(output: options.output),
            renderSalt: RenderCache.key([
                RenderCache.rendererVersion, RenderCache.json(options.device), RenderCache.json(theme),
                options.localeIdentifier, "\(options.pngCompressionLevel)",
            ]))
        var items = options.limit.map { Array(feed.items.prefix($0)) } ?? feed.items
        // A shard draws the cards of its own items, and shard 1 the sheet of all of them.
        let shard = options.shard
        let drawsSheet = shard?.rendersSheet ?? true
        let carded = options.renderCards && feed.format.isAlbumChart

        // 3. Enrich: a v2 feed has no copyright lines; the Lookup API has them. Every shard looks
        // up all the items, so that their manifests agree and merge into one run's.
        let needing = carded && feed.format == .appleRSSv2 && options.enrich ? items.filter(Lookup.needsLookup) : []
        if needing.isEmpty {
            run.skip(
                "enrich",
                detail: !options.enrich
                    ? "turned off (--no-enrich)"
                    : feed.format == .appleRSSv2 && carded ? "nothing missing" : "not needed")
        } else {
            let records = try await run.stage("enrich") {
                let (records, warnings) = await Self.lookUp(needing, context: context)
                run.warnings += warnings
                return (records, "\(records.count) of \(needing.count) albums found")
            }
            items = Lookup.enrich(items, with: records)
        }
        // Characters no installed font has are drawn as U+FFFD; the manifest lists them per item.
        items = items.map { Self.checkingText(of: $0, format: feed.format, context: context) }
        run.warnings += Self.undrawableTitleWarning(feed.title, context: context).map { [$0] } ?? []
        run.warnings += items.compactMap(Self.undrawableWarning)
        let ownItems = shard.map { shard in items.filter { shard.contains(rank: $0.rank) } } ?? items
        let drawnItems = drawsSheet ? items : ownItems
        if feed.items.isEmpty {
            run.warnings.append(ReportWarning(stage: .select, message: "The feed has no entries; the sheet is empty."))
        }

        // 4. Artwork for the sheet: only the thumbnails that will be drawn, each URL once
        let artwork = ArtworkLoader(
            fetcher: context.fetcher.counting(as: "artwork"),
            policy: ArtworkPolicy(localFeedDirectory: loaded.localDirectory), cache: cache)
        let thumbnails: [String: ArtworkOutcome] = try await run.stage("artwork") {
            let results = await artwork.loadAll(drawnItems.compactMap(\.artworkURL), concurrency: options.concurrency) {
                done, total in progress.report(.advanced(name: "artwork", done: done, total: total))
            }
            try Task.checkCancellation()
            let loadedCount = results.values.filter { $0.data != nil }.count
            return (results, "\(loadedCount) of \(results.count) images")
        }
        var problems = ArtworkProblems()
        for item in drawnItems {
            guard let url = item.artworkURL else {
                if feed.format.isAlbumChart { problems.add(item: item, "the feed gives no artwork URL") }
                continue
            }
            if case .failed(let reason)? = thumbnails[url] {
                options.logger.debug("thumbnail of #\(item.rank) failed: \(reason)")
                problems.add(item: item, reason)
            }
        }

        let writer = try ReportWriter.prepare(output: options.output, force: options.force)
        do {
            // 5. Sheet
            var sheet = SheetResult(files: [], screens: [], rowCount: 0, decodeFailures: [:])
            if drawsSheet {
                sheet = try await run.stage("sheet") {
                    let sheet = try renderSheet(
                        feed: feed, items: items, thumbnails: thumbnails, context: context, writer: writer)
                    let size = sheet.files.first.map { "\($0.widthPixels)×\($0.heightPixels) px" } ?? ""
                    let pages = sheet.files.count > 1 ? ", \(sheet.files.count) pages" : ""
                    return (sheet, "\(sheet.rowCount) rows, \(size)\(pages)")
                }
            } else {
                run.skip("sheet", detail: "shard \(options.shard?.description ?? ""): shard 1 renders the sheet")
            }
            for (rank, reason) in sheet.decodeFailures.sorted(by: { $0.key < $1.key }) {
                if let item = items.first(where: { $0.rank == rank }) { problems.add(item: item, reason) }
                stats.record("artwork") { $0.failures["undecodable", default: 0] += 1 }
            }

            // 6. Cards
            var cards: [CardResult] = []
            if carded, !ownItems.isEmpty {
                cards = try await run.stage("cards") {
                    let cards = try await renderCards(
                        feed: feed, items: ownItems, artwork: artwork.counting(as: "cards"), thumbnails: thumbnails,
                        context: context,
                        writer: writer)
                    let reused = cards.filter(\.reused).count
                    return (cards, "\(cards.count) cards" + (reused > 0 ? " (\(reused) unchanged, reused)" : ""))
                }
            } else {
                run.skip(
                    "cards", detail: feed.format.isAlbumChart ? "not requested" : "facts feeds have no detail cards")
            }
            for card in cards {
                if let reason = card.problem, let item = items.first(where: { $0.rank == card.screen.rank }) {
                    problems.add(item: item, reason)
                }
            }

            // 7. Write
            run.warnings += problems.warnings(items: items)
            let files = sheet.files + cards.map(\.file)
            let manifest = Manifest(
                generator: "albumreport \(AlbumReportVersion.current)",
                feed: Manifest.FeedInfo(
                    source: Self.sourceForManifest(options.feed), encoding: decoded.detectedEncoding, feed: feed),
                device: options.device, theme: theme.name, locale: options.localeIdentifier,
                fonts: fonts.all.map { Manifest.FontRecord(family: $0.family, weight: $0.weight, file: $0.file) },
                items: items, files: files, screens: sheet.screens + cards.map(\.screen), warnings: run.warnings,
                shard: shard)
            try await run.stage("write") {
                let data: Data
                do {
                    data = try manifest.encoded()
                } catch {
                    throw ReportError.write(path: ReportWriter.manifestName, detail: error.localizedDescription)
                }
                try Task.checkCancellation()
                try writer.commit(manifest: data, page: page.render(manifest))
                return ((), "\(files.count + 2) files")
            }
            return ReportSummary(
                output: options.output.path, feedTitle: feed.title, feedFormat: feed.format,
                itemsInFeed: feed.items.count, itemsRendered: ownItems.count, files: files, warnings: run.warnings,
                stages: run.figures,
                network: Dictionary(
                    ["fetch", "enrich", "artwork", "cards"].map { ($0, stats.figures($0)) }.filter { !$0.1.isEmpty },
                    uniquingKeysWith: { first, _ in first }),
                breakdown: cards.reduce(sheet.timings) { $0 + $1.timings }.stages)
        } catch {
            writer.abandon()
            throw error
        }
    }

    /// Asks the Lookup API about `items`, one request per 200 ids; a failure only costs the lines
    /// it would have filled, with a warning.
    static func lookUp(_ items: [FeedItem], context: Context) async -> ([String: Lookup.Record], [ReportWarning]) {
        let fetcher = context.fetcher.counting(as: "enrich")
        var records: [String: Lookup.Record] = [:]
        var warnings: [ReportWarning] = []
        for url in Lookup.requests(for: items, base: context.options.lookupURL) {
            let reason: String
            do {
                let response = try await fetcher.get(url).response
                if (200...299).contains(response.status) {
                    do {
                        records.merge(try Lookup.decode(response.body)) { first, _ in first }
                        continue
                    } catch {
                        reason = error.reason
                    }
                } else {
                    reason = FetchError.httpStatus(url: url.absoluteString, status: response.status).description
                }
            } catch {
                reason = error.description
            }
            fetcher.stats.record("enrich") { $0.failures["lookup", default: 0] += 1 }
            warnings.append(
                ReportWarning(
                    stage: .enrich,
                    message:
                        "The iTunes Lookup API could not be used (\(reason)), so some cards show no copyright line. Try again later, or pass --no-enrich."
                ))
        }
        let missing = items.filter { records[$0.id] == nil }.map { "#\($0.rank)" }
        if warnings.isEmpty, !missing.isEmpty {
            warnings.append(
                ReportWarning(
                    stage: .enrich,
                    message:
                        "The iTunes Lookup API has no record of \(missing.count) album(s) (\(missing.prefix(10).joined(separator: ", "))\(missing.count > 10 ? ", …" : "")); their cards show no copyright line."
                ))
        }
        return (records, warnings)
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

// MARK: - Screens

extension ReportGenerator {
    /// What every rendering step needs; shared read-only by the card tasks.
    struct Context: Sendable {
        var options: GenerateOptions
        var theme: Theme
        var engine: TextEngine
        var fetcher: HTTPFetcher
        var progress: any ProgressReporter
        var renderCache: RenderCache
        /// Everything every render key shares: renderer version, device, theme, locale, PNG level.
        var renderSalt: String

        /// Draws screens with ``engine``.
        var renderer: ScreenRenderer { ScreenRenderer(text: engine, theme: theme) }
    }

    /// `item` with the characters of its text that no installed font has.
    static func checkingText(of item: FeedItem, format: FeedFormat, context: Context) -> FeedItem {
        var checked = item
        let locale = Locale(identifier: context.options.localeIdentifier)
        checked.undrawableCharacters = undrawableCodes(
            item.drawnTexts(format: format, theme: context.theme, locale: locale), context: context)
        return checked
    }

    /// The code points ("U+E000") of `texts` that no installed font has, each once, in order.
    static func undrawableCodes(_ texts: [(text: String, font: FontStyle)], context: Context) -> [String] {
        var found: [String] = []
        for (text, font) in texts {
            for scalar in context.engine.undrawableCharacters(in: text, font: font) {
                let code = String(format: "U+%04X", scalar.value)
                if !found.contains(code) { found.append(code) }
            }
        }
        return found
    }

    static func undrawableWarning(_ item: FeedItem) -> ReportWarning? {
        guard let codes = item.undrawableCharacters, !codes.isEmpty else { return nil }
        return ReportWarning(
            stage: .render, rank: item.rank, itemID: item.id, message: undrawableMessage(codes, in: item.title))
    }

    /// The feed's title is drawn in the sheet's navigation bar and on every card's back button.
    static func undrawableTitleWarning(_ title: String, context: Context) -> ReportWarning? {
        let fonts = context.theme.fonts
        let codes = undrawableCodes([(title, fonts.navigationTitle), (title, fonts.backButton)], context: context)
        return codes.isEmpty ? nil : ReportWarning(stage: .render, message: undrawableMessage(codes, in: title))
    }

    static func undrawableMessage(_ codes: [String], in text: String) -> String {
        let one = codes.count == 1
        return
            "No installed font has \(codes.joined(separator: ", ")) in “\(text)”, so \(one ? "it is" : "they are") drawn as �. Install a font that has \(one ? "it" : "them") (on Debian: fonts-noto-core, fonts-noto-cjk, fonts-noto-extra)."
    }

    struct SheetResult {
        var timings = RenderTimings()
        var files: [Manifest.FileRecord]
        var screens: [Manifest.ScreenRecord]
        var rowCount: Int
        var decodeFailures: [Int: String]
    }

    struct CardResult: Sendable {
        var file: Manifest.FileRecord
        var screen: Manifest.ScreenRecord
        /// Why the card shows a placeholder, when it does.
        var problem: String?
        /// Whether the previous report's PNG was reused.
        var reused = false
        var timings = RenderTimings()
    }

    private func renderSheet(
        feed: Feed, items: [FeedItem], thumbnails: [String: ArtworkOutcome], context: Context, writer: ReportWriter
    ) throws -> SheetResult {
        let device = context.options.device
        var timings = RenderTimings()
        let layout = timings.time(\.layout) {
            SheetLayout.make(
                feed: feed, items: items, device: device, theme: context.theme,
                locale: Locale(identifier: context.options.localeIdentifier), measurer: context.engine)
        }
        let pages =
            context.options.paginateSheet
            ? layout.pages(height: device.size.height, bottomInset: device.safeArea.bottom) : [layout]
        let artworkByRank = Dictionary(
            items.compactMap { item in item.artworkURL.map { (item.rank, $0) } },
            uniquingKeysWith: { first, _ in first })
        let thumbnailDigests = items.map { item in
            item.artworkURL.flatMap { thumbnails[$0]?.data }.map { SHA256.hex(of: $0) } ?? "none"
        }
        let sheetKey = RenderCache.key(
            [
                context.renderSalt, "sheet", feed.title, feed.country ?? "", feed.updated ?? "", feed.format.rawValue,
                RenderCache.json(items), "\(context.options.paginateSheet)",
            ] + thumbnailDigests)
        var result = SheetResult(files: [], screens: [], rowCount: layout.rows.count, decodeFailures: [:])
        for (index, page) in pages.enumerated() {
            let path =
                context.options.paginateSheet ? String(format: "sheet-%03d.png", index + 1) : "sheet.png"
            let pageKey = RenderCache.key([sheetKey, "\(index)"])
            let rendered: ScreenRenderer.RenderedSheet
            let written: (bytes: Int, sha256: String)
            if let previous = context.renderCache.reuse(path: path, key: pageKey) {
                rendered = ScreenRenderer.RenderedSheet(
                    png: previous.png, width: previous.width, height: previous.height, decodeFailures: [:])
                written = try writer.stage(rendered.png, at: path, knownSHA256: previous.sha256)
            } else {
                // The PNG goes to its file chunk by chunk as the strips are encoded.
                let file = try writer.stageStream(at: path)
                do {
                    // Strips are drawn and encoded interleaved; their time counts as rendering.
                    rendered = try timings.time(\.render) { () throws(GraphicsError) in
                        try context.renderer.renderSheet(
                            page, compressionLevel: context.options.pngCompressionLevel,
                            filter: context.options.pngRowFilter, sink: { file.write($0) }
                        ) { rank in
                            artworkByRank[rank].flatMap { thumbnails[$0]?.data }
                        } afterStrip: { done, height in
                            context.progress.report(
                                .advanced(name: "sheet", done: index * height + done, total: pages.count * height))
                            return !Task.isCancelled
                        }
                    }
                } catch .cancelled {
                    throw CancellationError()
                } catch {
                    throw ReportError.render(what: "the sheet", error)
                }
                written = try file.close()
            }
            result.files.append(
                Manifest.FileRecord(
                    path: path, widthPixels: rendered.width, heightPixels: rendered.height, bytes: written.bytes,
                    sha256: written.sha256))
            result.screens.append(
                Manifest.ScreenRecord(
                    kind: .sheet, file: path, rank: nil, page: context.options.paginateSheet ? index + 1 : nil,
                    sizePoints: page.size,
                    elements: page.elements.map { Manifest.ElementRecord($0, scale: device.scale) },
                    renderKey: rendered.decodeFailures.isEmpty ? pageKey : nil))
            result.decodeFailures.merge(rendered.decodeFailures) { first, _ in first }
        }
        result.timings = timings
        return result
    }

    /// One card per item, `concurrency` at a time: each downloads its large image, then lays
    /// out, renders, encodes and stages its PNG, so downloads overlap rendering.
    private func renderCards(
        feed: Feed, items: [FeedItem], artwork: ArtworkLoader, thumbnails: [String: ArtworkOutcome],
        context: Context, writer: ReportWriter
    ) async throws -> [CardResult] {
        try await withThrowingTaskGroup(of: CardResult.self, returning: [CardResult].self) { group in
            var pending = items.makeIterator()
            var results: [CardResult] = []
            func addNext() {
                guard let item = pending.next() else { return }
                let thumbnail = item.artworkURL.flatMap { thumbnails[$0] }
                group.addTask {
                    try await Self.renderCard(
                        item: item, feed: feed, thumbnail: thumbnail, artwork: artwork, context: context,
                        writer: writer)
                }
            }
            for _ in 0..<max(context.options.concurrency, 1) { addNext() }
            while let result = try await group.next() {
                results.append(result)
                context.progress.report(.advanced(name: "cards", done: results.count, total: items.count))
                addNext()
            }
            return results.sorted { $0.file.path < $1.file.path }
        }
    }

    /// One card: large artwork (falling back to the thumbnail), layout, render, encode, stage.
    private static func renderCard(
        item: FeedItem, feed: Feed, thumbnail: ArtworkOutcome?, artwork: ArtworkLoader, context: Context,
        writer: ReportWriter
    ) async throws -> CardResult {
        try Task.checkCancellation()
        var image = thumbnail?.data
        var problem: String?
        if let thumbnailURL = item.artworkURL, let largeURL = ArtworkURL.large(for: thumbnailURL) {
            switch await artwork.load(largeURL) {
            case .image(let data, _): image = data
            case .failed(let reason): if image == nil { problem = reason }
            }
        }
        let device = context.options.device
        var timings = RenderTimings()
        let layout = timings.time(\.layout) {
            CardLayout.make(
                item: item, feed: feed, device: device, theme: context.theme,
                locale: Locale(identifier: context.options.localeIdentifier), measurer: context.engine)
        }
        let path = "cards/" + Slug.cardFileName(rank: item.rank, title: item.title)
        let key = RenderCache.key([
            context.renderSalt, "card", feed.title, feed.country ?? "", RenderCache.json(item),
            image.map { SHA256.hex(of: $0) } ?? "none",
        ])
        var elements = layout.elements.map { Manifest.ElementRecord($0, scale: device.scale) }
        if let index = elements.lastIndex(where: { $0.name == "button" }) { elements[index].link = item.storeURL }
        var screen = Manifest.ScreenRecord(
            kind: .card, file: path, rank: item.rank, sizePoints: layout.size, elements: elements)
        let png: Data
        let size: (width: Int, height: Int)
        var decodeFailure: String?
        var reused = false
        var knownSHA256: String?
        if let previous = context.renderCache.reuse(path: path, key: key) {
            reused = true
            knownSHA256 = previous.sha256
            png = previous.png
            size = (previous.width, previous.height)
            screen.renderKey = key
        } else {
            do {
                let rendered = try timings.time(\.render) { () throws(GraphicsError) in
                    try context.renderer.renderCard(layout, artwork: image)
                }
                png = try timings.time(\.encode) { () throws(GraphicsError) in
                    let encoder = try PNGStreamEncoder(
                        width: rendered.image.width, height: rendered.image.height,
                        compressionLevel: context.options.pngCompressionLevel, filter: context.options.pngRowFilter)
                    try encoder.append(rendered.image)
                    return try encoder.finish()
                }
                size = (rendered.image.width, rendered.image.height)
                decodeFailure = rendered.decodeFailure
                if decodeFailure != nil {
                    context.fetcher.stats.record("cards") { $0.failures["undecodable", default: 0] += 1 }
                }
            } catch {
                throw ReportError.render(what: "the card for #\(item.rank) \"\(item.title)\"", error)
            }
            // A card drawn with a placeholder for undecodable artwork is drawn again next time, so
            // that its warning is raised again.
            if decodeFailure == nil { screen.renderKey = key }
        }
        let written = try writer.stage(png, at: path, knownSHA256: knownSHA256)
        return CardResult(
            file: Manifest.FileRecord(
                path: path, widthPixels: size.width, heightPixels: size.height, bytes: written.bytes,
                sha256: written.sha256),
            screen: screen, problem: decodeFailure ?? problem, reused: reused, timings: timings)
    }
}

// MARK: - Where rendering time goes

/// Seconds spent laying out, drawing and encoding, for the summary's breakdown.
struct RenderTimings: Sendable {
    var layout = 0.0
    var render = 0.0
    var encode = 0.0
    var reused = 0

    static func + (lhs: RenderTimings, rhs: RenderTimings) -> RenderTimings {
        RenderTimings(
            layout: lhs.layout + rhs.layout, render: lhs.render + rhs.render, encode: lhs.encode + rhs.encode,
            reused: lhs.reused + rhs.reused)
    }

    /// Runs `body` and adds its duration through `keyPath`.
    mutating func time<T, E: Error>(
        _ keyPath: WritableKeyPath<RenderTimings, Double>, _ body: () throws(E) -> T
    ) throws(E) -> T {
        let start = ContinuousClock.now
        defer {
            let (seconds, attoseconds) = (ContinuousClock.now - start).components
            self[keyPath: keyPath] += Double(seconds) + Double(attoseconds) / 1e18
        }
        return try body()
    }

    var stages: [ReportSummary.Stage] {
        [
            ReportSummary.Stage(name: "layout", seconds: layout, detail: "summed over tasks"),
            ReportSummary.Stage(name: "render", seconds: render, detail: "summed over tasks"),
            ReportSummary.Stage(name: "encode", seconds: encode, detail: "summed over tasks"),
        ]
    }
}

// MARK: - Artwork problems, one warning per item

/// Collects every artwork problem of an item so that each item gets exactly one warning.
struct ArtworkProblems {
    private var reasons: [Int: [String]] = [:]

    mutating func add(item: FeedItem, _ reason: String) {
        var list = reasons[item.rank, default: []]
        if !list.contains(reason) { list.append(reason) }
        reasons[item.rank] = list
    }

    func warnings(items: [FeedItem]) -> [ReportWarning] {
        items.compactMap { item in
            reasons[item.rank].map { ReportWarning.artwork(item: item, reasons: $0) }
        }
    }
}
