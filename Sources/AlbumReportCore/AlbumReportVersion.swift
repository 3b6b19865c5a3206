/// The tool's version, recorded in the manifest and sent as the HTTP User-Agent.
public enum AlbumReportVersion {
    /// Semantic version of this build: the VERSION file's (`make dist` stops when they differ).
    public static let current = "0.4.0"
}
