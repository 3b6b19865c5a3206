// swift-tools-version: 6.1
import PackageDescription

/// `make test-asan` sets ALBUMREPORT_SANITIZE=address: this package's own code (every Swift and C
/// target under Sources/, and the test support) is then built with the address sanitizer, in the same .build folder as
/// `make test`'s build, whose dependencies (SwiftNIO, swift-nio-ssl's BoringSSL, AsyncHTTPClient:
/// about half of the compile) it reuses unchanged. The test targets are compiled as for `make test`
/// (what they call is instrumented; instrumenting them too doubles their compile), and the two
/// developer tools no test runs (the benchmark, the sample-artwork generator) are left out, and
/// assertions stay on (-assert-config Debug): the sanitized suite is also the one with `assert`.
/// Its modules are optimized file by file, not whole (-no-whole-module-optimization): a whole
/// module is one single-threaded optimizer run, and this build is a chain of them (core, graphics,
/// renderer, the pipeline, the command, the tests) on the CI run's critical path. Measured quietly
/// on 2 cores: the build 271 s against 337 s (about the same CPU time), and the suite ran no slower
/// (148 s against 232 s). The shipped build stays whole-module. Unset, nothing changes. (A package depending on this one must not set it: SwiftPM refuses
/// unsafe flags in a dependency.)
let sanitized = Context.environment["ALBUMREPORT_SANITIZE"] == "address"
let sanitizerSwift: [SwiftSetting] =
    sanitized
    ? [.unsafeFlags(["-sanitize=address", "-assert-config", "Debug", "-no-whole-module-optimization"])] : []
let sanitizerC: [CSetting] = sanitized ? [.unsafeFlags(["-fsanitize=address"])] : []
/// Every product links AlbumReportCore, so its linker settings reach every link: the runtime.
let sanitizerLink: [LinkerSetting] = sanitized ? [.unsafeFlags(["-sanitize=address"])] : []

/// Settings every Swift target has: Swift 6 language mode (strict concurrency) plus the upcoming
/// features that make dependencies and existentials explicit.
let languageSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]
/// Settings every target under Sources/ and Tools/ (and the test support) has: the same, and the
/// sanitizer when asked for.
let strictSettings: [SwiftSetting] = languageSettings + sanitizerSwift
/// Settings every test target has. The tests' own code is compiled unoptimized (-Onone) in every
/// configuration: the code they exercise is this package's optimized modules, while the tests'
/// own files, most of them Swift Testing macro expansions, compile 4× faster so (109 against 448
/// CPU-seconds on 2 cores; the suite itself runs about 10 % longer). Test targets are in no
/// product, so a package depending on this one never sees the flag.
let testSettings: [SwiftSetting] = languageSettings + [.unsafeFlags(["-Onone"])]

/// The pkg-config package CGD's header search paths come from. On Linux, FreeType's: gd, fontconfig,
/// HarfBuzz, FriBidi and libdeflate install their headers on the compiler's default path (Debian,
/// Ubuntu, Fedora, Alpine), FreeType's alone are in a folder of their own. gd's own file (`gdlib`)
/// names every image library gd was built with as a private requirement, and libavif's passes
/// `-DAVIF_DLL`, a flag SwiftPM refuses with a warning printed twice by every build, also by a
/// package that only compares PNGs and never builds this module. On macOS Homebrew's prefixes are
/// off the default path, and gd's file is the one that names them all.
#if os(Linux)
    let gdPackage = "freetype2"
#else
    let gdPackage = "gdlib"
#endif

/// Developer tools no test runs, left out of the sanitized build.
let developerTools: [Target] = [
    /// Regenerates the embedded sample's artwork (`make sample-artwork`); not shipped.
    .executableTarget(
        name: "sample-artwork",
        dependencies: ["AlbumReportCore", "AlbumReportGraphics"],
        path: "Tools/SampleArtwork",
        swiftSettings: strictSettings
    ),

    /// Release-build measurements (`swift run -c release albumreport-bench`); not shipped.
    .executableTarget(
        name: "albumreport-bench",
        dependencies: [
            "AlbumReport", "AlbumReportCore", "AlbumReportGraphics", "AlbumReportRenderer", "AlbumReportCompare",
            "AlbumReportTestSupport", "CGD",
        ],
        path: "Tools/Benchmark",
        swiftSettings: strictSettings
    ),
]

let package = Package(
    name: "albumreport",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "albumreport", targets: ["albumreport"]),
        /// `compare` alone: links libpng (and zlib through it) and nothing of the renderer; its own
        /// tarball from `make dist` runs on any glibc 2.36+ system with libpng 1.6.
        .executable(name: "albumreport-compare", targets: ["albumreport-compare"]),
        .library(name: "AlbumReportCore", targets: ["AlbumReportCore"]),
        .library(name: "AlbumReportRenderer", targets: ["AlbumReportRenderer"]),
        .library(name: "AlbumReport", targets: ["AlbumReport"]),
        .library(name: "AlbumReportCompare", targets: ["AlbumReportCompare"]),
        .library(name: "AlbumReportTesting", targets: ["AlbumReportTesting"]),
        .library(name: "AlbumReportSnapshotTesting", targets: ["AlbumReportSnapshotTesting"]),
    ],
    // Two traits; `Renderer` is the default, and it also brings in what `SnapshotTesting` does. A
    // package that only compares PNGs (the AlbumReportCompare and AlbumReportTesting products) turns
    // them off with `traits: []` on its `.package` line: then none of the packages below is resolved
    // or built, and the only system package it needs is libpng (`libpng-dev`). The renderer's targets
    // (AlbumReport, the albumreport command) need `Renderer`; AlbumReportSnapshotTesting needs either
    // (`traits: ["SnapshotTesting"]` leaves the renderer's packages out).
    //
    // One trait on by default, not two: SwiftPM passes each enabled trait to every target of this
    // package as `-D<trait>`, in an order that changes from one invocation to the next (a set's);
    // when the order changes, the arguments of every module of this package change, and every one
    // compiles again — in this package's own builds and in the build of any package that depends on
    // it with its default traits. With one `-D` the arguments are the same at every invocation.
    traits: [
        .trait(
            name: "Renderer",
            description: "The renderer and its command (HTTP, Mustache, logging); also what SnapshotTesting brings."
        ),
        .trait(
            name: "SnapshotTesting",
            description: "AlbumReportSnapshotTesting (swift-snapshot-testing's .png), without the renderer."
        ),
        // Not enabled by `Renderer` (two default traits would recompile, above): the targets that
        // need the argument parser take it under either trait.
        .trait(
            name: "CompareCommand",
            description:
                "Only the albumreport-compare command (its argument parser and the report's template engine), without the renderer: `swift build --product albumreport-compare --traits CompareCommand`."
        ),
        .default(enabledTraits: ["Renderer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Already a dependency of async-http-client; named here because the test-support
        // target builds its loopback HTTP server directly on NIO.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Already a dependency of async-http-client; named here so that TLS failures can be told
        // apart from other connection errors.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // index.html is rendered from a user-editable Mustache template (Templates/index.mustache).
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // Only its dependency-free SnapshotTesting target is built (for AlbumReportSnapshotTesting);
        // its swift-syntax dependency is resolved but never compiled.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // `swift package generate-documentation` for the libraries' DocC catalogs. No target
        // depends on it, so a package depending on this one does not resolve it (with any traits).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: - C

        /// libgd, with fontconfig and FreeType, found with pkg-config (`gdPackage` above). The text
        /// engine's libraries live in the same module (their FreeType and fontconfig types must be
        /// the same ones gd sees): HarfBuzz shapes, FriBidi orders.
        .systemLibrary(
            name: "CGD",
            path: "Sources/CGD",
            pkgConfig: gdPackage,
            providers: [
                .apt([
                    "libgd-dev", "libfontconfig-dev", "libfreetype-dev", "libdeflate-dev", "libharfbuzz-dev",
                    "libfribidi-dev",
                ]),
                .brew(["gd", "fontconfig", "freetype", "libdeflate", "harfbuzz", "fribidi"]),
            ]
        ),

        /// One C call Swift's Glibc module does not expose: renameat2(RENAME_EXCHANGE), which swaps
        /// a finished report into place atomically.
        .target(name: "CFileSwap", path: "Sources/CFileSwap", cSettings: sanitizerC),

        /// The text engine's C part: ICU's UAX #14 line breaking behind one call (Debian: libicu-dev).
        .target(name: "CText", path: "Sources/CText", cSettings: sanitizerC, linkerSettings: [.linkedLibrary("icuuc")]),

        /// SHA-256 from the system's libcrypto (OpenSSL; Debian: libssl-dev), which uses the CPU's
        /// SHA extensions: the report's files are hashed when written and when a refresh reuses them.
        .target(
            name: "CDigest", path: "Sources/CDigest", cSettings: sanitizerC, linkerSettings: [.linkedLibrary("crypto")]),

        /// libpng read and written row by row: PNGs decoded to the exact RGBA they store (no gamma,
        /// all 8 bits of alpha) and the comparison's pictures encoded. libpng's longjmp error
        /// handling stays in C. With zlib, which libpng needs anyway (screen-sized PNGs are
        /// inflated whole), the only system libraries a consumer of the comparison needs.
        .target(
            name: "CPNG", path: "Sources/CPNG", cSettings: sanitizerC,
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),

        // MARK: - The core (Foundation only)

        /// Models, decoding, settings, layout, localization, the manifest, the gallery's HTML,
        /// DEFLATE and the pixel-diff maths: values and pure functions, in folders by concern. Its
        /// one room that touches the file system is Files/ (a file read inside a folder, a
        /// manifest, a compare config, a font file by name, a file written), which the pipeline
        /// and compare share.
        .target(
            name: "AlbumReportCore",
            swiftSettings: strictSettings,
            linkerSettings: sanitizerLink
        ),

        // MARK: - The only target that touches libgd

        .target(
            name: "AlbumReportGraphics",
            dependencies: ["CGD", "CText", "AlbumReportCore"],
            swiftSettings: strictSettings
        ),

        // MARK: - Screens drawn from layouts (layout values in, pixels out: no fetch, no files)

        .target(
            name: "AlbumReportRenderer",
            dependencies: ["AlbumReportCore", "AlbumReportGraphics"],
            swiftSettings: strictSettings
        ),

        // MARK: - Golden-image comparison of PNG files (core maths and libpng only: no libgd, no network)

        .target(
            name: "AlbumReportCompare",
            dependencies: ["AlbumReportCore", "CPNG"],
            swiftSettings: strictSettings
        ),

        // MARK: - Default themes (the top-level Templates/ folder, shipped in the binary)

        .target(
            name: "AlbumReportTemplates",
            path: "Templates",
            exclude: ["README.md"],
            resources: [
                .copy("light.json"), .copy("dark.json"), .copy("index.mustache"), .copy("compare.mustache"),
                .copy("strings"), .copy("matrix.mustache"),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: - The comparison's report and command (no libgd, no network: compare-only builds)

        /// The comparison's report (HTML from Templates/compare.mustache, JUnit XML, JSON) and the
        /// Mustache template loading the report pages share.
        .target(
            name: "AlbumReportCompareReport",
            dependencies: [
                "AlbumReportCore", "AlbumReportCompare", "AlbumReportTemplates",
                .product(
                    name: "Mustache", package: "swift-mustache",
                    condition: .when(traits: ["Renderer", "CompareCommand"])),
            ],
            swiftSettings: strictSettings
        ),

        /// What every command shares: the entry point (usage exit codes, arguments checked raw),
        /// the console, and the options `generate`, `merge` and `compare` all take (`--json`,
        /// `--quiet`, `--templates`), each declared once.
        .target(
            name: "AlbumReportCommandSupport",
            dependencies: [
                "AlbumReportCore",
                .product(
                    name: "ArgumentParser", package: "swift-argument-parser",
                    condition: .when(traits: ["Renderer", "CompareCommand"])),
            ],
            swiftSettings: strictSettings
        ),

        /// `compare`'s command line, shared by `albumreport compare` and `albumreport-compare`.
        .target(
            name: "AlbumReportCompareCommand",
            dependencies: [
                "AlbumReportCore", "AlbumReportCompare", "AlbumReportCompareReport", "AlbumReportCommandSupport",
                .product(
                    name: "ArgumentParser", package: "swift-argument-parser",
                    condition: .when(traits: ["Renderer", "CompareCommand"])),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: - Stages with I/O: fetch, artwork, render, write

        .target(
            name: "AlbumReport",
            dependencies: [
                "AlbumReportCore",
                "AlbumReportGraphics",
                "AlbumReportRenderer",
                "AlbumReportCompareReport",
                "AlbumReportTemplates",
                "CFileSwap",
                "CDigest",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["Renderer"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Renderer"])),
                .product(name: "Mustache", package: "swift-mustache", condition: .when(traits: ["Renderer"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Renderer"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Renderer"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Renderer"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["Renderer"])),
            ],
            resources: [.copy("Resources/Sample")],
            swiftSettings: strictSettings
        ),

        // MARK: - Golden-image assertions for other packages' tests

        .target(
            name: "AlbumReportTesting",
            dependencies: ["AlbumReportCore", "AlbumReportCompare"],
            swiftSettings: strictSettings
        ),

        /// swift-snapshot-testing strategies backed by the same comparison (`.png`), for its users.
        .target(
            name: "AlbumReportSnapshotTesting",
            dependencies: [
                "AlbumReportCore", "AlbumReportCompare",
                .product(
                    name: "SnapshotTesting", package: "swift-snapshot-testing",
                    condition: .when(traits: ["Renderer", "SnapshotTesting"])),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: - Executables

        /// The commands (generate, merge, compare, devices) with swift-argument-parser, as a library
        /// that tests call directly.
        .target(
            name: "AlbumReportCLI",
            dependencies: [
                "AlbumReport",
                "AlbumReportCompare",
                "AlbumReportCommandSupport",
                "AlbumReportCompareCommand",
                "AlbumReportGraphics",
                .product(
                    name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Renderer"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Renderer"])),
            ],
            swiftSettings: strictSettings
        ),

        /// The `albumreport` executable: a few lines that run AlbumReportCLI's root command.
        .executableTarget(
            name: "albumreport",
            dependencies: ["AlbumReportCLI"],
            swiftSettings: strictSettings
        ),
        /// The `albumreport-compare` executable: `compare` as the root command.
        .executableTarget(
            name: "albumreport-compare",
            dependencies: ["AlbumReportCompareCommand", "AlbumReportCommandSupport"],
            swiftSettings: strictSettings
        ),
        // MARK: - Test support

        /// What the test targets and the benchmark share (a loopback HTTP server, clocks, fixtures, a
        /// runner for the built binary): a library target in no product, so it lives under Tests/.
        .target(
            name: "AlbumReportTestSupport",
            dependencies: [
                "AlbumReportCore",
                "AlbumReportGraphics",
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Renderer"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Renderer"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Renderer"])),
            ],
            path: "Tests/AlbumReportTestSupport",
            swiftSettings: strictSettings
        ),

        // MARK: - Tests

        .testTarget(
            name: "AlbumReportCoreTests",
            dependencies: ["AlbumReportCore", "AlbumReportTestSupport"],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "AlbumReportGraphicsTests",
            dependencies: ["AlbumReportGraphics", "AlbumReportCore", "AlbumReportTestSupport"],
            swiftSettings: testSettings
        ),
        /// The renderer alone: layouts drawn to pixels, no pipeline, no server.
        .testTarget(
            name: "AlbumReportRendererTests",
            dependencies: [
                "AlbumReportRenderer", "AlbumReportCore", "AlbumReportGraphics", "AlbumReportTestSupport",
            ],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "AlbumReportTests",
            dependencies: [
                "AlbumReport", "AlbumReportRenderer", "AlbumReportCompare", "AlbumReportTesting",
                "AlbumReportTestSupport",
            ],
            exclude: ["Goldens", "Layouts"],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "AlbumReportTestingTests",
            dependencies: ["AlbumReportTesting", "AlbumReportCompare", "AlbumReportTestSupport"],
            exclude: ["__Goldens__"],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "AlbumReportSnapshotTestingTests",
            dependencies: [
                "AlbumReportSnapshotTesting", "AlbumReportCompare", "AlbumReportCore", "AlbumReportGraphics",
                "AlbumReportTestSupport",
                .product(
                    name: "SnapshotTesting", package: "swift-snapshot-testing",
                    condition: .when(traits: ["Renderer", "SnapshotTesting"])),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "albumreportTests",
            dependencies: [
                "albumreport", "albumreport-compare", "AlbumReportCLI", "AlbumReport", "AlbumReportCore",
                "AlbumReportTestSupport",
            ],
            swiftSettings: testSettings
        ),
    ] + (sanitized ? [] : developerTools)
)
