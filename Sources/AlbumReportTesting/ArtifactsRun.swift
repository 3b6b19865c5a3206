import AlbumReportCompare
import AlbumReportCore
import Foundation
import Synchronization

/// Where one test process writes the images of its failures: a folder of its own,
/// `ALBUMREPORT_ARTIFACTS/run-<time>-<pid>-<process group>` (or the same under this user's
/// private temporary folder), so that two test processes at once never remove each other's
/// images, and the images of tests that did not run this time are not beside the current ones. A
/// run's folder outlives it (it is what a job uploads, and what a person opens after a failure); a
/// later run removes the folders of runs whose process is gone and whose process group is empty:
/// the test processes one script or CI step runs (side by side, as XCTest's parallel workers or
/// shards do, or one after another) keep each other's images while it runs, and a terminal's next
/// command (a group of its own) clears the last one's.
///
/// Beside the cases' folders, `promote/` holds every actual image that did not match (or had no
/// golden) at its golden's path relative to the working directory (the package root under
/// `swift test`): copying it over the package turns a downloaded artifact into goldens.
enum ArtifactsRun {
    /// This process's run folder name, fixed when it is first asked for.
    static let name: String = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return "run-\(formatter.string(from: Date()))-\(getpid())-\(getpgrp())"
    }()

    /// The folder the promotion tree is in, inside a run's folder.
    static let promoteFolder = "promote"

    /// This run's folder under the artifacts base `environment` names; the first call removes the
    /// folders of earlier runs whose process is gone.
    static func folder(environment: [String: String]) throws -> URL {
        let base =
            try environment["ALBUMREPORT_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
            ?? PrivateTemporaryFolder.url(named: "albumreport-golden-artifacts")
        if pruned.withLock({ $0.insert(base.path).inserted }) { prune(base) }
        return base.appendingPathComponent(name, isDirectory: true)
    }

    /// Writes `png` at `golden`'s place in this run's promotion tree and returns where (nil when
    /// the golden is not under the working directory, or `artifacts` was given: a caller's own
    /// folder has no run).
    @discardableResult
    static func promote(
        _ png: Data, golden: URL, artifacts: URL?, environment: [String: String]
    ) throws -> URL? {
        guard artifacts == nil else { return nil }
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let path = golden.standardizedFileURL.path
        guard path.hasPrefix(root + "/") else { return nil }
        let target = try folder(environment: environment).appendingPathComponent(promoteFolder)
            .appendingPathComponent(String(path.dropFirst(root.count + 1)))
        try png.writeCreatingFolders(to: target)
        return target
    }

    /// How to promote, for a failure's message.
    static var promoteHint: String {
        "to take every image of this run that did not match as its golden, copy the run's \(promoteFolder)/ folder over the package root: cp -R <artifacts>/\(name)/\(promoteFolder)/. ."
    }

    /// Removes the run folders in `base` whose process is gone and whose process group has no
    /// process left (a folder named without its group, by an earlier version, goes with its
    /// process; another user's cannot be removed and is left).
    static func prune(_ base: URL) {
        // kill(-group, 0) asks whether any process of the group is left.
        func gone(_ pid: Int32, group: Bool = false) -> Bool {
            pid > 1 && kill(group ? -pid : pid, 0) != 0 && errno == ESRCH
        }
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
        where entry.hasPrefix("run-") && entry != name {
            // run-<date>-<time>-<pid>[-<process group>]
            let pids = entry.split(separator: "-").dropFirst(3).map { Int32($0) }
            guard let pid = pids.first ?? nil, pid > 0, pids.count <= 2, pids.allSatisfy({ $0 != nil }) else {
                continue
            }
            let group = pids.count == 2 ? pids[1] : nil
            if gone(pid) && group.map({ $0 <= 1 || gone($0, group: true) }) ?? true {
                try? FileManager.default.removeItem(at: base.appendingPathComponent(entry))
            }
        }
    }

    /// The artifacts bases already pruned by this process.
    private static let pruned = Mutex<Set<String>>([])
}

/// One assertion's private work folder beside a case's artifacts folder, published in its place on
/// a failure.
final class ArtifactsWork {
    /// The case's artifacts folder.
    let folder: URL
    /// `.<folder name>.<UUID>` beside it.
    let staging: URL
    /// Set when the work folder holds the published images.
    private var kept = false

    init(folder: URL) throws {
        self.folder = folder
        staging = folder.deletingLastPathComponent().appendingPathComponent(
            ".\(folder.lastPathComponent).\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
    }

    /// Removes the case's artifacts of an earlier failure.
    func clearPrevious() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Moves the work folder into the case's place (replacing what an earlier failure left);
    /// returns where the images are: the case's folder, or the work folder when another run of
    /// the same case took the place first twice over.
    func publish() -> URL {
        let manager = FileManager.default
        for _ in 0..<2 {
            try? manager.removeItem(at: folder)
            if (try? manager.moveItem(at: staging, to: folder)) != nil { return folder }
        }
        kept = true
        return staging
    }

    /// Removes the work folder unless it was published.
    func discard() {
        if !kept { try? FileManager.default.removeItem(at: staging) }
    }
}
