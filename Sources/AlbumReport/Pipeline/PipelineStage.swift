import AlbumReportCore
import Foundation

/// One step of the pipeline as a value: a typed input in, a typed output out. What a stage
/// learns travels in its output (warnings included), never back onto its input or the context.
protocol PipelineStage: Sendable {
    associatedtype Input: Sendable
    associatedtype Output: StageOutput

    /// Which stage this is, for progress, statistics, warnings and errors.
    static var stage: Stage { get }

    /// Does the stage's work.
    func run(_ input: Input, context: RunContext) async throws(ReportError) -> Output
}

/// What every stage output tells the pipeline besides its own values.
protocol StageOutput: Sendable {
    /// The figure printed when the stage ends ("100 items (apple-rss-v1)").
    var progressDetail: String { get }
    /// What went wrong without stopping the run.
    var warnings: [ReportWarning] { get }
}

/// Runs stages one after another: numbers them, times them, reports their start and end, and
/// collects their figures and warnings in order. Stages that run at the same time each get a
/// runner of their own, ``absorb(_:)``ed in pipeline order once all have ended.
struct StageRunner: Sendable {
    let context: RunContext
    private(set) var figures: [ReportSummary.StageFigure] = []
    private(set) var warnings: [ReportWarning] = []

    /// This runner (a combination's setup) with the figures and warnings of `earlier` (the fetch,
    /// decode and enrich the combinations share) after its own: the stages in pipeline order, as a
    /// single run reports them.
    func following(_ earlier: StageRunner) -> StageRunner {
        var runner = self
        runner.figures = figures + earlier.figures
        runner.warnings = warnings + earlier.warnings
        return runner
    }

    /// Adds `other`'s figures and warnings after this runner's own.
    mutating func absorb(_ other: StageRunner) {
        figures += other.figures
        warnings += other.warnings
    }

    /// Runs `stage` on `input`.
    mutating func run<S: PipelineStage>(_ stage: S, _ input: S.Input) async throws(ReportError) -> S.Output {
        let name = S.stage
        let total = Stage.allCases.count
        context.progress.report(.stageStarted(index: name.number, total: total, stage: name))
        context.logger.debug("stage \(name.number)/\(total) \(name.rawValue) started")
        let start = ContinuousClock.now
        if Task.isCancelled { throw .cancelled }
        let output = try await stage.run(input, context: context)
        let seconds = (ContinuousClock.now - start).seconds
        figures.append(ReportSummary.StageFigure(name: name.rawValue, seconds: seconds, detail: output.progressDetail))
        warnings += output.warnings
        context.progress.report(
            .stageFinished(
                index: name.number, total: total, stage: name, seconds: seconds, detail: output.progressDetail))
        context.logger.debug(
            "stage \(name.number)/\(total) \(name.rawValue) finished in \(seconds) s: \(output.progressDetail)")
        return output
    }
}
