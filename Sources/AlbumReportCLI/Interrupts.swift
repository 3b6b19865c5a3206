import AlbumReport
import AlbumReportCommandSupport
import AlbumReportCore
import ArgumentParser
import Dispatch
import Foundation
import Synchronization

/// SIGINT and SIGTERM as an async sequence. Their default handlers (which end the process at
/// once) are replaced, so that a run can cancel its work, remove its temporary files and exit
/// with 130 or 143 itself.
///
/// A run stops within about a second whatever it is doing: the first signal also starts a
/// watchdog on a Dispatch queue (not on Swift's cooperative threads, which a long drawing can
/// keep busy) that ends the process after `grace` if the run has not stopped by itself. The
/// previous report is intact either way: it is only ever replaced by one atomic rename, and a
/// staging folder left behind is removed by the next run.
enum Interrupts {
    /// The signals, in the order they arrive; after the first, the process ends within `grace`,
    /// printing `farewell(signal)` first.
    static func stream(
        grace: Duration = .seconds(1), control: RunControl, beforeExit: @escaping @Sendable () -> Void = {},
        farewell: @escaping @Sendable (Int32) -> String
    ) -> AsyncStream<Int32> {
        AsyncStream { continuation in
            let armed = Watchdog()
            let sources = [SIGINT, SIGTERM].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    continuation.yield(number)
                    guard armed.arm() else { return }
                    DispatchQueue.global().asyncAfter(deadline: .now() + grace.seconds) {
                        // A report being swapped in is let finish (milliseconds): it moves the
                        // user's own files.
                        for _ in 0..<200 where control.isCommitting { usleep(50_000) }
                        beforeExit()
                        FileHandle.standardError.write(Data((farewell(number) + "\n").utf8))
                        _exit(exitStatus(for: number))
                    }
                }
                source.resume()
                return source
            }
            let retained = Retained(sources)
            continuation.onTermination = { _ in
                retained.sources.forEach { $0.cancel() }
                // Ctrl-C works again once nobody listens (while the client shuts down, say).
                signal(SIGINT, SIG_DFL)
                signal(SIGTERM, SIG_DFL)
            }
        }
    }

    /// Whether the watchdog has been started (once, by the first signal).
    private final class Watchdog: Sendable {
        private let started = Mutex(false)

        /// True the first time only.
        func arm() -> Bool {
            started.withLock { started in
                defer { started = true }
                return !started
            }
        }
    }

    /// Keeps the signal sources alive as long as the stream; they are only cancelled, never
    /// touched otherwise, from any thread.
    private final class Retained: @unchecked Sendable {
        let sources: [any DispatchSourceSignal]
        init(_ sources: [any DispatchSourceSignal]) { self.sources = sources }
    }

    /// The conventional exit status of a process ended by `number`: 128 + the signal number.
    static func exitStatus(for number: Int32) -> Int32 { 128 + number }

    /// "SIGINT" or "SIGTERM".
    static func name(of number: Int32) -> String {
        number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
    }
}

/// How a run that SIGINT or SIGTERM may stop ended.
enum Interruptible<Value: Sendable>: Sendable {
    case finished(Result<Value, ReportError>)
    /// A signal arrived; `completed` when the run had finished all the same.
    case interrupted(Int32, completed: Bool)
}

extension Interrupts {
    /// Runs `body` (which writes into `output`); SIGINT or SIGTERM cancels it (it removes its
    /// temporary files as it unwinds) and a second signal ends the process at once. The one
    /// loop every command that writes a report runs under.
    static func run<Value: Sendable>(
        writingTo output: URL, control: RunControl,
        _ body: @escaping @Sendable () async -> Result<Value, ReportError>
    ) async -> Interruptible<Value> {
        let signals = stream(control: control, beforeExit: { control.stop(removingStagingFor: output) }) { signal in
            "Interrupted by \(name(of: signal)): the run did not stop within a second, so it was ended and its temporary files removed; the previous output in \(Excerpt.location(output.path)) was left as it was."
        }
        return await withTaskGroup(of: Interruptible<Value>?.self, returning: Interruptible<Value>.self) { group in
            group.addTask { .finished(await body()) }
            group.addTask {
                var iterator = signals.makeAsyncIterator()
                guard let first = await iterator.next() else { return nil }
                return .interrupted(first, completed: false)
            }
            var interrupted: Int32?
            while let next = await group.next() {
                switch next {
                case .finished(let result)?:
                    group.cancelAll()
                    let completed = (try? result.get()) != nil
                    return interrupted.map { .interrupted($0, completed: completed) } ?? .finished(result)
                case .interrupted(let signal, _)?:
                    interrupted = signal
                    group.cancelAll()
                    group.addTask {
                        var iterator = signals.makeAsyncIterator()
                        if let second = await iterator.next() { Foundation.exit(exitStatus(for: second)) }
                        return nil
                    }
                case nil:
                    continue
                }
            }
            return interrupted.map { .interrupted($0, completed: false) } ?? .finished(.failure(.cancelled))
        }
    }
}

extension Interruptible {
    /// The finished run's value. Otherwise prints why — the error tagged with its stage, or
    /// `interrupted(signal, completed)`'s sentence; with `json` also the error object on standard
    /// output — and throws the documented exit code (1, or 128 + the signal).
    func value(
        console: Console, json: Bool, interrupted: (_ signal: Int32, _ completed: Bool) -> String
    ) throws -> Value {
        switch self {
        case .finished(.success(let value)):
            return value
        case .finished(.failure(let error)):
            console.failure("[\(error.stage?.rawValue ?? "internal")] \(error.description)")
            if json { console.output(RunFailure(error).json) }
            throw ExitCode(1)
        case .interrupted(let signal, let completed):
            let message = interrupted(signal, completed)
            console.error(message)
            let status = Interrupts.exitStatus(for: signal)
            if json { console.output(RunFailure(message: message, exitCode: status).json) }
            throw ExitCode(status)
        }
    }
}
