import AlbumReportCore
import Foundation

/// A run's summary as the command line prints it.
public enum SummaryText {
    /// The warning lines: every warning, except that items whose artwork failed for a cause they
    /// share are counted on one line for the cause (`artwork: is1-ssl.mzstatic.com could not be
    /// resolved — 100 albums drew placeholders`).
    public static func warnings(_ summary: ReportSummary) -> [String] {
        let grouped = Set(summary.causes.flatMap { cause in cause.ranks.map { "\(cause.stage)#\($0)" } })
        let single = summary.warnings.filter { warning in
            warning.rank.map { !grouped.contains("\(warning.stage.rawValue)#\($0)") } ?? true
        }
        let thing = summary.feedFormat.isAlbumChart ? "album" : "row"
        return single.map(\.description)
            + summary.causes.map { cause in
                let count = cause.ranks.count
                return "\(cause.stage): \(cause.cause) — \(count) \(thing)\(count == 1 ? "" : "s") drew placeholders"
            }
    }

    /// The closing line: what was written where, how long it took by the wall clock (not the sum
    /// of the stages' times, which overlap), how many warnings.
    public static func line(_ summary: ReportSummary) -> String {
        "Wrote \(summary.itemsRendered) rows and \(summary.cardsRendered) cards to \(Excerpt.location(summary.output)) in \(String(format: "%.1f", summary.seconds)) s with \(summary.warnings.count) warning(s)."
    }

    /// `--json`: the summary with sorted keys.
    public static func json(_ summary: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(summary), as: UTF8.self)
    }
}

extension MatrixSummary {
    /// Each warning line once: with the folders it occurred in, unless every combination has it.
    public var distinctWarnings: [String] {
        var folders: [String: [String]] = [:]
        var order: [String] = []
        for (combination, report) in zip(manifest.combinations, summaries) {
            for line in SummaryText.warnings(report) {
                if folders[line] == nil { order.append(line) }
                folders[line, default: []].append(combination.folder)
            }
        }
        let all = manifest.combinations.count
        return order.map { line in
            let places = folders[line] ?? []
            return places.count == all
                ? line : "\(line) (in \(places.map { Excerpt.location($0) }.joined(separator: ", ")))"
        }
    }
}
