import AlbumReportCore
import Foundation
import Synchronization

/// What one run's render cache reused and staged: the PNGs whose proofs it records once the
/// report is in place (each path once), and the figures of its reuse. Shared by the copies of the
/// run's ``RenderCache``.
final class ReuseLedger: Sendable {
    /// One staged PNG.
    struct Entry: Sendable {
        var key: String
        /// Its path in the report.
        var path: String
        var sha256: String
        /// Its identity when its bytes were proven (nil: not known, nothing to record but the digest).
        var identity: FileIdentity?
        /// Whether `identity` includes the change time it must still have: true for a file this
        /// run wrote, false for a previous file linked into the new report (linking it and
        /// unlinking it from the old report move its change time).
        var changeTimeKnown: Bool

        /// Whether `current` is the proven file, unchanged.
        func holds(_ current: FileIdentity) -> Bool {
            guard let identity else { return false }
            return changeTimeKnown ? current == identity : current.isSameFile(as: identity)
        }
    }

    private struct State: Sendable {
        var entries: [String: Entry] = [:]
        var byIdentity = 0
        var hashed = 0
        var seconds = 0.0
    }

    private let state = Mutex(State())

    func add(_ entry: Entry) {
        state.withLock { $0.entries[entry.path] = entry }
    }

    /// Every entry, by path, emptying the list.
    func take() -> [Entry] {
        state.withLock { state in
            defer { state.entries = [:] }
            return state.entries.values.sorted { $0.path < $1.path }
        }
    }

    /// Counts a reused PNG by its proof.
    func count(_ proof: RenderCache.Reused.Proof) {
        state.withLock { state in
            switch proof {
            case .identity: state.byIdentity += 1
            case .digest: state.hashed += 1
            }
        }
    }

    /// Adds time spent deciding on and staging previous PNGs.
    func add(seconds: Double) {
        state.withLock { $0.seconds += seconds }
    }

    /// The summary's `reuse` figure.
    var figure: ReportSummary.StageFigure {
        state.withLock { state in
            let reused = state.byIdentity + state.hashed
            return ReportSummary.StageFigure(
                name: "reuse", seconds: state.seconds,
                detail: "\(reused) previous PNGs reused"
                    + (reused > 0
                        ? ": \(state.byIdentity) proven by file identity, \(state.hashed) hashed" : ""))
        }
    }
}

extension RenderCache {
    /// What `renders/KEY` says: the digest of the PNG the key rendered, and the identity of the
    /// file that held those bytes when the report holding it was in place.
    ///
    /// The file is the digest (64 lowercase hex digits), then optionally a newline and
    /// `identity DEVICE INODE SIZE MTIME CTIME` (``FileIdentity/recorded``). A record of an older
    /// version (the digest alone) proves nothing by identity: its PNG is hashed.
    struct Record: Sendable, Equatable {
        var sha256: String
        var identity: FileIdentity?

        var text: String {
            sha256 + (identity.map { "\nidentity \($0.recorded)" } ?? "")
        }

        init(sha256: String, identity: FileIdentity?) {
            self.sha256 = sha256
            self.identity = identity
        }

        init?(text: String) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard let first = lines.first, RenderCache.isKey(String(first)), lines.count <= 2 else { return nil }
            sha256 = String(first)
            identity = nil
            if lines.count == 2 {
                guard lines[1].hasPrefix("identity "),
                    let identity = FileIdentity(recorded: lines[1].dropFirst("identity ".count))
                else { return nil }
                self.identity = identity
            }
        }
    }

    /// The cache's record of `key`; nil without a cache or a readable, well-formed record.
    func recorded(_ key: String) -> Record? {
        guard let proofs, Self.isKey(key),
            let data = try? Data(contentsOf: proofs.appendingPathComponent(key)), data.count < 4096
        else { return nil }
        return Record(text: String(decoding: data, as: UTF8.self))
    }

    /// Records, for every PNG this run staged, the digest its key rendered, and — when its bytes
    /// are still the proven ones — the identity of its file in `folder`, where the finished report
    /// now is. Best effort: a record that cannot be written only means the next run draws (or
    /// hashes) the screen again.
    ///
    /// A file's identity is recorded only once the file system's clock is past its change time
    /// (read as the change time `folder/manifest.json` gets when its times are set to what they
    /// are), so any later change gives it a later change time; and only when it is the same after
    /// that wait as before it.
    func recordProofs(in folder: URL) async {
        let entries = ledger.take()
        guard let proofs, !entries.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(at: proofs, withIntermediateDirectories: true)
        } catch {
            return
        }
        func current(_ entry: ReuseLedger.Entry) -> FileIdentity? {
            guard ContainedPath.firstLink(under: folder, relative: entry.path) == nil else { return nil }
            return FileIdentity.of(path: folder.appendingPathComponent(entry.path).path)
        }
        var proven: [(entry: ReuseLedger.Entry, identity: FileIdentity)] = []
        for entry in entries {
            if let identity = current(entry), entry.holds(identity) {
                proven.append((entry, identity))
            } else {
                write(Record(sha256: entry.sha256, identity: nil), key: entry.key)
            }
        }
        let clock = await Self.clock(after: proven.map(\.identity.changed).max(), probe: folder)
        for (entry, identity) in proven {
            let settled = clock.map { identity.changed < $0 } == true && current(entry) == identity
            write(Record(sha256: entry.sha256, identity: settled ? identity : nil), key: entry.key)
        }
    }

    private func write(_ record: Record, key: String) {
        guard let proofs, Self.isKey(key) else { return }
        try? Data(record.text.utf8).writeAtomically(to: proofs.appendingPathComponent(key))
    }

    /// The file system's clock once it is past `time` (nil when it cannot be read, or has not
    /// moved past within about a tenth of a second).
    private static func clock(after time: FileIdentity.Time?, probe folder: URL) async -> FileIdentity.Time? {
        guard let time else { return nil }
        let probe = folder.appendingPathComponent(ReportWriter.manifestName).path
        for _ in 0..<100 {
            guard let now = fileSystemClock(probe: probe) else { return nil }
            if now > time { return now }
            do {
                try await Task.sleep(for: .milliseconds(1))
            } catch {
                return nil
            }
        }
        return nil
    }

    /// The change time `probe` (a regular file of ours) gets when its access and modification
    /// times are set to what they are: the file system's clock now, as a change would read it.
    private static func fileSystemClock(probe: String) -> FileIdentity.Time? {
        var info = stat()
        guard lstat(probe, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        #if os(macOS)
            var times = [info.st_atimespec, info.st_mtimespec]
        #else
            var times = [info.st_atim, info.st_mtim]
        #endif
        guard utimensat(AT_FDCWD, probe, &times, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return FileIdentity.of(path: probe)?.changed
    }
}
