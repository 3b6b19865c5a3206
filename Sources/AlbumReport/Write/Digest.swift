import AlbumReportCore
import CDigest
import Foundation

/// SHA-256 of the report's files and downloads, computed by the system's libcrypto, which uses
/// the CPU's SHA extensions where there are any (about 2 GB/s against the portable
/// `AlbumReportCore/SHA256`'s 0.2): a 100-card report hashes about 140 MB when it is written and
/// again when a refresh verifies it. Gives the same digests as the portable implementation,
/// which it falls back to if libcrypto fails.
public enum Digest {
    /// The lowercase hex SHA-256 of `data`.
    public static func sha256Hex(_ data: Data) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let ok = data.withUnsafeBytes { bytes in
            digest.withUnsafeMutableBufferPointer { out in
                // A non-null pointer for empty data: libcrypto reads nothing from it.
                ar_sha256(bytes.baseAddress ?? UnsafeRawPointer(out.baseAddress), bytes.count, out.baseAddress)
            }
        }
        return ok == 1 ? SHA256.lowercaseHex(digest) : SHA256.hex(of: data)
    }

}

/// A SHA-256 fed piece by piece (a sheet's PNG as its strips are encoded): libcrypto's, or the
/// portable implementation when libcrypto cannot start.
public final class RunningDigest {
    private var state: UnsafeMutableRawPointer?
    private var portable: SHA256?
    private var failed = false

    /// A digest of nothing yet.
    public init() {
        state = ar_sha256_begin()
        if state == nil { portable = SHA256() }
    }

    deinit {
        if let state { ar_sha256_free(state) }
    }

    /// Adds `data` to what is hashed.
    public func update(_ data: Data) {
        if portable != nil {
            portable?.update(data)
            return
        }
        guard let current = state else { return }
        let ok = data.withUnsafeBytes { bytes in
            ar_sha256_update(current, bytes.baseAddress ?? UnsafeRawPointer(current), bytes.count)
        }
        if ok != 1 {
            ar_sha256_free(current)
            state = nil
            failed = true
        }
    }

    /// The hex digest, or nil when libcrypto failed part way (the bytes are gone by then). Call once.
    public func finalize() -> String? {
        if var portable { return SHA256.lowercaseHex(portable.finalize()) }
        guard let current = state, !failed else { return nil }
        state = nil
        var digest = [UInt8](repeating: 0, count: 32)
        let ok = digest.withUnsafeMutableBufferPointer { ar_sha256_end(current, $0.baseAddress) }
        return ok == 1 ? SHA256.lowercaseHex(digest) : nil
    }
}
