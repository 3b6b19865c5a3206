import AlbumReportCore
import Foundation

/// Downloads (or reads) the thumbnails this run draws, each URL once, in rank order,
/// `--concurrency` at a time, checking every image's header before anything decodes it. It runs
/// beside the sheet and the cards: each outcome is posted to the ``ThumbnailBoard`` as it
/// arrives, so a strip of the sheet or a card waits only for its own thumbnails. Large images
/// are loaded by the cards stage, card by card, through ``LargeArtwork``, sharing the run's
/// ``DownloadSlots`` with these downloads, so `--concurrency` bounds them all together.
struct ArtworkStage: PipelineStage {
    static let stage = Stage.artwork

    var network: NetworkAccess

    struct Input: Sendable {
        /// The items whose thumbnails are drawn.
        var items: [FeedItem]
        /// Album charts warn about a missing artwork URL; facts rows may have no image.
        var isAlbumChart: Bool
        /// The local feed's folder (its artwork may be relative to it); nil for a remote feed.
        var localDirectory: URL?
        var concurrency: Int
        /// Where each thumbnail is posted as it arrives (closed when this stage ends, however).
        var board: ThumbnailBoard
        /// The run's downloads in flight.
        var slots: DownloadSlots
        /// The edge, in pixels, thumbnails are asked for at (their slot's pixels; nil: as the
        /// feed names them).
        var edge: Int?
    }

    struct Output: StageOutput {
        /// How many distinct thumbnails loaded, of how many tried (their bytes went to the
        /// ``ThumbnailBoard``, which lets them go once drawn).
        var loaded: Int
        var tried: Int
        /// Per rank, why its thumbnail cannot be drawn.
        var failures: [Int: ArtworkFailure]
        var warnings: [ReportWarning] { [] }
        var progressDetail: String { "\(loaded) of \(tried) images" }
    }

    /// The loader of this run's artwork: thumbnails counted under ``Stage/artwork``; its
    /// ``ArtworkLoader/counting(as:)`` copy under ``Stage/cards`` loads the large images.
    static func loader(
        network: NetworkAccess, localDirectory: URL?, slots: DownloadSlots, context: RunContext
    ) -> ArtworkLoader {
        ArtworkLoader(
            fetcher: network.fetcher(for: stage, context: context),
            policy: ArtworkPolicy(localFeedDirectory: localDirectory), cache: network.cache,
            memo: network.artworkMemo, slots: slots)
    }

    func run(_ input: Input, context: RunContext) async throws(ReportError) -> Output {
        defer {
            input.board.close()
            input.slots.thumbnailsDone()
        }
        let loader = Self.loader(
            network: network, localDirectory: input.localDirectory, slots: input.slots, context: context)
        let board = input.board
        var failed: [String: ArtworkFailure] = [:]
        var tried = 0
        await loader.loadEach(
            input.items.compactMap(\.artworkURL), concurrency: input.concurrency, edge: input.edge,
            progress: { done, total in
                context.progress.report(.advanced(stage: Self.stage, done: done, total: total))
            },
            arrived: { url, outcome in
                tried += 1
                if case .failed(let failure) = outcome { failed[url] = failure }
                board.post(url, outcome)
            })
        if Task.isCancelled { throw .cancelled }
        var failures: [Int: ArtworkFailure] = [:]
        for item in input.items {
            guard let url = item.artworkURL else {
                if input.isAlbumChart { failures[item.rank] = .noURL }
                continue
            }
            if let failure = failed[url] {
                context.logger.debug("thumbnail of #\(item.rank) failed: \(failure)")
                failures[item.rank] = failure
            }
        }
        return Output(loaded: tried - failed.count, tried: tried, failures: failures)
    }
}

/// An album's large image for its card, at the pixel size its card draws it (`…/1100x1100bb.jpg`
/// for a 1,059-pixel slot, ``ArtworkURL/requestEdge(pixels:)``) derived from the thumbnail URL;
/// when that size cannot be had, the classic 600 × 600 (what a feed's own folder, such as the
/// embedded sample's, holds), then the thumbnail.
struct LargeArtwork: Sendable {
    var loader: ArtworkLoader

    /// The edge tried when the card's own size cannot be had.
    static let classicEdge = 600

    /// The bytes to draw on `item`'s card, `edge` pixels square (the thumbnail's when no large
    /// image can be had), and why there are none when nothing can be had.
    func image(
        for item: FeedItem, edge: Int, thumbnail: ArtworkOutcome?
    ) async -> (data: Data?, failure: ArtworkFailure?) {
        let fallback = thumbnail?.data
        // A large URL derived from a thumbnail URL that breaks a URL rule breaks it too: the card
        // gives the thumbnail's reason, so the album's warning says it once.
        if case .failed(let failure)? = thumbnail, case .refused(.invalidURL) = failure { return (nil, failure) }
        guard let url = item.artworkURL else { return (fallback, nil) }
        var seen = Set<Int>()
        let urls = [edge, Self.classicEdge].filter { seen.insert($0).inserted }.compactMap {
            ArtworkURL.large(for: url, edge: $0)
        }
        var failure: ArtworkFailure?
        // Only the last attempt's failure counts and is told: one that a later size backs up
        // (the sample's folder has no 1,100 px file, but its 600) is no failure.
        for (index, large) in urls.enumerated() {
            switch await loader.load(large, countsFailure: index == urls.count - 1) {
            case .image(let data, _): return (data, nil)
            case .failed(let reason):
                if case .fetch(.cancelled) = reason { return (fallback, fallback == nil ? reason : nil) }
                failure = reason
            }
        }
        return (fallback, fallback == nil ? failure : nil)
    }
}
