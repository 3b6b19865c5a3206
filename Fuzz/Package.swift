// swift-tools-version: 6.1
import PackageDescription

/// libFuzzer targets for every parser that reads untrusted bytes: a package of its own, so that
/// the main package's builds never see them. Built by `make fuzz` with
/// `-sanitize=fuzzer,address -parse-as-library` (libFuzzer supplies `main`).
let settings: [SwiftSetting] = [.swiftLanguageMode(.v6)]
let core = Target.Dependency.product(name: "AlbumReportCore", package: "albumreport")
let driver = Target.Dependency.target(name: "FuzzDriver")

let package = Package(
    name: "albumreport-fuzz",
    platforms: [.macOS(.v14)],
    // Only the core and the comparison are fuzzed: the renderer's packages are not resolved.
    dependencies: [.package(path: "deps/albumreport", traits: [])],
    targets: [
        /// libFuzzer's driver behind the `main` SwiftPM links.
        .target(name: "FuzzDriver", path: "Sources/FuzzDriver", swiftSettings: settings),
        /// Feed bodies: format detection, v1, v2 and facts decoding, the text-encoding repair, the
        /// JSON syntax checker.
        .executableTarget(
            name: "fuzz-feed", dependencies: [core, driver], path: "Sources/FuzzFeed", swiftSettings: settings),
        /// Image headers: the sniffer that checks artwork before anything decodes it.
        .executableTarget(
            name: "fuzz-image-header", dependencies: [core, driver], path: "Sources/FuzzImageHeader",
            swiftSettings: settings),
        /// Theme files, with their range checks.
        .executableTarget(
            name: "fuzz-theme", dependencies: [core, driver], path: "Sources/FuzzTheme", swiftSettings: settings),
        /// The PNG reader `compare` uses (header checks, then libpng row by row, as `compare` streams).
        .executableTarget(
            name: "fuzz-png", dependencies: [.product(name: "AlbumReportCompare", package: "albumreport"), driver],
            path: "Sources/FuzzPNG", swiftSettings: settings),
        /// The download cache's metadata and the freshness headers it is made from.
        .executableTarget(
            name: "fuzz-cache-entry", dependencies: [core, driver], path: "Sources/FuzzCacheEntry",
            swiftSettings: settings),
        /// Card file names: slugs and transliteration, whose output must never leave `cards/`.
        .executableTarget(
            name: "fuzz-slug", dependencies: [core, driver], path: "Sources/FuzzSlug", swiftSettings: settings),
        /// Raw DEFLATE streams: the block walk that joins the sheet's compressed parts.
        .executableTarget(
            name: "fuzz-deflate-blocks", dependencies: [core, driver], path: "Sources/FuzzDeflateBlocks",
            swiftSettings: settings),
        /// A user's strings file (`strings/CODE.json`): UTF-8, syntax, duplicate keys, size bounds.
        .executableTarget(
            name: "fuzz-strings", dependencies: [core, driver], path: "Sources/FuzzStrings", swiftSettings: settings),
        /// A matrix file (`generate --matrix m.json`) and a compare config (`compare --config c.json`):
        /// UTF-8, syntax, duplicate and unknown keys, value types and ranges.
        .executableTarget(
            name: "fuzz-matrix", dependencies: [core, driver], path: "Sources/FuzzMatrix", swiftSettings: settings),
        /// URLs from a feed (artwork fields, redirects, --feed): a request that cannot trap in
        /// AsyncHTTPClient or NIO, or a one-line refusal.
        .executableTarget(
            name: "fuzz-url", dependencies: [core, driver], path: "Sources/FuzzURL", swiftSettings: settings),
    ]
)
