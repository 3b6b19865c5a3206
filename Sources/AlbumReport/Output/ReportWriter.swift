import AlbumReportCore
import Foundation

/// Writes a report: every file is first written into a staging folder inside the output folder,
/// then renamed into place (atomic per file), the manifest last. Files that an earlier run wrote
/// (listed in its manifest) and this run did not are removed; nothing else is ever touched.
public struct ReportWriter: Sendable {
    /// The output folder.
    public let output: URL
    /// Where this run's files wait until the report is complete.
    public let staging: URL

    /// The manifest's file name.
    public static let manifestName = "manifest.json"

    /// Creates the output and staging folders.
    public static func prepare(output: URL) throws(ReportError) -> ReportWriter {
        let staging = output.appendingPathComponent(".albumreport-staging-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .write(path: output.path, detail: error.localizedDescription)
        }
        return ReportWriter(output: output, staging: staging)
    }

    /// Writes `data` to `relativePath` in the staging folder and returns its size and SHA-256.
    public func stage(_ data: Data, at relativePath: String) throws(ReportError) -> (bytes: Int, sha256: String) {
        let url = staging.appendingPathComponent(relativePath)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        } catch {
            throw .write(path: url.path, detail: error.localizedDescription)
        }
        return (data.count, SHA256.hex(of: data))
    }

    /// Moves the staged `files` into place, writes the manifest, removes what the previous
    /// report had and this one does not, and deletes the staging folder.
    public func commit(files: [String], manifest: Data) throws(ReportError) {
        let previous = previousFiles()
        let manager = FileManager.default
        for relativePath in files {
            let source = staging.appendingPathComponent(relativePath)
            let target = output.appendingPathComponent(relativePath)
            do {
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                if rename(source.path, target.path) != 0 {
                    throw CocoaError(
                        .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
                }
            } catch {
                throw .write(path: target.path, detail: error.localizedDescription)
            }
        }
        let current = Set(files)
        for stale in previous where !current.contains(stale) && Self.isSafeRelativePath(stale) {
            try? manager.removeItem(at: output.appendingPathComponent(stale))
        }
        do {
            try manifest.write(to: output.appendingPathComponent(Self.manifestName), options: .atomic)
        } catch {
            throw .write(
                path: output.appendingPathComponent(Self.manifestName).path, detail: error.localizedDescription)
        }
        abandon()
    }

    /// Removes the staging folder (after a failure, or once committed).
    public func abandon() {
        try? FileManager.default.removeItem(at: staging)
    }

    /// The files the previous report in this folder recorded as its own.
    private func previousFiles() -> [String] {
        let url = output.appendingPathComponent(Self.manifestName)
        guard let data = try? Data(contentsOf: url),
            let manifest = try? JSONDecoder().decode(PreviousManifest.self, from: data)
        else { return [] }
        return manifest.files.map(\.path)
    }

    private struct PreviousManifest: Decodable {
        struct File: Decodable { var path: String }
        var files: [File]
    }

    /// A relative path with no `..`, no leading `/` and no empty components.
    static func isSafeRelativePath(_ path: String) -> Bool {
        guard !path.hasPrefix("/"), !path.isEmpty else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".."
        }
    }
}
