import AlbumReport
import AlbumReportCommandSupport
import AlbumReportCompare
import AlbumReportCompareCommand
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

    /// Runs the command line (``CommandEntry/execute(_:usageExitCode:)``).
    public static func execute() async {
        // PNGs that compare decodes whole are inflated by libdeflate, twice zlib's speed.
        WholeStreamInflater.install { GraphicsRuntime.inflateZlib($0, $1, $2, $3) }
        await CommandEntry.execute(Self.self, usageExitCode: usageExitCode(arguments:))
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
