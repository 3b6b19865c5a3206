import AlbumReportCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process run to completion with its own resource usage (CPU time, peak RSS), which a
/// `Process` does not report. Standard error is discarded. Blocks until the child exits, so
/// call it for short-lived commands (the benchmark's runs, a test's one run).
public struct ChildRun: Sendable {
    public var exitStatus: Int32
    public var wallSeconds: Double
    public var cpuSeconds: Double
    public var peakRSSBytes: Int
    public var standardOutput: Data
    /// Whether the child (and its process group) was killed for running past the time limit.
    public var timedOut = false

    /// Runs `executable` to completion. With `processTree`, the peak is that of the summed
    /// resident sets of the child and all its descendants (sampled every 20 ms), for programs
    /// that work in several processes (a Python multiprocessing pool); else the child's own
    /// high-water mark. With `timeLimit`, the child runs in a process group of its own, which is
    /// killed when the limit passes (a Python pool whose worker hangs never ends otherwise).
    public static func run(
        _ executable: String, _ arguments: [String], processTree: Bool = false, timeLimit: Duration? = nil
    ) throws -> ChildRun {
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("albumreport-bench-\(UUID().uuidString.prefix(8)).out").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with no signal blocked and every signal at its default action. Spawned
        // from a Swift concurrency thread it would otherwise inherit that thread's mask, which
        // blocks SIGTERM among others: a Python multiprocessing pool ends its workers with
        // SIGTERM, so the peer's pool then hung at exit in about half of the benchmark's runs.
        var noSignals = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if timeLimit != nil {
            flags |= Int16(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, flags)
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        let (status, usage, peakKilobytes, timedOut) = Self.wait(
            for: pid, started: start, timeLimit: timeLimit, processTree: processTree)
        let wall = ContinuousClock.now - start
        func time(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }
        return ChildRun(
            exitStatus: status, wallSeconds: wall.seconds,
            cpuSeconds: time(usage.ru_utime) + time(usage.ru_stime), peakRSSBytes: peakKilobytes * 1024,
            standardOutput: (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) ?? Data(), timedOut: timedOut)
    }

    /// Waits for `pid` to end, sampling its peak resident size (of its whole tree with
    /// `processTree`), killing its process group once `timeLimit` has passed since `started`.
    private static func wait(
        for pid: pid_t, started start: ContinuousClock.Instant, timeLimit: Duration?, processTree: Bool
    ) -> (status: Int32, usage: rusage, peakKilobytes: Int, timedOut: Bool) {
        var status: Int32 = 0
        var usage = rusage()
        // The child's own peak RSS is read from /proc/PID/status (VmHWM) while it runs, every
        // 5 ms. Its ru_maxrss is not: posix_spawn starts it sharing this process's memory
        // (vfork), and exec records that memory's high-water mark as the child's, so a child of
        // a 350 MB test process would report at least 350 MB.
        var peakKilobytes = 0
        var timedOut = false
        while wait4(pid, &status, WNOHANG, &usage) == 0 {
            if let timeLimit, !timedOut, ContinuousClock.now - start > timeLimit {
                kill(-pid, SIGKILL)
                timedOut = true
            }
            if processTree {
                peakKilobytes = max(peakKilobytes, Self.treeResidentKilobytes(of: pid))
                usleep(20_000)
            } else {
                peakKilobytes = max(peakKilobytes, Self.statusKilobytes("VmHWM:", of: pid) ?? 0)
                usleep(5000)
            }
        }
        if peakKilobytes == 0 { peakKilobytes = Int(usage.ru_maxrss) }
        return (status, usage, peakKilobytes, timedOut)
    }

    /// The summed `VmRSS` of `root` and every process descended from it, in kB (0 without /proc).
    static func treeResidentKilobytes(of root: pid_t) -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return 0 }
        var parents: [pid_t: pid_t] = [:]
        for entry in entries {
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After "(comm)": state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[pid] = parent }
        }
        var tree: Set<pid_t> = [root]
        var grew = true
        while grew {
            grew = false
            for (pid, parent) in parents where tree.contains(parent) && !tree.contains(pid) {
                tree.insert(pid)
                grew = true
            }
        }
        return tree.reduce(0) { total, pid in total + (statusKilobytes("VmRSS:", of: pid) ?? 0) }
    }

    /// A kB figure of /proc/PID/status: `field` `"VmRSS:"` (the resident set) or `"VmHWM:"` (the
    /// peak resident set of the process's current memory, since its exec); nil where there is no
    /// /proc or the process is gone.
    static func statusKilobytes(_ field: String, of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            return Int(line.dropFirst(field.count).filter(\.isNumber))
        }
        return nil
    }
}
