import AlbumReportCLI

// The commands live in AlbumReportCLI, where tests call them; this is only the entry point.
await AlbumReportCommand.execute()
