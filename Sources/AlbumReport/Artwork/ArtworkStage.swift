import AlbumReportCore
import Foundation

/// Downloads (or reads) the thumbnails this run draws, each URL once, `--concurrency` at a time,
/// checking every image's header before anything decodes it. Large images are loaded by the cards
/// stage, card by card, through the ``LargeArtwork`` this stage hands on, so that downloads
/// overlap drawing and a thousand large images are never held at once.
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
    }

    struct Output: StageOutput {
        /// Thumbnail outcomes by URL text.
        var thumbnails: [String: ArtworkOutcome]
        /// Per rank, why its thumbnail cannot be drawn.
        var failures: [Int: ArtworkFailure]
        /// Where the cards stage gets each album's large image.
        var large: LargeArtwork
        var warnings: [ReportWarning] { [] }
        var progressDetail: String {
            "\(thumbnails.values.filter { $0.data != nil }.count) of \(thumbnails.count) images"
        }

        /// The thumbnail bytes of `item`, when they loaded.
        func thumbnail(of item: FeedItem) -> Data? {
            item.artworkURL.flatMap { thumbnails[$0]?.data }
        }
    }

    func run(_ input: Input, context: RunContext) async throws(ReportError) -> Output {
        let loader = ArtworkLoader(
            fetcher: network.fetcher(for: Self.stage, context: context),
            policy: ArtworkPolicy(localFeedDirectory: input.localDirectory), cache: network.cache,
            memo: network.artworkMemo)
        let thumbnails = await loader.loadAll(
            input.items.compactMap(\.artworkURL), concurrency: input.concurrency
        ) { done, total in
            context.progress.report(.advanced(stage: Self.stage, done: done, total: total))
        }
        if Task.isCancelled { throw .cancelled }
        var failures: [Int: ArtworkFailure] = [:]
        for item in input.items {
            guard let url = item.artworkURL else {
                if input.isAlbumChart { failures[item.rank] = .noURL }
                continue
            }
            if case .failed(let failure)? = thumbnails[url] {
                context.logger.debug("thumbnail of #\(item.rank) failed: \(failure)")
                failures[item.rank] = failure
            }
        }
        return Output(
            thumbnails: thumbnails, failures: failures, large: LargeArtwork(loader: loader.counting(as: .cards)))
    }
}

/// An album's large image for its card: `…/600x600bb.jpg` derived from the thumbnail URL,
/// falling back to the thumbnail when the large image cannot be had.
struct LargeArtwork: Sendable {
    var loader: ArtworkLoader

    /// The bytes to draw on `item`'s card (the thumbnail's when the large image fails), and why
    /// there are none when neither can be had.
    func image(for item: FeedItem, thumbnail: ArtworkOutcome?) async -> (data: Data?, failure: ArtworkFailure?) {
        let fallback = thumbnail?.data
        // A large URL derived from a thumbnail URL that breaks a URL rule breaks it too: the card
        // gives the thumbnail's reason, so the album's warning says it once.
        if case .failed(let failure)? = thumbnail, case .refused(.invalidURL) = failure { return (nil, failure) }
        guard let url = item.artworkURL, let largeURL = ArtworkURL.large(for: url) else { return (fallback, nil) }
        switch await loader.load(largeURL) {
        case .image(let data, _): return (data, nil)
        case .failed(let failure): return (fallback, fallback == nil ? failure : nil)
        }
    }
}
