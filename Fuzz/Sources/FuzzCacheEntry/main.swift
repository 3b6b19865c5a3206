import AlbumReportCore
import Foundation
import FuzzDriver

/// Any bytes as a cache entry's metadata, and as response headers (one `name: value` a line):
/// an entry or nothing, and freshness that is finite and bounded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCacheEntry(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start = pointer else { return 0 }
    let data = Data(bytes: start, count: count)
    if let entry = CacheEntry.decode(data, for: "https://example.com/a.jpg") {
        _ = entry.isFresh(now: Date(timeIntervalSince1970: 1_700_000_000))
    }
    var headers: [String: String] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n").prefix(32) {
        let parts = line.split(separator: ":", maxSplits: 1)
        if parts.count == 2 { headers[parts[0].lowercased()] = String(parts[1]) }
    }
    let freshness = HTTPFreshness(headers: headers, receivedAt: Date(timeIntervalSince1970: 1_700_000_000))
    precondition(freshness.age.isFinite && freshness.age >= 0, "an impossible age")
    precondition((freshness.lifetime ?? 0).isFinite && (freshness.lifetime ?? 0) >= 0, "an impossible lifetime")
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver with this target.
@_cdecl("fuzz_cache_entry_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzCacheEntry)
}
