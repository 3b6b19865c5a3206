import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

extension Data {
    /// Writes the bytes to `url`, created or emptied (mode 0666 less the umask, as Foundation
    /// makes it), without forcing them to disk: Foundation's `write(to:)` ends with an fsync,
    /// which holds one of the cooperative pool's threads (a core's worth of drawing) for about
    /// 0.7 ms a file here, 0.07 s of a 100-card report and 1.7 s of a 24-combination matrix. For a
    /// report's files, staged in a folder of their own and swapped in whole: a crash before the
    /// swap leaves the previous report, and the kernel writes the new one out as it does any file.
    public func writeUnsynced(to url: URL) throws(POSIXError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var problem: Int32 = 0
        withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = systemWrite(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    problem = errno
                    return
                }
                offset += written
            }
        }
        // A full disk can be reported by close itself (network file systems).
        if close(descriptor) != 0, problem == 0 { problem = errno }
        guard problem == 0 else { throw POSIXError(POSIXErrorCode(rawValue: problem) ?? .EIO) }
    }
}

/// The C library's `write(2)` (inside `Data`, `write` names Data's own methods).
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
