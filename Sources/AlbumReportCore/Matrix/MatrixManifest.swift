import Foundation

/// The top-level `manifest.json` of `generate --matrix`: the axes, and for every combination its
/// values, its folder and the SHA-256 of the report there (its own `manifest.json` lists every
/// file with its SHA-256, so the whole tree is verifiable from this one file).
public struct MatrixManifest: Sendable, Hashable, Codable {
    /// The version of this format; a reader refuses any other.
    public static let currentFormat = "albumreport-matrix-1"

    /// One axis: its key in the matrix file and its values, in order.
    public struct Axis: Sendable, Hashable, Codable {
        public var key: String
        public var values: [String]

        /// Creates an axis.
        public init(key: String, values: [String]) {
            self.key = key
            self.values = values
        }
    }

    /// The first sheet PNG of a combination, for the grid.
    public struct Thumbnail: Sendable, Hashable, Codable {
        /// Relative to the combination's folder.
        public var file: String
        public var widthPixels: Int
        public var heightPixels: Int
        /// A card's rank (its anchor on the combination's page); absent for a sheet.
        public var rank: Int?

        /// Creates a thumbnail record.
        public init(file: String, widthPixels: Int, heightPixels: Int, rank: Int? = nil) {
            self.file = file
            self.widthPixels = widthPixels
            self.heightPixels = heightPixels
            self.rank = rank
        }
    }

    /// One rendered combination.
    public struct Combination: Sendable, Hashable, Codable {
        /// How many cards the grid shows per combination.
        public static let cardsShown = 2

        /// Its place in the full matrix (0-based; the last axis varies fastest).
        public var index: Int
        /// The value of each axis, by key.
        public var values: [String: String]
        /// Its folder, relative to the matrix's.
        public var folder: String
        /// SHA-256 of its `manifest.json`.
        public var manifestSHA256: String
        /// SHA-256 of its `index.html`.
        public var pageSHA256: String
        /// Its first sheet PNG, when it has one.
        public var sheet: Thumbnail?
        /// Its first cards' PNGs (at most ``cardsShown``), for the grid; absent when it drew none.
        public var cards: [Thumbnail]?
        /// How many warnings its report has.
        public var warningCount: Int

        /// Creates a combination record.
        public init(
            index: Int, values: [String: String], folder: String, manifestSHA256: String, pageSHA256: String,
            sheet: Thumbnail?, cards: [Thumbnail]? = nil, warningCount: Int
        ) {
            self.index = index
            self.values = values
            self.folder = folder
            self.manifestSHA256 = manifestSHA256
            self.pageSHA256 = pageSHA256
            self.sheet = sheet
            self.cards = cards
            self.warningCount = warningCount
        }
    }

    /// ``currentFormat``.
    public var format: String
    /// The tool that wrote it.
    public var generator: String
    /// The feed's title.
    public var title: String
    /// The axes the matrix names, in folder order.
    public var axes: [Axis]
    /// How many combinations the full matrix has (a shard renders some of them).
    public var combinationCount: Int
    /// The combinations rendered here, by index.
    public var combinations: [Combination]
    /// Set in the manifest of one shard of a sharded matrix (`--matrix … --shard I/N`): it holds
    /// the combinations whose index k has k mod N = I − 1.
    public var shard: Shard?

    /// Creates a matrix manifest.
    public init(
        generator: String, title: String, axes: [Axis], combinationCount: Int, combinations: [Combination],
        shard: Shard? = nil
    ) {
        format = Self.currentFormat
        self.generator = generator
        self.title = title
        self.axes = axes
        self.combinationCount = combinationCount
        self.combinations = combinations
        self.shard = shard
    }

    /// Stable JSON: sorted keys, pretty-printed, unescaped slashes, trailing newline.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Whether the manifest in `folder` is a matrix's (it has a `format` of ours).
    public static func isMatrix(in folder: URL) -> Bool {
        struct Probe: Decodable { var format: String? }
        guard case .success(let probe) = ManifestFile.read(Probe.self, in: folder, followingLinks: false) else {
            return false
        }
        return probe.format?.hasPrefix("albumreport-matrix") ?? false
    }
}
