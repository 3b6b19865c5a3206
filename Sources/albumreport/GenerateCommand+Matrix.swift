import AlbumReport
import AlbumReportCore
import ArgumentParser
import Foundation
import Synchronization

/// `generate --matrix`: the command line's options are the base every combination starts from.
extension GenerateCommand {
    /// The matrix, read and checked (nil without `--matrix`); errors are usage errors.
    func matrixSpec() throws -> MatrixSpec? {
        guard let matrix else { return nil }
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        do {
            let spec = try MatrixSpec.parse(matrix, relativeTo: directory)
            try spec.checkThemes(
                templatesDirectory: templates.map {
                    URL(fileURLWithPath: $0, relativeTo: directory).standardizedFileURL
                })
            return spec
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The checks `--matrix` adds to ``validate()``.
    func validateMatrix() throws {
        guard matrix != nil else { return }
        if let matrix, matrix.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError(
                "--matrix is empty. Pass a matrix JSON file, or the inline form devices=iphone-15,ipad-10;themes=light,dark."
            )
        }
        guard let spec = try matrixSpec() else { return }
        // A language without a strings file is a usage error before anything runs, as with --language.
        let available = availableLanguages()
        for axis in spec.axes where axis.key == .languages {
            for language in axis.values
            where !available.contains(where: { $0.caseInsensitiveCompare(language) == .orderedSame }) {
                throw ValidationError(
                    "--matrix: language \(Excerpt.printable(language)) is not available. Choose from: \(available.map { Excerpt.identifier($0) }.joined(separator: ", ")); or add strings/\(Excerpt.printable(language)).json to a --templates folder."
                )
            }
        }
        let count = spec.combinations.count
        if let shard = shard.flatMap(Shard.init(parsing:)), shard.count > count {
            throw ValidationError(
                "--shard \(shard) splits the matrix's combinations, and it has only \(count): use --shard I/N with N ≤ \(count)."
            )
        }
    }

    /// Renders the matrix and reports it as `generate` reports one run.
    func runMatrix() async throws {
        guard let spec = try matrixSpec() else { return }
        let base = try options(in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let console = Console()
        let network =
            offline ? nil : AsyncHTTPTransport(limits: base.limits, connectionsPerHost: max(base.concurrency, 8))
        let transport: any HTTPTransport = network ?? OfflineTransport()
        let progress: any ProgressReporter = quiet || json ? SilentProgress() : LineProgress(console: console)
        let request = MatrixPipeline.Request(
            spec: spec, scale: scale, shard: base.shard,
            jobs: min(ProcessInfo.processInfo.activeProcessorCount, base.concurrency))
        let plain = {
            var plain = base
            plain.shard = nil
            return plain
        }()
        let total = MatrixPipeline.combinations(of: request).count
        let counter = Counter()
        let (quiet, json) = (quiet, json)
        let result = await Self.matrixUntilInterrupted(output: base.output) {
            let pipeline = MatrixPipeline(transport: transport, progress: progress)
            return await outcome { () async throws(ReportError) in
                try await pipeline.run(request, base: plain) { combination, summary in
                    let done = counter.next()
                    if !quiet && !json {
                        console.error(
                            "[\(done)/\(total)] \(Excerpt.location(combination.folder)): \(SummaryText.line(summary))")
                    }
                }
            }
        }
        await network?.shutdown()
        try reportMatrix(result, output: base.output, console: console)
    }

    private func reportMatrix(_ outcome: MatrixOutcome, output: URL, console: Console) throws {
        let summary: MatrixSummary
        switch outcome {
        case .finished(.success(let value)):
            summary = value
        case .finished(.failure(let error)):
            console.failure("[\(error.stage?.rawValue ?? "internal")] \(error.description)")
            if json { console.output(RunFailure(error).json) }
            throw ExitCode(1)
        case .interrupted(let signal):
            let message =
                "Interrupted by \(Interrupts.name(of: signal)): the run was cancelled and its temporary files removed; the previous output in \(Excerpt.location(output.path)) was left as it was."
            console.error(message)
            if json { console.output(RunFailure(message: message, exitCode: Interrupts.exitStatus(for: signal)).json) }
            throw ExitCode(Interrupts.exitStatus(for: signal))
        }
        let warnings = Self.distinctWarnings(summary)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            let value = MatrixJSON(output: summary.output, manifest: summary.manifest, combinations: summary.summaries)
            console.output(String(decoding: try encoder.encode(value), as: UTF8.self))
        } else if !quiet {
            for line in warnings { console.warning(line) }
            let count = summary.manifest.combinations.count
            let shard = summary.manifest.shard.map { " (matrix shard \($0))" } ?? ""
            console.error(
                "Wrote \(count) combination(s)\(shard) of \(summary.manifest.axes.map(\.key).joined(separator: " × ")) to \(Excerpt.location(summary.output)) with \(warnings.count) distinct warning(s)."
            )
        }
        if strict && !warnings.isEmpty {
            if !json { console.error("--strict: \(warnings.count) warning(s); exiting with code 3.") }
            throw ExitCode(3)
        }
    }

    /// Each warning once: with the folders it occurred in unless every combination has it.
    static func distinctWarnings(_ summary: MatrixSummary) -> [String] {
        var folders: [String: [String]] = [:]
        var order: [String] = []
        for (combination, report) in zip(summary.manifest.combinations, summary.summaries) {
            for line in SummaryText.warnings(report) {
                if folders[line] == nil { order.append(line) }
                folders[line, default: []].append(combination.folder)
            }
        }
        let all = summary.manifest.combinations.count
        return order.map { line in
            let places = folders[line] ?? []
            return places.count == all
                ? line : "\(line) (in \(places.map { Excerpt.location($0) }.joined(separator: ", ")))"
        }
    }

    /// How a matrix run ended.
    enum MatrixOutcome: Sendable {
        case finished(Result<MatrixSummary, ReportError>)
        /// A signal arrived; the run was cancelled.
        case interrupted(Int32)
    }

    /// Runs `body`; SIGINT or SIGTERM cancels it (its staging folder is removed as it unwinds),
    /// and a second signal ends the process at once.
    private static func matrixUntilInterrupted(
        output: URL, _ body: @escaping @Sendable () async -> Result<MatrixSummary, ReportError>
    ) async -> MatrixOutcome {
        let signals = Interrupts.stream(beforeExit: { ReportWriter.removeOwnStaging(for: output) }) { signal in
            "Interrupted by \(Interrupts.name(of: signal)): the run did not stop within a second, so it was ended and its temporary files removed; the previous output in \(Excerpt.location(output.path)) was left as it was."
        }
        return await withTaskGroup(of: MatrixOutcome?.self, returning: MatrixOutcome.self) { group in
            group.addTask { .finished(await body()) }
            group.addTask {
                var iterator = signals.makeAsyncIterator()
                guard let first = await iterator.next() else { return nil }
                return .interrupted(first)
            }
            var interrupted: Int32?
            while let next = await group.next() {
                switch next {
                case .finished(let result)?:
                    group.cancelAll()
                    return interrupted.map { .interrupted($0) } ?? .finished(result)
                case .interrupted(let signal)?:
                    interrupted = signal
                    group.cancelAll()
                    group.addTask {
                        var iterator = signals.makeAsyncIterator()
                        if let second = await iterator.next() { Foundation.exit(Interrupts.exitStatus(for: second)) }
                        return nil
                    }
                case nil:
                    continue
                }
            }
            return .interrupted(interrupted ?? SIGINT)
        }
    }
}

/// `generate --matrix --json`: the matrix manifest and every combination's summary.
private struct MatrixJSON: Encodable {
    var output: String
    var manifest: MatrixManifest
    var combinations: [ReportSummary]
}

/// Numbers the combinations as they finish.
private final class Counter: Sendable {
    private let value = Mutex(0)

    func next() -> Int {
        value.withLock {
            $0 += 1
            return $0
        }
    }
}
