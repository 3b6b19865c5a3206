import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

@Suite("The matrix file and its errors")
struct MatrixSpecTests {
    /// The error `text` (a matrix file's contents) gives, or nil when it is accepted.
    static func problem(file text: String) throws -> String? {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(text.utf8).write(to: folder.url.appendingPathComponent("m.json"))
        do {
            _ = try MatrixSpec.parse("m.json", relativeTo: folder.url)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a matrix file gives its combinations in axis order, the last axis fastest, one folder level per key")
    func combinations() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(#"{"themes": ["light", "dark"], "devices": ["iphone-15", "ipad-10"], "fits": ["screen"]}"#.utf8)
            .write(to: folder.url.appendingPathComponent("m.json"))
        let spec = try MatrixSpec.parse("m.json", relativeTo: folder.url)
        #expect(spec.axes.map(\.key) == [.devices, .themes, .fits])
        #expect(
            spec.combinations.map(\.folder) == [
                "iphone-15/light/screen", "iphone-15/dark/screen", "ipad-10/light/screen", "ipad-10/dark/screen",
            ])
        // Dynamic Type sizes by any of --content-size's names, in their short names' folders.
        let sizes = try MatrixSpec.parse("contentSizes=XL,accessibility3", relativeTo: folder.url)
        #expect(sizes.combinations.map(\.folder) == ["xl", "ax3"])
        try Data(#"{"devices": ["iphone-15"],"#.utf8).write(to: folder.url.appendingPathComponent("cut.json"))
        let cut = #expect(throws: MatrixError.self) { try MatrixSpec.parse("cut.json", relativeTo: folder.url) }
        #expect(cut?.description.contains("is not valid JSON: it ends at line 1") == true, "\(String(describing: cut))")
        let inline = try MatrixSpec.parse(
            "devices=iphone-15,ipad-10; themes=light,dark;fits=screen", relativeTo: folder.url)
        #expect(inline.axes == spec.axes)

        var options = GenerateOptions(output: folder.url)
        options.settings.draw(on: Device.iPhone15.oriented(.landscape))
        let ipad = MatrixPipeline.options(for: spec.combinations[3], base: options, scale: 1)
        let drawn = ipad.settings.resolvedDevice
        #expect(drawn.id == "ipad-10" && drawn.orientation == .landscape && drawn.scale == 1)
        #expect(ipad.settings.screen.fit == .screen)
        #expect(ipad.output.lastPathComponent == "screen")
    }

    @Test("every bad matrix names the file, the key and the values that would do")
    func errors() throws {
        let unknownKey = try #require(try Self.problem(file: #"{"device": ["iphone-15"]}"#))
        #expect(unknownKey.contains("m.json") && unknownKey.contains("\"device\" is not a matrix key"))
        #expect(unknownKey.contains("devices, orientations, scales, themes"))

        let badDevice = try #require(try Self.problem(file: #"{"devices": ["iphone-15", "iphone-99"]}"#))
        #expect(badDevice.contains("key \"devices\": \"iphone-99\" is not a valid value"))
        #expect(badDevice.contains("iphone-15") && badDevice.contains("ipad-10"))

        let badStyle = try #require(try Self.problem(file: #"{"styles": ["appkit"]}"#))
        #expect(badStyle.contains("Valid values: uikit, swiftui"))

        let empty = try #require(try Self.problem(file: #"{"themes": []}"#))
        #expect(empty.contains("key \"themes\" is an empty list"))

        let none = try #require(try Self.problem(file: "{}"))
        #expect(none.contains("names no axis"))

        let notObject = try #require(try Self.problem(file: "[1, 2]"))
        #expect(notObject.contains("is not a JSON object"))

        let notStrings = try #require(try Self.problem(file: #"{"fits": "screen"}"#))
        #expect(notStrings.contains("key \"fits\" must be a list of strings"))

        let twice = try #require(try Self.problem(file: #"{"themes": ["dark", "dark"]}"#))
        #expect(twice.contains("lists \"dark\" twice"))

        // A key given twice: a JSON parser keeps one of the lists and drops the other silently.
        let keyTwice = try #require(try Self.problem(file: "{\"themes\": [\"light\"],\n \"\\u0074hemes\": [\"dark\"]}"))
        #expect(keyTwice.contains("key \"themes\" is given twice (the second time at line 2, column 2)"), "\(keyTwice)")
        #expect(try Self.problem(file: #"{"themes": ["light"], "devices": ["iphone-15"]}"#) == nil)

        let devices = Device.presets.prefix(5).map { "\"\($0.id)\"" }.joined(separator: ",")
        let huge = try #require(
            try Self.problem(
                file:
                    #"{"devices": [\#(devices)], "themes": ["light", "dark"], "styles": ["uikit", "swiftui"], "fits": ["content", "screen"], "titleStyles": ["large", "inline"], "buttons": ["album", "artist"], "statusBars": ["device", "none"], "orientations": ["portrait", "landscape"]}"#
            ))
        #expect(huge.contains("640 combinations, more than the 256"))

        #expect(try Self.problem(file: #"{"contentSizes": ["m", "ax3"], "languages": ["ar", "ja"]}"#) == nil)
        let badSize = try #require(try Self.problem(file: #"{"contentSizes": ["huge"]}"#))
        #expect(badSize.contains("Valid values: xs, s, m"))
        let language = try #require(try Self.problem(file: #"{"languages": ["ar", "english"]}"#))
        #expect(language.contains("\"english\""))

        let missing = #expect(throws: MatrixError.self) {
            try MatrixSpec.parse("nowhere.json", relativeTo: URL(fileURLWithPath: "/nonexistent"))
        }
        #expect(missing?.description.contains("nowhere.json") == true)
        let inline = #expect(throws: MatrixError.self) {
            try MatrixSpec.parse("themes=light;bogus", relativeTo: URL(fileURLWithPath: "/"))
        }
        #expect(inline?.description.hasPrefix("--matrix: \"bogus\" is not key=value,value") == true)
    }

    @Test("a theme the matrix names that does not exist is an error naming the key")
    func unknownTheme() throws {
        let spec = try MatrixSpec.parse("themes=light,sepia", relativeTo: URL(fileURLWithPath: "/"))
        let error = #expect(throws: MatrixError.self) { try spec.checkThemes(templatesDirectory: nil) }
        #expect(error?.description.contains("key \"themes\"") == true)
        #expect(error?.description.contains("sepia") == true)
    }
}
