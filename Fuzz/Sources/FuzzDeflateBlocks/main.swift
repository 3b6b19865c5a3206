import AlbumReportCore
import Foundation
import FuzzDriver

/// Any bytes as a raw DEFLATE stream: the block walk the encoder joins streams with ends (every
/// step consumes input) and, when it accepts the bytes, places both bits inside them; a join then
/// takes them, after a block of repeated rows that leaves it at an odd bit, whole.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeflateBlocks(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start = pointer else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    if let extent = DeflateBlocks.extent(of: bytes) {
        precondition(extent.lastBlockStart >= 0 && extent.lastBlockStart < extent.end, "a block after the end")
        precondition((extent.end + 7) / 8 == count, "an end that is not in the last byte")
        let flag = bytes[extent.lastBlockStart >> 3] & (1 << UInt8(extent.lastBlockStart & 7))
        precondition(flag != 0, "a last block without its final-block flag")
        var join = DeflateJoin()
        join.appendRepeatedRows(count: 1 + count % 5, rowLength: 1 + count % 700)
        let before = join.bitCount
        precondition(join.append(stream: bytes), "a walked stream the join refused")
        let moved = join.bitCount - before
        precondition(
            moved == extent.end || (extent.hasStoredBlock && moved > extent.end && moved <= extent.end + 42),
            "a join that did not take the stream's bits")
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver with this target.
@_cdecl("fuzz_deflate_blocks_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzDeflateBlocks)
}
