// albumreport-bench: release-build measurements, printed as figures (never asserted in tests).
//
//   swift run -c release albumreport-bench report [--runs 3] [--photos DIR] [--peer PATH] [--skia-peer PATH]
//                                                [--no-peer] [--classes photos,grainy,smooth,flat]
//   swift run -c release albumreport-bench fetch [--runs 3]
//   swift run -c release albumreport-bench compare [EXPECTED.png ACTUAL.png | --binary PATH --runs N]
//   swift run -c release albumreport-bench compare-scale [--binary PATH] [--runs 3]
//   swift run -c release albumreport-bench text
//   swift run -c release albumreport-bench matrix [--limit N] (one --matrix run vs 24 single runs)
//   swift run -c release albumreport-bench material       (a scrolled screen with and without the blur)
//   swift run -c release albumreport-bench encode-lab [photos|grainy|smooth|flat] (row filters × deflate levels)
//   swift run -c release albumreport-bench serve [MS] [photos|grainy|smooth|flat] (a chart on loopback, for profiling)
//
// `report` starts its own loopback HTTP server serving four classes of artwork as Apple's CDN
// does — photographs (scripts/bench-photos.py: scikit-image's public-domain and CC0 photographs,
// JPEG q90), grainy photo-like covers, smooth gradients under flat shapes, and the sample's flat
// art — and runs the built `albumreport` binary (a child process, so memory and CPU are its own)
// side by side with the Python + Pillow and Python + Skia peers (../shared/bench/peer_pillow.py,
// peer_skia.py) at zlib level 1, alternating, and each peer once at level 6 (for its bytes); then,
// on the photographs, 100 albums at 50 ms per image, 1,000 items, a refresh over unchanged inputs
// and the fast level. It prints medians and each target's ratio, and render+encode against
// deflating the same raw rows.
// `fetch` runs 100 albums at 50 ms per image with --concurrency 1, 8 and 16, then 100 albums
// whose every image is a bomb, and prints wall time, stage times and peak RSS.
// `network` compares a 100-album chart whose artwork hosts do not resolve with the embedded
// sample, and measures a host that accepts connections but never answers.
// `compare` measures decoding two PNGs and comparing them; `compare-scale` times the
// `albumreport compare` binary (wall time and its own peak RSS) on 101 changed files, the same
// pixels recompressed, identical bytes, and a pair of 12000 × 12000 PNGs differing in one row. `text` measures a card's text (layout
// and drawing) with the HarfBuzz engine against libgd's text call, per card, cold and warm. Layout, render and encode are summed
// over the tasks that did them (they overlap on both cores, so they can exceed the stage times).
// Glibc first and @preconcurrency, so that `stdout` may be used below (Foundation re-exports it
// without the attribute).
#if canImport(Glibc)
    @preconcurrency import Glibc
#endif
// swift-format-ignore: OrderedImports
import Foundation

// Line by line, so that a long run shows its progress when its output goes to a file.
#if canImport(Glibc)
    setvbuf(stdout, nil, _IOLBF, 0)
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "compare":
    try await compareBenchmark(arguments: Array(arguments.dropFirst()))
case "compare-scale":
    try CompareScaleBenchmark(arguments: Array(arguments.dropFirst())).run()
case "serve":
    try await serveForProfiling(arguments: Array(arguments.dropFirst()))
case "encode-lab":
    try await EncodeLab(arguments: Array(arguments.dropFirst())).run()
case "report":
    try await ReportBenchmark(arguments: Array(arguments.dropFirst())).run()
case "text":
    try await TextBenchmark().run()
case "material":
    try MaterialBenchmark().run()
case "network":
    try await NetworkBenchmark(arguments: Array(arguments.dropFirst())).run()
case "matrix":
    try MatrixBenchmark(arguments: Array(arguments.dropFirst())).run()
case "fetch":
    try await ReportBenchmark(arguments: Array(arguments.dropFirst())).runFetch()
default:
    print(
        "usage: albumreport-bench report [--runs N] [--photos DIR] [--peer PATH] [--skia-peer PATH] [--no-peer] [--classes LIST] | fetch [--runs N] | network [--runs N] | text | material | compare [EXPECTED.png ACTUAL.png] | compare-scale [--binary PATH] [--runs N] | matrix [--limit N] [--binary PATH] | encode-lab [photos|grainy|smooth|flat] | serve [MS] [CLASS] [COUNT]"
    )
    exit(arguments.isEmpty ? 0 : 64)
}
