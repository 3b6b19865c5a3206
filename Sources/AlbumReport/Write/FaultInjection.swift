import Foundation

/// Places where a test may have the process killed, to check what a crash there leaves: set
/// `ALBUMREPORT_TEST_KILL` to a point's name and the process sends itself SIGKILL when it gets
/// there (as git's `GIT_TEST_*` variables do). Unset, each point is one dictionary lookup.
enum FaultInjection: String {
    /// Right after the new report was swapped in, before the old one is removed.
    case afterSwap = "after-swap"

    /// The environment variable naming the point.
    static let variable = "ALBUMREPORT_TEST_KILL"

    /// Kills the process when `point` is the one asked for.
    static func point(_ point: FaultInjection) {
        guard ProcessInfo.processInfo.environment[variable] == point.rawValue else { return }
        _ = kill(getpid(), SIGKILL)
    }
}
