import AlbumReportCore
import Foundation
import Logging

/// The bookkeeping of one run: stage numbering, timings, progress events and warnings.
/// Lives inside the generating task only.
final class Run {
    let progress: any ProgressReporter
    let logger: Logger
    var warnings: [ReportWarning] = []
    private(set) var figures: [ReportSummary.Stage] = []
    private var index = 0
    private let clock = ContinuousClock()

    init(progress: any ProgressReporter, logger: Logger) {
        self.progress = progress
        self.logger = logger
    }

    /// Runs one named stage, reporting its start, its end and its figure.
    func stage<T>(_ name: String, _ body: () async throws -> (T, String)) async rethrows -> T {
        index += 1
        let total = ReportGenerator.stageNames.count
        let number = index
        progress.report(.stageStarted(index: number, total: total, name: name))
        logger.debug("stage \(number)/\(total) \(name) started")
        let start = clock.now
        let (value, detail) = try await body()
        let seconds = Self.seconds(clock.now - start)
        figures.append(ReportSummary.Stage(name: name, seconds: seconds, detail: detail))
        progress.report(.stageFinished(index: number, total: total, name: name, seconds: seconds, detail: detail))
        logger.debug("stage \(number)/\(total) \(name) finished in \(seconds) s: \(detail)")
        return value
    }

    /// Records a stage that had nothing to do.
    func skip(_ name: String, detail: String) {
        index += 1
        let total = ReportGenerator.stageNames.count
        figures.append(ReportSummary.Stage(name: name, seconds: 0, detail: detail))
        progress.report(.stageFinished(index: index, total: total, name: name, seconds: 0, detail: detail))
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
