import AlbumReportCore
import Foundation

/// Reuses the previous report's PNGs when nothing that shapes them changed: each rendered screen
/// carries a key (a SHA-256 of the item data, the artwork bytes, the device, the theme, the
/// locale, the compression level and the renderer version) in the manifest, and a screen whose
/// key matches is copied from the previous report instead of being drawn again.
struct RenderCache: Sendable {
    /// Bump when the renderer's output changes for the same inputs.
    static let rendererVersion = "albumreport-renderer-4"

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
        // Only what reuse needs is decoded: the items and frames of a large manifest are skipped.
        struct Previous: Decodable {
            struct File: Decodable {
                var path: String
                var sha256: String
                var widthPixels: Int
                var heightPixels: Int
            }
            struct Screen: Decodable {
                var file: String
                var renderKey: String?
            }
            var files: [File]
            var screens: [Screen]
        }
        guard let data = try? Data(contentsOf: output.appendingPathComponent(ReportWriter.manifestName)),
            let manifest = try? JSONDecoder().decode(Previous.self, from: data)
        else {
            entries = [:]
            return
        }
        var entries: [String: Entry] = [:]
        let files = Dictionary(manifest.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for screen in manifest.screens {
            guard let key = screen.renderKey, let file = files[screen.file] else { continue }
            entries[screen.file] = Entry(
                key: key, sha256: file.sha256, width: file.widthPixels, height: file.heightPixels)
        }
        self.entries = entries
    }

    /// The previous PNG at `path` when its key is `key` and its bytes are intact.
    func reuse(path: String, key: String) -> (png: Data, width: Int, height: Int, sha256: String)? {
        guard let entry = entries[path], entry.key == key, ReportWriter.isSafeRelativePath(path),
            let data = try? Data(contentsOf: output.appendingPathComponent(path)),
            SHA256.hex(of: data) == entry.sha256
        else { return nil }
        return (data, entry.width, entry.height, entry.sha256)
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
