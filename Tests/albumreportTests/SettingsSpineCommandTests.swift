import AlbumReport
import AlbumReportCLI
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// The command line's end of the settings spine, parsed in this process through `generate`'s own
/// parse: every setting has its option, and a matrix combination is byte for byte the single run
/// with the same options, whatever the axis.
@Suite("The settings spine, from the command line")
struct SettingsSpineCommandTests {
    /// `--title-style` for `titleStyle`: the option's name for a setting.
    static func option(_ axis: MatrixAxis) -> String {
        "--"
            + axis.setting.property.reduce(into: "") { name, character in
                if character.isUppercase { name += "-" }
                name += character.lowercased()
            }
    }

    /// The arguments that set `axis` to its example value (a flag alone for an on/off setting).
    static func arguments(_ axis: MatrixAxis) -> [String] {
        axis.validValues == ["off", "on"] ? [option(axis)] : [option(axis), axis.exampleValue]
    }

    @Test("every setting has its option: parsing it sets that setting, and no other; no option sets the defaults")
    func everySettingHasItsOption() throws {
        let here = FileManager.default.temporaryDirectory
        #expect(try GenerateCommand.options(parsing: [], in: here).options.settings == RenderSettings())
        for axis in MatrixAxis.allCases {
            let settings = try GenerateCommand.options(parsing: Self.arguments(axis), in: here).options.settings
            let canonical = try #require(axis.canonical(axis.exampleValue))
            #expect(settings.record == [axis.setting.property: canonical], "\(Self.arguments(axis))")
        }
    }

    /// The files `arguments` write (the embedded sample's first two albums, offline), the matrix
    /// page link of a combination `depth` folders down set as the matrix sets it.
    static func single(_ arguments: [String], depth: Int, in folder: URL) async throws -> [String: Data] {
        let output = folder.appendingPathComponent("single-\(UUID().uuidString.prefix(8))")
        var (options, _) = try GenerateCommand.options(
            parsing: arguments + ["--limit", "2", "--no-cache", "--quiet", "--output", output.path], in: folder)
        options.matrixPage = String(repeating: "../", count: depth) + "index.html"
        _ = try await ReportPipeline(transport: OfflineTransport()).run(options)
        return try Self.files(output)
    }

    /// The matrix of `inline` over the embedded sample's first two albums, offline, and its folders.
    static func matrix(_ inline: String, in folder: URL) async throws -> (output: URL, folders: [String]) {
        let output = folder.appendingPathComponent("matrix")
        let (options, spec) = try GenerateCommand.options(
            parsing: ["--matrix", inline, "--limit", "2", "--no-cache", "--quiet", "--output", output.path], in: folder)
        let summary = try await MatrixPipeline(transport: OfflineTransport()).run(
            MatrixPipeline.Request(spec: try #require(spec), jobs: 2), base: options)
        return (output, summary.manifest.combinations.map(\.folder))
    }

    static func files(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path)?.allObjects ?? [] {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue
            else { continue }
            files[path] = try Data(contentsOf: url)
        }
        return files
    }

    @Test(
        "a combination is byte for byte the single run with its options: every axis at once, one value each; locales alone; a locale with languages=auto",
        arguments: [
            MatrixAxis.allCases.map { "\($0.rawValue)=\($0.exampleValue)" }.joined(separator: ";"),
            "locales=en_US,de_DE", "locales=ja_JP;languages=auto,fr",
        ])
    func combinationIsTheSingleRun(inline: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (output, folders) = try await Self.matrix(inline, in: folder.url)
        let spec = try MatrixSpec.parse(inline, relativeTo: folder.url)
        for (folderName, combination) in zip(folders, spec.combinations) {
            // A default (languages=auto, a flag off) is what a single run has without the option.
            let arguments = zip(combination.axes, combination.values).flatMap { axis, value -> [String] in
                guard axis.canonical(value) != axis.setting.read(RenderSettings()) else { return [] }
                return axis.validValues == ["off", "on"] ? [Self.option(axis)] : [Self.option(axis), value]
            }
            let expected = try await Self.single(
                arguments, depth: folderName.split(separator: "/").count, in: folder.url)
            let actual = try Self.files(output.appendingPathComponent(folderName))
            #expect(actual.keys.sorted() == expected.keys.sorted(), "\(folderName)")
            for (path, data) in expected where actual[path] != data {
                Issue.record("\(folderName)/\(path) differs from generate \(arguments.joined(separator: " "))")
            }
        }
    }
}
