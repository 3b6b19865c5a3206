import AlbumReportCore
import CFileSwap
import Foundation
import Synchronization

/// What is in an output folder: a report of ours, the user's files, staging folders left behind.
extension ReportWriter {
    /// Whether `folder` holds a manifest written by albumreport.
    static func holdsReport(_ folder: URL) -> Bool {
        PreviousReport(in: folder) != nil
    }

    /// The entries of `folder` whose names do not start with a dot.
    static func visibleEntries(of folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
    }

    /// Staging folders of runs that were killed (their process is gone).
    /// Removes this process's staging folders for `output` (before a hard stop: no commit is in
    /// progress then, so they hold only files this run wrote). The removal is repeated a few
    /// times, because a task still running may have been creating a file while the folder was
    /// being emptied; ``RunControl/stop(removingStagingFor:)`` closes staging first.
    static func removeOwnStaging(for output: URL) {
        let output = resolved(output)
        for attempt in 0..<5 {
            var left = false
            for base in [output.deletingLastPathComponent(), output] {
                left = removeAbandonedStaging(in: base, name: output.lastPathComponent, process: getpid()) || left
            }
            guard left else { return }
            if attempt < 4 { usleep(20_000) }
        }
    }

    /// Staging folders for `name` in `parent` whose process is gone, or that belong to `process`.
    /// Returns whether one of `process`'s own could not be removed.
    @discardableResult
    static func removeAbandonedStaging(in parent: URL, name: String, process: Int32? = nil) -> Bool {
        var left = false
        let prefix = ".\(name).albumreport-"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        where entry.hasPrefix(prefix) {
            // Only `.NAME.albumreport-PID-xxxxxxxx` folders with our marker inside, whose process is gone.
            let parts = entry.dropFirst(prefix.count).split(separator: "-")
            guard parts.count == 2, let pid = Int32(parts[0]), parts[1].count == 8,
                parts[1].allSatisfy({ $0.isHexDigit })
            else { continue }
            let folder = parent.appendingPathComponent(entry)
            // Our own (this process's id in the name) may have lost its marker to an earlier,
            // interrupted removal; anyone else's needs the marker.
            let own = pid == process
            guard own || FileManager.default.fileExists(atPath: folder.appendingPathComponent(stagingMarker).path)
            else { continue }
            if own || (kill(pid, 0) != 0 && errno == ESRCH) {
                try? FileManager.default.removeItem(at: folder)
                if own && FileManager.default.fileExists(atPath: folder.path) { left = true }
            }
        }
        return left
    }

    /// A relative path with no `..`, no leading `/` and no empty components.
    static func isSafeRelativePath(_ path: String) -> Bool {
        guard !path.hasPrefix("/"), !path.isEmpty else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".."
        }
    }

    /// Renames `source` to `target`, or says why it could not.
    static func rename(_ source: URL, to target: URL) throws(ReportError) {
        if Foundation.rename(source.path, target.path) != 0 {
            throw .write(path: target.path, detail: FileProblem.clause(errno: errno))
        }
    }

    /// Mode, owner and group of a folder, carried to its replacement (owner and group where the
    /// user may set them). `stat` follows links: a linked folder's own mode is not the link's.
    static func copyAttributes(from source: URL, to target: URL) {
        var info = stat()
        guard stat(source.path, &info) == 0 else { return }
        _ = chown(target.path, info.st_uid, info.st_gid)
        _ = chmod(target.path, info.st_mode & 0o7777)
    }
}
