import AlbumReportCore
import Foundation

/// iOS's chrome material, drawn: what lies behind a bar, blurred and tinted.
extension GDImage {
    /// Blurs the pixels of `rect` (picture coordinates) with a Gaussian of `sigma` pixels, then
    /// composites `tint` over them. The blur reads the picture up to three `sigma` beyond `rect`
    /// (content just below a bar bleeds into it, as in iOS) but writes only inside `rect`; the
    /// image's own edges are extended. A strip draws the part of `rect` that falls inside it.
    ///
    /// A band inside a floating sheet passes the sheet as `container`: the blur then reads only
    /// the sheet (what lies around it is not under the band), and the band's bottom corners
    /// follow the sheet's, rounded with `bottomCornerRadius` pixels and antialiased.
    public func applyMaterial(
        _ rect: PixelRect, sigma: Double, tint: RGBA, container: PixelRect? = nil, bottomCornerRadius: Double = 0
    ) {
        let local = PixelRect(x: rect.x, y: rect.y - originY, width: rect.width, height: rect.height)
        let picture = PixelRect(x: 0, y: 0, width: width, height: height)
        let bounds = container.map {
            Self.intersection(PixelRect(x: $0.x, y: $0.y - originY, width: $0.width, height: $0.height), picture)
        }
        let target = Self.intersection(local, bounds ?? picture)
        guard target.width > 0, target.height > 0 else { return }
        let reach = sigma > 0 ? Int((3 * sigma).rounded(.up)) : 0
        let source = Self.intersection(
            PixelRect(
                x: target.x - reach, y: target.y - reach, width: target.width + 2 * reach,
                height: target.height + 2 * reach),
            bounds ?? picture)
        var planes = channelPlanes(of: source)
        for channel in 0..<3 {
            BoxBlur.blur(&planes[channel], width: source.width, height: source.height, sigma: sigma)
        }
        let alpha = Float(tint.alpha) / 255
        let tinted = (Float(tint.red) * alpha, Float(tint.green) * alpha, Float(tint.blue) * alpha)
        func channel(_ value: Float, _ tintPart: Float) -> Int32 {
            Int32(min(max((value * (1 - alpha) + tintPart).rounded(), 0), 255))
        }
        let corners = container.map { Self.bottomCorners(of: $0, radius: bottomCornerRadius, originY: originY) }
        for y in target.y..<target.maxY {
            _ = withRow(y) { row in
                for x in target.x..<target.maxX {
                    let index = (y - source.y) * source.width + (x - source.x)
                    var red = channel(planes[0][index], tinted.0)
                    var green = channel(planes[1][index], tinted.1)
                    var blue = channel(planes[2][index], tinted.2)
                    if let coverage = corners?(x, y), coverage < 1 {
                        // Outside the sheet's rounded corner what was there stays; on its edge, blended.
                        let old = row[x]
                        func mix(_ new: Int32, _ shift: Int32) -> Int32 {
                            let before = Double((old >> shift) & 0xFF)
                            return Int32((before + (Double(new) - before) * coverage).rounded())
                        }
                        red = mix(red, 16)
                        green = mix(green, 8)
                        blue = mix(blue, 0)
                    }
                    row[x] = red << 16 | green << 8 | blue
                }
            }
        }
    }

    /// The red, green and blue of `source` (strip coordinates) as planes of floats, row by row.
    private func channelPlanes(of source: PixelRect) -> [[Float]] {
        var planes = [[Float]](repeating: [Float](repeating: 0, count: source.width * source.height), count: 3)
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
        return planes
    }

    /// For a pixel (strip coordinates), how much of it lies inside `container` with its bottom
    /// corners rounded by `radius` pixels: 1 away from the corners.
    private static func bottomCorners(
        of container: PixelRect, radius: Double, originY: Int
    ) -> (Int, Int) -> Double {
        let halfWidth = Double(container.width) / 2
        let halfHeight = Double(container.height) / 2
        let centerX = Double(container.x) + halfWidth
        let centerY = Double(container.y - originY) + halfHeight
        let cornerTop = Double(container.maxY - originY) - radius
        return { x, y in
            let px = Double(x) + 0.5
            let py = Double(y) + 0.5
            guard radius > 0, py > cornerTop else { return 1 }
            let distance = roundedBoxDistance(
                px - centerX, py - centerY, halfWidth: halfWidth, halfHeight: halfHeight, radius: radius)
            return min(max(0.5 - distance, 0), 1)
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
