import AlbumReportCompare
import AlbumReportCore
import Foundation
import FuzzDriver

/// Any bytes through `compare`'s PNG reader (libpng, to exact RGBA): pixels, or a sentence
/// naming the file. The pixel bound is lowered so that a declared size cannot exhaust the fuzzer's memory.
/// The input is decoded as it is, and again with every chunk's CRC made right: a mutation inside
/// the image data then reaches the inflater and the unfiltering of the whole-stream way (which
/// a wrong CRC hands to libpng), not only libpng's CRC check. The chunk walk that vouches for
/// byte-identical pairs (``PNGChunkWalk``) meets the same inputs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start = pointer else { return 0 }
    let bytes = [UInt8](UnsafeBufferPointer(start: start, count: count))
    for data in [Data(bytes), Data(withRightCRCs(bytes))] {
        // The chunk walk byte-identical pairs are checked with: a clause or nil, never a trap.
        if let problem = PNGChunkWalk.problem(in: data) { precondition(!problem.isEmpty) }
        switch PNGReader.decode(data, name: "fuzz.png", maximumPixels: 4_000_000) {
        case .success(let image):
            precondition(image.pixels.count == image.width * image.height, "a buffer of the wrong size")
            precondition(image.width * image.height <= 4_000_000, "more pixels than the bound allows")
        case .failure(let problem):
            precondition(!problem.description.contains("\u{0}"), "a raw NUL byte in a message")
        }
    }
    return 0
}

/// `bytes` with each whole chunk's CRC (after the 8-byte signature) set to the one its type and
/// data have.
func withRightCRCs(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    var offset = 8
    while offset + 12 <= out.count {
        let length =
            Int(out[offset]) << 24 | Int(out[offset + 1]) << 16 | Int(out[offset + 2]) << 8 | Int(out[offset + 3])
        guard length <= out.count - offset - 12 else { break }
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in out[(offset + 4)..<(offset + 8 + length)] {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        crc = ~crc
        for index in 0..<4 { out[offset + 8 + length + index] = UInt8((crc >> (24 - 8 * UInt32(index))) & 0xFF) }
        offset += 12 + length
    }
    return out
}

/// The CRC-32 table of PNG's polynomial.
let crcTable: [UInt32] = (0..<256).map { index in
    var crc = UInt32(index)
    for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    return crc
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver with this target.
@_cdecl("fuzz_png_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzPNG)
}
