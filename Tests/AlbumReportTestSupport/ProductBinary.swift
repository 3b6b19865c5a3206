import Foundation
import Synchronization

/// Runs the built `albumreport` executable, as a user would, and captures what it prints.
public enum ProductBinary {
    /// The result of one run.
    public struct Outcome: Sendable {
        public var exitCode: Int32
        public var standardOutput: String
        public var standardError: String
        /// With a signal: how long the process ran on after it was sent (nil: never sent), as the
        /// process's exit was observed by Foundation's child monitor — not by the test's polling
        /// task, which a busy cooperative pool may wake late.
        public var afterSignal: Duration? = nil
        /// With a signal: how long the process ran before it was sent (nil: never sent).
        public var beforeSignal: Duration? = nil

        /// Whether the process stopped promptly after the signal: within 2 minutes, or within twice
        /// the time it ran before the signal when that was longer (a loaded machine, a sanitized
        /// build with its exit-time leak check, slows both alike). It catches a run that goes on
        /// for many minutes, or for good; it is no speed target.
        public var stoppedPromptly: Bool {
            guard let afterSignal, let beforeSignal else { return false }
            return afterSignal < max(.seconds(120), beforeSignal * 2)
        }
    }

    /// The folder SwiftPM builds products into (next to the test bundle).
    public static var productsDirectory: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return Bundle.main.bundleURL
    }

    /// The `--timeout` a `generate` run gets when the test names none: the longest the command
    /// takes. Loopback answers in milliseconds, but the default 10 s is a real deadline that a
    /// healthy request can miss on a loaded machine (a sanitized suite in parallel on two cores);
    /// tests about deadlines pass their own.
    public static let patientTimeout = ["--timeout", "600"]

    /// Runs `albumreport` with `arguments` in `directory` (a `generate` run without `--timeout`
    /// gets ``patientTimeout``); gives up after `timeout`, a bound for a hung process only.
    public static func run(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:],
        timeout: Duration = .seconds(1200)
    ) async throws -> Outcome {
        try await run(
            executable: productsDirectory.appendingPathComponent("albumreport"), patient(arguments), in: directory,
            environment: environment, timeout: timeout)
    }

    /// `arguments` with ``patientTimeout`` added to a `generate` run that names no `--timeout`.
    static func patient(_ arguments: [String]) -> [String] {
        guard arguments.first == "generate", !arguments.contains(where: { $0.hasPrefix("--timeout") }) else {
            return arguments
        }
        return arguments + patientTimeout
    }

    /// Runs `executable` with `arguments` in `directory`; gives up after `timeout`. With
    /// `signal`, sends it once `when` holds for what the process has printed to standard error.
    public static func run(
        executable: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:],
        timeout: Duration = .seconds(1200), signal: (number: Int32, when: @Sendable (String) -> Bool)? = nil
    ) async throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = executable.lastPathComponent == "albumreport" ? patient(arguments) : arguments
        process.currentDirectoryURL = directory
        var merged = ProcessInfo.processInfo.environment
        let scratch = try TemporaryDirectory("albumreport-run")
        defer { scratch.remove() }
        // Each run gets an empty download cache of its own unless the test says otherwise.
        merged["XDG_CACHE_HOME"] = scratch.url.appendingPathComponent("cache").path
        // Under the address sanitizer the test process runs without leak detection (its exit, with
        // test tasks still suspended, reports the runtime's and XCTest's allocations), while the
        // binary it runs is checked for leaks: ALBUMREPORT_CHILD_ASAN_OPTIONS says how.
        if let childOptions = merged["ALBUMREPORT_CHILD_ASAN_OPTIONS"] { merged["ASAN_OPTIONS"] = childOptions }
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let outURL = scratch.url.appendingPathComponent("stdout")
        let errURL = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        // The moment the process ended, noted on Foundation's own thread when it reaps the child.
        let exited = ExitMoment()
        process.terminationHandler = { _ in exited.note() }
        try process.run()
        let started = ContinuousClock.now
        let deadline = started + timeout
        // The signal is sent from a dispatch timer, not from this task: on a loaded machine the
        // cooperative pool can leave a polling task asleep for longer than the whole run (seen
        // in CI: a 35 s run finished unsignalled).
        let watcher = signal.map {
            SignalWatcher(process.processIdentifier, $0.number, when: $0.when, watching: errURL)
        }
        defer { watcher?.stop() }
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.waitUntilExit()
        watcher?.stop()
        let signalled = watcher?.sent
        try out.close()
        try err.close()
        return Outcome(
            exitCode: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            afterSignal: signalled.map { (exited.moment ?? ContinuousClock.now) - $0 },
            beforeSignal: signalled.map { $0 - started })
    }

    /// Sends a signal to a process once what it has written to a file satisfies a condition,
    /// checked every 20 ms on a dispatch queue of its own (real threads, not the test's tasks).
    private final class SignalWatcher {
        private let timer: any DispatchSourceTimer
        private let moment = ExitMoment()

        init(_ pid: pid_t, _ number: Int32, when: @escaping @Sendable (String) -> Bool, watching file: URL) {
            timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "albumreport.test.signal"))
            timer.setEventHandler { [moment] in
                guard moment.moment == nil,
                    when(String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self))
                else { return }
                kill(pid, number)
                moment.note()
            }
            timer.schedule(deadline: .now(), repeating: .milliseconds(20))
            timer.resume()
        }

        /// When the signal was sent (nil: not sent).
        var sent: ContinuousClock.Instant? { moment.moment }

        /// Stops watching (the process has ended); safe to call more than once.
        func stop() { timer.cancel() }
    }

    /// A moment noted once, on another thread: when a process ended (written by its termination
    /// handler, which Foundation starts on a thread of its own just after `waitUntilExit` may
    /// already have returned; read then, nil means the exit was microseconds ago, and the caller
    /// takes the current time), or when a signal was sent.
    private final class ExitMoment: Sendable {
        private let instant = Mutex<ContinuousClock.Instant?>(nil)
        func note() { instant.withLock { $0 = $0 ?? .now } }
        var moment: ContinuousClock.Instant? { instant.withLock { $0 } }
    }
}
