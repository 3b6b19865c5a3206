import AlbumReportCore
import ArgumentParser
import Foundation

/// What every executable of this package does around its root command: arguments checked raw
/// before parsing, and usage errors exiting with the command's own code.
package enum CommandEntry {
    /// Like ArgumentParser's own entry point, except that a command may choose the exit code of
    /// its usage errors (`compare` exits 2, as golden-image tools do; `generate` keeps 64,
    /// EX_USAGE), and that an argument holding a line break or another control character is
    /// refused before parsing, quoted: a message that printed it raw could start a line of its
    /// own (under GitHub Actions, a workflow command). `usageExitCode` gives the exit code of a
    /// usage error in the arguments.
    package static func execute<Root: ParsableCommand>(
        _ root: Root.Type, usageExitCode: ([String]) -> Int32
    ) async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let message = ArgumentCheck.controlCharacters(in: arguments) {
            FileHandle.standardError.write(Data(("Error: \(message)\n").utf8))
            Foundation.exit(usageExitCode(arguments))
        }
        do {
            var command = try Root.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if Root.exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((Root.fullMessage(for: error) + "\n").utf8))
                Foundation.exit(usageExitCode(arguments))
            }
            Root.exit(withError: error)
        }
    }
}

/// A command whose usage errors exit with a code of its own instead of 64.
package protocol UsageExitCode {
    /// The exit code of a usage error.
    static var usageExitCode: Int32 { get }
}

/// Checks on the raw arguments, before they are parsed.
package enum ArgumentCheck {
    /// A sentence naming the first argument that holds a control character (a line break, a
    /// tab, an escape), quoted; nil when there is none.
    package static func controlCharacters(in arguments: [String]) -> String? {
        guard
            let argument = arguments.first(where: { argument in
                argument.unicodeScalars.contains { $0.properties.generalCategory == .control }
            })
        else { return nil }
        return
            "The argument '\(Excerpt.printable(argument))' holds a line break or another control character, which no option of albumreport takes. Pass it without them."
    }
}
