import AlbumReportCore
import Foundation
import Synchronization

/// The SHA-256 of every file of whole reports, recorded in `Tests/AlbumReportTests/Goldens/outputs.json`
/// (report name → relative path → digest): a refactoring must keep every byte. Checked by the
/// in-process reports (`OutputStabilityTests`) and by the built binary's embedded sample
/// (`CommandLineTests`), in parallel; the file is read and rewritten under one lock.
public enum OutputDigests {
    /// The recorded digests.
    public static let file = Fixtures.packageRoot.appendingPathComponent("Tests/AlbumReportTests/Goldens/outputs.json")

    private static let lock = Mutex(())

    /// What a check found.
    public enum Outcome: Sendable, Equatable {
        /// Every file as recorded.
        case matched
        /// Sentences naming each difference.
        case differs([String])
        /// The digests were (re-)recorded: a failure that says so, and on CI a refusal.
        case recorded(String)
    }

    /// Relative path → SHA-256 of every file in `folder` (hidden ones too); `manifest.json` and
    /// `index.html` with the loopback address and render keys replaced first when `loopback` is
    /// given (ports differ per run, and render keys hash artwork URLs).
    public static func of(_ folder: URL, loopback: String?) throws -> [String: String] {
        var result: [String: String] = [:]
        let files = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        for path in files.sorted() {
            var isDirectory: ObjCBool = false
            guard
                FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { continue }
            var data = try Data(contentsOf: folder.appendingPathComponent(path))
            if let loopback, path == "manifest.json" || path == "index.html" {
                var text = String(decoding: data, as: UTF8.self).replacingOccurrences(
                    of: loopback, with: "http://LOOPBACK")
                text = text.replacingOccurrences(
                    of: #""renderKey" : "[0-9a-f]{64}""#, with: #""renderKey" : "KEY""#, options: .regularExpression)
                data = Data(text.utf8)
            }
            result[path] = SHA256.hex(of: data)
        }
        return result
    }

    /// Compares `digests` with the ones recorded for `name`; records them when there are none or
    /// `ALBUMREPORT_RECORD=all` (never on CI).
    public static func check(
        _ name: String, _ digests: [String: String],
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Outcome {
        try lock.withLock { _ in
            var recorded =
                (try? JSONDecoder().decode([String: [String: String]].self, from: Data(contentsOf: file))) ?? [:]
            if let expected = recorded[name], environment["ALBUMREPORT_RECORD"]?.lowercased() != "all" {
                var differences: [String] = []
                let missing = Set(expected.keys).subtracting(digests.keys).sorted()
                let extra = Set(digests.keys).subtracting(expected.keys).sorted()
                if !missing.isEmpty {
                    differences.append("\(name) no longer writes \(missing.joined(separator: ", "))")
                }
                if !extra.isEmpty { differences.append("\(name) now writes \(extra.joined(separator: ", "))") }
                for (path, digest) in digests.sorted(by: { $0.key < $1.key })
                where expected[path].map({ $0 != digest }) ?? false {
                    differences.append("\(name)/\(path) changed")
                }
                return differences.isEmpty ? .matched : .differs(differences)
            }
            let ci = environment["CI"].map { $0 != "false" && $0 != "0" } ?? false
            if ci {
                return .recorded(
                    "No digests are recorded for \(name); on CI they are never recorded. Record them locally.")
            }
            recorded[name] = digests
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            try encoder.encode(recorded).write(to: file, options: .atomic)
            return .recorded("Recorded the digests of \(name) in \(file.path); run the test again to compare.")
        }
    }
}
