import AlbumReportCore
import Foundation

/// Loads the feed's bytes: the embedded sample, a file, or a URL (through the cache; a stale
/// copy when the server cannot be reached, with a warning).
struct FetchStage: PipelineStage {
    static let stage = Stage.fetch

    var network: NetworkAccess
    /// Revalidate a remote feed even when its cached copy is fresh, and fail rather than use a stale one.
    var refresh: Bool

    func run(_ source: FeedSource, context: RunContext) async throws(ReportError) -> LoadedFeed {
        // The feed is the user's choice; where it redirects is the server's.
        try await FeedLoader(
            fetcher: network.reaching(.publicAndFirstHopKind).fetcher(for: Self.stage, context: context),
            cache: network.cache,
            allowFreshCache: !refresh
        ).load(source)
    }
}

extension LoadedFeed: StageOutput {
    var progressDetail: String { "\(data.count) bytes" }

    var warnings: [ReportWarning] {
        guard case .stale(let age, let failure) = cacheUse else { return [] }
        let minutes = Int(age.seconds) / 60
        let message =
            failure.statisticsKey == "offline"
            ? "--offline: the copy of the feed cached \(minutes) minute(s) ago was used."
            : "The feed could not be fetched (\(failure)), so the copy cached \(minutes) minute(s) ago was used. Pass --refresh to fail instead."
        return [ReportWarning(stage: .fetch, message: message)]
    }
}
