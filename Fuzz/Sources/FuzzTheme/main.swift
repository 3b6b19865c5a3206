import AlbumReportCore
import Foundation
import FuzzDriver

/// Any bytes as a theme file: a theme whose every number is in range, or an error naming a key.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTheme(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start = pointer else { return 0 }
    do {
        let theme = try Theme.decode(Data(bytes: start, count: count), source: "fuzz.json")
        precondition(theme.fonts.rowTitle.size >= 1 && theme.fonts.rowTitle.size <= 200, "a size out of range")
        precondition(theme.metrics.readableContentWidth.isFinite, "a width out of range")
    } catch {
        precondition(error.description.utf8.count < 4_000, "a message quoting too much of the input")
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver with this target.
@_cdecl("fuzz_theme_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzTheme)
}
