import AlbumReport
import AlbumReportCommandSupport
import AlbumReportCore
import AlbumReportGraphics
import ArgumentParser
import Foundation

/// `albumreport merge`: joins the shards of a sharded run into one report.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the folders written by `generate --shard I/N` (I = 1…N) into one report.",
        discussion: """
            The result is the report one run would have written: the same PNGs byte for byte, \
            manifest.json and index.html. Every shard must come from the same version, feed and \
            options; each file is checked against its shard's SHA-256.
            The shards of `generate --matrix … --shard I/N` are joined into the whole matrix the \
            same way (matrix and plain shards cannot be merged together).
            Exit codes: 0 merged; 1 a shard is missing, inconsistent or unreadable, or the report \
            could not be written (the message says which); 64 usage error (such as an --output \
            folder that is one of the shards, or inside one).
            """
    )

    @Argument(help: ArgumentHelp("The shards' output folders, in any order.", valueName: "shard-dir"))
    var shards: [String]

    @OptionGroup(title: "Output")
    var destination: OutputArguments

    @OptionGroup var quietness: QuietArgument

    /// `--quiet`.
    var quiet: Bool { quietness.quiet }

    func validate() throws {
        guard !shards.isEmpty else { throw ValidationError("Pass the output folders of every shard.") }
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if let problem = MergeTarget.problem(
            writing: destination.outputURL(in: directory), reading: shards.map(Self.resolve))
        {
            throw ValidationError(problem)
        }
    }

    /// `path` relative to the current folder.
    private static func resolve(_ path: String) -> URL {
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
    }

    func run() throws {
        // As `generate` sets malloc up (its policy before `compare` and `generate` had their own).
        GraphicsRuntime.keepResidentMemorySteady()
        let resolve = Self.resolve
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let console = Console()
        let (folders, target) = (shards.map(resolve), destination.outputURL(in: directory))
        let (templates, force) = (destination.templatesURL(in: directory), destination.force)
        if folders.contains(where: MatrixManifest.isMatrix(in:)) {
            return try mergeMatrix(folders, into: target, templates: templates, console: console)
        }
        let manifest = try merged(console) { () throws(ReportError) in
            try ReportMerger.merge(folders, into: target, templatesDirectory: templates, force: force)
        }
        if !quiet {
            for warning in manifest.warnings { console.warning(warning.description) }
            let cards = manifest.screens.filter { $0.kind == .card }.count
            console.error(
                "Merged \(shards.count) shards: \(manifest.items.count) rows and \(cards) cards in \(Excerpt.location(target.path)) with \(manifest.warnings.count) warning(s)."
            )
        }
    }

    /// Joins the shards of `generate --matrix … --shard I/N`.
    private func mergeMatrix(_ folders: [URL], into target: URL, templates: URL?, console: Console) throws {
        let force = destination.force
        let manifest = try merged(console) { () throws(ReportError) in
            try MatrixMerger.merge(folders, into: target, templatesDirectory: templates, force: force)
        }
        if !quiet {
            console.error(
                "Merged \(folders.count) matrix shards: \(manifest.combinations.count) combinations in \(Excerpt.location(target.path))."
            )
        }
    }

    /// `body`'s value; when it fails, its error is printed and the command exits with status 1.
    private func merged<T>(_ console: Console, _ body: () throws(ReportError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            console.failure("[merge] \(error.description)")
            throw ExitCode(1)
        }
    }
}
