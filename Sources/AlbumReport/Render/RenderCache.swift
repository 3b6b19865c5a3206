import AlbumReportCore
import Foundation

/// Reuses the previous report's PNGs when nothing that shapes them changed: each rendered screen
/// carries a key (a SHA-256 of the item data, the artwork bytes, the device, the theme, the
/// locale, the compression level and the renderer version) in the manifest, and a screen whose
/// key matches is copied from the previous report instead of being drawn again.
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

    /// The previous report in `output`, if it has one.
    init(output: URL, previous: PreviousReport?) {
        self.output = output
        self.previous = previous
    }

    /// The previous PNG at `path` when its key is `key` and its bytes are intact.
    func reuse(path: String, key: String) -> Reused? {
        guard let previous, previous.renderKeys[path] == key, let file = previous.files[path],
            let data = try? Data(contentsOf: output.appendingPathComponent(path)),
            Digest.sha256Hex(data) == file.sha256
        else { return nil }
        return Reused(
            url: output.appendingPathComponent(path), png: data, width: file.widthPixels, height: file.heightPixels,
            sha256: file.sha256)
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
