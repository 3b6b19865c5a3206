import AlbumReportCore
import Foundation

/// What a report folder's `manifest.json` tells a comparison: where each element of each screen
/// is (for `--mask-element`), and which fonts and library versions drew it (for drift). Only
/// those parts are read.
struct ReportFacts: Sendable {
    private struct Schema: Decodable {
        struct Font: Decodable, Hashable {
            var family: String
            var weight: String
            var file: String
        }
        struct Screen: Decodable {
            struct Element: Decodable {
                var name: String
                var pixels: PixelRect
            }
            var file: String
            var elements: [Element]
        }
        var generator: String
        var fonts: [Font]
        var libraries: [String: String]?
        var screens: [Screen]
    }

    let generator: String
    let fonts: [String]
    let libraries: [String: String]
    /// Per file, per element name, its frames in pixels.
    let frames: [String: [String: [PixelRect]]]

    /// The facts of the report in `folder`; nil when it has no readable manifest.
    init?(folder: URL) {
        guard case .success(let manifest) = ManifestFile.read(Schema.self, in: folder, followingLinks: false) else {
            return nil
        }
        generator = manifest.generator
        fonts = manifest.fonts.map { "\($0.family) \($0.weight) (\(URL(fileURLWithPath: $0.file).lastPathComponent))" }
        libraries = manifest.libraries ?? [:]
        var frames: [String: [String: [PixelRect]]] = [:]
        for screen in manifest.screens {
            for element in screen.elements {
                frames[screen.file, default: [:]][element.name, default: []].append(element.pixels)
            }
        }
        self.frames = frames
    }

    /// Every element name the manifest places, on any screen.
    var elementNames: Set<String> {
        frames.values.reduce(into: Set<String>()) { $0.formUnion($1.keys) }
    }

    /// The frames of the elements called `names` on the screen in `file`.
    func elementMasks(for file: String, names: [String]) -> [PixelRect] {
        guard !names.isEmpty, let screen = frames[file] else { return [] }
        return names.flatMap { screen[$0] ?? [] }
    }

    /// Sentences naming what differs between the fonts and libraries of two reports.
    static func drift(expected: ReportFacts?, actual: ReportFacts?) -> [String] {
        guard let expected, let actual else { return [] }
        var lines: [String] = []
        if expected.fonts != actual.fonts {
            let gone = expected.fonts.filter { !actual.fonts.contains($0) }
            let added = actual.fonts.filter { !expected.fonts.contains($0) }
            lines.append(
                "Fonts differ: the goldens were drawn with \(gone.joined(separator: ", ")) where this run used \(added.joined(separator: ", ")). Install the goldens' fonts, or re-record the goldens on this runner."
            )
        }
        let names = Set(expected.libraries.keys).union(actual.libraries.keys).sorted()
        let changed = names.filter { expected.libraries[$0] != actual.libraries[$0] }.map {
            "\($0) \(expected.libraries[$0] ?? "none") → \(actual.libraries[$0] ?? "none")"
        }
        if !changed.isEmpty {
            lines.append(
                "Libraries differ: \(changed.joined(separator: ", ")). Text and image rendering can change between versions; compare on the goldens' image, or re-record."
            )
        }
        if expected.generator != actual.generator {
            lines.append("The goldens were written by \(expected.generator), this run by \(actual.generator).")
        }
        return lines
    }
}
