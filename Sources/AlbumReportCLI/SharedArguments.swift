import AlbumReport
import AlbumReportCommandSupport
import AlbumReportCore
import ArgumentParser
import Foundation

/// Where a report is written, and with which templates: `generate`'s and `merge`'s.
struct OutputArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The folder the report is written to.", valueName: "dir"))
    var output: String = "Output"

    @OptionGroup var templateFolder: TemplatesArguments

    @Flag(help: "Write into a non-empty folder that holds no report of ours (your files there are kept).")
    var force = false

    func validate() throws {
        guard !output.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("--output is empty. Pass the folder the report is written to (default: Output).")
        }
    }

    /// `--output`, resolved against `directory`.
    func outputURL(in directory: URL) -> URL {
        URL(fileURLWithPath: output, relativeTo: directory).standardizedFileURL
    }

    /// `--templates`, resolved against `directory`.
    func templatesURL(in directory: URL?) -> URL? { templateFolder.templatesURL(in: directory) }
}

extension Shard {
    /// Parses `--shard I/N`, or says what it takes.
    static func argument(_ text: String) throws -> Shard {
        guard let shard = Shard(parsing: text) else {
            throw ValidationError("--shard must be I/N with 1 ≤ I ≤ N, e.g. 2/4.")
        }
        return shard
    }
}
