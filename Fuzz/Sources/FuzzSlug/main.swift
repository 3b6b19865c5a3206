import AlbumReportCore
import Foundation
import FuzzDriver

/// Any text as an album name: its card's file name stays one short ASCII name inside `cards/`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSlug(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start = pointer else { return 0 }
    let title = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let rank = count % 1_000
    let name = Slug.cardFileName(rank: rank, title: title)
    precondition(
        !name.contains("/") && !name.contains("\\") && name != ".." && !name.hasPrefix("."), "an unsafe name: \(name)")
    precondition(name.allSatisfy(\.isASCII), "a name that is not ASCII: \(name)")
    precondition(name.utf8.count <= 100, "a name too long: \(name)")
    precondition(ReportLayout.isCard(ReportLayout.cardPath(rank: rank, title: title)), "a card outside cards/")
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver with this target.
@_cdecl("fuzz_slug_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzSlug)
}
