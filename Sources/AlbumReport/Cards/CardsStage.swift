import AlbumReportCore
import AlbumReportGraphics
import AlbumReportRenderer
import Foundation

/// One detail card per album, in rank order: each waits for its thumbnail (its fallback), gets its
/// large image, then is laid out, drawn, PNG-encoded and staged, `--concurrency` at a time. Twice
/// as many cards as that are in flight, so the large images of the next cards download while
/// these draw. It runs beside the thumbnails' downloads and the sheet: a card starts as soon as a
/// place is free, not once every thumbnail is in, and its large image downloads in the run's
/// shared ``DownloadSlots``. The cards in flight bound what is held at once (a large image each,
/// and a canvas for each one drawing), however many albums there are. An unchanged card is copied
/// from the previous report instead. Results are keyed by file, so their order never depends on
/// timing. A matrix's combinations drawn together take turns (``CardScheduler``), and so draw
/// each album's cards in step.
struct CardsStage: PipelineStage {
    static let stage = Stage.cards

    struct Input: Sendable {
        var selection: SelectStage.Output
        /// The thumbnails, as they arrive.
        var thumbnails: ThumbnailBoard
        /// Where each album's large image comes from.
        var large: LargeArtwork
        var writer: ReportWriter
        var renderCache: RenderCache
        var concurrency: Int
    }

    /// One card as written.
    struct Card: Sendable {
        var file: Manifest.FileRecord
        var screen: Manifest.ScreenRecord
        /// Why the card shows a placeholder, when it does.
        var failure: ArtworkFailure?
        /// Whether the previous report's PNG was reused.
        var reused = false
        var timings = RenderTimings()
        /// The warning of a card whose text did not all fit.
        var clipped: ReportWarning?
    }

    struct Output: StageOutput {
        /// The cards, in file order.
        var cards: [Card]
        var timings: RenderTimings { cards.reduce(RenderTimings()) { $0 + $1.timings } }
        var warnings: [ReportWarning] { cards.compactMap(\.clipped) }
        /// The cards whose artwork arrived but could not be decoded (the summary's `render`
        /// figures; never the network's).
        var decodeFailures: [ArtworkFailure] {
            cards.compactMap { card in
                guard case .undecodable = card.failure else { return nil }
                return card.failure
            }
        }
        var progressDetail: String {
            let reused = cards.filter(\.reused).count
            return "\(cards.count) cards" + (reused > 0 ? " (\(reused) unchanged, reused)" : "")
        }
    }

    func run(_ input: Input, context: RunContext) async throws(ReportError) -> Output {
        let items = input.selection.cardItems
        do {
            let scheduler = context.sharing.cards
            let member = scheduler.join(ranks: items.map(\.rank))
            defer { scheduler.leave(member) }
            let renderer = input.selection.render.renderer(context.sharing.screens)
            let backdrop = await Self.backdropThumbnails(input)
            var done = 0
            let cards = try await BoundedTaskGroup.map(
                items, limit: 2 * max(input.concurrency, 1),
                arrived: { _, _ in
                    done += 1
                    context.progress.report(.advanced(stage: Self.stage, done: done, total: items.count))
                }
            ) { item in
                try await Self.card(
                    for: item, input: input, backdrop: backdrop, renderer: renderer, turns: (scheduler, member))
            }
            return Output(cards: cards.sorted { $0.file.path < $1.file.path })
        } catch {
            throw ReportError(mapping: error)
        }
    }

    /// The thumbnails of the list's rows every card shows behind its sheet (iPad, `--style
    /// swiftui`), by rank: taken from the board once, for every card (nothing otherwise).
    private static func backdropThumbnails(_ input: Input) async -> [Int: Data] {
        var thumbnails: [Int: Data] = [:]
        for item in input.selection.backdropItems {
            guard let url = item.artworkURL else { continue }
            thumbnails[item.rank] = await input.thumbnails.take(url)?.data
        }
        return thumbnails
    }

    /// One card: its layout, its image at the size the layout draws it, then (in its turn) its
    /// pixels and PNG, staged.
    private static func card(
        for item: FeedItem, input: Input, backdrop: [Int: Data], renderer: ScreenRenderer,
        turns: (scheduler: any CardScheduler, member: Int)
    ) async throws(ReportError) -> Card {
        // A card that ends before it asks for its turn no longer holds its family back.
        var asked = false
        defer { if !asked { turns.scheduler.skip(rank: item.rank, member: turns.member) } }
        if Task.isCancelled { throw .cancelled }
        let selection = input.selection
        var timings = RenderTimings()
        let layout = timings.time(\.layout) {
            selection.render.cardLayout(for: item, feed: selection.feed, listItems: selection.items)
        }
        var thumbnail: ArtworkOutcome?
        if let url = item.artworkURL { thumbnail = await input.thumbnails.take(url) }
        if Task.isCancelled { throw .cancelled }
        let edge = ArtworkURL.requestEdge(pixels: layout.artwork.frame.width * layout.scale)
        let (image, loadFailure) = await input.large.image(for: item, edge: edge, thumbnail: thumbnail)
        asked = true
        let drawn = await turns.scheduler.withTurn(rank: item.rank, member: turns.member) {
            () -> Result<Card, ReportError> in
            if Task.isCancelled { return .failure(.cancelled) }
            return Result { () throws(ReportError) in
                try draw(
                    item, layout: layout, image: image, loadFailure: loadFailure, backdrop: backdrop, input: input,
                    renderer: renderer, timings: timings)
            }
        }
        guard let drawn else { throw .cancelled }
        return try drawn.get()
    }

    /// `item`'s card, laid out as `layout`, with `image` (nil: a placeholder, for `loadFailure`
    /// when there is one).
    private static func draw(
        _ item: FeedItem, layout: CardLayout, image: Data?, loadFailure: ArtworkFailure?, backdrop: [Int: Data],
        input: Input, renderer: ScreenRenderer, timings: RenderTimings
    ) throws(ReportError) -> Card {
        let selection = input.selection
        let render = selection.render
        var timings = timings
        let path = ReportLayout.cardPath(rank: item.rank, title: item.title)
        let feed = selection.feed
        let key = RenderCache.key(
            [
                render.renderSalt, "card", feed.title, feed.country ?? "", RenderCache.json(selection.record(item)),
                image.map { Digest.sha256Hex($0) } ?? "none",
            ]
                + (layout.presentation?.presentingList.map { list in
                    [RenderCache.json(list)]
                        + list.rows.map { backdrop[$0.rank].map { Digest.sha256Hex($0) } ?? "none" }
                } ?? []))
        let clipped = layout.isClipped ? Self.clippedWarning(item, device: render.device) : nil
        var screen = Self.screen(item, layout: layout, path: path, scale: render.device.scale)

        if let previous = try input.renderCache.reuse(path: path, key: key, writer: input.writer) {
            screen.renderKey = key
            return Card(
                file: Manifest.FileRecord(
                    path: path, widthPixels: previous.width, heightPixels: previous.height, bytes: previous.bytes,
                    sha256: previous.sha256),
                screen: screen, failure: loadFailure, reused: true, timings: timings, clipped: clipped)
        }
        let png: Data
        let size: (width: Int, height: Int)
        let decodeFailure: GraphicsError?
        do {
            (png, size, decodeFailure) = try Self.encode(
                layout, image: image, backdrop: backdrop, renderer: renderer, compression: render.compression,
                timings: &timings)
        } catch {
            throw .render(Self.stage, what: "the card for #\(item.rank) “\(Excerpt.printable(item.title))”", error)
        }
        let failure = decodeFailure.map(ArtworkFailure.undecodable)
        // A card drawn with a placeholder for undecodable artwork is drawn again next time, so
        // that its warning is raised again.
        if failure == nil { screen.renderKey = key }
        let written = try input.writer.stage(png, at: path)
        if failure == nil {
            input.renderCache.record(key: key, sha256: written.sha256, stagedAt: path, by: input.writer)
        }
        return Card(
            file: Manifest.FileRecord(
                path: path, widthPixels: size.width, heightPixels: size.height, bytes: written.bytes,
                sha256: written.sha256),
            screen: screen, failure: failure ?? loadFailure, timings: timings, clipped: clipped)
    }

    /// The warning of a card whose text did not all fit in the tallest card drawn.
    private static func clippedWarning(_ item: FeedItem, device: Device) -> ReportWarning {
        ReportWarning(
            stage: Self.stage, rank: item.rank, itemID: item.id,
            message:
                "The card of “\(Excerpt.printable(item.title))” would be taller than the \(Int(CardLayout.maximumHeight(for: device))) points albumreport draws; the text that did not fit was left out."
        )
    }

    /// The card's screen record; its button records the link and, when it differs from the
    /// item's own title for it, the label drawn.
    private static func screen(
        _ item: FeedItem, layout: CardLayout, path: String, scale: Double
    ) -> Manifest.ScreenRecord {
        var elements = layout.elements.map { Manifest.ElementRecord($0, scale: scale) }
        if let index = elements.lastIndex(where: { $0.kind == .button }) {
            elements[index].link = layout.button.link
            let label = layout.button.label.lines.map(\.text).joined(separator: " ")
            elements[index].label = label == item.storeButtonTitle ? nil : label
        }
        return Manifest.ScreenRecord(
            kind: .card, file: path, rank: item.rank, sizePoints: layout.size, elements: elements)
    }

    /// The card drawn and PNG-encoded: its bytes, size in pixels and why its artwork could not be
    /// decoded, if it could not.
    private static func encode(
        _ layout: CardLayout, image: Data?, backdrop: [Int: Data], renderer: ScreenRenderer,
        compression: PNGCompression, timings: inout RenderTimings
    ) throws(GraphicsError) -> (png: Data, size: (width: Int, height: Int), decodeFailure: GraphicsError?) {
        let card = try timings.time(\.render) { () throws(GraphicsError) in
            try renderer.encodeCard(layout, artwork: image, listThumbnails: backdrop, compression: compression)
        }
        let png = try timings.time(\.encode) { () throws(GraphicsError) in try card.finish() }
        return (png, (card.width, card.height), card.decodeFailure)
    }
}
