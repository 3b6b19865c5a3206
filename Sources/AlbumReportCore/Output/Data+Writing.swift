import Foundation

extension Data {
    /// Writes the bytes to `url` atomically (a temporary file renamed into place), creating the
    /// folders on the way first.
    public func writeCreatingFolders(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try write(to: url, options: .atomic)
    }
}
