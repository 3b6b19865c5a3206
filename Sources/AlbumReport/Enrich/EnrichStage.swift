import AlbumReportCore
import Foundation

/// Fills what a v2 feed leaves out (the copyright line) from the iTunes Lookup API, one request
/// per 200 albums. A failing API only costs the lines it would have filled, with one warning.
/// Every shard looks up all the items, so that their manifests agree and merge into one run's.
struct EnrichStage: PipelineStage {
    static let stage = Stage.enrich

    var network: NetworkAccess
    /// The Lookup API's address.
    var lookupURL: URL

    struct Input: Sendable {
        var format: FeedFormat
        var items: [FeedItem]
        /// `--no-enrich` turns it off.
        var enabled: Bool
        /// Only cards show the copyright line.
        var drawsCards: Bool
        /// `--offline`: the API is not asked.
        var offline = false
    }

    struct Output: StageOutput {
        /// The items, with what the API filled in.
        var items: [FeedItem]
        var warnings: [ReportWarning] = []
        var progressDetail: String
    }

    func run(_ input: Input, context: RunContext) async throws(ReportError) -> Output {
        let applies = input.drawsCards && input.format == .appleRSSv2
        let needing = applies && input.enabled ? input.items.filter(Lookup.needsLookup) : []
        guard !needing.isEmpty else {
            let why = !input.enabled ? "turned off (--no-enrich)" : applies ? "nothing missing" : "not needed"
            return Output(items: input.items, progressDetail: why)
        }
        if input.offline {
            return Output(
                items: input.items,
                warnings: [
                    ReportWarning(
                        stage: Self.stage,
                        message:
                            "--offline: the iTunes Lookup API was not asked, so \(needing.count) card(s) show no copyright line."
                    )
                ], progressDetail: "skipped (--offline)")
        }
        let fetcher = network.fetcher(for: Self.stage, context: context)
        var records: [String: Lookup.Record] = [:]
        var warnings: [ReportWarning] = []
        for url in Lookup.requests(for: needing, base: lookupURL) {
            if Task.isCancelled { throw .cancelled }
            switch await Self.lookUp(url, fetcher: fetcher) {
            case .success(let found):
                records.merge(found) { first, _ in first }
            case .failure(let failure):
                fetcher.stats.recordFailure(Self.stage, key: "lookup")
                warnings.append(
                    ReportWarning(
                        stage: Self.stage,
                        message:
                            "The iTunes Lookup API could not be used (\(failure.reason)), so some cards show no copyright line. Try again later, or pass --no-enrich."
                    ))
            }
        }
        let missing = needing.filter { item in item.id.map { records[$0] == nil } ?? true }.map { "#\($0.rank)" }
        if warnings.isEmpty, !missing.isEmpty {
            warnings.append(
                ReportWarning(
                    stage: Self.stage,
                    message:
                        "The iTunes Lookup API has no record of \(missing.count) album(s) (\(missing.prefix(10).joined(separator: ", "))\(missing.count > 10 ? ", …" : "")); their cards show no copyright line."
                ))
        }
        return Output(
            items: Lookup.enrich(input.items, with: records), warnings: warnings,
            progressDetail: "\(records.count) of \(needing.count) albums found")
    }

    /// One Lookup request's records, or why it could not be used (a clause).
    private static func lookUp(
        _ url: URL, fetcher: HTTPFetcher
    ) async -> Result<[String: Lookup.Record], Lookup.Failure> {
        let response: HTTPResponse
        do {
            response = try await fetcher.get(url).response
        } catch {
            return .failure(Lookup.Failure(reason: error.description))
        }
        guard (200...299).contains(response.status) else {
            return .failure(
                Lookup.Failure(
                    reason: FetchError.httpStatus(url: url.absoluteString, status: response.status).description))
        }
        do {
            return .success(try Lookup.decode(response.body))
        } catch {
            return .failure(error)
        }
    }
}
