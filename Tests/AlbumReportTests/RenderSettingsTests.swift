import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// One typed settings value from the command line to the layouts: every setting is a matrix
/// axis, recorded in `manifest.json`, listed in the schemas and compared by `merge`, or a test
/// here fails.
@Suite("The settings spine")
struct RenderSettingsTests {
    /// The repository's schemas folder.
    static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("schemas")

    @Test("every property of RenderSettings is a matrix axis, and every axis sets one property")
    func everySettingIsAnAxis() {
        // The presentation's settings are RenderSettings' too; its language is the run's to load.
        let screen = Mirror(reflecting: ScreenOptions()).children.compactMap(\.label).filter { $0 != "language" }
        let properties = Set(
            Mirror(reflecting: RenderSettings()).children.compactMap(\.label).filter { $0 != "screen" } + screen)
        let axes = MatrixAxis.allCases.map(\.setting.property)
        #expect(Set(axes) == properties, "a setting without an axis, or an axis without a setting")
        #expect(Set(axes).count == axes.count, "two axes set one property")
    }

    /// What `settings` draw of the ten-album chart (placeholders for artwork): the sheet's pages
    /// and the first album's card, as PNG bytes.
    static func drawn(_ settings: RenderSettings, feed: Feed) throws -> [Data] {
        let screens = try OfflineScreens(feed: feed, settings: settings, limit: 10)
        return try screens.sheet { _ in nil } + [screens.card(screens.items[0], artwork: nil)]
    }

    @Test("every setting changes what is drawn: a setting that reaches no layout or encoder fails here")
    func everySettingHasAnEffect() throws {
        let feed = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1Top10), source: "t").feed
        let plain = try Self.drawn(RenderSettings(), feed: feed)
        for axis in MatrixAxis.allCases {
            var settings = RenderSettings()
            let apply = try #require(axis.setting.parse(axis.exampleValue), "\(axis)")
            apply(&settings)
            #expect(try Self.drawn(settings, feed: feed) != plain, "\(axis) = \(axis.exampleValue) drew the defaults")
        }
    }

    @Test("every axis's values are applied, recorded and read back as their canonical form")
    func recordRoundTrips() throws {
        for axis in MatrixAxis.allCases {
            let value = axis.exampleValue
            let canonical = try #require(axis.canonical(value), "\(axis) refuses \(value)")
            var options = GenerateOptions(output: URL(fileURLWithPath: "/tmp/out"))
            axis.apply(value, to: &options)
            let record = try #require(options.settings.record, "\(axis): \(value) is not recorded")
            #expect(record == [axis.setting.property: canonical], "\(axis)")
            let values = RenderSettings.values(recorded: record)
            #expect(values[axis.setting.property] == canonical)
            #expect(values.count == MatrixAxis.allCases.count)
        }
        #expect(RenderSettings().record == nil, "a default run records nothing, so it keeps its bytes")
    }

    @Test("a matrix of Bold Text, Increase Contrast and layout direction needs no axis-specific code")
    func newAxes() throws {
        let spec = try MatrixSpec.inlineForTests(
            "boldText=off,on;increaseContrast=on;layoutDirections=ltr,rtl;contentSizes=accessibility3")
        #expect(spec.axes.map(\.key) == [.contentSizes, .boldText, .increaseContrast, .layoutDirections])
        #expect(
            spec.combinations.map(\.folder) == [
                "ax3/no-bold-text/increase-contrast/ltr", "ax3/no-bold-text/increase-contrast/rtl",
                "ax3/bold-text/increase-contrast/ltr", "ax3/bold-text/increase-contrast/rtl",
            ])
        let base = GenerateOptions(output: URL(fileURLWithPath: "/tmp/m"))
        let last = MatrixPipeline.options(for: spec.combinations[3], base: base, scale: nil)
        #expect(last.settings.screen.boldText && last.settings.screen.increaseContrast)
        #expect(last.settings.layoutDirection == .rtl && last.settings.screen.contentSize == .ax3)
        #expect(last.settings.screen.boldText == true && last.settings.screen.increaseContrast == true)
    }

    @Test("the matrix schema names every axis, with the values each accepts")
    func matrixSchema() throws {
        let schema = try JSONSerialization.jsonObject(
            with: Data(contentsOf: Self.schemas.appendingPathComponent("matrix.schema.json")))
        let properties = try #require((schema as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(properties.keys).subtracting(["$schema"]) == Set(MatrixAxis.allCases.map(\.rawValue)))
        for axis in MatrixAxis.allCases {
            let property = properties[axis.rawValue] as? [String: Any]
            let listed = (property?["items"] as? [String: Any])?["enum"] as? [String]
            #expect(listed.map(Set.init) == axis.validValues.map(Set.init), "\(axis.rawValue)")
        }
    }

    @Test("the matrix manifest's schema names every axis key")
    func matrixManifestSchema() throws {
        let text = try String(
            contentsOf: Self.schemas.appendingPathComponent("matrix-manifest.schema.json"), encoding: .utf8)
        let keys = "[" + MatrixAxis.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "]"
        #expect(text.contains("\"enum\": \(keys)"))
    }

    @Test("the manifest schema's settings record lists every setting, with the values it takes")
    func manifestSchema() throws {
        let schema = try JSONSerialization.jsonObject(
            with: Data(contentsOf: Self.schemas.appendingPathComponent("manifest.schema.json")))
        let settings = (schema as? [String: Any]).flatMap { $0["properties"] as? [String: Any] }?["settings"]
        let properties = try #require((settings as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(MatrixAxis.allCases.map(\.setting.property)))
        for axis in MatrixAxis.allCases {
            let listed = (properties[axis.setting.property] as? [String: Any])?["enum"] as? [String]
            let canonical = axis.validValues.map { Set($0.compactMap(axis.canonical)) }
            #expect(listed.map(Set.init) == canonical, "\(axis.setting.property)")
        }
    }
}

@Suite("manifest.json, streamed")
struct ManifestStreamingTests {
    /// A manifest with every member and every optional field set.
    static func populated() -> Manifest {
        let item = FeedItem(
            rank: 1, id: "1", title: "Title \"quoted\"\nnext", artistName: "Artist",
            storeURL: "https://music.apple.com/a", genres: ["Pop"], copyright: "© 2026")
        var element = Manifest.ElementRecord(
            LayoutElement(.button, rank: 1, frame: Rect(x: 1, y: 2, width: 3, height: 4)), scale: 3,
            link: "https://music.apple.com/a")
        element.label = "In Apple Music ansehen"
        var manifest = Manifest(
            generator: "albumreport test",
            feed: Manifest.FeedInfo(
                source: "sample", encoding: "utf-8",
                feed: Feed(format: .appleRSSv2, title: "Top", items: [item])),
            device: .iPadPro13.oriented(.landscape), theme: "dark", locale: "de_DE",
            fonts: [Manifest.FontRecord(family: "Inter", weight: .bold, file: "/f.ttf")],
            libraries: ["libgd": "2.3"], items: [Manifest.ItemRecord(item, undrawableCharacters: ["U+E000"])],
            files: [Manifest.FileRecord(path: "sheet.png", widthPixels: 1, heightPixels: 2, bytes: 3, sha256: "ab")],
            screens: [
                Manifest.ScreenRecord(
                    kind: .card, file: "cards/001-title.png", rank: 1, page: 2, sizePoints: Size(width: 1, height: 2),
                    elements: [element], renderKey: "k")
            ],
            warnings: [ReportWarning(stage: .artwork, rank: 1, itemID: "1", message: "m")],
            shard: Shard(index: 1, count: 2))
        manifest.settings = ["style": "swiftui", "boldText": "on", "language": "de"]
        manifest.layoutDirection = .rtl
        return manifest
    }

    @Test("every member streamed, in pieces or whole, gives exactly JSONEncoder's bytes")
    func populatedManifest() throws {
        let manifest = Self.populated()
        let whole = try manifest.encodedWhole()
        #expect(try manifest.encoded() == whole)
        var pieces = Data()
        var count = 0
        try manifest.encode(flushingAt: 1) {
            pieces.append($0)
            count += 1
        }
        #expect(pieces == whole)
        #expect(count > 3, "cut between the list elements")
        for key in ["settings", "formatVersion", "shard", "language", "layoutDirection", "libraries", "label"] {
            #expect(String(decoding: whole, as: UTF8.self).contains("\"\(key)\""), "\(key)")
        }
        #expect(try JSONDecoder().decode(Manifest.self, from: whole) == manifest)
    }

    @Test("empty lists stream as JSONEncoder writes them")
    func emptyLists() throws {
        var manifest = Self.populated()
        manifest.items = []
        manifest.files = []
        manifest.screens = []
        manifest.warnings = []
        #expect(try manifest.encoded() == manifest.encodedWhole())
    }
}
