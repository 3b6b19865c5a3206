import AlbumReportCore
import Foundation

/// Reuses the previous report's PNGs when nothing that shapes them changed: each rendered screen
/// carries a key (a SHA-256 of the item data, the artwork bytes, the device, the theme, the
/// locale, the compression level and the renderer version) in the manifest, and a screen whose
/// key matches is linked from the previous report instead of being drawn again.
///
/// The guarantee: a reused PNG has exactly the bytes a cold run would draw, and nothing is
/// trusted that was not verified. The previous report's manifest alone never proves a PNG:
/// anyone who can replace a card can edit its digest there too. A PNG is reused only when its
/// key is the manifest's and one of two proofs holds:
///
/// - **Its SHA-256** (read whole and hashed) is the manifest's digest and — with a download
///   cache — the digest the cache's own record of the key (`renders/KEY`) names.
/// - **Its file identity** (``FileIdentity``: device, inode, size, modification and change times
///   to the nanosecond) is the one `renders/KEY` recorded beside that digest, which itself must be
///   the manifest's. The record is written once the report holding the PNG is in place, for a PNG
///   whose bytes were proven then: drawn by that run (its identity unchanged since it was
///   written) or reused by it (by either proof, the same file since). Any change to a file's
///   bytes since — written in place, replaced, restored from a copy, its modification time set
///   back — gives it another change time, which only the kernel sets; so such a file is read and
///   hashed again, and reused only when it still hashes to the recorded digest. Records wait until
///   the file system's clock has moved past the files' change times, so that a change made in the
///   same clock tick cannot keep them.
///
/// What this does not cover: a change made to a reused PNG *during* the run that records it
/// (between its proof and the record) with its modification time set back, by someone able to
/// write the output folder and race the run, is recorded as unchanged; so are a clock set back by
/// root and a forged `renders/KEY` (the cache is as trusted as the PNGs themselves). Without a
/// download cache there are no records: every reused PNG is hashed. `--refresh` reuses nothing:
/// every screen is drawn again.
struct RenderCache: Sendable {
    /// Bump when the renderer's output changes for the same inputs.
    static let rendererVersion = "albumreport-renderer-12"

    /// A previous PNG, verified and staged in the new report.
    struct Reused: Sendable {
        /// How its bytes were proven.
        enum Proof: Sendable, Equatable {
            /// Its file identity is the one recorded with its digest (not read).
            case identity
            /// Read whole and hashed.
            case digest
        }

        var width: Int
        var height: Int
        var bytes: Int
        var sha256: String
        var proof: Proof
    }

    private let output: URL
    private let previous: PreviousReport?
    /// Where the digests (and file identities) of rendered PNGs are recorded by key (nil: no
    /// download cache).
    let proofs: URL?
    /// What this run reused, and the proofs it records once its report is in place.
    let ledger = ReuseLedger()

    /// The previous report in `output`, if it has one (none is used when `refresh`), with the
    /// render records under `cacheDirectory`.
    init(output: URL, previous: PreviousReport?, cacheDirectory: URL? = nil, refresh: Bool = false) {
        self.output = output
        self.previous = refresh ? nil : previous
        proofs = cacheDirectory?.appendingPathComponent("renders", isDirectory: true)
    }

    /// Stages the previous PNG at `path` in `writer`'s report when its key is `key` and its bytes
    /// are proven (see the type's summary); nil when it must be drawn.
    func reuse(path: String, key: String, writer: ReportWriter) throws(ReportError) -> Reused? {
        let start = ContinuousClock.now
        defer { ledger.add(seconds: (ContinuousClock.now - start).seconds) }
        guard let reused = try proveAndStage(path: path, key: key, writer: writer) else { return nil }
        ledger.count(reused.proof)
        return reused
    }

    /// The summary's figure: how many previous PNGs were reused, by which proof, in how long.
    var figure: ReportSummary.StageFigure { ledger.figure }

    private func proveAndStage(path: String, key: String, writer: ReportWriter) throws(ReportError) -> Reused? {
        guard let previous, previous.renderKeys[path] == key, let file = previous.files[path],
            ContainedPath.firstLink(under: output, relative: path) == nil
        else { return nil }
        let record = recorded(key)
        if proofs != nil, record?.sha256 != file.sha256 { return nil }
        let url = output.appendingPathComponent(path)
        // Not following a link, and never blocking on a FIFO put in the PNG's place.
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let identity = FileIdentity.of(descriptor: descriptor) else { return nil }
        func fits(_ header: ImageHeader?) -> ImageHeader? {
            guard let header, header.format == .png, header.width == file.widthPixels,
                header.height == file.heightPixels
            else { return nil }
            return header
        }

        if let known = record?.identity, known == identity, let header = fits(Self.header(of: descriptor)),
            try writer.linkReused(url, at: path, sameFileAs: identity)
        {
            ledger.add(.init(key: key, path: path, sha256: file.sha256, identity: identity, changeTimeKnown: false))
            return Reused(
                width: header.width, height: header.height, bytes: Int(identity.size), sha256: file.sha256,
                proof: .identity)
        }

        guard let data = Self.contents(of: descriptor), let header = fits(ImageHeader.read(data.prefix(64))),
            Digest.sha256Hex(data) == file.sha256
        else { return nil }
        if try writer.linkReused(url, at: path, sameFileAs: identity) {
            ledger.add(.init(key: key, path: path, sha256: file.sha256, identity: identity, changeTimeKnown: false))
        } else {
            _ = try writer.stage(data, at: path, knownSHA256: file.sha256)
            noteStaged(key: key, sha256: file.sha256, path: path, writer: writer)
        }
        return Reused(
            width: header.width, height: header.height, bytes: data.count, sha256: file.sha256, proof: .digest)
    }

    /// Notes that `key` rendered the PNG just staged at `path` with SHA-256 `sha256`, to be
    /// recorded once the report is in place (``recordProofs(in:)``).
    func record(key: String, sha256: String, stagedAt path: String, by writer: ReportWriter) {
        noteStaged(key: key, sha256: sha256, path: path, writer: writer)
    }

    private func noteStaged(key: String, sha256: String, path: String, writer: ReportWriter) {
        guard proofs != nil, Self.isKey(key) else { return }
        // Taken right after the write: from here on, its change time says whether it changed.
        let identity = FileIdentity.of(path: writer.staging.appendingPathComponent(path).path)
        ledger.add(.init(key: key, path: path, sha256: sha256, identity: identity, changeTimeKnown: true))
    }

    // MARK: - Reading the previous PNG

    /// The first bytes of the open file, parsed as an image header.
    private static func header(of descriptor: Int32) -> ImageHeader? {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return ImageHeader.read(bytes.prefix(count))
    }

    /// The whole open file.
    private static func contents(of descriptor: Int32) -> Data? {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { return nil }
        return try? FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readToEnd() ?? Data()
    }

    // MARK: - Keys

    /// A key is 64 lowercase hex digits (a file name, never a path).
    static func isKey(_ key: String) -> Bool {
        key.utf8.count == 64 && key.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// A key over `parts`.
    static func key(_ parts: [String]) -> String {
        SHA256.hex(of: Data(parts.joined(separator: "\u{1F}").utf8))
    }

    /// Stable JSON of a value, for keys.
    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
