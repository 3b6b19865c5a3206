import AlbumReportCore
import Foundation
import Testing

@Suite("Compare config files: settings per glob")
struct CompareConfigTests {
    func paths(_ text: String) throws(CompareConfig.Problem) -> [PathSettings] {
        try CompareConfig.paths(Data(text.utf8))
    }

    @Test("entries apply in order over the command line's options: a later value wins, masks add up")
    func resolutionOrder() throws {
        let entries = try paths(
            #"""
            {"$schema": "x", "paths": [
              {"glob": "cards/**", "threshold": 0.2, "maxDiffPixels": 10, "masks": [[0, 0, 5, 5]]},
              {"glob": "cards/dark/*.png", "maxDiffPixels": 0, "minimumCluster": 3, "failOnAntialiasing": true,
               "masks": [[1, 2, 3, 4]], "maxDiffRatio": 0.5}
            ]}
            """#)
        let options = CompareOptions(
            threshold: 0.05, masks: [PixelRect(x: 9, y: 9, width: 1, height: 1)], paths: entries)
        let light = options.resolved(for: "cards/light/a.png")
        #expect(light.threshold == 0.2)
        #expect(light.maxDiffPixels == 10)
        #expect(light.minimumCluster == 1)
        #expect(light.masks.count == 2)
        let dark = options.resolved(for: "cards/dark/a.png")
        #expect(dark.threshold == 0.2, "kept from the first entry")
        #expect(dark.maxDiffPixels == 0, "the later entry wins")
        #expect(dark.minimumCluster == 3)
        #expect(dark.failOnAntialiasing)
        #expect(dark.maxDiffRatio == 0.5)
        #expect(
            dark.masks == [
                PixelRect(x: 9, y: 9, width: 1, height: 1), PixelRect(x: 0, y: 0, width: 5, height: 5),
                PixelRect(x: 1, y: 2, width: 3, height: 4),
            ])
        let sheet = options.resolved(for: "sheet.png")
        #expect(sheet == CompareOptions(threshold: 0.05, masks: options.masks, paths: entries), "no entry: unchanged")
        #expect(try paths("{}").isEmpty)
    }

    @Test("every wrong value is refused with its place: types (true is no number, 1 no boolean), ranges, keys")
    func refusals() throws {
        let cases: [(String, String)] = [
            (#"[]"#, "it is not a JSON object"),
            (#"{"paths": {}}"#, #""paths" must be a list"#),
            (#"{"paths": [3]}"#, "paths[0] must be an object"),
            (#"{"paths": [{"threshold": 0.1}]}"#, #"paths[0] needs a "glob""#),
            (#"{"paths": [{"glob": ""}]}"#, #"paths[0] needs a "glob""#),
            (#"{"paths": [{"glob": "a", "threshold": true}]}"#, "paths[0].threshold must be a number from 0 to 1"),
            (#"{"paths": [{"glob": "a", "threshold": -0.1}]}"#, "paths[0].threshold must be a number from 0 to 1"),
            (#"{"paths": [{"glob": "a", "maxDiffPixels": 1.5}]}"#, "paths[0].maxDiffPixels must be a whole number"),
            (#"{"paths": [{"glob": "a", "maxDiffPixels": 1e30}]}"#, "paths[0].maxDiffPixels must be a whole number"),
            (
                #"{"paths": [{"glob": "a", "minimumCluster": 0}]}"#,
                "paths[0].minimumCluster must be a whole number from 1"
            ),
            (
                #"{"paths": [{"glob": "a", "failOnAntialiasing": 1}]}"#,
                "paths[0].failOnAntialiasing must be true or false"
            ),
            (#"{"paths": [{"glob": "a", "masks": [[0, 0, 1]]}]}"#, "paths[0].masks[0] must be [x, y, width, height]"),
            (#"{"paths": [{"glob": "a", "masks": [[0, 0, 1, "2"]]}]}"#, "paths[0].masks[0] must be"),
            (#"{"paths": [{"glob": "a", "masks": [[0, 0, 1, 1e9]]}]}"#, "paths[0].masks[0] must be"),
            (#"{"paths": [{"glob": "a", "mask": []}]}"#, #"paths[0] has "mask", which is not a setting"#),
            (#"{"paths": [], "paths": []}"#, #"key "paths" is given twice"#),
            (#"{"paths": [}"#, "it is not valid JSON"),
            (#"{"$schema": 5, "paths": []}"#, #""$schema" must be a string"#),
            ("\u{FEFF}{\"paths\": []}", "it begins with a byte order mark (EF BB BF). Save it as UTF-8 without one."),
        ]
        for (text, says) in cases {
            let error = #expect(throws: CompareConfig.Problem.self) { _ = try paths(text) }
            #expect(error?.clause.contains(says) == true, "\(text): \(error?.clause ?? "accepted")")
        }
        #expect(throws: CompareConfig.Problem.self) { _ = try CompareConfig.paths(Data([0x7B, 0xFF, 0x7D])) }
        // The matrix file and the strings files share the checks, and say the same.
        let keys = ["themes"]
        for (text, says) in [
            (#"{"$schema": 5, "themes": ["dark"]}"#, #""$schema" must be a string"#),
            ("\u{FEFF}{\"themes\": [\"dark\"]}", "it begins with a byte order mark"),
        ] {
            let error = #expect(throws: MatrixFile.Problem.self) {
                _ = try MatrixFile.lists(Data(text.utf8), keys: keys)
            }
            #expect(error?.clause.contains(says) == true, "\(text): \(error?.clause ?? "accepted")")
        }
        #expect(
            try MatrixFile.lists(Data(#"{"$schema": "m.json", "themes": ["dark"]}"#.utf8), keys: keys) == [
                "themes": ["dark"]
            ])
        let strings = #expect(throws: ChromeStringsFile.Problem.self) {
            _ = try ChromeStringsFile.parse(Data("\u{FEFF}{}".utf8))
        }
        #expect(strings?.clause.contains("byte order mark") == true)
    }
}
