import AlbumReport
import AlbumReportGraphics
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

    /// Like ArgumentParser's own entry point, except that a command may choose the exit code of
    /// its usage errors: `compare` exits 2, as golden-image tools do (`generate` keeps 64,
    /// EX_USAGE). The failing command is the one the parser names in its error, so options in
    /// any order, before or after the subcommand, give the same code.
    static func main() async {
        // Each card's large buffers go back to the system when it is written: a 1,000-item report
        // peaks about 10 % above a 100-item one instead of 15–35 % (README, Figures).
        GraphicsRuntime.keepResidentMemorySteady()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure,
                let command = failingCommand(error) as? any UsageExitCode.Type
            {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(command.usageExitCode)
            }
            exit(withError: error)
        }
    }

    /// The (sub)command whose arguments did not parse, as ArgumentParser records it in its error.
    static func failingCommand(_ error: any Error) -> (any ParsableCommand.Type)? {
        let stack = Mirror(reflecting: error).children.first { $0.label == "commandStack" }?.value
        return (stack as? [any ParsableCommand.Type])?.last
    }
}

/// A command whose usage errors exit with a code of its own instead of 64.
protocol UsageExitCode {
    /// The exit code of a usage error.
    static var usageExitCode: Int32 { get }
}
