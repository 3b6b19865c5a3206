import AlbumReportGraphics
import CGD
import Foundation

/// The floor for encoding a PNG: deflating its raw rows (one filter byte plus RGB per pixel, as
/// libgd writes them without alpha) with libdeflate at the same level. Used by the benchmark to
/// say how close rendering plus encoding comes to the least work any PNG writer must do.
enum DeflateFloor {
    /// `image`'s rows as a PNG encoder sees them before filtering choices: filter byte 0, then RGB.
    static func rawRows(of image: GDImage) -> [UInt8] {
        var raw = [UInt8]()
        raw.reserveCapacity(image.height * (1 + 3 * image.width))
        for y in 0..<image.height {
            raw.append(0)
            _ = image.withRow(y) { row in
                for pixel in row {
                    let bits = UInt32(bitPattern: pixel)
                    raw.append(UInt8((bits >> 16) & 0xFF))
                    raw.append(UInt8((bits >> 8) & 0xFF))
                    raw.append(UInt8(bits & 0xFF))
                }
            }
        }
        return raw
    }

    /// Deflates `raw` with libdeflate at `level` (what our own encoder uses for whole images) and
    /// returns the compressed size (0 on failure).
    static func libdeflate(_ raw: [UInt8], level: Int) -> Int {
        guard let compressor = libdeflate_alloc_compressor(Int32(level)) else { return 0 }
        defer { libdeflate_free_compressor(compressor) }
        var output = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, raw.count))
        return raw.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { target in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, target.baseAddress, target.count)
            }
        }
    }
}
