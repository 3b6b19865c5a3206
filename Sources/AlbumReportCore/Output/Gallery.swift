import Foundation

/// What `index.html` shows, built from a manifest: plain strings and numbers only, so that the
/// template decides the markup and the Mustache renderer escapes every value for HTML.
///
/// Links are checked here: only `http`/`https` store links are kept, and rows link to cards that
/// exist. Overlay positions are percentages of the image, so links scale with the image.
public struct Gallery: Sendable, Hashable {
    /// A clickable region over an image, in percent of the image's width and height.
    public struct Region: Sendable, Hashable {
        public var href: String
        public var label: String
        public var left: String
        public var top: String
        public var width: String
        public var height: String
    }

    /// One sheet image (or page) with a region per row that has a card.
    public struct Sheet: Sendable, Hashable {
        public var file: String
        public var alt: String
        public var widthPixels: Int
        public var heightPixels: Int
        /// The width the image is shown at, in CSS pixels (the device's points).
        public var displayWidth: String
        public var rows: [Region]
    }

    /// One card image with its store-button region (when the item has a safe store link).
    public struct Card: Sendable, Hashable {
        public var anchor: String
        public var file: String
        public var alt: String
        public var rank: Int
        public var title: String
        public var artist: String
        public var widthPixels: Int
        public var heightPixels: Int
        public var displayWidth: String
        public var hasArtist: Bool
        public var buttons: [Region]
    }

    public var title: String
    public var subtitle: String
    public var generator: String
    public var sheets: [Sheet]
    public var cards: [Card]
    public var warnings: [String]
    /// The page's language (`en`, `ar`: the report's `--language`) and direction (`ltr`, `rtl`).
    public var lang: String
    public var dir: String
    /// The headings and the link back to a matrix, in the page's language.
    public var chartHeading: String
    public var cardsHeading: String
    public var warningsHeading: String
    public var matrixLabel: String
    /// In a matrix: the matrix's page, relative to this one (`../../index.html`); empty otherwise.
    public var matrixHref: String
    // Stored, not computed: Mustache sees stored properties only.
    public var hasMatrix: Bool
    public var hasSubtitle: Bool
    public var hasCards: Bool
    public var hasWarnings: Bool

    /// The page for `manifest`; `subtitle` is the chart line shown under the title.
    public init(manifest: Manifest, subtitle: String?, language: ChromeLanguage? = nil) {
        func word(_ key: String) -> String { language?[key] ?? ChromeLanguage.pageEnglish[key] ?? key }
        let by = word("pageBy")
        lang = manifest.language ?? "en"
        dir = manifest.layoutDirection == .rtl ? "rtl" : "ltr"
        chartHeading = word("pageChart")
        cardsHeading = word("pageCards")
        warningsHeading = word("pageWarnings")
        matrixLabel = word("pageAllCombinations")
        matrixHref = manifest.matrixPage.flatMap(Self.safeMatrixLink) ?? ""
        hasMatrix = !matrixHref.isEmpty
        // The list's title as the screens draw it: an album chart's "Top Albums" in the report's
        // language (an Arabic report's page was headed in English).
        let feed = Feed(format: manifest.feed.format, title: manifest.feed.title, items: [])
        let title = TextNormalizer.normalize(language?.listTitle(for: feed) ?? manifest.feed.title)
        self.title = title
        self.subtitle = subtitle.map(TextNormalizer.normalize) ?? ""
        generator = manifest.generator
        warnings = manifest.warnings.map(\.description)
        let items = Dictionary(manifest.items.map { ($0.rank, $0.item) }, uniquingKeysWith: { first, _ in first })
        let files = Dictionary(manifest.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let cardScreens = manifest.screens.filter { $0.kind == .card }
        let cardRanks = Set(cardScreens.compactMap(\.rank))

        let words = Words(by: by, page: word("pagePage"), sheet: word("pageSheet"))
        sheets = manifest.screens.filter { $0.kind == .sheet }.compactMap { screen in
            Self.sheet(screen, files: files, items: items, cardRanks: cardRanks, title: title, words: words)
        }
        cards = cardScreens.compactMap { Self.card($0, files: files, items: items, by: by) }
        hasSubtitle = !self.subtitle.isEmpty
        hasCards = !cards.isEmpty
        hasWarnings = !warnings.isEmpty
    }

    /// The page's words a sheet's and a card's alt texts are made of.
    struct Words {
        var by: String
        var page: String
        var sheet: String
    }

    /// One sheet page: its picture, each row that has a card linked to it. A screen-sized page
    /// cuts rows at its edges and under its bar: only what shows links.
    static func sheet(
        _ screen: Manifest.ScreenRecord, files: [String: Manifest.FileRecord], items: [Int: FeedItem],
        cardRanks: Set<Int>, title: String, words: Words
    ) -> Sheet? {
        guard let file = files[screen.file] else { return nil }
        let barBottom = screen.elements.first { $0.kind == .navigationBar }?.points.maxY ?? 0
        let rows = screen.elements.filter { $0.kind == .row }.compactMap { row -> Region? in
            guard let rank = row.rank, cardRanks.contains(rank) else { return nil }
            let top = max(row.points.y, barBottom)
            let bottom = min(row.points.maxY, screen.sizePoints.height)
            guard bottom > top else { return nil }
            return Region(
                href: "#" + anchor(rank: rank), label: label(items[rank], rank: rank, by: words.by),
                frame: Rect(x: row.points.x, y: top, width: row.points.width, height: bottom - top),
                in: screen.sizePoints)
        }
        let named = screen.page.map { ChromeLanguage.fill(words.page, [title, String($0)]) } ?? title
        return Sheet(
            file: PathLink.encoded(screen.file), alt: ChromeLanguage.fill(words.sheet, [named]),
            widthPixels: file.widthPixels,
            heightPixels: file.heightPixels, displayWidth: number(screen.sizePoints.width), rows: rows)
    }

    /// One card: its picture, and its button linked to the store when the link is a web address.
    static func card(
        _ screen: Manifest.ScreenRecord, files: [String: Manifest.FileRecord], items: [Int: FeedItem], by: String
    ) -> Card? {
        guard let rank = screen.rank, let file = files[screen.file] else { return nil }
        let item = items[rank]
        let buttons = screen.elements.filter { $0.kind == .button }.compactMap { button -> Region? in
            guard let link = button.link, let safe = safeWebLink(link) else { return nil }
            return Region(
                href: safe,
                label:
                    "\(button.label ?? item?.storeButtonTitle ?? "Open in the store"): \(label(item, rank: rank, by: by))",
                frame: button.points, in: screen.sizePoints)
        }
        return Card(
            anchor: anchor(rank: rank), file: PathLink.encoded(screen.file), alt: label(item, rank: rank, by: by),
            rank: rank,
            title: TextNormalizer.normalize(item?.title ?? ""),
            artist: TextNormalizer.normalize(item?.artistName ?? ""),
            widthPixels: file.widthPixels, heightPixels: file.heightPixels,
            displayWidth: number(screen.sizePoints.width),
            hasArtist: !TextNormalizer.normalize(item?.artistName ?? "").isEmpty, buttons: buttons)
    }

    /// The fragment identifier of a card: `card-7`.
    public static func anchor(rank: Int) -> String { "card-\(rank)" }

    /// "Album by Artist" (`by`: the page's language's pattern), or the rank when the feed gives no name.
    static func label(_ item: FeedItem?, rank: Int, by: String = ChromeLanguage.pageEnglish["pageBy"] ?? "") -> String {
        let title = TextNormalizer.normalize(item?.title ?? "")
        let artist = TextNormalizer.normalize(item?.artistName ?? "")
        switch (title.isEmpty, artist.isEmpty) {
        case (false, false): return ChromeLanguage.fill(by, [title, artist])
        case (false, true): return title
        case (true, false): return ChromeLanguage.fill(by, ["#\(rank)", artist])
        case (true, true): return "#\(rank)"
        }
    }

    /// `link` when it is a matrix page link as albumreport writes it (`../index.html`,
    /// `../../index.html`, …); nil for anything else (a manifest may have been edited).
    package static func safeMatrixLink(_ link: String) -> String? {
        var rest = Substring(link)
        var levels = 0
        while rest.hasPrefix("../") {
            rest = rest.dropFirst(3)
            levels += 1
        }
        return levels > 0 && levels <= 32 && rest == "index.html" ? link : nil
    }

    /// `link` when it is an absolute `http`/`https` URL with a host and no credentials; nil otherwise
    /// (`javascript:`, `data:`, relative and malformed links are never emitted).
    public static func safeWebLink(_ link: String) -> String? {
        let trimmed = link.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
            let components = URLComponents(string: trimmed),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty, components.user == nil, components.password == nil,
            let url = components.url
        else { return nil }
        return url.absoluteString
    }

    /// A percentage or length with at most four decimals and no exponent: "12.3457".
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.4f", value)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}

extension Gallery.Region {
    /// A region for `frame` inside a screen of `size`, clamped to the screen.
    init(href: String, label: String, frame: Rect, in size: Size) {
        func percent(_ value: Double, of total: Double) -> String {
            Gallery.number(total > 0 ? min(max(value / total * 100, 0), 100) : 0)
        }
        self.init(
            href: href, label: label, left: percent(frame.x, of: size.width), top: percent(frame.y, of: size.height),
            width: percent(frame.width, of: size.width), height: percent(frame.height, of: size.height))
    }
}
