import AlbumReportCore

extension RunFailure {
    /// `error` as `generate` reports it: its stage and sentence, exit code 1.
    public init(_ error: ReportError, exitCode: Int32 = 1) {
        self.init(stage: error.stage, message: error.description, exitCode: exitCode)
    }
}
