import AlbumReportCore
import AlbumReportGraphics
import CGD
import Foundation
import Synchronization

/// Measures and draws text with libgd's own FreeType call: no font fallback, no shaping, no
/// bidi. Reports use ``TextEngine``; this one is kept as the baseline `albumreport-bench text`
/// measures the new engine against.
///
/// gd decodes HTML entities in the strings it is given and reads UTF-8 only up to three bytes;
/// every string is therefore passed as ASCII with numeric character references, which gd decodes
/// back to exactly the original code points (`&amp;` stays literal).
final class GDTextEngine: TextRendering {
    /// The pixel scale text is measured and drawn at.
    public let scale: Double
    /// The resolved fonts.
    public let fonts: FontBook
    private let widths = Mutex<[WidthKey: Double]>([:])

    private struct WidthKey: Hashable {
        var text: String
        var file: String
        var size: Double
    }

    /// An engine for one pixel scale.
    public init(fonts: FontBook, scale: Double) {
        GraphicsRuntime.prepare()
        self.fonts = fonts
        self.scale = scale
    }

    // MARK: - TextMeasuring

    /// The advance width in points.
    public func width(of text: String, font: FontStyle) -> Double {
        guard !text.isEmpty, let resolved = fonts.font(for: font) else { return 0 }
        let key = WidthKey(text: text, file: resolved.file, size: font.size)
        if let cached = widths.withLock({ $0[key] }) { return cached }
        let measured = Double(advancePixels(text, file: resolved.file, pixelSize: font.size * scale)) / scale
        widths.withLock { $0[key] = measured }
        return measured
    }

    /// Ascender and descender in points.
    public func metrics(of font: FontStyle) -> FontMetrics {
        guard let resolved = fonts.font(for: font) else {
            return FontMetrics(ascender: font.size * 0.95, descender: font.size * 0.25)
        }
        return FontMetrics(ascender: font.size * resolved.ascenderPerEm, descender: font.size * resolved.descenderPerEm)
    }

    // MARK: - Drawing

    /// Draws every line of `block` into `image` (coordinates in points, scaled here).
    public func draw(_ block: TextBlock, in image: GDImage) throws(GraphicsError) {
        guard let resolved = fonts.font(for: block.font) else {
            throw .fontNotFound(family: block.font.family, weight: block.font.weight.rawValue)
        }
        for line in block.lines {
            try drawLine(
                line.text, file: resolved.file, pixelSize: block.font.size * scale,
                x: Int((line.x * scale).rounded()), baseline: Int((line.baseline * scale).rounded()) - image.originY,
                color: block.color, in: image)
        }
    }

    private func drawLine(
        _ text: String, file: String, pixelSize: Double, x: Int, baseline: Int, color: RGBA, in image: GDImage
    ) throws(GraphicsError) {
        var boundingBox = [Int32](repeating: 0, count: 8)
        var extra = Self.extra()
        let error = Self.escape(text).withCString { string in
            file.withCString { path in
                image.withGDPointer { pointer in
                    gdImageStringFTEx(
                        pointer, &boundingBox, GDImage.gdColor(color), UnsafeMutablePointer(mutating: path),
                        pixelSize, 0, Int32(x), Int32(baseline), UnsafeMutablePointer(mutating: string), &extra)
                }
            }
        }
        if let error { throw .textFailed(String(cString: error)) }
    }

    /// The pen advance of `text` in pixels: the right edge of gd's bounding box from the origin.
    private func advancePixels(_ text: String, file: String, pixelSize: Double) -> Int {
        var boundingBox = [Int32](repeating: 0, count: 8)
        var extra = Self.extra()
        let error = Self.escape(text).withCString { string in
            file.withCString { path in
                gdImageStringFTEx(
                    nil, &boundingBox, 0, UnsafeMutablePointer(mutating: path), pixelSize, 0, 0, 0,
                    UnsafeMutablePointer(mutating: string), &extra)
            }
        }
        guard error == nil else { return 0 }
        return Int(max(boundingBox[2], boundingBox[4]))
    }

    /// Options for every gd text call: 72 dpi so that gd's "point size" is the pixel size.
    private static func extra() -> gdFTStringExtra {
        var extra = gdFTStringExtra()
        extra.flags = Int32(gdFTEX_RESOLUTION)
        extra.hdpi = 72
        extra.vdpi = 72
        return extra
    }

    /// ASCII with numeric character references for `&` and every non-ASCII scalar.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII && scalar != "&" && scalar.value >= 0x20 {
                escaped.unicodeScalars.append(scalar)
            } else if scalar.value >= 0x20 {
                escaped += "&#\(scalar.value);"
            }
        }
        return escaped
    }
}
