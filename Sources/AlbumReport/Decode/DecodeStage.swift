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
        let limit = min(input.limit ?? .max, FeedLimits.items)
        let items = Array(feed.items.prefix(limit))
        // Warnings about entries past the last one drawn concern nothing the report shows.
        let lastRank = feed.items.count > limit ? items.last?.rank ?? 0 : .max
        var warnings = decoded.warnings.filter { ($0.rank ?? 0) <= lastRank }
        if feed.items.count > limit, limit == FeedLimits.items {
            warnings.append(
                ReportWarning(
                    stage: Self.stage,
                    message:
                        "The feed has \(feed.items.count) entries; albumreport draws at most the first \(FeedLimits.items) (pass --limit N to choose fewer)."
                ))
        }
        return Output(feed: feed, items: items, encoding: decoded.detectedEncoding, warnings: warnings)
    }
}
