/// The tool's version, recorded in the manifest and sent as the HTTP User-Agent.
public enum AlbumReportVersion {
    /// Semantic version of this build.
    public static let current = "0.1.0"
}
