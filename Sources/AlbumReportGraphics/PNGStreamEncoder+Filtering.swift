import Foundation

/// The PNG row filters (None, Sub, Up, Average, Paeth) and how the encoder chooses among them.
extension PNGStreamEncoder {
    /// How rows are filtered before deflating.
    public enum RowFilter: Sendable {
        /// The cheapest of None, Sub, Up, Average and Paeth per row, scored on every pixel
        /// (libpng's heuristic): smallest files.
        case adaptive
        /// Always Up: nearly free to compute, and as good on flat screens whose rows repeat.
        case up
        /// Per row, the cheapest of the five filters scored on one run of 16 bytes in every
        /// ``sampleStep`` runs: a quarter of the adaptive heuristic's work, nearly its bytes.
        case sampled
    }

    /// Writes `row` filtered against `previous` into `output` (the filter byte, then the row), with
    /// the filter `strategy` picks. Rows equal to the one above are Up (all zeros) without scoring.
    static func filter(
        _ row: [UInt8], previous: [UInt8], into output: inout [UInt8], strategy: RowFilter
    ) {
        row.withUnsafeBufferPointer { raw in
            previous.withUnsafeBufferPointer { above in
                output.withUnsafeMutableBufferPointer { target in
                    guard let r = raw.baseAddress, let a = above.baseAddress, let o = target.baseAddress,
                        above.count >= raw.count, target.count > raw.count
                    else { return }
                    let count = raw.count
                    let type: UInt8
                    switch strategy {
                    case .up: type = 2
                    case .adaptive, .sampled:
                        if memcmp(r, a, count) == 0 {
                            type = 2
                        } else {
                            type = cheapest(r, a, count: count, step: strategy == .adaptive ? 1 : sampleStep)
                        }
                    }
                    o[0] = type
                    apply(type, r, a, o + 1, count: count)
                }
            }
        }
    }

    /// `.sampled` scores one run of 16 bytes in every this many (a quarter of the row).
    static let sampleStep = 4

    /// The filter type (0–4) whose residuals have the smallest sum of absolute values (libpng's
    /// heuristic) over every byte after the first pixel (`step` 1), or over one run of 16 bytes
    /// in every `step`; ties go to Up, then Sub, Average, Paeth, None. Contiguous runs of plain
    /// scalar code, which the optimiser turns into SIMD lanes on every processor (a sample of
    /// one pixel in four, as before, could not be) and which stay cheap in debug builds (the
    /// standard library's SIMD types are generic calls there, tens of times slower).
    @inline(__always)
    static func cheapest(_ r: UnsafePointer<UInt8>, _ a: UnsafePointer<UInt8>, count: Int, step: Int) -> UInt8 {
        var none: UInt32 = 0
        var sub: UInt32 = 0
        var up: UInt32 = 0
        var average: UInt32 = 0
        var paeth: UInt32 = 0
        let step = max(step, 1)
        let run = step == 1 ? max(count - 3, 1) : 16
        var start = 3
        while start < count {
            let end = min(start + run, count)
            var i = start
            while i < end {
                let value = r[i]
                let left = r[i &- 3]
                let above = a[i]
                // (left + above) >> 1 without a ninth bit.
                let mean = (left & above) &+ ((left ^ above) >> 1)
                none &+= magnitude(value)
                sub &+= magnitude(value &- left)
                up &+= magnitude(value &- above)
                average &+= magnitude(value &- mean)
                paeth &+= magnitude(value &- predictPaeth(left, above, a[i &- 3]))
                i &+= 1
            }
            start += run * step
        }
        var type: UInt8 = 2
        var best = up
        if sub < best { (type, best) = (1, sub) }
        if average < best { (type, best) = (3, average) }
        if paeth < best { (type, best) = (4, paeth) }
        if none < best { type = 0 }
        return type
    }

    /// Writes `count` bytes of `r` filtered with `type` against `a` to `o`. (Plain `while` loops:
    /// a `switch` over `for` ranges with `update(from:count:)` here made the Swift 6.3.1 release
    /// build throw a garbage error from the encoder, which debug builds never showed.)
    static func apply(
        _ type: UInt8, _ r: UnsafePointer<UInt8>, _ a: UnsafePointer<UInt8>, _ o: UnsafeMutablePointer<UInt8>,
        count: Int
    ) {
        let head = min(3, count)
        var i = 0
        if type == 1 {
            while i < head {
                o[i] = r[i]
                i += 1
            }
            while i < count {
                o[i] = r[i] &- r[i - 3]
                i += 1
            }
        } else if type == 2 {
            while i < count {
                o[i] = r[i] &- a[i]
                i += 1
            }
        } else if type == 3 {
            while i < head {
                o[i] = r[i] &- (a[i] >> 1)
                i += 1
            }
            while i < count {
                o[i] = r[i] &- UInt8(truncatingIfNeeded: (UInt16(r[i - 3]) &+ UInt16(a[i])) >> 1)
                i += 1
            }
        } else if type == 4 {
            // Paeth with no left or upper-left neighbour predicts the byte above.
            while i < head {
                o[i] = r[i] &- a[i]
                i += 1
            }
            while i < count {
                o[i] = r[i] &- predictPaeth(r[i - 3], a[i], a[i - 3])
                i += 1
            }
        } else {
            while i < count {
                o[i] = r[i]
                i += 1
            }
        }
    }

    /// The filtered byte's distance from zero, as a signed byte.
    @inline(__always)
    fileprivate static func magnitude(_ residual: UInt8) -> UInt32 {
        // min(r, −r): 0x80 is 128, as the signed byte's magnitude.
        UInt32(min(residual, 0 &- residual))
    }

    /// The Paeth predictor of the PNG specification, without branches (so loops over it vectorise).
    @inline(__always)
    static func predictPaeth(_ left: UInt8, _ above: UInt8, _ upperLeft: UInt8) -> UInt8 {
        let a = Int16(left)
        let b = Int16(above)
        let c = Int16(upperLeft)
        let pa = absolute(b &- c)
        let pb = absolute(a &- c)
        let pc = absolute(a &+ b &- c &- c)
        let chosen = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        return UInt8(truncatingIfNeeded: chosen)
    }

    @inline(__always)
    fileprivate static func absolute(_ value: Int16) -> Int16 {
        let sign = value >> 15
        return (value ^ sign) &- sign
    }
}
