import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportRenderer
import Foundation

/// What the chrome material costs: the second `--fit screen` page of the embedded sample's sheet
/// (rows scrolled under the bar, the sample's artwork), rendered and encoded at zlib level 6 on
/// an iPhone 15 @3x, with the bar's material and with its tint alone (no blur, as the flat bar
/// was drawn before). Median of 15 screens each, alternating.
struct MaterialBenchmark {
    func run() throws {
        let theme = try Theme.shipped()
        let fonts = try FontBook(theme: theme)
        let engine = TextEngine(fonts: fonts, fallbackFamilies: theme.fonts.fallbackFamilies, scale: 3)
        guard let directory = FeedLoader.sampleDirectory else { throw CocoaError(.fileNoSuchFile) }
        let url = directory.appendingPathComponent("feed.json")
        let feed = try FeedDecoder().decode(Data(contentsOf: url), source: url.lastPathComponent).feed
        let thumbnails = Dictionary(
            feed.items.compactMap { item -> (Int, Data)? in
                guard let path = item.artworkURL,
                    let data = try? Data(contentsOf: directory.appendingPathComponent(path))
                else { return nil }
                return (item.rank, data)
            }, uniquingKeysWith: { first, _ in first })
        let device = Device.iPhone15
        let sheet = SheetLayout.make(
            feed: feed, items: feed.items, device: device, theme: theme,
            options: ScreenOptions(fit: .screen), measurer: engine)
        let screens = sheet.screens(height: device.size.height)
        guard screens.count > 1 else { return }
        let material = screens[1]
        var flat = material
        flat.navigationBar.material?.blurSigma = 0
        let renderer = ScreenRenderer(text: engine, theme: theme)
        let clock = ContinuousClock()
        func time(_ page: SheetLayout) throws -> Double {
            let start = clock.now
            _ = try renderer.renderSheet(page, compression: .level(6)) { thumbnails[$0] }
            return (clock.now - start).seconds
        }
        _ = try time(material)
        var with: [Double] = []
        var without: [Double] = []
        for _ in 0..<15 {
            with.append(try time(material))
            without.append(try time(flat))
        }
        let extra = median(with) - median(without)
        print(
            "Chrome material, a scrolled --fit screen page, iPhone 15 @3x (render + encode, median of 15): "
                + "\(milliseconds(median(with)).trimmingCharacters(in: .whitespaces)) with it, "
                + "\(milliseconds(median(without)).trimmingCharacters(in: .whitespaces)) with the tint alone "
                + "(+\(String(format: "%.1f", extra * 1000)) ms per screen)")
    }
}
