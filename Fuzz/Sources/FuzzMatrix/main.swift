import AlbumReportCore
import Foundation
import FuzzDriver

/// The keys `generate --matrix` knows (``MatrixAxis`` lives in the renderer's target, which the
/// fuzz package does not build; the parser is given them as it is in the app).
let matrixKeys = [
    "devices", "orientations", "scales", "themes", "styles", "titleStyles", "fits", "buttons", "statusBars",
    "contentSizes", "boldText", "increaseContrast", "languages", "layoutDirections", "locales", "pngCompressions",
    "pages",
]

/// Any bytes as a matrix file: lists of strings under known keys only, or a problem in one short
/// clause.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatrix(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start = pointer else { return 0 }
    do {
        let lists = try MatrixFile.lists(Data(bytes: start, count: count), keys: matrixKeys)
        precondition(lists.keys.allSatisfy { matrixKeys.contains($0) }, "an unknown key was accepted")
    } catch {
        precondition(error.clause.utf8.count < 4_000, "a message quoting too much of the input")
        precondition(!error.clause.contains("\n"), "a message of more than one line")
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver with this target.
@_cdecl("fuzz_matrix_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzMatrix)
}
