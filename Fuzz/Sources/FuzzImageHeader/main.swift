import AlbumReportCore
import Foundation
import FuzzDriver

/// Any bytes through the image-header sniffer (a header, an unsupported format's name, or nil),
/// and, after a PNG signature, through the PNG chunk walk.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageHeader(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start = pointer else { return 0 }
    let bytes = UnsafeBufferPointer(start: start, count: count)
    if let header = ImageHeader.read(bytes) {
        precondition(header.width >= 0 && header.height >= 0, "a negative size")
    }
    _ = ImageHeader.unsupportedFormat(of: bytes)
    _ = ImageHeader.jpegIsComplete(bytes)
    // The PNG chunk walk: lengths of up to 4 GiB from the input never trap or allocate.
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png.append(contentsOf: bytes)
    _ = ImageHeader.pngChunkProblem(png)
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver with this target.
@_cdecl("fuzz_image_header_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzImageHeader)
}
