import AlbumReportCore
import ArgumentParser
import Foundation

/// What a command prints: `generate`'s and `compare`'s (`merge` takes ``QuietArgument`` alone).
package struct ReportingArguments: ParsableArguments {
    @Flag(help: "Print a machine-readable JSON summary on standard output.")
    package var json = false

    @OptionGroup package var quietness: QuietArgument

    /// `--quiet`.
    package var quiet: Bool { quietness.quiet }

    package init() {}
}

/// `--quiet`: every command's.
package struct QuietArgument: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print nothing but errors (compare: and its summary line).")
    package var quiet = false

    package init() {}
}

/// `--templates`: the folder of the user's own templates, which `generate`, `merge` and `compare`
/// read before the built-in ones.
package struct TemplatesArguments: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A folder with your own templates: theme files, strings/CODE.json, index.mustache, matrix.mustache and compare.mustache (the built-in Templates/ otherwise).",
            valueName: "dir"))
    package var templates: String?

    package init() {}

    package func validate() throws {
        guard let templates else { return }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: templates, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError(
                "--templates \(Excerpt.printable(templates)) is not a folder. Pass a folder holding your themes or templates."
            )
        }
    }

    /// `--templates`, resolved against `directory`.
    package func templatesURL(in directory: URL?) -> URL? {
        templates.map { URL(fileURLWithPath: $0, relativeTo: directory).standardizedFileURL }
    }
}
