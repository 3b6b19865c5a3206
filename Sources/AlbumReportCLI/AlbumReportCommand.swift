import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import ArgumentParser
import Foundation

/// `albumreport`: renders Apple's Top Albums chart as PNG screens.
public struct AlbumReportCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
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
    /// its usage errors (`compare` exits 2, as golden-image tools do; `generate` keeps 64,
    /// EX_USAGE), and that an argument holding a line break or another control character is
    /// refused before parsing, quoted: a message that printed it raw could start a line of its
    /// own (under GitHub Actions, a workflow command).
    public static func execute() async {
        // Each card's large buffers go back to the system when it is written: a 1,000-item report
        // peaks about 10 % above a 100-item one instead of 15–35 % (README, Figures).
        GraphicsRuntime.keepResidentMemorySteady()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let message = ArgumentCheck.controlCharacters(in: arguments) {
            FileHandle.standardError.write(Data(("Error: \(message)\n").utf8))
            Foundation.exit(usageExitCode(arguments: arguments))
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(usageExitCode(arguments: arguments))
            }
            exit(withError: error)
        }
    }

    /// The root command (it only names the subcommands).
    public init() {}

    /// The exit code of a usage error in `arguments`: the subcommand's own (the first argument
    /// that is not an option names it: the root command's options take no values), else 64.
    static func usageExitCode(arguments: [String]) -> Int32 {
        let name = arguments.first { !$0.hasPrefix("-") }
        let command = configuration.subcommands.first { $0.configuration.commandName == name }
        return (command as? any UsageExitCode.Type)?.usageExitCode ?? ExitCode.validationFailure.rawValue
    }
}

/// A command whose usage errors exit with a code of its own instead of 64.
protocol UsageExitCode {
    /// The exit code of a usage error.
    static var usageExitCode: Int32 { get }
}

/// Checks on the raw arguments, before they are parsed.
enum ArgumentCheck {
    /// A sentence naming the first argument that holds a control character (a line break, a
    /// tab, an escape), quoted; nil when there is none.
    static func controlCharacters(in arguments: [String]) -> String? {
        guard
            let argument = arguments.first(where: { argument in
                argument.unicodeScalars.contains { $0.properties.generalCategory == .control }
            })
        else { return nil }
        return
            "The argument '\(Excerpt.printable(argument))' holds a line break or another control character, which no option of albumreport takes. Pass it without them."
    }
}
