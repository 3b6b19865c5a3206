import Foundation

/// pixelmatch's colour maths and anti-aliasing test, as ``PixelComparator`` applies them.
extension PixelComparator {
    /// pixelmatch's anti-aliasing test of a differing pixel, in either image, skipped where both
    /// are flat; the row's flat marks are made when its first differing pixel needs them.
    static func isAntialiased(
        _ x: Int, _ y: Int, _ a: View, _ b: View, flat: inout (a: [Bool], b: [Bool]), flatMarked: inout Bool
    ) -> Bool {
        if !flatMarked {
            // The neighbour reads need the rows around `y` in both windows.
            a.checkCovers(y)
            b.checkCovers(y)
            flat.a.withUnsafeMutableBufferPointer { markFlat(a, row: y, into: $0) }
            flat.b.withUnsafeMutableBufferPointer { markFlat(b, row: y, into: $0) }
            flatMarked = true
        }
        if flat.a[x] && flat.b[x] { return false }
        return antialiased(a, x, y, other: b) || antialiased(b, x, y, other: a)
    }

    /// Marks each pixel of row `y` of `image` that has more than two neighbours of exactly its
    /// value, an image edge counting as one (``hasManySiblings(_:_:_:)``'s rule): such a pixel is
    /// never on an anti-aliased edge.
    package static func markFlat(_ image: View, row y: Int, into flat: UnsafeMutableBufferPointer<Bool>) {
        let width = image.width
        guard width > 0 else { return }
        let row = image.row(y)
        let above = y > 0 ? image.row(y - 1) : nil
        let below = y + 1 < image.height ? image.row(y + 1) : nil
        let edgeRow = above == nil || below == nil
        // Pixels at either end of the row, and every pixel of the first and last rows: the
        // general rule, neighbour by neighbour.
        func general(_ x: Int) {
            let center = row[x]
            var count = (x == 0 || x == width - 1 || edgeRow) ? 1 : 0
            for dx in -1...1 where x + dx >= 0 && x + dx < width {
                if dx != 0 && row[x + dx] == center { count += 1 }
                if let above, above[x + dx] == center { count += 1 }
                if let below, below[x + dx] == center { count += 1 }
            }
            flat[x] = count > 2
        }
        guard !edgeRow, width > 2, let above, let below else {
            for x in 0..<width { general(x) }
            return
        }
        general(0)
        general(width - 1)
        for x in 1..<(width - 1) {
            let center = row[x]
            var count = 0
            count &+= above[x - 1] == center ? 1 : 0
            count &+= above[x] == center ? 1 : 0
            count &+= above[x + 1] == center ? 1 : 0
            count &+= row[x - 1] == center ? 1 : 0
            count &+= row[x + 1] == center ? 1 : 0
            count &+= below[x - 1] == center ? 1 : 0
            count &+= below[x] == center ? 1 : 0
            count &+= below[x + 1] == center ? 1 : 0
            flat[x] = count > 2
        }
    }

    // MARK: - Colour maths

    /// pixelmatch's `colorDelta`: the signed YIQ-weighted squared difference of two pixels
    /// (negative when the second is brighter), or only the brightness difference. Pixels with
    /// any transparency are blended over a background chosen by the byte offset `offset` of the
    /// pixel in the image (48 or 207 per channel), so a transparent pixel is never white.
    static func colorDelta(_ first: UInt32, _ second: UInt32, offset k: Int, brightnessOnly: Bool) -> Double {
        let r1 = Double(first & 0xFF)
        let g1 = Double((first >> 8) & 0xFF)
        let b1 = Double((first >> 16) & 0xFF)
        let a1 = Double(first >> 24)
        let r2 = Double(second & 0xFF)
        let g2 = Double((second >> 8) & 0xFF)
        let b2 = Double((second >> 16) & 0xFF)
        let a2 = Double(second >> 24)
        var dr = r1 - r2
        var dg = g1 - g2
        var db = b1 - b2
        let da = a1 - a2
        if dr == 0 && dg == 0 && db == 0 && da == 0 { return 0 }
        if a1 < 255 || a2 < 255 {
            let rb = 48 + 159 * Double(k % 2)
            let gb = 48 + 159 * Double(Int(Double(k) / 1.618033988749895) % 2)
            let bb = 48 + 159 * Double(Int(Double(k) / 2.618033988749895) % 2)
            dr = (r1 * a1 - r2 * a2 - rb * da) / 255
            dg = (g1 * a1 - g2 * a2 - gb * da) / 255
            db = (b1 * a1 - b2 * a2 - bb * da) / 255
        }
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        if brightnessOnly { return y }
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    /// ``faded(_:)`` with its last answer kept.
    struct FadeMemo {
        private var pixel: UInt32 = 0
        private var value: UInt32 = PixelComparator.faded(0)

        mutating func faded(_ pixel: UInt32) -> UInt32 {
            if pixel != self.pixel {
                self.pixel = pixel
                value = PixelComparator.faded(pixel)
            }
            return value
        }
    }

    /// pixelmatch's grey background for similar pixels: brightness blended 90 % towards white.
    package static func faded(_ pixel: UInt32) -> UInt32 {
        let r = Double(pixel & 0xFF)
        let g = Double((pixel >> 8) & 0xFF)
        let b = Double((pixel >> 16) & 0xFF)
        let a = Double(pixel >> 24)
        let value = 255 + (r * 0.29889531 + g * 0.58662247 + b * 0.11448223 - 255) * 0.1 * a / 255
        let grey = UInt32(max(0, min(255, value)))
        return grey | grey << 8 | grey << 16 | 0xFF << 24
    }

    // MARK: - Anti-aliasing

    /// pixelmatch's `antialiased`: whether (`x`, `y`) of `image` is an anti-aliased edge pixel.
    /// Neighbours are visited column by column, as pixelmatch does (it decides which of two equally dark neighbours is "the
    /// darkest"). A neighbour of the very same value has a zero delta without the arithmetic.
    package static func antialiased(_ image: View, _ x1: Int, _ y1: Int, other: View) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, image.width - 1)
        let y2 = min(y1 + 1, image.height - 1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minimum = 0.0
        var maximum = 0.0
        var darkest = (x: 0, y: 0)
        var brightest = (x: 0, y: 0)
        let center = image[x1, y1]
        let offset = 4 * (y1 * image.width + x1)
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let neighbour = image[x, y]
                let delta =
                    neighbour == center ? 0 : colorDelta(center, neighbour, offset: offset, brightnessOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minimum {
                    minimum = delta
                    darkest = (x, y)
                } else if delta > maximum {
                    maximum = delta
                    brightest = (x, y)
                }
            }
        }
        guard minimum != 0, maximum != 0 else { return false }
        return (hasManySiblings(image, darkest.x, darkest.y) && hasManySiblings(other, darkest.x, darkest.y))
            || (hasManySiblings(image, brightest.x, brightest.y) && hasManySiblings(other, brightest.x, brightest.y))
    }

    /// Whether more than two neighbours of (`x1`, `y1`) have exactly its value (an image edge
    /// counts as one).
    package static func hasManySiblings(_ image: View, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, image.width - 1)
        let y2 = min(y1 + 1, image.height - 1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        let center = image[x1, y1]
        for x in x0...x2 {
            for y in y0...y2 where (x != x1 || y != y1) && image[x, y] == center {
                zeroes += 1
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
