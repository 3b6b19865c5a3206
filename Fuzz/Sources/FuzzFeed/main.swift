import AlbumReportCore
import Foundation
import FuzzDriver

/// Any bytes are decoded as a feed: an error or a feed, never a crash or a hang. The syntax
/// checker must agree with itself on what it is given, refusing duplicate names or not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeed(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start = pointer else { return 0 }
    let data = Data(bytes: start, count: count)
    let syntax = JSONSyntax.firstError(in: data)
    // Refusing duplicate names (matrix files) finds the same syntax errors, or a name given twice
    // before them.
    let strict = JSONSyntax.firstError(in: data, refusingDuplicateNames: true)
    if let strict, case .duplicateName = strict.kind {
        precondition(strict.offset <= syntax?.offset ?? Int.max, "a duplicate name reported after a syntax error")
    } else {
        precondition(strict == syntax, "the duplicate-refusing scan disagrees on the syntax")
    }
    do {
        let output = try FeedDecoder().decode(data, source: "The feed", httpStatus: 200)
        for item in output.feed.items {
            precondition(item.title.count <= FeedLimits.textCharacters + 1, "a name longer than its bound")
            precondition(item.genres.count <= FeedLimits.genres, "more genres than the bound")
            _ = item.displayGenres
            _ = item.releaseText(locale: Locale(identifier: "en_US"))
        }
    } catch {
        precondition(!error.description.contains("\u{0}"), "a raw NUL byte in a message")
        precondition(error.description.utf8.count < 4_000, "a message quoting too much of the input")
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver with this target.
@_cdecl("fuzz_feed_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzFeed)
}
