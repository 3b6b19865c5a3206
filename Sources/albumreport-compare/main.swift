import AlbumReportCommandSupport
import AlbumReportCompareCommand

// `albumreport compare` as a command of its own: the compare-only tarball's executable.
await StandaloneCompareCommand.execute()
