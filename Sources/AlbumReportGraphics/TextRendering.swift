import AlbumReportCore

/// The one seam text goes through: layout measures with it, the renderer draws with it. A new
/// text engine (shaping, fallback, bidi) replaces the implementation without touching either.
public protocol TextRendering: TextMeasuring {
    /// Draws every line of `block` into `image` (block coordinates in points).
    func draw(_ block: TextBlock, in image: GDImage) throws(GraphicsError)
}

extension GDTextEngine: TextRendering {}
