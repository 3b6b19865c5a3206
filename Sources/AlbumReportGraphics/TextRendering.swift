import AlbumReportCore

/// The one seam text goes through: layout measures with it, the renderer draws with it.
/// ``TextEngine`` (HarfBuzz, FriBidi, fontconfig fallback) implements it for reports; the
/// benchmark has a second one on libgd's own text call, as its baseline.
public protocol TextRendering: TextMeasuring {
    /// Draws every line of `block` into `image` (block coordinates in points).
    func draw(_ block: TextBlock, in image: GDImage) throws(GraphicsError)
}
