import AlbumReportCore
import Foundation

/// iOS's chrome material, drawn: what lies behind a bar, blurred and tinted.
extension GDImage {
    /// Blurs the pixels of `rect` (picture coordinates) with a Gaussian of `sigma` pixels, then
    /// composites `tint` over them. The blur reads the picture up to three `sigma` beyond `rect`
    /// (content just below a bar bleeds into it, as in iOS) but writes only inside `rect`; the
    /// image's own edges are extended. A strip draws the part of `rect` that falls inside it.
    public func applyMaterial(_ rect: PixelRect, sigma: Double, tint: RGBA) {
        let local = PixelRect(x: rect.x, y: rect.y - originY, width: rect.width, height: rect.height)
        let target = Self.intersection(local, PixelRect(x: 0, y: 0, width: width, height: height))
        guard target.width > 0, target.height > 0 else { return }
        let reach = sigma > 0 ? Int((3 * sigma).rounded(.up)) : 0
        let source = Self.intersection(
            PixelRect(
                x: target.x - reach, y: target.y - reach, width: target.width + 2 * reach,
                height: target.height + 2 * reach),
            PixelRect(x: 0, y: 0, width: width, height: height))
        let count = source.width * source.height
        var planes = [[Float]](repeating: [Float](repeating: 0, count: count), count: 3)
        for y in 0..<source.height {
            _ = withRow(source.y + y) { row in
                for x in 0..<source.width {
                    let pixel = row[source.x + x]
                    let index = y * source.width + x
                    planes[0][index] = Float((pixel >> 16) & 0xFF)
                    planes[1][index] = Float((pixel >> 8) & 0xFF)
                    planes[2][index] = Float(pixel & 0xFF)
                }
            }
        }
        for channel in 0..<3 {
            BoxBlur.blur(&planes[channel], width: source.width, height: source.height, sigma: sigma)
        }
        let alpha = Float(tint.alpha) / 255
        let tinted = (Float(tint.red) * alpha, Float(tint.green) * alpha, Float(tint.blue) * alpha)
        func channel(_ value: Float, _ tintPart: Float) -> Int32 {
            Int32(min(max((value * (1 - alpha) + tintPart).rounded(), 0), 255))
        }
        for y in target.y..<target.maxY {
            _ = withRow(y) { row in
                for x in target.x..<target.maxX {
                    let index = (y - source.y) * source.width + (x - source.x)
                    row[x] =
                        channel(planes[0][index], tinted.0) << 16 | channel(planes[1][index], tinted.1) << 8
                        | channel(planes[2][index], tinted.2)
                }
            }
        }
    }

    /// The overlap of two rectangles (empty: zero width or height).
    static func intersection(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let minX = max(a.x, b.x)
        let minY = max(a.y, b.y)
        let maxX = min(a.maxX, b.maxX)
        let maxY = min(a.maxY, b.maxY)
        return PixelRect(x: minX, y: minY, width: max(maxX - minX, 0), height: max(maxY - minY, 0))
    }
}
