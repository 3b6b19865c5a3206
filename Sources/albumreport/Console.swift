import AlbumReport
import Foundation

/// Standard output for results, standard error for progress, warnings and errors.
struct Console: Sendable {
    func output(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// One line per stage on standard error: `[3/6] artwork   100 of 100 images (0.41 s)`.
struct LineProgress: ProgressReporter {
    let console: Console

    func report(_ event: ProgressEvent) {
        if case .stageFinished(let index, let total, let name, let seconds, let detail) = event {
            let stage = name.padding(toLength: 8, withPad: " ", startingAt: 0)
            console.error("[\(index)/\(total)] \(stage) \(detail) (\(String(format: "%.2f", seconds)) s)")
        }
    }
}

/// The closing summary line.
enum SummaryText {
    static func line(_ summary: ReportSummary) -> String {
        let seconds = summary.stages.reduce(0) { $0 + $1.seconds }
        let cards = summary.files.filter { $0.path.hasPrefix("cards/") }.count
        return
            "Wrote \(summary.itemsRendered) rows and \(cards) cards to \(summary.output) in \(String(format: "%.1f", seconds)) s with \(summary.warnings.count) warning(s)."
    }
}

/// `--json`: the summary with sorted keys.
enum SummaryJSON {
    static func encode(_ summary: ReportSummary) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(summary), as: UTF8.self)
    }
}
