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

    @Test(
        "compare --config: per-glob settings that validate change the verdict of their files only; a bad config exits 2 naming its place, and the schema refuses it too"
    )
    func compareConfig() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for side in ["goldens", "actual"] {
            for name in ["cards/a.png", "sheet.png"] {
                let url = folder.url.appendingPathComponent("\(side)/\(name)")
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try AlbumReportGraphicsTestImage.solid(RGBA(red: 240, green: 240, blue: 240), edge: 40).write(to: url)
                // Three pixels in a row changed on the actual side: a real change, in both files.
                if side == "actual" {
                    try AlbumReportGraphicsTestImage.paint(
                        PixelRect(x: 10, y: 10, width: 3, height: 1), RGBA(red: 0, green: 0, blue: 0), inFile: url)
                }
            }
        }
        let plain = try await ProductBinary.run(["compare", "goldens", "actual", "--json"], in: folder.url)
        #expect(plain.exitCode == 1)
        #expect(plain.standardOutput.components(separatedBy: "\"status\" : \"mismatch\"").count - 1 == 2)

        let config = folder.url.appendingPathComponent("compare.json")
        try Data(
            #"{"$schema": "https://albumreport.dev/schemas/compare-config.schema.json", "paths": [{"glob": "cards/**", "maxDiffPixels": 5}, {"glob": "**/a.png", "masks": [[0, 0, 1, 1]]}]}"#
                .utf8
        ).write(to: config)
        let configured = try await ProductBinary.run(
            ["compare", "goldens", "actual", "--config", "compare.json", "--json"], in: folder.url)
        #expect(configured.exitCode == 1, "the sheet still fails: \(configured.standardError)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(configured.standardOutput.utf8)) as? [String: Any])
        let pairs = try #require(json["pairs"] as? [[String: Any]])
        let status = Dictionary(
            uniqueKeysWithValues: pairs.compactMap { pair in
                (pair["name"] as? String).map { ($0, pair["status"] as? String ?? "") }
            })
        #expect(status == ["cards/a.png": "match", "sheet.png": "mismatch"], "\(pairs)")

        let bad: [(config: String, says: String)] = [
            (
                #"{"paths": [{"glob": "cards/**", "treshold": 0.2}]}"#,
                #"paths[0] has "treshold", which is not a setting"#
            ),
            (
                #"{"paths": [{"glob": "x"}, {"glob": "y", "threshold": 2}]}"#,
                "paths[1].threshold must be a number from 0 to 1"
            ),
            (
                #"{"paths": [{"glob": "x", "masks": [[0, 0, 0, 5]]}]}"#,
                "paths[0].masks[0] must be [x, y, width, height]"
            ),
            (#"{"paths": [{"glob": "x", "minimumCluster": true}]}"#, "paths[0].minimumCluster must be a whole number"),
            (#"{"path": []}"#, #""path" is not a key of a compare config"#),
        ]
        for (text, says) in bad {
            try Data(text.utf8).write(to: config)
            let run = try await ProductBinary.run(
                ["compare", "goldens", "actual", "--config", "compare.json"], in: folder.url)
            #expect(run.exitCode == 2, "\(text): \(run.standardError)")
            #expect(run.standardError.contains("compare.json"), "\(run.standardError)")
            #expect(run.standardError.contains(says), "\(text): \(run.standardError)")
            do {
                let problems = try await Self.problems(config, schema: "compare-config", in: folder.url)
                #expect(problems != nil, "the schema accepts \(text), which compare refuses")
            } catch let skip as Skip {
                print("Skipped the schema validation: \(skip.reason)")
            }
        }
        try Data(
            #"{"paths": [{"glob": "cards/**", "maxDiffPixels": 5, "threshold": 0.2, "maxDiffRatio": 0.5, "minimumCluster": 2, "failOnAntialiasing": true, "masks": [[-4, 0, 10, 10]]}]}"#
                .utf8
        ).write(to: config)
        let full = try await ProductBinary.run(
            ["compare", "goldens", "actual", "--config", "compare.json"], in: folder.url)
        #expect(full.exitCode == 1, "every setting is taken: \(full.standardError)")
        do {
            let problems = try await Self.problems(config, schema: "compare-config", in: folder.url)
            #expect(problems == nil, "\(problems ?? "")")
        } catch let skip as Skip {
            print("Skipped the schema validation: \(skip.reason)")
        }
    }
}
