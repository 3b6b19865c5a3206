/// How two images are compared.
public struct CompareOptions: Sendable, Hashable, Codable {
    /// The perceptual colour difference (0–1, in YIQ space, as pixelmatch defines it) above which
    /// a pixel counts as different. 0.1 tolerates gamma and codec noise, not a change of colour.
    public var threshold: Double
    /// Largest share (0–1) of compared pixels that may differ before the images mismatch.
    public var maxDiffRatio: Double
    /// Largest number of pixels that may differ before the images mismatch (nil: only the ratio).
    public var maxDiffPixels: Int?
    /// Count anti-aliasing and one-pixel-shift differences as real differences.
    public var failOnAntialiasing: Bool
    /// Regions (in pixels) that are ignored.
    public var masks: [PixelRect]

    /// The documented defaults: threshold 0.1, no differing pixel allowed, anti-aliasing ignored.
    public init(
        threshold: Double = 0.1, maxDiffRatio: Double = 0, maxDiffPixels: Int? = nil, failOnAntialiasing: Bool = false,
        masks: [PixelRect] = []
    ) {
        self.threshold = threshold
        self.maxDiffRatio = maxDiffRatio
        self.maxDiffPixels = maxDiffPixels
        self.failOnAntialiasing = failOnAntialiasing
        self.masks = masks
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
    }

    /// Pixels compared (the overlapping region, less masks).
    public var comparedPixels: Int
    /// Pixels whose colour differs beyond the threshold and are not anti-aliasing.
    public var differentPixels: Int
    /// Pixels that differ only as anti-aliasing or a one-pixel shift would.
    public var antialiasedPixels: Int
    /// Pixels inside masks.
    public var maskedPixels: Int
    /// Set when the images are not the same size.
    public var sizeMismatch: SizeMismatch?

    /// Creates figures.
    public init(
        comparedPixels: Int, differentPixels: Int, antialiasedPixels: Int, maskedPixels: Int,
        sizeMismatch: SizeMismatch? = nil
    ) {
        self.comparedPixels = comparedPixels
        self.differentPixels = differentPixels
        self.antialiasedPixels = antialiasedPixels
        self.maskedPixels = maskedPixels
        self.sizeMismatch = sizeMismatch
    }

    /// Different pixels as a share of compared pixels.
    public var diffRatio: Double {
        comparedPixels == 0 ? 0 : Double(differentPixels) / Double(comparedPixels)
    }

    /// Whether the images match under `options`.
    public func matches(_ options: CompareOptions) -> Bool {
        guard sizeMismatch == nil else { return false }
        let counted = differentPixels + (options.failOnAntialiasing ? antialiasedPixels : 0)
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
        parts.append(
            "\(differentPixels) of \(comparedPixels) pixels (\(percent)%) differ, \(antialiasedPixels) anti-aliased")
        return parts.joined(separator: "; ")
    }
}
