import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// The JSON Schemas in `schemas/` describe what the tool writes, checked with the `jsonschema`
/// package from PyPI (`.ci/run` installs it; without it the test says it is skipped).
@Suite("JSON Schemas for manifest.json and the --json outputs")
struct SchemaTests {
    /// Validates `document` against `schemas/<schema>.schema.json`: nil when valid, else the
    /// validator's lines; throws `Skip` when Python or jsonschema is missing.
    static func problems(_ document: URL, schema: String, in folder: URL) async throws -> String? {
        let run = try await ProductBinary.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", Fixtures.packageRoot.appendingPathComponent("scripts/validate-json.py").path,
                Fixtures.packageRoot.appendingPathComponent("schemas/\(schema).schema.json").path, document.path,
            ], in: folder)
        switch run.exitCode {
        case 0: return nil
        case 3, 127: throw Skip(reason: run.standardError)
        default: return run.standardOutput + run.standardError
        }
    }

    struct Skip: Error { var reason: String }

    @Test("a report with warnings, its generate --json summary and a compare --json summary with every status validate")
    func outputsValidate() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let feed = try ReportSafetyTests.localFeed(in: folder.url)
        let generate = try await ProductBinary.run(
            ["generate", "--feed", feed.lastPathComponent, "--output", "Output", "--json"], in: folder.url)
        #expect(generate.exitCode == 0, "\(generate.standardError)")
        let summary = folder.url.appendingPathComponent("generate.json")
        try Data(generate.standardOutput.utf8).write(to: summary)
        let manifest = folder.url.appendingPathComponent("Output/manifest.json")
        #expect(try String(contentsOf: manifest, encoding: .utf8).contains("\"warnings\" : ["))

        // A comparison with a match, a mismatch, a missing and a new file.
        let expected = folder.url.appendingPathComponent("Output")
        let actual = folder.url.appendingPathComponent("Actual")
        try FileManager.default.copyItem(at: expected, to: actual)
        let cards = try FileManager.default.contentsOfDirectory(atPath: actual.appendingPathComponent("cards").path)
            .sorted()
        try FileManager.default.removeItem(at: actual.appendingPathComponent("cards/" + cards[0]))
        try FileManager.default.moveItem(
            at: actual.appendingPathComponent("cards/" + cards[1]),
            to: actual.appendingPathComponent("cards/zz-new.png"))
        try AlbumReportGraphicsTestImage.paint(
            PixelRect(x: 0, y: 0, width: 40, height: 40), RGBA(red: 255, green: 0, blue: 0),
            inFile: actual.appendingPathComponent("cards/" + cards[2]))
        let compare = try await ProductBinary.run(
            ["compare", "Output", "Actual", "--json", "--report-dir", "Diffs", "--max-diff-pixels", "5"], in: folder.url
        )
        #expect(compare.exitCode == 1, "\(compare.standardError)")
        let comparison = folder.url.appendingPathComponent("compare.json")
        try Data(compare.standardOutput.utf8).write(to: comparison)
        #expect(
            Set(compare.standardOutput.components(separatedBy: "\"status\" : \"").dropFirst().map { $0.prefix(3) })
                == ["mat", "mis", "new"])

        do {
            for (document, schema) in [
                (manifest, "manifest"), (summary, "generate-summary"), (comparison, "compare-summary"),
            ] {
                let problems = try await Self.problems(document, schema: schema, in: folder.url)
                #expect(problems == nil, "\(schema): \(problems ?? "")")
            }
            // The check can fail: a manifest with a malformed digest and an unknown stage.
            var object = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
            var files = try #require(object["files"] as? [[String: Any]])
            files[0]["sha256"] = "not a digest"
            object["files"] = files
            object["warnings"] = [["stage": "painting", "message": "x"]]
            let broken = folder.url.appendingPathComponent("broken.json")
            try JSONSerialization.data(withJSONObject: object).write(to: broken)
            let problems = try await Self.problems(broken, schema: "manifest", in: folder.url) ?? ""
            #expect(problems.contains("/files/0/sha256"), "\(problems)")
            #expect(problems.contains("/warnings/0/stage"), "\(problems)")
        } catch let skip as Skip {
            print("Skipped the schema validation: \(skip.reason)")
        }
    }

    @Test("generate --matrix: the matrix file, its manifest and a combination's manifest validate; a bad file exits 64")
    func matrixValidates() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let matrix = folder.url.appendingPathComponent("matrix.json")
        try Data(
            #"{"$schema": "https://albumreport.dev/schemas/matrix.schema.json", "themes": ["light", "dark"]}"#.utf8
        ).write(to: matrix)
        let run = try await ProductBinary.run(
            ["generate", "--matrix", "matrix.json", "--limit", "1", "--output", "Out", "--no-cache"], in: folder.url)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError.contains("Wrote 2 combination(s) of themes"), "\(run.standardError)")
        #expect(run.standardError.contains("] dark: Wrote 1 rows"), "\(run.standardError)")

        try Data(#"{"themes": ["light"], "devices": ["iphone-99"]}"#.utf8).write(to: matrix)
        let bad = try await ProductBinary.run(
            ["generate", "--matrix", "matrix.json", "--output", "Out", "--no-cache"], in: folder.url)
        #expect(bad.exitCode == 64)
        #expect(bad.standardError.contains("matrix.json"), "\(bad.standardError)")
        #expect(bad.standardError.contains("key \"devices\": \"iphone-99\" is not a valid value"))
        // A language without a strings file is a usage error before anything runs, as --language's.
        let farsi = try await ProductBinary.run(
            ["generate", "--matrix", "languages=en,fa", "--output", "Out", "--no-cache"], in: folder.url)
        #expect(farsi.exitCode == 64, "\(farsi.standardError)")
        #expect(
            farsi.standardError.contains("language fa is not available. Choose from: ar, de, en"),
            "\(farsi.standardError)")
        try Data(#"{"themes": ["light", "dark"]}"#.utf8).write(to: matrix)

        do {
            for (document, schema) in [
                (matrix, "matrix"), (folder.url.appendingPathComponent("Out/manifest.json"), "matrix-manifest"),
                (folder.url.appendingPathComponent("Out/dark/manifest.json"), "manifest"),
            ] {
                let problems = try await Self.problems(document, schema: schema, in: folder.url)
                #expect(problems == nil, "\(schema): \(problems ?? "")")
            }
            try Data(#"{"themes": [], "sizes": ["m"]}"#.utf8).write(to: matrix)
            let problems = try await Self.problems(matrix, schema: "matrix", in: folder.url) ?? ""
            #expect(problems.contains("themes") || problems.contains("sizes"), "\(problems)")
        } catch let skip as Skip {
            print("Skipped the schema validation: \(skip.reason)")
        }
    }
}
