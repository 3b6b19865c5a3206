import AlbumReport
import ArgumentParser

/// `albumreport`: renders Apple's Top Albums chart as PNG screens.
@main
struct AlbumReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "albumreport",
        abstract: "Render Apple's Top Albums chart as PNG screens: a table sheet and one detail card per album.",
        discussion: """
            Exit codes: 0 report written; 1 the feed could not be fetched or decoded, or the report could \
            not be written; 3 report written but --strict found warnings; 64 usage error.
            """,
        version: AlbumReportVersion.current,
        subcommands: [GenerateCommand.self, DevicesCommand.self]
    )
}
