import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// `generate --matrix`'s input checked before anything renders, what it writes over a plain
/// report, and `--json` on standard output whether a run succeeds or fails (issue 39, 4–7).
@Suite("generate --matrix input and --json output, through the real binary")
struct MatrixInputTests {
    /// A small render of the embedded sample: no download cache, one album, no cards.
    static let tiny = ["--limit", "1", "--no-cards", "--no-cache"]

    @Test("a matrix value with a newline is quoted in the usage error")
    func newlineQuoted() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let value = "da\n::error::rk"
        try JSONSerialization.data(withJSONObject: ["themes": ["light", value]])
            .write(to: folder.url.appendingPathComponent("m.json"))
        // A --templates folder whose file names are listed as the available themes.
        let templates = folder.url.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("Templates/light.json"))
            .write(to: templates.appendingPathComponent("odd\n::warning::name.json"))
        let runs = [
            ("inline", ["--matrix", "themes=light,\(value)"]),
            ("file", ["--matrix", "m.json"]),
            ("templates", ["--matrix", "themes=\(value)", "--templates", "templates"]),
        ]
        for (name, arguments) in runs {
            let run = try await ProductBinary.run(
                ["generate", "--output", "Out"] + arguments + Self.tiny, in: folder.url)
            #expect(run.exitCode == 64, "\(name): \(run.standardError)")
            #expect(HostileTextTests.commandLines(run.standardError).isEmpty, "\(name): \(run.standardError)")
            // The whole sentence is on one line, the value escaped: the line naming the key, or
            // (for a value on the command line itself) the line refusing the argument.
            let line = run.standardError.components(separatedBy: "\n").first {
                $0.contains("key \"themes\"") || $0.contains("holds a line break")
            }
            #expect(line?.contains("da\\n::error::rk") == true, "\(name): \(run.standardError)")
        }
    }

    @Test("a matrix theme file named like a file of the report is refused before anything renders")
    func reservedFolderNames() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let theme = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("Templates/light.json"))
        for (file, folderName) in [
            ("index.html.json", "index.html"), ("manifest.json.json", "manifest.json"), ("Cards.json", "Cards"),
            ("SHEET-002.png.json", "SHEET-002.png"),
        ] {
            try theme.write(to: folder.url.appendingPathComponent(file))
            let run = try await ProductBinary.run(
                ["generate", "--matrix", "themes=light,\(file)", "--output", "Out"] + Self.tiny, in: folder.url)
            #expect(run.exitCode == 64, "\(file): \(run.standardError)")
            #expect(run.standardError.contains("key \"themes\""), "\(file): \(run.standardError)")
            #expect(run.standardError.contains(file), "\(file): \(run.standardError)")
            #expect(
                run.standardError.contains("the folder \"\(folderName)\", a name the report keeps for its own files"),
                "\(file): \(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Out").path))
        }
    }

    @Test("generate --matrix --json prints a summary that matrix-summary.schema.json describes")
    func matrixSummaryValidates() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let started = ContinuousClock.now
        let run = try await ProductBinary.run(
            ["generate", "--matrix", "themes=light,dark", "--output", "Out", "--json"] + Self.tiny, in: folder.url)
        let wall = (ContinuousClock.now - started).seconds
        #expect(run.exitCode == 0, "\(run.standardError)")
        // Each combination's time is its own, by the wall clock: measured, and within the run's.
        let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        let combinations = try #require(object?["combinations"] as? [[String: Any]])
        #expect(combinations.count == 2)
        for combination in combinations {
            let seconds = try #require(combination["seconds"] as? Double)
            #expect(seconds > 0 && seconds <= wall, "a combination says \(seconds) s; the process took \(wall) s")
        }
        let summary = folder.url.appendingPathComponent("matrix.json")
        try Data(run.standardOutput.utf8).write(to: summary)
        do {
            let problems = try await SchemaTests.problems(summary, schema: "matrix-summary", in: folder.url)
            #expect(problems == nil, "\(problems ?? "")")
        } catch let skip as SchemaTests.Skip {
            print("Skipped the schema validation: \(skip.reason)")
        }
    }

    @Test("a failing --json run of generate or compare prints an error object on standard output")
    func failureObject() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data("<!doctype html><title>502 Bad Gateway</title>".utf8)
            .write(to: folder.url.appendingPathComponent("page.html"))
        let runs: [(name: String, arguments: [String], exitCode: Int32, stage: String?)] = [
            ("missing feed", ["generate", "--feed", "nope.json", "--json", "--no-cache"], 1, "fetch"),
            ("HTML feed", ["generate", "--feed", "page.html", "--json", "--no-cache"], 1, "decode"),
            ("matrix", ["generate", "--matrix", "themes=light", "--feed", "nope.json", "--json"], 1, "fetch"),
            ("compare, missing file", ["compare", "nope.png", "gone.png", "--json"], 2, nil),
        ]
        for (index, run) in runs.enumerated() {
            let outcome = try await ProductBinary.run(run.arguments, in: folder.url)
            #expect(outcome.exitCode == run.exitCode, "\(run.name): \(outcome.standardError)")
            #expect(outcome.standardError.contains("error: "), "\(run.name): \(outcome.standardError)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: [String: Any]],
                "\(run.name): \(outcome.standardOutput)")
            let error = try #require(object["error"], "\(run.name)")
            #expect(error["exitCode"] as? Int == Int(run.exitCode), "\(run.name)")
            #expect(error["stage"] as? String == run.stage, "\(run.name)")
            let message = try #require(error["message"] as? String, "\(run.name)")
            #expect(outcome.standardError.contains(message), "\(run.name): the sentence standard error shows")
            let document = folder.url.appendingPathComponent("failure-\(index).json")
            try Data(outcome.standardOutput.utf8).write(to: document)
            do {
                let problems = try await SchemaTests.problems(document, schema: "failure", in: folder.url)
                #expect(problems == nil, "\(run.name): \(problems ?? "")")
            } catch let skip as SchemaTests.Skip {
                print("Skipped the schema validation: \(skip.reason)")
            }
        }
        // The schema's stages are the pipeline's.
        let schema = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("schemas/failure.schema.json")))
                as? [String: Any])
        let properties = (schema["properties"] as? [String: Any])?["error"] as? [String: Any]
        let stage = (properties?["properties"] as? [String: Any])?["stage"] as? [String: Any]
        #expect(stage?["enum"] as? [String] == Stage.allCases.map(\.rawValue))
    }

    @Test("a matrix written over a plain report removes the plain report's cards folder, and keeps the user's files")
    func matrixOverPlainReport() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("Out")
        let plain = try await ProductBinary.run(
            ["generate", "--output", "Out", "--limit", "2", "--no-cache"], in: folder.url)
        #expect(plain.exitCode == 0, "\(plain.standardError)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("cards").path))
        try Data("mine".utf8).write(to: output.appendingPathComponent("notes.txt"))

        let matrix = try await ProductBinary.run(
            ["generate", "--matrix", "themes=light", "--output", "Out"] + Self.tiny, in: folder.url)
        #expect(matrix.exitCode == 0, "\(matrix.standardError)")
        let entries = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix(".") }
        #expect(entries.sorted() == ["index.html", "light", "manifest.json", "notes.txt"])

        // A plain report with --no-cards over one with cards does not keep an empty cards/ either.
        let again = try await ProductBinary.run(
            ["generate", "--output", "Plain", "--limit", "1", "--no-cache"], in: folder.url)
        let sheetOnly = try await ProductBinary.run(["generate", "--output", "Plain"] + Self.tiny, in: folder.url)
        #expect(again.exitCode == 0 && sheetOnly.exitCode == 0, "\(again.standardError)\(sheetOnly.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Plain/cards").path))
    }
}
