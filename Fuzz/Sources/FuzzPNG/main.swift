import AlbumReportCompare
import AlbumReportCore
import Foundation
import FuzzDriver

/// Any bytes through `compare`'s PNG reader (libpng, to exact RGBA): pixels, or a sentence
/// naming the file. The pixel bound is lowered so that a declared size cannot exhaust the fuzzer's memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start = pointer else { return 0 }
    switch PNGReader.decode(Data(bytes: start, count: count), name: "fuzz.png", maximumPixels: 4_000_000) {
    case .success(let image):
        precondition(image.pixels.count == image.width * image.height, "a buffer of the wrong size")
        precondition(image.width * image.height <= 4_000_000, "more pixels than the bound allows")
    case .failure(let problem):
        precondition(!problem.description.contains("\u{0}"), "a raw NUL byte in a message")
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver with this target.
@_cdecl("fuzz_png_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzPNG)
}
