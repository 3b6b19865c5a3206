import Foundation

/// `manifest.json`: what was rendered, from what, and where every element landed. Encoded with
/// sorted keys and no timestamps, so the same inputs give the same bytes.
public struct Manifest: Sendable, Hashable, Codable {
    /// The feed's metadata and where it came from.
    public struct FeedInfo: Sendable, Hashable, Codable {
        public var source: String
        public var format: FeedFormat
        public var encoding: String
        public var title: String
        public var country: String?
        public var updated: String?
        public var copyright: String?
        public var feedID: String?
        /// Entries in the feed after decoding (before `--limit`).
        public var itemCount: Int

        /// Creates feed info.
        public init(source: String, encoding: String, feed: Feed) {
            self.source = source
            self.format = feed.format
            self.encoding = encoding
            self.title = feed.title
            self.country = feed.country
            self.updated = feed.updated
            self.copyright = feed.copyright
            self.feedID = feed.feedID
            self.itemCount = feed.items.count
        }
    }

    /// A font as resolved to a file: the family used (of a list such as "SF Pro Text, Inter",
    /// the one the runner had) and its file.
    public struct FontRecord: Sendable, Hashable, Codable {
        public var family: String
        public var weight: FontWeight
        public var file: String
        /// "emoji" for the colour emoji font emoji are drawn with; absent for the text styles' fonts.
        public var role: String?
        /// The family the theme asked for first, when another drew in its place: "SF Pro Text"
        /// drawn with Inter, "Apple Color Emoji" with Noto Color Emoji, on a runner without Apple's
        /// fonts (a look-alike, not Apple's glyphs: docs/screens.md, Fonts). Absent when the first
        /// choice drew.
        public var standsFor: String?

        /// Creates a record.
        public init(family: String, weight: FontWeight, file: String, role: String? = nil, standsFor: String? = nil) {
            self.family = family
            self.weight = weight
            self.file = file
            self.role = role
            self.standsFor = standsFor
        }
    }

    /// A file the run wrote.
    public struct FileRecord: Sendable, Hashable, Codable {
        /// Relative to the output folder, `/`-separated.
        public var path: String
        public var widthPixels: Int
        public var heightPixels: Int
        public var bytes: Int
        public var sha256: String

        /// Creates a record.
        public init(path: String, widthPixels: Int, heightPixels: Int, bytes: Int, sha256: String) {
            self.path = path
            self.widthPixels = widthPixels
            self.heightPixels = heightPixels
            self.bytes = bytes
            self.sha256 = sha256
        }
    }

    /// One element's frame in points and pixels.
    public struct ElementRecord: Sendable, Hashable, Codable {
        public var name: String
        public var rank: Int?
        public var points: Rect
        public var pixels: PixelRect
        /// For links (the card's button): where it leads.
        public var link: String?
        /// For the card's button: its label as drawn, when it is not the English store title
        /// (``FeedItem/storeButtonTitle``) that a reader falls back to ("In Apple Music ansehen",
        /// "View Artist"), so that the gallery says what the card says.
        public var label: String?

        /// Creates a record from a layout element at `scale`.
        public init(_ element: LayoutElement, scale: Double, link: String? = nil) {
            name = element.name
            rank = element.rank
            points = element.frame
            pixels = element.frame.pixels(scale: scale)
            self.link = link
        }

        /// What the element is; nil for a name this version does not lay out (the name is kept
        /// as a string so that a manifest of another version still reads).
        public var kind: LayoutElement.Kind? { LayoutElement.Kind(rawValue: name) }
    }

    /// One rendered screen (the sheet or a card) and its elements.
    public struct ScreenRecord: Sendable, Hashable, Codable {
        public enum Kind: String, Sendable, Hashable, Codable { case sheet, card }
        public var kind: Kind
        public var file: String
        public var rank: Int?
        /// For a sheet split with `--pages`: the 1-based page number.
        public var page: Int?
        public var sizePoints: Size
        public var elements: [ElementRecord]
        /// A digest of everything that shaped the pixels, so an unchanged screen is not drawn again.
        public var renderKey: String?

        /// Creates a record.
        public init(
            kind: Kind, file: String, rank: Int?, page: Int? = nil, sizePoints: Size, elements: [ElementRecord],
            renderKey: String? = nil
        ) {
            self.kind = kind
            self.file = file
            self.rank = rank
            self.page = page
            self.sizePoints = sizePoints
            self.elements = elements
            self.renderKey = renderKey
        }
    }

    /// One item as drawn: the feed's data plus what the run learned about drawing it. Encoded as
    /// one flat object (the item's fields and `undrawableCharacters` side by side).
    @dynamicMemberLookup
    public struct ItemRecord: Sendable, Hashable, Codable {
        /// The item as decoded (and enriched).
        public var item: FeedItem
        /// The code points ("U+E000") of the item's text that no installed font has, each drawn as
        /// U+FFFD (normally none).
        public var undrawableCharacters: [String]?

        /// Creates a record.
        public init(_ item: FeedItem, undrawableCharacters: [String]?) {
            self.item = item
            self.undrawableCharacters = undrawableCharacters
        }

        /// The item's fields (`record.title`, `record.rank`, …).
        public subscript<T>(dynamicMember keyPath: KeyPath<FeedItem, T>) -> T { item[keyPath: keyPath] }

        private enum Keys: String, CodingKey { case undrawableCharacters }

        public init(from decoder: any Decoder) throws {
            item = try FeedItem(from: decoder)
            undrawableCharacters = try decoder.container(keyedBy: Keys.self)
                .decodeIfPresent([String].self, forKey: .undrawableCharacters)
        }

        public func encode(to encoder: any Encoder) throws {
            try item.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(undrawableCharacters, forKey: .undrawableCharacters)
        }
    }

    /// The tool that wrote it.
    public var generator: String
    public var feed: FeedInfo
    public var device: Device
    public var theme: String
    public var locale: String
    public var fonts: [FontRecord]
    /// The versions of the libraries that shape the pixels (libgd, FreeType, HarfBuzz, …).
    public var libraries: [String: String]?
    public var items: [ItemRecord]
    public var files: [FileRecord]
    public var screens: [ScreenRecord]
    public var warnings: [ReportWarning]
    /// Set in the manifest of one shard of a sharded run (`--shard I/N`); absent otherwise.
    public var shard: Shard?
    /// What the screens were drawn with, the one record of the choices: every render setting that
    /// differs from its default, by its name in `RenderSettings` (`style`, `boldText`, `device`,
    /// …), in its canonical form (`swiftui`, `on`, `iphone-15`), with the defaults a run resolves
    /// (the language from the locale or the storefront) resolved. Absent when every setting is the
    /// default, so that a default report keeps its bytes; `merge` refuses shards whose settings
    /// differ. The top-level ``device``, ``theme``, ``locale``, ``fonts`` and ``layoutDirection``
    /// are what those choices resolved to.
    public var settings: [String: String]?
    /// In a matrix: the matrix's own `index.html`, relative to this report's folder
    /// (`../../index.html`), which this report's page links back to; absent otherwise.
    public var matrixPage: String?
    /// The UI's direction as drawn (`--layout-direction`, or the language's own); absent for left
    /// to right.
    public var layoutDirection: LayoutDirection?
    /// The manifest's format: 2 since albumreport 0.4 (one record per fact: the settings, then
    /// what they resolved to). Absent in format 1, whose readers (`merge`, `compare`) still read
    /// for one release: it also held the legacy `screen` record and a top-level `language`.
    public var formatVersion: Int?

    /// The format this version writes.
    public static let currentFormat = 2

    /// The language of the app's words (the `language` setting); nil for English.
    public var language: String? { settings?["language"] }

    /// Creates a manifest.
    public init(
        generator: String, feed: FeedInfo, device: Device, theme: String, locale: String, fonts: [FontRecord],
        libraries: [String: String]? = nil, items: [ItemRecord], files: [FileRecord], screens: [ScreenRecord],
        warnings: [ReportWarning], shard: Shard? = nil
    ) {
        formatVersion = Self.currentFormat
        self.generator = generator
        self.feed = feed
        self.device = device
        self.theme = theme
        self.locale = locale
        self.fonts = fonts
        self.libraries = libraries
        self.items = items
        self.files = files
        self.screens = screens
        self.warnings = warnings
        self.shard = shard
    }

    /// Stable JSON: sorted keys, pretty-printed, unescaped slashes, trailing newline.
    ///
    /// The same bytes as encoding the whole value with `JSONEncoder`, but built a part at a time:
    /// `JSONEncoder` holds its whole tree at once, about six times the output (40 MB for the 7 MB
    /// manifest of a 1,000-item report), which made peak memory grow with the item count.
    public func encoded() throws -> Data {
        var all = Data()
        try encode(flushingAt: .max) { all.append($0) }
        return all
    }

    /// The bytes of ``encoded()``, handed to `sink` in pieces of about `chunk` bytes (cut between
    /// the elements of a list), so that a 1,000-item report's manifest (9 MB) is never held whole.
    ///
    /// Everything but the four long lists is encoded by `JSONEncoder` in one piece, with the lists
    /// empty; each empty list is then replaced by its elements, encoded one at a time. So every
    /// member the type has is written exactly as `JSONEncoder` writes it, with no second list of
    /// members to keep in step.
    public func encode(flushingAt chunk: Int, to sink: (Data) throws -> Void) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var skeleton = self
        skeleton.items = []
        skeleton.files = []
        skeleton.screens = []
        skeleton.warnings = []
        let head = [UInt8](try encoder.encode(skeleton))
        // A top-level list, empty: a real newline and two spaces can only start a member of the
        // top-level object (a string's newlines are escaped, nested members are indented deeper).
        let lists: [(key: String, write: (inout Data, (inout Data) throws -> Void) throws -> Void)] = [
            ("files", { out, flush in try Self.append(list: files, encoder: encoder, to: &out, flush: flush) }),
            ("items", { out, flush in try Self.append(list: items, encoder: encoder, to: &out, flush: flush) }),
            ("screens", { out, flush in try Self.append(list: screens, encoder: encoder, to: &out, flush: flush) }),
            ("warnings", { out, flush in try Self.append(list: warnings, encoder: encoder, to: &out, flush: flush) }),
        ]
        let placed = try lists.map {
            list -> (range: Range<Int>, write: (inout Data, (inout Data) throws -> Void) throws -> Void) in
            let pattern = Array("\n  \"\(list.key)\" : [\n\n  ]".utf8)
            guard let start = Self.firstIndex(of: pattern, in: head) else {
                throw EncodingError.invalidValue(
                    list.key, .init(codingPath: [], debugDescription: "the manifest's \(list.key) list was not found"))
            }
            // Keep the newline and the key; replace the empty list.
            let listStart = start + pattern.count - Array("[\n\n  ]".utf8).count
            return (listStart..<(start + pattern.count), list.write)
        }.sorted { $0.range.lowerBound < $1.range.lowerBound }
        let flush: (inout Data) throws -> Void = { out in
            guard out.count >= chunk else { return }
            try sink(out)
            out.removeAll(keepingCapacity: true)
        }
        var out = Data()
        var position = 0
        for list in placed {
            out.append(contentsOf: head[position..<list.range.lowerBound])
            try list.write(&out, flush)
            position = list.range.upperBound
        }
        out.append(contentsOf: head[position...])
        out.append(0x0A)
        try sink(out)
    }

    /// Where `pattern` first occurs in `bytes`.
    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var index = 0
        while index <= bytes.count - pattern.count {
            if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    /// Appends `value`'s JSON with every line after the first indented by `indent` spaces (except
    /// the blank line inside an empty array, which JSONEncoder leaves blank).
    private static func append(
        _ value: some Encodable, indent: Int, encoder: JSONEncoder, to out: inout Data
    ) throws {
        let json = try encoder.encode(value)
        var lines = [UInt8]()
        lines.reserveCapacity(json.count + json.count / 4)
        json.withUnsafeBytes { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                lines.append(byte)
                index += 1
                if byte == 0x0A, index < bytes.count, bytes[index] != 0x0A {
                    lines.append(contentsOf: repeatElement(0x20, count: indent))
                }
            }
        }
        out.append(contentsOf: lines)
    }

    /// Appends `values` as a JSON array at the manifest's second level.
    private static func append(
        list values: [some Encodable], encoder: JSONEncoder, to out: inout Data, flush: (inout Data) throws -> Void
    ) throws {
        guard !values.isEmpty else {
            out.append(contentsOf: Array("[\n\n  ]".utf8))
            return
        }
        out.append(contentsOf: Array("[\n".utf8))
        for (index, element) in values.enumerated() {
            out.append(contentsOf: Array("    ".utf8))
            try append(element, indent: 4, encoder: encoder, to: &out)
            out.append(contentsOf: Array((index < values.count - 1 ? ",\n" : "\n  ]").utf8))
            try flush(&out)
        }
    }

    /// The whole value through one `JSONEncoder` (the reference ``encoded()`` must equal).
    public func encodedWhole() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }
}
