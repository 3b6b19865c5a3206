import AlbumReportCore
import Foundation
import FuzzDriver

/// Any bytes as a raw DEFLATE stream: the block walk the sheet's encoder joins its parts with
/// ends (every step consumes input) and, when it accepts the bytes, places both bits inside them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeflateBlocks(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start = pointer else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    if let extent = DeflateBlocks.extent(of: bytes) {
        precondition(extent.lastBlockStart >= 0 && extent.lastBlockStart < extent.end, "a block after the end")
        precondition((extent.end + 7) / 8 == count, "an end that is not in the last byte")
        let flag = bytes[extent.lastBlockStart >> 3] & (1 << UInt8(extent.lastBlockStart & 7))
        precondition(flag != 0, "a last block without its final-block flag")
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver with this target.
@_cdecl("fuzz_deflate_blocks_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzDeflateBlocks)
}
