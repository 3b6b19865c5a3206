import Foundation

extension Data {
    /// Writes the bytes to `url` atomically (a temporary file renamed into place), creating the
    /// folders on the way first.
    public func writeCreatingFolders(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try write(to: url, options: .atomic)
    }
}

extension Data {
    /// Writes the bytes to `url` through a short-named temporary file in the same folder
    /// (`.albumreport-XXXXXX`), renamed into place: the temporary name never outgrows the file
    /// system's name limit, however long the file's own name is, and a link at `url` is replaced,
    /// never written through. The folder must exist.
    public func writeAtomically(to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        var template = Array(folder.appendingPathComponent(".albumreport-XXXXXX").path.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        do {
            try handle.write(contentsOf: self)
            _ = fchmod(descriptor, 0o644)
            try handle.close()
        } catch {
            try? handle.close()
            unlink(temporary)
            throw error
        }
        guard rename(temporary, url.path) == 0 else {
            let code = errno
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }
}
