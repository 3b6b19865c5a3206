import AlbumReport
import ArgumentParser
import Foundation

/// `albumreport`: renders Apple's Top Albums chart as PNG screens.
@main
struct AlbumReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "albumreport",
        abstract: "Render Apple's Top Albums chart as PNG screens: a table sheet and one detail card per album.",
        discussion: """
            generate exits 0 when the report was written; 1 when the feed could not be fetched or decoded \
            or the report could not be written; 3 when the report was written but --strict found \
            warnings; 64 on a usage error; 130/143 when interrupted by SIGINT/SIGTERM. merge exits 0, 1 or 64 \
            likewise. compare exits 0 when everything matches, 1 on any mismatch, \
            2 on a usage or I/O error.
            """,
        version: AlbumReportVersion.current,
        subcommands: [GenerateCommand.self, MergeCommand.self, CompareCommand.self, DevicesCommand.self]
    )

    /// Like ArgumentParser's own entry point, except that `compare` reports usage errors with
    /// exit code 2, as golden-image tools do (`generate` keeps 64, EX_USAGE).
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure && arguments.first == "compare" {
                let message = fullMessage(for: error)
                FileHandle.standardError.write(Data((message + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
