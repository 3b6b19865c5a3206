import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// Decides what this run draws (the sheet's rows, this shard's cards) and checks that the
/// installed fonts have every character of it: one that no font has is drawn as U+FFFD, listed
/// per item in the manifest and warned about once per item.
struct SelectStage: PipelineStage {
    static let stage = Stage.select

    struct Input: Sendable {
        var feed: Feed
        /// The enriched first `--limit` items.
        var items: [FeedItem]
        var shard: Shard?
        var renderCards: Bool
        /// The settings as this run draws them (the setup's, every default resolved).
        var settings: RenderSettings
        /// The theme, fonts and language the setup loaded for them.
        var resources: ScreenResources
    }

    struct Output: StageOutput {
        var feed: Feed
        /// Every selected item: the sheet's rows and the manifest's items.
        var items: [FeedItem]
        /// Whether this run draws the sheet (shard 1, or no shard).
        var drawsSheet: Bool
        /// This shard's items (all of them without `--shard`).
        var ownItems: [FeedItem]
        /// Whether this run draws cards (not with `--no-cards`, never for a facts feed).
        var drawsCards: Bool
        /// The cards this run draws.
        var cardItems: [FeedItem] { drawsCards ? ownItems : [] }
        /// Per rank, the code points of the item's text that no installed font has.
        var undrawable: [Int: [String]]
        var render: RenderContext
        var warnings: [ReportWarning]

        /// The items whose thumbnails are drawn (on the sheet, as a card's fallback, or in the
        /// list behind a presented card).
        var thumbnailItems: [FeedItem] {
            if drawsSheet { return items }
            let cards = Set(cardItems.map(\.rank))
            return cardItems + backdropItems.filter { !cards.contains($0.rank) }
        }

        /// The list's rows every card shows behind its sheet (iPad, `--style swiftui`): the same
        /// rows for every card, taken once for all of them.
        var backdropItems: [FeedItem] {
            guard render.device.isPad, render.screen.style == .swiftui, let first = cardItems.first,
                let rows = render.cardLayout(for: first, feed: feed, listItems: items).presentation?.presentingList?
                    .rows
            else { return [] }
            let ranks = Set(rows.map(\.rank))
            return items.filter { ranks.contains($0.rank) }
        }

        /// The items as the manifest records them and render keys hash them.
        var records: [Manifest.ItemRecord] { items.map(record) }

        /// One item as the manifest records it.
        func record(_ item: FeedItem) -> Manifest.ItemRecord {
            Manifest.ItemRecord(item, undrawableCharacters: undrawable[item.rank] ?? [])
        }

        var progressDetail: String {
            let undrawn = undrawable.values.filter { !$0.isEmpty }.count
            return "\(items.count) rows\(drawsSheet ? "" : " (drawn by shard 1)"), \(cardItems.count) cards"
                + (undrawn > 0 ? ", \(undrawn) with undrawable characters" : "")
        }
    }

    /// What `input`'s screens are drawn with: its text engine is made here, once the chart (and
    /// so the storefront whose forms Han characters take) is known.
    static func renderContext(_ input: Input) -> RenderContext {
        let resources = input.resources
        let engine = TextEngine(
            fonts: resources.fonts, fallbackFamilies: resources.theme.fonts.fallbackFamilies,
            scale: input.settings.resolvedDevice.scale,
            localeIdentifier: resources.localeIdentifier(given: input.settings.locale), country: input.feed.country)
        return RenderContext(settings: input.settings, resources: resources, engine: engine)
    }

    func run(_ input: Input, context: RunContext) async throws(ReportError) -> Output {
        let feed = input.feed
        let render = Self.renderContext(input)
        let own = input.shard.map { shard in input.items.filter { shard.contains(rank: $0.rank) } } ?? input.items

        let coverage = try Self.coverage(input, render: render)
        var warnings = coverage.warnings
        if feed.items.isEmpty {
            warnings.append(ReportWarning(stage: Self.stage, message: "The feed has no entries; the sheet is empty."))
        }
        return Output(
            feed: feed, items: input.items, drawsSheet: input.shard?.rendersSheet ?? true, ownItems: own,
            drawsCards: input.renderCards && feed.format.isAlbumChart, undrawable: coverage.undrawable, render: render,
            warnings: warnings)
    }

    /// Per rank, the code points of each item's drawn text that no installed font has, and a
    /// warning for each text that has some (the feed's title, the app's words, each item).
    static func coverage(
        _ input: Input, render: RenderContext
    ) throws(ReportError) -> (undrawable: [Int: [String]], warnings: [ReportWarning]) {
        let feed = input.feed
        var undrawable: [Int: [String]] = [:]
        var warnings: [ReportWarning] = []
        let fonts = render.theme.fonts
        // The feed's title is drawn in the sheet's navigation bar and on every card's back button.
        let titleCodes = Self.undrawableCodes(
            [(feed.title, fonts.navigationTitle), (feed.title, fonts.largeTitleStyle), (feed.title, fonts.backButton)],
            engine: render.engine)
        if !titleCodes.isEmpty {
            warnings.append(ReportWarning(stage: Self.stage, message: Self.message(titleCodes, in: feed.title)))
        }
        // The app's words in another language (a user's strings file may be in any script).
        if let language = render.screen.language {
            let words = ChromeLanguage.keys.filter { $0 != "locale" }.map { (language[$0], fonts.button) }
            let codes = Self.undrawableCodes(words, engine: render.engine)
            if !codes.isEmpty {
                warnings.append(
                    ReportWarning(stage: Self.stage, message: Self.message(codes, in: "strings/\(language.code).json")))
            }
        }
        for item in input.items {
            if Task.isCancelled { throw .cancelled }
            let codes = Self.undrawableCodes(
                item.drawnTexts(
                    format: feed.format, theme: render.theme, locale: render.locale, options: render.screen),
                engine: render.engine)
            undrawable[item.rank] = codes
            if !codes.isEmpty {
                warnings.append(
                    ReportWarning(
                        stage: Self.stage, rank: item.rank, itemID: item.id,
                        message: Self.message(codes, in: item.title)))
            }
        }
        return (undrawable, warnings)
    }

    /// The code points ("U+E000") of `texts` that no installed font has, each once, in order.
    static func undrawableCodes(_ texts: [(text: String, font: FontStyle)], engine: TextEngine) -> [String] {
        var found: [String] = []
        for (text, font) in texts {
            for scalar in engine.undrawableCharacters(in: text, font: font) {
                let code = String(format: "U+%04X", scalar.value)
                if !found.contains(code) { found.append(code) }
            }
        }
        return found
    }

    static func message(_ codes: [String], in text: String) -> String {
        let one = codes.count == 1
        return
            "No installed font has \(codes.joined(separator: ", ")) in “\(Excerpt.printable(text))”, so \(one ? "it is" : "they are") drawn as �. Install a font that has \(one ? "it" : "them") (on Debian: fonts-noto-core, fonts-noto-cjk, fonts-noto-extra)."
    }
}
