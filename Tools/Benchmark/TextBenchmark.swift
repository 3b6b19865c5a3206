import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation

/// The text of a card, old engine against new: for every item, the card's layout (which
/// measures and wraps every string) and the drawing of every text block on an iPhone 15 canvas.
/// "first" is one pass with a fresh engine (every cache empty, fonts loaded on demand);
/// "repeat" is the median of 5 further passes with the same engine (a chart's repeated strings
/// and glyphs cached). libgd's text call is measured on the same strings, although it cannot
/// draw most of the non-Latin ones (it draws boxes for them).
struct TextBenchmark {
    struct Workload {
        var name: String
        var feed: Feed
    }

    func run() async throws {
        let theme = try Theme.shipped()
        let fonts = try FontBook(theme: theme)
        guard let sample = FeedLoader.sampleDirectory?.appendingPathComponent("feed.json") else {
            throw CocoaError(.fileNoSuchFile)
        }
        var workloads = [Workload(name: "sample (100 Latin albums)", feed: try decode(sample))]
        let scripts = [
            "ja", "ko", "zh-hans", "zh-hant", "ar", "he", "th", "hi", "el", "ru", "emoji", "mixed", "unbroken",
        ]
        let scriptFeeds = try scripts.map { try decode(Fixtures.feed("scripts/\($0).json")) }
        var combined = scriptFeeds[0]
        combined.items = scriptFeeds.flatMap(\.items)
        workloads.append(Workload(name: "13 scripts (52 albums)", feed: combined))

        print(
            "Card text (layout + drawing), per card, iPhone 15 @3x, \(ProcessInfo.processInfo.activeProcessorCount) cores:"
        )
        print("workload                     engine            first pass    repeat   new/old (repeat)")
        for workload in workloads {
            let old = try measure(workload.feed, theme: theme) { GDTextEngine(fonts: fonts, scale: 3) }
            let new = try measure(workload.feed, theme: theme) {
                TextEngine(fonts: fonts, fallbackFamilies: theme.fonts.fallbackFamilies, scale: 3)
            }
            let name = workload.name.padding(toLength: 28, withPad: " ", startingAt: 0)
            print("\(name) libgd (old)      \(milliseconds(old.first)) \(milliseconds(old.repeated))")
            print(
                "\(String(repeating: " ", count: 28)) HarfBuzz (new)   \(milliseconds(new.first)) \(milliseconds(new.repeated))   \(String(format: "%.2f", new.repeated / old.repeated))"
            )
        }
    }

    private func decode(_ url: URL) throws -> Feed {
        try FeedDecoder().decode(Data(contentsOf: url), source: url.lastPathComponent).feed
    }

    /// Seconds per card: the first pass with a fresh engine, and the median repeat pass.
    private func measure<Engine: TextRendering>(
        _ feed: Feed, theme: Theme, engine makeEngine: () -> Engine
    ) throws -> (first: Double, repeated: Double) {
        let engine = makeEngine()
        let canvas = try GDImage(width: 1179, height: 2556, background: theme.colors.background)
        let locale = Locale(identifier: "en_US")
        let clock = ContinuousClock()
        func pass() throws -> Double {
            let start = clock.now
            for item in feed.items {
                let layout = CardLayout.make(
                    item: item, feed: feed, device: .iPhone15, theme: theme, locale: locale, measurer: engine)
                for block in layout.textBlocks + [layout.button.label] { try engine.draw(block, in: canvas) }
                if let label = layout.navigationBar.backLabel { try engine.draw(label, in: canvas) }
            }
            return (clock.now - start).seconds / Double(max(feed.items.count, 1))
        }
        let first = try pass()
        let repeats = try (0..<5).map { _ in try pass() }
        return (first, median(repeats))
    }
}
