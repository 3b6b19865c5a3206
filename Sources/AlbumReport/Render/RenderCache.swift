import AlbumReportCore
import Foundation

/// Reuses the previous report's PNGs when nothing that shapes them changed: each rendered screen
/// carries a key (a SHA-256 of the item data, the artwork bytes, the device, the theme, the
/// locale, the compression level and the renderer version) in the manifest, and a screen whose
/// key matches is copied from the previous report instead of being drawn again.
///
/// The previous report's manifest alone never proves a PNG: anyone who can replace a card can
/// edit its digest there too. A PNG is reused only when its bytes on disk hash to the manifest's
/// digest, its header declares the manifest's size, and — with a download cache — the cache's
/// own record of what this key rendered (`renders/KEY`, written when the PNG was drawn) names
/// the same digest. `--refresh` reuses nothing: every screen is drawn again.
struct RenderCache: Sendable {
    /// Bump when the renderer's output changes for the same inputs.
    static let rendererVersion = "albumreport-renderer-5"

    /// A previous PNG that can be used as it is.
    struct Reused: Sendable {
        /// The file in the previous report, verified.
        var url: URL
        var png: Data
        var width: Int
        var height: Int
        var sha256: String
    }

    private let output: URL
    private let previous: PreviousReport?
    /// Where the digests of rendered PNGs are recorded by key (nil: no download cache).
    private let proofs: URL?

    /// The previous report in `output`, if it has one (none is used when `refresh`), with the
    /// render records under `cacheDirectory`.
    init(output: URL, previous: PreviousReport?, cacheDirectory: URL? = nil, refresh: Bool = false) {
        self.output = output
        self.previous = refresh ? nil : previous
        proofs = cacheDirectory?.appendingPathComponent("renders", isDirectory: true)
    }

    /// The previous PNG at `path` when its key is `key` and its bytes are proven intact.
    func reuse(path: String, key: String) -> Reused? {
        guard let previous, previous.renderKeys[path] == key, let file = previous.files[path],
            ContainedPath.firstLink(under: output, relative: path) == nil,
            let data = try? Data(contentsOf: output.appendingPathComponent(path)),
            let header = ImageHeader.read(data.prefix(64)), header.format == .png,
            header.width == file.widthPixels, header.height == file.heightPixels
        else { return nil }
        let digest = Digest.sha256Hex(data)
        guard digest == file.sha256, vouches(key: key, sha256: digest) else { return nil }
        return Reused(
            url: output.appendingPathComponent(path), png: data, width: header.width, height: header.height,
            sha256: digest)
    }

    /// Records that `key` rendered a PNG whose SHA-256 is `sha256` (best effort: a cache that
    /// cannot be written only means the next run draws the screen again).
    func record(key: String, sha256: String) {
        guard let proofs, Self.isKey(key) else { return }
        try? FileManager.default.createDirectory(at: proofs, withIntermediateDirectories: true)
        try? Data(sha256.utf8).writeAtomically(to: proofs.appendingPathComponent(key))
    }

    /// Whether the render records agree that `key` rendered `sha256` (always, without a cache).
    private func vouches(key: String, sha256: String) -> Bool {
        guard let proofs else { return true }
        guard Self.isKey(key), let recorded = try? Data(contentsOf: proofs.appendingPathComponent(key)) else {
            return false
        }
        return String(decoding: recorded, as: UTF8.self) == sha256
    }

    /// A key is 64 lowercase hex digits (a file name, never a path).
    private static func isKey(_ key: String) -> Bool {
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
