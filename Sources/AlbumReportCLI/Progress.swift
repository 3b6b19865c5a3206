import AlbumReport
import AlbumReportCommandSupport
import AlbumReportCore
import Foundation
import Logging
import Synchronization

/// One line per stage on standard error: `[4/7] artwork   100 of 100 images (0.41 s)`. For
/// logs and pipes: no escape codes.
struct LineProgress: ProgressReporter {
    let console: Console

    func report(_ event: ProgressEvent) {
        if case .stageFinished(let index, let total, let stage, let seconds, let detail) = event {
            let stage = stage.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            console.error("[\(index)/\(total)] \(stage) \(detail) (\(String(format: "%.2f", seconds)) s)")
        }
    }
}

/// A live progress bar for the running stage on a terminal, redrawn at most every 50 ms and
/// erased when the stage ends: `cards    [=========>          ]  52/100  34.1/s  ETA 1.4 s`. Of
/// stages that run at the same time (artwork, sheet and cards) it shows the one started last,
/// then, once that one ends, the next that still advances.
final class TerminalProgress: ProgressReporter, Sendable {
    private let console: Console
    private let width: Int

    /// What the bar shows; every change and every redraw happens under the lock.
    private struct Bar {
        var stage: Stage?
        var stageNumber = ""
        var started = ContinuousClock.now
        var lastDraw = ContinuousClock.now - .seconds(1)
        var drawn = false
        /// When each running stage started.
        var running: [Stage: (index: Int, total: Int, started: ContinuousClock.Instant)] = [:]
    }

    private let bar = Mutex(Bar())

    init(console: Console, columns: Int) {
        self.console = console
        width = max(min(columns, 120), 20)
    }

    func report(_ event: ProgressEvent) {
        bar.withLock { bar in
            switch event {
            case .stageStarted(let index, let total, let next):
                bar.running[next] = (index, total, ContinuousClock.now)
                show(next, in: &bar)
                draw(&bar, done: nil, total: nil, force: true)
            case .advanced(let advanced, let done, let total):
                if bar.stage == nil, bar.running[advanced] != nil { show(advanced, in: &bar) }
                guard advanced == bar.stage else { return }
                draw(&bar, done: done, total: total, force: done >= total)
            case .stageFinished(_, _, let finished, _, _):
                bar.running[finished] = nil
                guard finished == bar.stage else { return }
                erase(&bar)
                bar.stage = nil
            }
        }
    }

    /// Makes the bar show `stage`, one of the running stages.
    private func show(_ stage: Stage, in bar: inout Bar) {
        guard let running = bar.running[stage] else { return }
        bar.stage = stage
        bar.stageNumber = "[\(running.index)/\(running.total)]"
        bar.started = running.started
    }

    /// Erases the bar (before the summary, or when the run is interrupted).
    func finish() {
        bar.withLock { erase(&$0) }
    }

    private func erase(_ bar: inout Bar) {
        if bar.drawn { console.raw("\r\u{1B}[2K") }
        bar.drawn = false
    }

    private func draw(_ bar: inout Bar, done: Int?, total: Int?, force: Bool) {
        let now = ContinuousClock.now
        guard force || now - bar.lastDraw >= .milliseconds(50) else { return }
        bar.lastDraw = now
        let stageNumber = bar.stageNumber
        let name = (bar.stage?.rawValue ?? "").padding(toLength: 8, withPad: " ", startingAt: 0)
        var line = "\(stageNumber) \(console.styled(name, "1"))"
        let visible = stageNumber.count + 1 + name.count
        if let done, let total, total > 0 {
            let elapsed = (now - bar.started).seconds
            let rate = elapsed > 0 ? Double(done) / elapsed : 0
            let remaining = rate > 0 ? Double(total - done) / rate : 0
            let figures =
                "\(done)/\(total)  " + String(format: "%.1f/s", rate)
                + (done < total && rate > 0 ? String(format: "  ETA %.1f s", remaining) : "")
            let barWidth = min(30, width - 1 - visible - figures.count - 5)
            if barWidth >= 5 {
                let filled = max(0, min(barWidth, barWidth * done / total))
                let bar =
                    String(repeating: "=", count: filled) + (filled < barWidth ? ">" : "")
                    + String(repeating: " ", count: max(barWidth - filled - 1, 0))
                line += " [\(bar)]  \(figures)"
            } else {
                // Too narrow for a bar: the figures alone, so the line does not wrap.
                line += " \(figures)"
            }
        } else {
            line += " …"
        }
        console.raw("\r\u{1B}[2K" + line)
        bar.drawn = true
    }
}

/// The standard-error log handler with every message on one line (``Excerpt/line(_:)``): a
/// logged URL or failure from a feed cannot start a line of its own.
struct OneLineLogHandler: LogHandler {
    private var stream: StreamLogHandler

    init(label: String) {
        stream = StreamLogHandler.standardError(label: label)
    }

    var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { stream.metadata }
        set { stream.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { stream[metadataKey: key] }
        set { stream[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        event.message = "\(Excerpt.line(event.message.description))"
        stream.log(event: event)
    }
}
