import AlbumReportCore
import AlbumReportGraphics
import Foundation
import Logging

/// What every pipeline run starts with, once: a context of its own (the run's logger, fresh
/// fetch figures, a fresh host breaker), libgd's messages routed to that logger, and any error
/// mapped to a ``ReportError``. `generate` and `generate --matrix` run in it.
enum RunScope {
    /// Runs `body` with `context` made ready for a run logging to `logger`.
    static func run<Value>(
        _ context: RunContext, logger: Logger, _ body: (RunContext) async throws -> Value
    ) async throws(ReportError) -> Value {
        var context = context
        context.logger = logger
        context.stats = FetchStats()
        context.breaker = HostBreaker()
        // libgd's messages of this run (a truncated JPEG, a bad PNG chunk) go to this run's logger.
        do {
            return try await GraphicsMessages.routing(to: { logger.debug("libgd: \($0)") }) { [context] in
                try await body(context)
            }
        } catch {
            throw ReportError(mapping: error)
        }
    }
}
