import AlbumReportCore
import CGD
import Foundation

/// Antialiased shapes drawn by coverage: each pixel's share of the shape (from a signed distance)
/// blends the colour over what is there. gd's own antialiasing covers thin lines only.
extension GDImage {
    /// Fills a pixel rectangle with an opaque or translucent colour.
    public func fill(_ rect: PixelRect, color: RGBA) {
        let clipped = clip(PixelRect(x: rect.x, y: rect.y - originY, width: rect.width, height: rect.height))
        guard clipped.width > 0, clipped.height > 0 else { return }
        if color.alpha == 255 {
            // Straight row writes: gdImageFilledRectangle goes through gdImageSetPixel per pixel.
            let value = Self.gdColor(color)
            for y in clipped.y..<clipped.maxY {
                _ = withRow(y) { row in
                    for x in clipped.x..<clipped.maxX { row[x] = value }
                }
            }
            return
        }
        for y in clipped.y..<clipped.maxY {
            _ = withRow(y) { row in
                for x in clipped.x..<clipped.maxX { row[x] = Self.blend(row[x], color, coverage: 1) }
            }
        }
    }

    /// Fills a rectangle (in pixels, fractional edges allowed) with rounded corners of `radius` pixels.
    public func fillRoundedRect(
        x: Double, y pictureY: Double, width: Double, height: Double, radius: Double, color: RGBA
    ) {
        let y = pictureY - Double(originY)
        let r = max(0, min(radius, width / 2, height / 2))
        let centerX = x + width / 2
        let centerY = y + height / 2
        let halfWidth = width / 2 - r
        let halfHeight = height / 2 - r
        // Pixel centres this far inside the straight edges, in the rows clear of the corners, are
        // covered wholly (distance ≤ −0.5, with a margin for rounding): filled without measuring.
        let inner = PixelBounds(
            minX: centerX - (width / 2 - 0.51), maxX: centerX + (width / 2 - 0.51),
            minY: centerY - min(halfHeight, height / 2 - 0.51), maxY: centerY + min(halfHeight, height / 2 - 0.51))
        fillCoverage(minX: x, minY: y, maxX: x + width, maxY: y + height, color: color, covered: inner) { px, py in
            let qx = abs(px - centerX) - halfWidth
            let qy = abs(py - centerY) - halfHeight
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            let distance = outside + min(max(qx, qy), 0) - r
            return min(max(0.5 - distance, 0), 1)
        }
    }

    /// Strokes a segment with round caps, `width` pixels wide.
    public func strokeSegment(
        from pictureStart: (x: Double, y: Double), to pictureEnd: (x: Double, y: Double), width: Double, color: RGBA
    ) {
        let start = (x: pictureStart.x, y: pictureStart.y - Double(originY))
        let end = (x: pictureEnd.x, y: pictureEnd.y - Double(originY))
        let half = width / 2
        let dx = end.x - start.x
        let dy = end.y - start.y
        let lengthSquared = max(dx * dx + dy * dy, 1e-9)
        fillCoverage(
            minX: min(start.x, end.x) - half - 1, minY: min(start.y, end.y) - half - 1,
            maxX: max(start.x, end.x) + half + 1, maxY: max(start.y, end.y) + half + 1, color: color
        ) { px, py in
            let t = min(max(((px - start.x) * dx + (py - start.y) * dy) / lengthSquared, 0), 1)
            let ex = px - (start.x + t * dx)
            let ey = py - (start.y + t * dy)
            return min(max(half + 0.5 - (ex * ex + ey * ey).squareRoot(), 0), 1)
        }
    }

    /// Draws `source` resampled into `rect`, with its corners rounded to `cornerRadius` pixels
    /// against `background` (the colour behind the slot).
    public func draw(_ source: GDImage, in pictureRect: PixelRect, cornerRadius: Double, background: RGBA) {
        guard pictureRect.width > 0, pictureRect.height > 0 else { return }
        let rect = PixelRect(
            x: pictureRect.x, y: pictureRect.y - originY, width: pictureRect.width, height: pictureRect.height)
        guard rect.maxY > 0, rect.y < height else { return }
        if source.width > 2 * rect.width || source.height > 2 * rect.height {
            // Large reductions need gd's area sampling; bilinear would alias.
            gdImageAlphaBlending(pointer, 1)
            gdImageCopyResampled(
                pointer, source.pointer, Int32(rect.x), Int32(rect.y), 0, 0, Int32(rect.width), Int32(rect.height),
                Int32(source.width), Int32(source.height))
        } else {
            resampleBilinear(source, into: rect)
        }
        roundLocalCorners(of: rect, radius: cornerRadius, background: background)
    }

    /// `source` resampled to `width` × `height` pixels on a canvas of its own, to be drawn again
    /// and again by ``place(_:in:cornerRadius:background:)`` (a matrix draws one album's artwork at
    /// one size in every theme, language and text size): nil when what ``draw(_:in:cornerRadius:background:)``
    /// makes of it would depend on the pixels under it, so that a copy could differ. That is when
    /// any source pixel is not opaque (it is blended over the slot), or when the reduction is large
    /// enough for gd's area sampling, which blends as it goes.
    public static func resampledRaster(_ source: GDImage, width: Int, height: Int) throws(GraphicsError) -> GDImage? {
        guard width > 0, height > 0, source.width <= 2 * width, source.height <= 2 * height, source.isOpaque
        else { return nil }
        let raster = try GDImage(width: width, height: height, background: RGBA(red: 0, green: 0, blue: 0))
        raster.resampleBilinear(source, into: PixelRect(x: 0, y: 0, width: width, height: height))
        return raster
    }

    /// Whether every pixel is opaque (gd's alpha 0).
    public var isOpaque: Bool {
        for y in 0..<height {
            let opaque =
                withRow(y) { row in
                    var any: Int32 = 0
                    for pixel in row { any |= pixel }
                    return any & 0x7F00_0000 == 0
                } ?? false
            guard opaque else { return false }
        }
        return true
    }

    /// Whether `pictureRect` (in picture coordinates) is wholly on this canvas (or strip).
    public func holdsWhole(_ pictureRect: PixelRect) -> Bool {
        pictureRect.width > 0 && pictureRect.height > 0 && pictureRect.x >= 0 && pictureRect.y >= originY
            && pictureRect.maxX <= width && pictureRect.maxY <= originY + height
    }

    /// Copies `raster` (made by ``resampledRaster(_:width:height:)`` at `pictureRect`'s size) into
    /// `pictureRect` and rounds its corners as ``draw(_:in:cornerRadius:background:)`` does: the
    /// same pixels. False, with nothing drawn, when the sizes differ or the rectangle is not wholly
    /// on the canvas.
    public func place(_ raster: GDImage, in pictureRect: PixelRect, cornerRadius: Double, background: RGBA) -> Bool {
        guard raster.width == pictureRect.width, raster.height == pictureRect.height, holdsWhole(pictureRect) else {
            return false
        }
        let rect = PixelRect(
            x: pictureRect.x, y: pictureRect.y - originY, width: pictureRect.width, height: pictureRect.height)
        for y in 0..<rect.height {
            _ = raster.withRow(y) { source in
                withRow(rect.y + y) { target in
                    guard let from = source.baseAddress, let to = target.baseAddress else { return }
                    (to + rect.x).update(from: from, count: rect.width)
                }
            }
        }
        roundLocalCorners(of: rect, radius: cornerRadius, background: background)
        return true
    }

    /// Bilinear resampling straight between row buffers (8-bit fixed-point weights), blending the
    /// source's alpha over what is already there. gd's `gdImageCopyResampled` goes through
    /// `gdImageSetPixel` per pixel and was a third of a card's CPU time; this does the same job for
    /// enlargements and mild reductions.
    ///
    /// Two channels share one `UInt64`, 32 bits apart (alpha and green in one word, red and blue
    /// in the other), so one 64-bit multiply weighs two channels: no sum exceeds 24 bits, so the
    /// halves never carry into each other. Plain integer code: it needs no vector multiply of
    /// 32-bit lanes (which x86-64's baseline lacks and emulates in five instructions), and debug
    /// builds run it as fast as any scalar loop (the standard library's SIMD types are generic
    /// calls there).
    private func resampleBilinear(_ source: GDImage, into rect: PixelRect) {
        let scaleX = Double(source.width) / Double(rect.width)
        let scaleY = Double(source.height) / Double(rect.height)
        func sample(_ index: Int, scale: Double, limit: Int) -> (Int, Int, UInt64) {
            let position = min(max((Double(index) + 0.5) * scale - 0.5, 0), Double(limit - 1))
            let first = Int(position)
            return (first, min(first + 1, limit - 1), UInt64(((position - Double(first)) * 256).rounded()))
        }
        let firstX = max(0, -rect.x)
        let lastX = min(rect.width, width - rect.x)
        let firstY = max(0, -rect.y)
        let lastY = min(rect.height, height - rect.y)
        guard firstX < lastX, firstY < lastY else { return }
        let columns = (0..<rect.width).map { sample($0, scale: scaleX, limit: source.width) }
        // Separable: each output row first blends its two source rows into `alphaGreen` and
        // `redBlue` (per channel, in 1/256ths), then blends neighbouring columns of those. The
        // products are the same as blending four pixels at once, so the pixels are identical,
        // for about half the work.
        var alphaGreen = [UInt64](repeating: 0, count: source.width)
        var redBlue = [UInt64](repeating: 0, count: source.width)
        let rounding: UInt64 = 32768 << 32 | 32768
        for y in firstY..<lastY {
            let (top, bottom, fy) = sample(y, scale: scaleY, limit: source.height)
            let upperWeight = 256 - fy
            alphaGreen.withUnsafeMutableBufferPointer { alphaGreen in
                redBlue.withUnsafeMutableBufferPointer { redBlue in
                    _ = source.withRow(top) { upper in
                        _ = source.withRow(bottom) { lower in
                            for x in 0..<min(alphaGreen.count, redBlue.count, upper.count, lower.count) {
                                let u = UInt64(UInt32(bitPattern: upper[x]))
                                let l = UInt64(UInt32(bitPattern: lower[x]))
                                alphaGreen[x] =
                                    (u << 8 & 0x7F_0000_0000 | u >> 8 & 0xFF) &* upperWeight
                                    &+ (l << 8 & 0x7F_0000_0000 | l >> 8 & 0xFF) &* fy
                                redBlue[x] =
                                    (u << 16 & 0xFF_0000_0000 | u & 0xFF) &* upperWeight
                                    &+ (l << 16 & 0xFF_0000_0000 | l & 0xFF) &* fy
                            }
                        }
                    }
                    _ = withRow(rect.y + y) { target in
                        columns.withUnsafeBufferPointer { columns in
                            for x in firstX..<lastX {
                                let (left, right, fx) = columns[x]
                                let leftWeight = 256 - fx
                                let ag = alphaGreen[left] &* leftWeight &+ alphaGreen[right] &* fx &+ rounding
                                let rb = redBlue[left] &* leftWeight &+ redBlue[right] &* fx &+ rounding
                                // Each half's whole part sits in its bits 16–23 (words' bits 16–23, 48–55).
                                let value = Int32(
                                    truncatingIfNeeded: ag >> 24 & 0xFF00_0000 | rb >> 32 & 0xFF_0000 | ag >> 8 & 0xFF00
                                        | rb >> 16 & 0xFF)
                                let index = rect.x + x
                                target[index] = value >> 24 == 0 ? value : Self.over(value, target[index])
                            }
                        }
                    }
                }
            }
        }
    }

    /// `top` (with gd alpha) composited over the opaque pixel `bottom`.
    @inline(__always)
    private static func over(_ top: Int32, _ bottom: Int32) -> Int32 {
        let alpha = (top >> 24) & 0x7F
        if alpha == 0 { return top }
        if alpha == 127 { return bottom }
        let opacity = 127 - alpha
        @inline(__always)
        func channel(_ shift: Int32) -> Int32 {
            ((((top >> shift) & 0xFF) * opacity + ((bottom >> shift) & 0xFF) * alpha + 63) / 127) << shift
        }
        return channel(16) | channel(8) | channel(0)
    }

    private func roundLocalCorners(of rect: PixelRect, radius: Double, background: RGBA) {
        let r = min(radius, Double(min(rect.width, rect.height)) / 2)
        guard r > 0 else { return }
        let size = Int(r.rounded(.up))
        let corners: [(x: Int, y: Int, cx: Double, cy: Double)] = [
            (rect.x, rect.y, Double(rect.x) + r, Double(rect.y) + r),
            (rect.maxX - size, rect.y, Double(rect.maxX) - r, Double(rect.y) + r),
            (rect.x, rect.maxY - size, Double(rect.x) + r, Double(rect.maxY) - r),
            (rect.maxX - size, rect.maxY - size, Double(rect.maxX) - r, Double(rect.maxY) - r),
        ]
        for corner in corners {
            // A corner partly or wholly off the canvas draws only what is on it.
            let left = max(corner.x, 0)
            let right = min(corner.x + size, width)
            guard left < right else { continue }
            for y in corner.y..<(corner.y + size) {
                _ = withRow(y) { row in
                    for x in left..<right {
                        let dx = Double(x) + 0.5 - corner.cx
                        let dy = Double(y) + 0.5 - corner.cy
                        // Only the quarter of the square beyond the corner's centre is outside the shape.
                        let beyondX = (x < rect.x + size) ? dx < 0 : dx > 0
                        let beyondY = (y < rect.y + size) ? dy < 0 : dy > 0
                        guard beyondX && beyondY else { continue }
                        let inside = min(max(r + 0.5 - (dx * dx + dy * dy).squareRoot(), 0), 1)
                        if inside < 1 { row[x] = Self.blend(row[x], background, coverage: 1 - inside) }
                    }
                }
            }
        }
    }

    // MARK: - Coverage blending

    func fillCoverage(
        minX: Double, minY: Double, maxX: Double, maxY: Double, color: RGBA, covered: PixelBounds? = nil,
        coverage: (Double, Double) -> Double
    ) {
        let x0 = max(Int(minX.rounded(.down)), 0)
        let y0 = max(Int(minY.rounded(.down)), 0)
        let x1 = min(Int(maxX.rounded(.up)), width)
        let y1 = min(Int(maxY.rounded(.up)), height)
        guard x0 < x1, y0 < y1 else { return }
        let solid = color.alpha == 255 ? Self.gdColor(color) : nil
        for y in y0..<y1 {
            _ = withRow(y) { row in
                let py = Double(y) + 0.5
                // The pixels whose centres lie in `covered`, when this row's do: coverage 1.
                var inside = 0..<0
                if let covered, py >= covered.minY, py <= covered.maxY {
                    let first = max(Int((covered.minX - 0.5).rounded(.up)), x0)
                    let last = min(Int((covered.maxX - 0.5).rounded(.down)) + 1, x1)
                    if first < last { inside = first..<last }
                }
                for x in x0..<x1 {
                    if inside.contains(x) {
                        row[x] = solid ?? Self.blend(row[x], color, coverage: 1)
                        continue
                    }
                    let amount = coverage(Double(x) + 0.5, py)
                    if amount > 0 { row[x] = Self.blend(row[x], color, coverage: amount) }
                }
            }
        }
    }

    /// A region in pixel coordinates (edges included), for pixel centres known to be covered.
    struct PixelBounds {
        var minX: Double
        var maxX: Double
        var minY: Double
        var maxY: Double
    }

    private func clip(_ rect: PixelRect) -> PixelRect {
        let x0 = max(rect.x, 0)
        let y0 = max(rect.y, 0)
        let x1 = min(rect.maxX, width)
        let y1 = min(rect.maxY, height)
        return PixelRect(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
    }

    /// `color` at `coverage` × its alpha over the opaque gd pixel `pixel`.
    static func blend(_ pixel: Int32, _ color: RGBA, coverage: Double) -> Int32 {
        let alpha = coverage * Double(color.alpha) / 255
        if alpha >= 0.999 { return gdColor(RGBA(red: color.red, green: color.green, blue: color.blue)) }
        func mix(_ top: UInt8, _ shift: Int32) -> Int32 {
            let bottom = Double((pixel >> shift) & 0xFF)
            return Int32((Double(top) * alpha + bottom * (1 - alpha)).rounded())
        }
        return (pixel & ~0x00FF_FFFF) | mix(color.red, 16) << 16 | mix(color.green, 8) << 8 | mix(color.blue, 0)
    }
}
