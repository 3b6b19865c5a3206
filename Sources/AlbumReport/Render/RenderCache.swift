import AlbumReportCore
import Foundation

/// Reuses the previous report's PNGs when nothing that shapes them changed: each rendered screen
/// carries a key (a SHA-256 of the item data, the artwork bytes, the device, the theme, the
/// locale, the compression level and the renderer version) in the manifest, and a screen whose
/// key matches is copied from the previous report instead of being drawn again.
struct RenderCache: Sendable {
    /// Bump when the renderer's output changes for the same inputs.
    static let rendererVersion = "albumreport-renderer-3"

    private struct Entry: Sendable {
        var key: String
        var sha256: String
        var width: Int
        var height: Int
    }

    private let output: URL
    private let entries: [String: Entry]

    /// The previous report in `output`, if its manifest can be read.
    init(output: URL) {
        self.output = output
        guard let data = try? Data(contentsOf: output.appendingPathComponent(ReportWriter.manifestName)),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        else {
            entries = [:]
            return
        }
        var entries: [String: Entry] = [:]
        for screen in manifest.screens {
            guard let key = screen.renderKey, let file = manifest.files.first(where: { $0.path == screen.file }) else {
                continue
            }
            entries[screen.file] = Entry(
                key: key, sha256: file.sha256, width: file.widthPixels, height: file.heightPixels)
        }
        self.entries = entries
    }

    /// The previous PNG at `path` when its key is `key` and its bytes are intact.
    func reuse(path: String, key: String) -> (png: Data, width: Int, height: Int)? {
        guard let entry = entries[path], entry.key == key, ReportWriter.isSafeRelativePath(path),
            let data = try? Data(contentsOf: output.appendingPathComponent(path)),
            SHA256.hex(of: data) == entry.sha256
        else { return nil }
        return (data, entry.width, entry.height)
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
