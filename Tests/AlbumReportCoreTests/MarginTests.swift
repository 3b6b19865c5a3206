import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// The horizontal layout margins iOS gives each kind of device, followed by everything that
/// lines up with them: rows, separators, the large title, bar buttons and inset-grouped cells.
@Suite("Layout margins per device class, both orientations")
struct MarginTests {
    static let devices: [Device] = Device.presets.flatMap { [$0, $0.oriented(.landscape)] }
    /// What iOS uses: 16 pt on iPhones narrower than 414 pt, 20 pt on Plus/Pro Max iPhones and iPad.
    static let expected: [String: Double] = [
        "iphone-se": 16, "iphone-15": 16, "iphone-14-plus": 20, "iphone-15-pro-max": 20, "iphone-16-pro-max": 20,
        "ipad-10": 20, "ipad-pro-13": 20,
    ]
    let measurer = MonospaceMeasurer()

    func chart() throws -> Feed {
        try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1Top100), source: "fixture").feed
    }

    /// The safe area's leading and trailing x.
    func safeEdges(_ device: Device) -> (leading: Double, trailing: Double) {
        (device.safeArea.left, device.size.width - device.safeArea.right)
    }

    @Test("16 pt under 414 pt wide, 20 pt on the 6.5-inch and 6.9-inch iPhones and iPad", arguments: devices)
    func margin(device: Device) throws {
        let margin = try #require(Self.expected[device.id])
        #expect(device.layoutMargin == margin)
        #expect(try Theme.shipped().metrics.layoutMargin(on: device) == margin)
        #expect(try Theme.shipped("dark").metrics.layoutMargin(on: device) == margin)
    }

    @Test(
        "rows, the large title and the separators' ends sit at the margin, measured from the safe area",
        arguments: devices)
    func plainList(device: Device) throws {
        let theme = try Theme.shipped()
        let feed = try chart()
        let margin = try #require(Self.expected[device.id])
        let (leading, trailing) = safeEdges(device)
        let sheet = SheetLayout.make(
            feed: feed, items: Array(feed.items.prefix(5)), device: device, theme: theme, measurer: measurer)
        for row in sheet.rows.dropLast() {
            #expect(try #require(row.thumbnail).frame.x == leading + margin)
            #expect(abs(try #require(row.chevron).frame.maxX - (trailing - margin)) < 1e-9)
            // The separator starts under the text and runs to the safe area's trailing edge.
            let separator = try #require(row.separator)
            let title = try #require(row.title)
            #expect(separator.x == title.frame.x)
            #expect(abs(separator.maxX - trailing) < 1e-9)
        }
        if let large = sheet.navigationBar.largeTitle {
            #expect(large.frame.x == leading + margin)
            #expect(abs(large.frame.maxX - (trailing - margin)) < 1e-9)
        }
        if let header = sheet.header { #expect(header.frame.x == leading + margin) }
    }

    @Test("bar buttons keep the margin: the refresh button of a facts list", arguments: devices)
    func barButtons(device: Device) throws {
        let theme = try Theme.shipped()
        let feed = try FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.facts), source: "f").feed
        let margin = try #require(Self.expected[device.id])
        let sheet = SheetLayout.make(feed: feed, items: feed.items, device: device, theme: theme, measurer: measurer)
        let refresh = try #require(sheet.navigationBar.refreshSymbol)
        #expect(abs(refresh.maxX - (safeEdges(device).trailing - margin)) < 1e-9)
    }

    @Test(
        "--style swiftui: the inset group and the content in its cells are each one margin in",
        arguments: devices)
    func insetGrouped(device: Device) throws {
        let theme = try Theme.shipped()
        let feed = try chart()
        let margin = try #require(Self.expected[device.id])
        let (leading, trailing) = safeEdges(device)
        let sheet = SheetLayout.make(
            feed: feed, items: Array(feed.items.prefix(3)), device: device, theme: theme,
            options: ScreenOptions(style: .swiftui), measurer: measurer)
        for row in sheet.rows {
            #expect(row.frame.x == leading + margin)
            #expect(abs(row.frame.maxX - (trailing - margin)) < 1e-9)
            #expect(try #require(row.thumbnail).frame.x == row.frame.x + margin)
        }
    }

    @Test("a theme's layoutMargin overrides the device's; a theme without one still loads")
    func themeOverride() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("Templates/light.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(try Theme.shipped().metrics.layoutMargin == nil)
        var metrics = try #require(object["metrics"] as? [String: Any])
        metrics["layoutMargin"] = 16
        object["metrics"] = metrics
        let theme = try Theme.decode(JSONSerialization.data(withJSONObject: object), source: "old.json")
        #expect(theme.metrics.layoutMargin(on: .iPhone16ProMax) == 16)
        let feed = try chart()
        let sheet = SheetLayout.make(
            feed: feed, items: Array(feed.items.prefix(1)), device: .iPhone16ProMax, theme: theme, measurer: measurer)
        #expect(sheet.rows.first?.thumbnail?.frame.x == 16)
        metrics["layoutMargin"] = -3
        object["metrics"] = metrics
        let negative = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: ThemeError.self) { try Theme.decode(negative, source: "bad.json") }
    }
}
