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
            throw Self.naming(ReportError(mapping: error), output: output, staging: staging)
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
            throw Self.naming(ReportError(mapping: error), output: output, staging: staging)
        }
    }

    /// Encodes `manifest` and commits it with `page` (unless the run was cancelled meanwhile).
    public func commit(_ manifest: some EncodableManifest, page: Data?) throws(ReportError) {
        let data = try ReportError.writing(Self.manifestName) { try manifest.encoded() }
        if Task.isCancelled { throw .cancelled }
        try commit(manifest: data, page: page)
    }

    /// A write failure named by the file of the output it was to become: a report is staged in a
    /// folder next to the output (a matrix's combinations each in one of its own inside that), named
    /// by this run (".iphone-15.albumreport-4711-0a1b2c3d"), while the output is what the user chose.
    static func naming(_ error: ReportError, output: URL, staging: URL) -> ReportError {
        guard case .write(let path, let detail) = error, path.hasPrefix(staging.path + "/") else { return error }
        let inside = path.dropFirst(staging.path.count + 1).split(separator: "/").map { component in
            // ".NAME.albumreport-PID-SUFFIX" stages the folder NAME.
            guard component.hasPrefix("."), let marker = component.range(of: ".albumreport-", options: .backwards)
            else { return String(component) }
            return String(component[component.index(after: component.startIndex)..<marker.lowerBound])
        }
        let named = inside.reduce(ReportWriter.resolved(output)) { $0.appendingPathComponent($1) }
        return .write(path: named.path, detail: detail)
    }
}
