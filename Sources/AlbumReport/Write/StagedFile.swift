import AlbumReportCore
import CFileSwap
import Foundation
import Synchronization

/// A staged file written piece by piece (a sheet's PNG as its strips are encoded), hashed as it
/// goes. Used by one task at a time.
public final class StagedFile {
    let url: URL
    private let handle: FileHandle
    private let hasher = RunningDigest()
    private var bytes = 0
    private var failure: String?

    init(url: URL, handle: FileHandle) {
        self.url = url
        self.handle = handle
    }

    /// Appends `data`; a failure is kept and reported by ``close()``.
    public func write(_ data: Data) {
        guard failure == nil else { return }
        do {
            try handle.write(contentsOf: data)
            hasher.update(data)
            bytes += data.count
        } catch {
            failure = FileProblem.describe(error)
        }
    }

    /// Closes the file and returns its size and SHA-256.
    public func close() throws(ReportError) -> (bytes: Int, sha256: String) {
        do {
            try handle.close()
        } catch {
            failure = failure ?? FileProblem.describe(error)
        }
        if let failure { throw .write(path: url.path, detail: failure) }
        guard let digest = hasher.finalize() else {
            throw .write(path: url.path, detail: "its SHA-256 could not be computed (libcrypto failed)")
        }
        return (bytes, digest)
    }
}

extension ReportWriter {
    /// Writes `data` to `url`, created or emptied (mode 0666 less the umask, as Foundation makes
    /// it), and starts its writeback without waiting for it. Foundation's `write(to:)` ended with
    /// an fsync, which held one of the cooperative pool's threads (a core's worth of drawing)
    /// about 0.7 ms a file here: 0.07 s of a 100-card report, 1.7 s of a 24-combination matrix.
    /// ``commit(manifest:page:)`` waits once, for the whole staged report, before the swap.
    package static func writeStaged(_ data: Data, to url: URL) throws(POSIXError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var problem: Int32 = 0
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    problem = errno
                    return
                }
                offset += written
            }
        }
        // Advice only: where it is refused, the flush before the swap writes the file.
        if problem == 0 { _ = albumreport_start_writeback(descriptor) }
        // A full disk can be reported by close itself (network file systems).
        if close(descriptor) != 0, problem == 0 { problem = errno }
        guard problem == 0 else { throw POSIXError(POSIXErrorCode(rawValue: problem) ?? .EIO) }
    }
}
