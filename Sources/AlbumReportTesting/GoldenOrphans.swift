import Foundation
import Synchronization

/// The goldens no test claimed in a run that re-recorded everything (`ALBUMREPORT_RECORD=all`):
/// the files of renamed or removed tests and cases, which no later run would ever compare. Listed
/// once, on standard error, when the test process exits: every `.png` in a goldens folder this
/// run wrote to (`__Goldens__/<TestFile>/`) that no assertion of the run asked for.
package enum GoldenOrphans {
    /// Records that `golden` was asked for, in a run whose mode is `mode`.
    static func claimed(_ golden: URL, mode: RecordMode) {
        let first = state.withLock { state -> Bool in
            // Every assertion's golden counts as claimed; only the folders re-recorded are listed.
            state.claimed.insert(golden.standardizedFileURL.path)
            guard mode == .all else { return false }
            state.folders.insert(golden.deletingLastPathComponent().standardizedFileURL.path)
            defer { state.registered = true }
            return !state.registered
        }
        if first { atexit { GoldenOrphans.report() } }
    }

    /// The orphans, sorted (for the exit report and for tests).
    package static func orphans() -> [String] {
        let (claimed, folders) = state.withLock { ($0.claimed, $0.folders) }
        return folders.sorted().flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
                .filter { $0.hasSuffix(".png") && !$0.hasPrefix(".") }
                .map { folder + "/" + $0 }.filter { !claimed.contains($0) }
        }
    }

    /// Prints the orphans, if any.
    static func report() {
        let found = orphans()
        guard !found.isEmpty else { return }
        let lines = found.prefix(20).map { "  \($0)" } + (found.count > 20 ? ["  … and \(found.count - 20) more"] : [])
        let text =
            "albumreport: \(found.count) golden(s) in the folders this run re-recorded belong to no test of the run (renamed or removed tests or cases); unless the run was filtered, remove them:\n"
            + lines.joined(separator: "\n") + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    private struct State {
        var claimed: Set<String> = []
        var folders: Set<String> = []
        var registered = false
    }

    private static let state = Mutex(State())
}
