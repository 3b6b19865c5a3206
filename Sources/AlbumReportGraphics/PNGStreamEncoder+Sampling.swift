import Foundation

/// Whether an image is mostly photograph, judged from a sample of its pixels: such images are
/// compressed at the photographic level (``PNGStreamEncoder/photographicShare``).
extension PNGStreamEncoder {
    var isPhotographic: Bool {
        sampled > 0 && Double(busy) >= Self.photographicShare * Double(sampled)
    }

    /// The summed channel difference from the pixel above from which a sampled pixel is busy.
    static let busyDifference: Int32 = 3

    /// Images are sampled on every this many rows (rows 1, 5, 9, …), and every eighth column.
    static let sampledRowStep = 4

    /// Counts, on every eighth pixel of `row` (pixels 1, 9, 17, …; RGB bytes), those that differ
    /// from the pixel above by ``busyDifference`` or more summed over the channels.
    func sample(_ row: [UInt8], above: [UInt8]) {
        row.withUnsafeBufferPointer { row in
            above.withUnsafeBufferPointer { above in
                var index = 3
                while index + 2 < min(row.count, above.count) {
                    let difference =
                        abs(Int32(row[index]) - Int32(above[index]))
                        + abs(Int32(row[index + 1]) - Int32(above[index + 1]))
                        + abs(Int32(row[index + 2]) - Int32(above[index + 2]))
                    if difference >= Self.busyDifference { busy += 1 }
                    sampled += 1
                    index += 24
                }
            }
        }
    }

    /// Counts, on every fourth row and every eighth column of a streamed image's first strip, the
    /// pixels that differ from the pixel above by ``busyDifference`` or more summed over the
    /// channels (a 32nd of the pixels), as rows kept whole are counted one by one.
    func sample(_ strip: GDImage) {
        var y = 1
        while y < strip.height {
            _ = strip.withRow(y - 1) { above in
                strip.withRow(y) { row in
                    var x = 1
                    while x < min(row.count, above.count) {
                        let a = row[x]
                        let b = above[x]
                        let difference =
                            abs((a >> 16) & 0xFF - (b >> 16) & 0xFF) + abs((a >> 8) & 0xFF - (b >> 8) & 0xFF)
                            + abs(a & 0xFF - b & 0xFF)
                        if difference >= Self.busyDifference { busy += 1 }
                        sampled += 1
                        x += 8
                    }
                }
            }
            y += Self.sampledRowStep
        }
    }
}
