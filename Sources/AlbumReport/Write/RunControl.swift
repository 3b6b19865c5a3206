import AlbumReportCore
import Foundation
import Synchronization

/// What lets a run be stopped hard, safely: a latch that closes staging (no file is staged once
/// it is set), and a count of commits in progress, which a hard stop waits for (a commit moves
/// the user's own files, and must not be cut short). Made by whoever may stop the run (the
/// command line's signal handling) and handed to the run's writers; a run nobody stops has one
/// of its own. Never process-wide.
public final class RunControl: Sendable {
    private let commits = Mutex(0)
    private let closed = Mutex(false)

    /// A control for one run (or one command's runs).
    public init() {}

    /// Whether a commit is in progress.
    public var isCommitting: Bool { commits.withLock { $0 > 0 } }

    /// Whether staging was closed by ``stop(removingStagingFor:)``.
    public var isStopped: Bool { closed.withLock { $0 } }

    /// Closes staging and removes this process's staging folders for `output` (before a hard
    /// stop: the run's tasks may still be drawing while the process exits).
    public func stop(removingStagingFor output: URL) {
        closed.withLock { $0 = true }
        ReportWriter.removeOwnStaging(for: output)
    }

    func checkOpen() throws(ReportError) {
        if isStopped { throw .cancelled }
    }

    func beginCommit() { commits.withLock { $0 += 1 } }

    func endCommit() { commits.withLock { $0 -= 1 } }
}
