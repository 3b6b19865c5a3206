import AlbumReportCore
import Foundation

/// The folder `merge` writes, checked against the shard folders it reads. A merge into one of its
/// own inputs (that folder, or a folder inside it, once links are resolved) would replace or mix
/// into the shard it is reading, so both mergers refuse it before reading anything, and the CLI
/// refuses it as a usage error.
public enum MergeTarget {
    /// Why `output` cannot be written by a merge of `inputs`; nil when it is none of them and
    /// lies inside none of them.
    public static func problem(writing output: URL, reading inputs: [URL]) -> String? {
        let target = resolvedComponents(output)
        for input in inputs {
            let folder = resolvedComponents(input)
            guard target.starts(with: folder) else { continue }
            let relation = target.count == folder.count ? "is" : "is inside"
            return
                "The output folder \(Excerpt.location(output.path)) \(relation) the shard folder \(Excerpt.location(input.path)): merge would write over a shard it reads. Pass another --output folder."
        }
        return nil
    }

    /// Throws ``problem(writing:reading:)`` as an output error.
    public static func check(_ output: URL, against inputs: [URL]) throws(ReportError) {
        if let problem = problem(writing: output, reading: inputs) { throw .output(problem) }
    }

    /// The path components of `url` with every link resolved: those of the deepest folder that
    /// exists, resolved, then the names below it that do not exist yet.
    static func resolvedComponents(_ url: URL) -> [String] {
        var existing = url.standardizedFileURL
        var missing: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1 {
            missing.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        return existing.resolvingSymlinksInPath().pathComponents + missing
    }
}
