import AlbumReportCore
import Foundation

/// Detects the feed's format and decodes it (one bad entry is skipped with a warning), and keeps
/// the first `--limit` items: the ones this run is about.
struct DecodeStage: PipelineStage {
    static let stage = Stage.decode

    struct Input: Sendable {
        var loaded: LoadedFeed
        var limit: Int?
    }

    struct Output: StageOutput {
        /// The whole feed as decoded (its `items` are every entry).
        var feed: Feed
        /// The first `--limit` items.
        var items: [FeedItem]
        /// `"UTF-8"` or `"Windows-1252"`.
        var encoding: String
        var warnings: [ReportWarning]
        var progressDetail: String { "\(feed.items.count) items (\(feed.format.rawValue))" }
    }

    func run(_ input: Input, context: RunContext) async throws(ReportError) -> Output {
        let decoded: FeedDecoder.Output
        do {
            decoded = try FeedDecoder().decode(
                input.loaded.data, source: input.loaded.sourceDescription, httpStatus: input.loaded.httpStatus)
        } catch {
            throw .decode(error)
        }
        let feed = decoded.feed
        return Output(
            feed: feed, items: input.limit.map { Array(feed.items.prefix($0)) } ?? feed.items,
            encoding: decoded.detectedEncoding, warnings: decoded.warnings)
    }
}
