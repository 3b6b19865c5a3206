import AlbumReport
import AlbumReportCommandSupport
import AlbumReportCore
import ArgumentParser
import Foundation
import Synchronization

extension MatrixSpec {
    /// Parses `--matrix` (a file relative to the working folder, or the inline form), once.
    static func argument(_ text: String) throws -> MatrixSpec {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError(
                "--matrix is empty. Pass a matrix JSON file, or the inline form devices=iphone-15,ipad-10;themes=light,dark."
            )
        }
        do {
            return try MatrixSpec.parse(
                text, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        } catch {
            throw ValidationError(error.description)
        }
    }
}

/// `generate --matrix`: the command line's options are the base every combination starts from.
extension GenerateCommand {
    /// The checks `--matrix` adds to ``validate()``: its themes load, its languages exist, and a
    /// shard holds at least one combination.
    func validateMatrix() throws {
        guard let spec = matrix else { return }
        do {
            try spec.checkThemes(templatesDirectory: destination.templatesURL(in: nil))
        } catch {
            throw ValidationError(error.description)
        }
        // A language without a strings file is a usage error before anything runs, as with --language.
        let available = availableLanguages()
        for axis in spec.axes where axis.key == .languages {
            for language in axis.values
            where language != "auto"
                && !available.contains(where: { $0.caseInsensitiveCompare(language) == .orderedSame })
            {
                throw ValidationError(
                    "--matrix: language \(Excerpt.printable(language)) is not available. Choose from: \(available.map { Excerpt.identifier($0) }.joined(separator: ", ")); or add strings/\(Excerpt.printable(language)).json to a --templates folder."
                )
            }
        }
        let count = spec.combinations.count
        if let shard, shard.count > count {
            throw ValidationError(
                "--shard \(shard) splits the matrix's combinations, and it has only \(count): use --shard I/N with N ≤ \(count)."
            )
        }
    }

    /// Renders the matrix and reports it as `generate` reports one run.
    func runMatrix(_ spec: MatrixSpec) async throws {
        let base = try options(in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let console = Console()
        let network =
            offline ? nil : AsyncHTTPTransport(limits: base.limits, connectionsPerHost: max(base.concurrency, 8))
        let transport: any HTTPTransport = network ?? OfflineTransport()
        let (quiet, json) = (reporting.quiet, reporting.json)
        let progress: any ProgressReporter = quiet || json ? SilentProgress() : LineProgress(console: console)
        let request = MatrixPipeline.Request(
            spec: spec, shard: base.shard,
            jobs: min(ProcessInfo.processInfo.activeProcessorCount, base.concurrency))
        let plain = {
            var plain = base
            plain.shard = nil
            return plain
        }()
        let total = MatrixPipeline.combinations(of: request).count
        let counter = Counter()
        let ended = await Interrupts.run(writingTo: base.output, control: base.control) {
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
        try reportMatrix(ended, output: base.output, console: console)
    }

    private func reportMatrix(_ ended: Interruptible<MatrixSummary>, output: URL, console: Console) throws {
        let summary = try ended.value(console: console, json: reporting.json) { signal, completed in
            completed
                ? "Interrupted by \(Interrupts.name(of: signal)) after the matrix was complete; it was written to \(Excerpt.location(output.path))."
                : "Interrupted by \(Interrupts.name(of: signal)): the run was cancelled and its temporary files removed; the previous output in \(Excerpt.location(output.path)) was left as it was."
        }
        let warnings = summary.distinctWarnings
        if reporting.json {
            console.output(
                try SummaryText.json(
                    MatrixJSON(output: summary.output, manifest: summary.manifest, combinations: summary.summaries)))
        } else if !reporting.quiet {
            for line in warnings { console.warning(line) }
            let count = summary.manifest.combinations.count
            let shard = summary.manifest.shard.map { " (matrix shard \($0))" } ?? ""
            console.error(
                "Wrote \(count) combination(s)\(shard) of \(summary.manifest.axes.map(\.key).joined(separator: " × ")) to \(Excerpt.location(summary.output)) with \(warnings.count) distinct warning(s)."
            )
        }
        if strict && !warnings.isEmpty {
            if !reporting.json { console.error("--strict: \(warnings.count) warning(s); exiting with code 3.") }
            throw ExitCode(3)
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
