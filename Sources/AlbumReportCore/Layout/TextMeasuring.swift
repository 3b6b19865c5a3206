/// Vertical metrics of a font at a size, in points.
public struct FontMetrics: Sendable, Hashable {
    /// Distance from the baseline up to the font's ascender line.
    public var ascender: Double
    /// Distance from the baseline down to the descender line (positive).
    public var descender: Double

    /// Creates metrics.
    public init(ascender: Double, descender: Double) {
        self.ascender = ascender
        self.descender = descender
    }
}

/// The seam between pure layout and a real font engine: layout asks how wide text is and
/// never touches fonts itself.
public protocol TextMeasuring: Sendable {
    /// The advance width of `text` set in `font`, in points.
    func width(of text: String, font: FontStyle) -> Double
    /// The vertical metrics of `font`, in points.
    func metrics(of font: FontStyle) -> FontMetrics
}
