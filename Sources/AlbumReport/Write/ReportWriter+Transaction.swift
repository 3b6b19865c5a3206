import AlbumReportCore
import Foundation

/// A manifest that can be written as the report's `manifest.json`.
public protocol EncodableManifest: Sendable {
    /// The file's bytes.
    func encoded() throws -> Data
}

extension Manifest: EncodableManifest {}
extension MatrixManifest: EncodableManifest {}

extension ReportWriter {
    /// Runs `body` with this writer: on any error the staging folder is abandoned (the previous
    /// report is left as it was) and the error is mapped to a ``ReportError``. The one scope every
    /// writer of a report — a run, a matrix, either merger — works in.
    public func transaction<Value>(_ body: (ReportWriter) throws -> Value) throws(ReportError) -> Value {
        do {
            return try body(self)
        } catch {
            abandon()
            throw ReportError(mapping: error)
        }
    }

    /// ``transaction(_:)`` for a body that awaits.
    public func transaction<Value>(
        _ body: (ReportWriter) async throws -> Value
    ) async throws(ReportError) -> Value {
        do {
            return try await body(self)
        } catch {
            abandon()
            throw ReportError(mapping: error)
        }
    }

    /// Encodes `manifest` and commits it with `page` (unless the run was cancelled meanwhile).
    public func commit(_ manifest: some EncodableManifest, page: Data?) throws(ReportError) {
        let data = try ReportError.writing(Self.manifestName) { try manifest.encoded() }
        if Task.isCancelled { throw .cancelled }
        try commit(manifest: data, page: page)
    }
}
