import Dispatch
import Foundation

/// SIGINT and SIGTERM as an async sequence. Their default handlers (which end the process at
/// once) are replaced, so that a run can cancel its work, remove its temporary files and exit
/// with 130 or 143 itself.
enum Interrupts {
    /// The signals, in the order they arrive.
    static func stream() -> AsyncStream<Int32> {
        AsyncStream { continuation in
            let sources = [SIGINT, SIGTERM].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { continuation.yield(number) }
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
