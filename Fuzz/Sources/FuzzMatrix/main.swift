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
/// clause; and as a compare config (`compare --config`), the other JSON settings file a user
/// writes: settings in range only, or a problem in one short clause.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatrix(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start = pointer else { return 0 }
    let data = Data(bytes: start, count: count)
    do {
        let lists = try MatrixFile.lists(data, keys: matrixKeys)
        precondition(lists.keys.allSatisfy { matrixKeys.contains($0) }, "an unknown key was accepted")
    } catch {
        precondition(error.clause.utf8.count < 4_000, "a message quoting too much of the input")
        precondition(!error.clause.contains("\n"), "a message of more than one line")
    }
    do {
        for entry in try CompareConfig.paths(data) {
            precondition(!entry.glob.isEmpty, "an empty glob was accepted")
            precondition(entry.threshold.map { (0...1).contains($0) } ?? true, "a threshold out of range")
            precondition(entry.minimumCluster.map { (1...1000).contains($0) } ?? true, "a cluster size out of range")
            precondition(entry.masks.allSatisfy { $0.width > 0 && $0.height > 0 }, "an empty mask")
            _ = CompareOptions(paths: [entry]).resolved(for: "cards/a.png")
        }
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
