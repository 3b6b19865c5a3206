import AlbumReport
import AlbumReportCore
import ArgumentParser
import Foundation

/// Where a report is written, and with which templates: `generate`'s and `merge`'s.
struct OutputArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The folder the report is written to.", valueName: "dir"))
    var output: String = "Output"

    @Option(
        help: ArgumentHelp(
            "A folder with your own theme files, strings/CODE.json and index.mustache (the built-in Templates/ otherwise).",
            valueName: "dir"))
    var templates: String?

    @Flag(help: "Write into a non-empty folder that holds no report of ours (your files there are kept).")
    var force = false

    func validate() throws {
        guard !output.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("--output is empty. Pass the folder the report is written to (default: Output).")
        }
        if let templates {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: templates, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError(
                    "--templates \(Excerpt.printable(templates)) is not a folder. Pass a folder holding your themes or index.mustache."
                )
            }
        }
    }

    /// `--output`, resolved against `directory`.
    func outputURL(in directory: URL) -> URL {
        URL(fileURLWithPath: output, relativeTo: directory).standardizedFileURL
    }

    /// `--templates`, resolved against `directory`.
    func templatesURL(in directory: URL?) -> URL? {
        templates.map { URL(fileURLWithPath: $0, relativeTo: directory).standardizedFileURL }
    }
}

/// What a command prints: `generate`'s and `compare`'s.
struct ReportingArguments: ParsableArguments {
    @Flag(help: "Print a machine-readable JSON summary on standard output.")
    var json = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors (compare: and its summary line).")
    var quiet = false
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
