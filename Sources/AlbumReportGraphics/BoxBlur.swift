/// A Gaussian blur approximated by three successive box blurs, each done as two 1-D passes
/// (rows, then columns) with running sums, so a pixel costs the same whatever the radius. Pure
/// arithmetic on planes of channel values; no libgd. Edges are extended (the nearest value
/// stands for what lies beyond), so a uniform plane stays exactly uniform.
public enum BoxBlur {
    /// The half-widths of `passes` box blurs whose succession has the variance of a Gaussian of
    /// standard deviation `sigma` (Kovesi's choice of two neighbouring odd widths). A box of
    /// width `w` adds `(w² − 1) / 12` to the variance.
    public static func radii(sigma: Double, passes: Int = 3) -> [Int] {
        guard sigma > 0, passes > 0 else { return [] }
        let n = Double(passes)
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let l = Double(lower)
        let lowerCount = ((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded()
        return (0..<passes).map { index in (Double(index) < lowerCount ? lower : upper) / 2 }
    }

    /// The variance the box passes of `radii` add up to (for tests and the docs).
    public static func variance(radii: [Int]) -> Double {
        radii.reduce(0) { total, radius in
            let width = Double(2 * radius + 1)
            return total + (width * width - 1) / 12
        }
    }

    /// Blurs `plane` (`width` × `height` values, row after row) in place with a Gaussian of
    /// `sigma` values.
    public static func blur(_ plane: inout [Float], width: Int, height: Int, sigma: Double) {
        guard width > 0, height > 0, plane.count >= width * height else { return }
        let radii = radii(sigma: sigma)
        guard !radii.isEmpty else { return }
        var scratch = [Float](repeating: 0, count: max(width, height))
        plane.withUnsafeMutableBufferPointer { values in
            scratch.withUnsafeMutableBufferPointer { line in
                for radius in radii where radius > 0 {
                    for y in 0..<height {
                        boxPass(values, start: y * width, count: width, stride: 1, radius: radius, line: line)
                    }
                    for x in 0..<width {
                        boxPass(values, start: x, count: height, stride: width, radius: radius, line: line)
                    }
                }
            }
        }
    }

    /// One box blur of `2 × radius + 1` values along the line of `count` values at `start`,
    /// `stride` apart, with the ends extended. `line` holds a copy of the line while it is
    /// rewritten.
    static func boxPass(
        _ values: UnsafeMutableBufferPointer<Float>, start: Int, count: Int, stride: Int, radius: Int,
        line: UnsafeMutableBufferPointer<Float>
    ) {
        guard count > 0, radius > 0 else { return }
        for index in 0..<count { line[index] = values[start + index * stride] }
        let last = count - 1
        let scale = 1 / Float(2 * radius + 1)
        // The window around the first value: the first value `radius + 1` times (the extended
        // edge), then the next `radius` values.
        var sum = Float(radius + 1) * line[0]
        for offset in 1...radius { sum += line[min(offset, last)] }
        for index in 0..<count {
            values[start + index * stride] = sum * scale
            sum += line[min(index + radius + 1, last)] - line[max(index - radius, 0)]
        }
    }
}
