/// Which kinds of pair fail a comparison (`--fail-on new,missing,changed`).
public struct FailOn: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A file only the actual side has.
    public static let new = FailOn(rawValue: 1)
    /// A file only the expected side has.
    public static let missing = FailOn(rawValue: 2)
    /// A pair whose pixels (or size) differ.
    public static let changed = FailOn(rawValue: 4)
    /// All three: the default.
    public static let all: FailOn = [.new, .missing, .changed]

    /// Parses `new,missing,changed` (any subset, in any order); nil for an unknown word.
    public init?(parsing text: String) {
        var set: FailOn = []
        for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            switch word {
            case "new": set.insert(.new)
            case "missing": set.insert(.missing)
            case "changed", "mismatch": set.insert(.changed)
            case "none", "": continue
            default: return nil
            }
        }
        self = set
    }

    /// The kinds by name, in a fixed order: `["new", "missing", "changed"]`.
    public var names: [String] {
        [(FailOn.new, "new"), (.missing, "missing"), (.changed, "changed")].filter { contains($0.0) }.map(\.1)
    }

    /// Written as its names (`["new", "missing", "changed"]`), not a bit mask.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(names)
    }

    public init(from decoder: any Decoder) throws {
        let names = try decoder.singleValueContainer().decode([String].self)
        guard let set = FailOn(parsing: names.joined(separator: ",")) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown kinds in \(names)"))
        }
        self = set
    }
}

/// A pixel mask for the files whose relative path matches a glob (`cards/*.png:0,0,1179,150`).
public struct ScopedMask: Sendable, Hashable, Codable {
    /// The glob (``Glob``): `*` within a folder or file name, `**` any folders, `?` one character.
    public var pattern: String
    public var rect: PixelRect

    /// Creates a scoped mask.
    public init(pattern: String, rect: PixelRect) {
        self.pattern = pattern
        self.rect = rect
    }

    /// Parses `x,y,w,h` (every file) or `GLOB:x,y,w,h`; nil when malformed.
    public init?(parsing text: String) {
        let (pattern, numbers): (String, Substring) =
            text.lastIndex(of: ":").map { (String(text[..<$0]), text[text.index(after: $0)...]) } ?? (
                "**", Substring(text)
            )
        let values = numbers.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !pattern.isEmpty, values.count == 4, let x = values[0], let y = values[1], let w = values[2],
            let h = values[3],
            w > 0, h > 0
        else { return nil }
        self.init(pattern: pattern, rect: PixelRect(x: x, y: y, width: w, height: h))
    }

    /// Whether the mask applies to the file at `path` (relative, `/`-separated).
    public func applies(to path: String) -> Bool { Glob.matches(pattern, path) }
}

/// How two images are compared.
public struct CompareOptions: Sendable, Hashable, Codable {
    /// The perceptual colour difference (0–1, in YIQ space, as pixelmatch defines it) above which
    /// a pixel counts as different. 0.1 tolerates gamma and codec noise, not a change of colour.
    public var threshold: Double
    /// Largest share (0–1) of compared pixels that may differ before the images mismatch.
    public var maxDiffRatio: Double
    /// Largest number of pixels that may differ before the images mismatch (nil: only the ratio).
    public var maxDiffPixels: Int?
    /// Count anti-aliased pixels as real differences (pixelmatch's `includeAA`).
    public var failOnAntialiasing: Bool
    /// Regions (in pixels) that are ignored in every image.
    public var masks: [PixelRect]
    /// Regions ignored in the files whose path matches a glob.
    public var scopedMasks: [ScopedMask]
    /// Elements (`navigationBar`, `artwork`, `button`, …) ignored wherever a report's
    /// `manifest.json` places them.
    public var maskElements: [String]
    /// Which kinds of pair fail the comparison.
    public var failOn: FailOn
    /// Differing pixels in a cluster (8-connected) smaller than this are specks that do not fail
    /// the comparison. The default, 1, makes every differing pixel count, as pixelmatch's own
    /// verdict does: a golden fails on any changed pixel. Speck tolerance is an opt-in (4 lets
    /// through the one or two pixels pixelmatch's anti-aliasing detector misses where strokes of
    /// re-rendered text nearly touch, and a real 1–3 pixel change with them); the figures
    /// always count the specks apart.
    public var minimumCluster: Int
    /// Settings for the files whose path matches a glob (`compare --config FILE`), applied in
    /// order over these by ``resolved(for:)``.
    public var paths: [PathSettings]

    /// The documented defaults: threshold 0.1, no differing pixel allowed (not even a speck),
    /// anti-aliasing ignored, new, missing and changed files all failing.
    public init(
        threshold: Double = 0.1, maxDiffRatio: Double = 0, maxDiffPixels: Int? = nil, failOnAntialiasing: Bool = false,
        masks: [PixelRect] = [], scopedMasks: [ScopedMask] = [], maskElements: [String] = [], failOn: FailOn = .all,
        minimumCluster: Int = 1, paths: [PathSettings] = []
    ) {
        self.minimumCluster = max(minimumCluster, 1)
        self.paths = paths
        self.threshold = threshold
        self.maxDiffRatio = maxDiffRatio
        self.maxDiffPixels = maxDiffPixels
        self.failOnAntialiasing = failOnAntialiasing
        self.masks = masks
        self.scopedMasks = scopedMasks
        self.maskElements = maskElements
        self.failOn = failOn
    }

    /// The masks for the file at `path` (global and scoped ones; element masks come from the
    /// report's manifest).
    public func masks(for path: String) -> [PixelRect] {
        masks + scopedMasks.filter { $0.applies(to: path) }.map(\.rect)
    }
}

/// What a pixel comparison found.
public struct PixelDifference: Sendable, Hashable, Codable {
    /// The expected and actual sizes, when they differ.
    public struct SizeMismatch: Sendable, Hashable, Codable {
        public var expectedWidth: Int
        public var expectedHeight: Int
        public var actualWidth: Int
        public var actualHeight: Int

        /// Creates the sizes of a mismatch.
        public init(expectedWidth: Int, expectedHeight: Int, actualWidth: Int, actualHeight: Int) {
            self.expectedWidth = expectedWidth
            self.expectedHeight = expectedHeight
            self.actualWidth = actualWidth
            self.actualHeight = actualHeight
        }
    }

    /// Pixels compared (the overlapping region, less masks).
    public var comparedPixels: Int
    /// Pixels whose colour differs beyond the threshold and are not anti-aliasing.
    public var differentPixels: Int
    /// Pixels that differ only as anti-aliased edges do.
    public var antialiasedPixels: Int
    /// Of `differentPixels`, those in clusters smaller than the options' `minimumCluster`
    /// (they do not fail the comparison).
    public var speckPixels: Int
    /// Pixels inside masks.
    public var maskedPixels: Int
    /// Set when the images are not the same size.
    public var sizeMismatch: SizeMismatch?
    /// Where the differing pixels are, in the expected image's pixels: the bounding boxes of
    /// 8-connected clusters of differing (not anti-aliased, not masked) pixels, specks included,
    /// boxes at most 8 pixels apart merged into one, at most 64, largest area first (see
    /// ``ClusterTracker``). Empty when no pixel differs.
    public var changedRegions: [PixelRect]

    /// Creates figures.
    public init(
        comparedPixels: Int, differentPixels: Int, antialiasedPixels: Int, maskedPixels: Int,
        speckPixels: Int = 0, sizeMismatch: SizeMismatch? = nil, changedRegions: [PixelRect] = []
    ) {
        self.speckPixels = speckPixels
        self.changedRegions = changedRegions
        self.comparedPixels = comparedPixels
        self.differentPixels = differentPixels
        self.antialiasedPixels = antialiasedPixels
        self.maskedPixels = maskedPixels
        self.sizeMismatch = sizeMismatch
    }

    private enum CodingKeys: String, CodingKey {
        case comparedPixels, differentPixels, antialiasedPixels, speckPixels, maskedPixels, sizeMismatch,
            changedRegions
    }

    /// Decodes figures; `changedRegions` may be absent (summaries written before it existed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        comparedPixels = try container.decode(Int.self, forKey: .comparedPixels)
        differentPixels = try container.decode(Int.self, forKey: .differentPixels)
        antialiasedPixels = try container.decode(Int.self, forKey: .antialiasedPixels)
        speckPixels = try container.decode(Int.self, forKey: .speckPixels)
        maskedPixels = try container.decode(Int.self, forKey: .maskedPixels)
        sizeMismatch = try container.decodeIfPresent(SizeMismatch.self, forKey: .sizeMismatch)
        changedRegions = try container.decodeIfPresent([PixelRect].self, forKey: .changedRegions) ?? []
    }

    /// Different pixels as a share of compared pixels.
    public var diffRatio: Double {
        comparedPixels == 0 ? 0 : Double(differentPixels) / Double(comparedPixels)
    }

    /// Whether the images match under `options`.
    public func matches(_ options: CompareOptions) -> Bool {
        guard sizeMismatch == nil else { return false }
        let counted = differentPixels - speckPixels + (options.failOnAntialiasing ? antialiasedPixels : 0)
        let ratio = comparedPixels == 0 ? 0 : Double(counted) / Double(comparedPixels)
        if let maxDiffPixels = options.maxDiffPixels, counted > maxDiffPixels { return false }
        if options.maxDiffPixels != nil && options.maxDiffRatio == 0 { return true }
        return ratio <= options.maxDiffRatio
    }

    /// "expected 1179×2556, got 1179×2601" or "312 of 3013524 pixels (0.0104%) differ, 85 anti-aliased".
    public var summary: String {
        var parts: [String] = []
        if let size = sizeMismatch {
            parts.append(
                "expected \(size.expectedWidth)×\(size.expectedHeight), got \(size.actualWidth)×\(size.actualHeight)")
        }
        let percent = (diffRatio * 100 * 10_000).rounded() / 10_000
        var figures = "\(differentPixels) of \(comparedPixels) pixels (\(percent)%) differ"
        if speckPixels > 0 { figures += " (\(speckPixels) in specks, ignored)" }
        parts.append(figures + ", \(antialiasedPixels) anti-aliased")
        return parts.joined(separator: "; ")
    }
}
