import AlbumReportTestSupport
import Foundation

/// `albumreport-bench matrix [--limit N] [--binary PATH]`: one `generate --matrix` run of the
/// embedded sample against every combination rendered by a single run of its own (the built
/// binary as a child process each time), and the ratio of the two wall times.
struct MatrixBenchmark {
    /// The 24 combinations measured: 2 devices × 2 themes × 3 Dynamic Type sizes × 2 languages
    /// (English, and Arabic right to left).
    static let matrix = "devices=iphone-15,ipad-10;themes=light,dark;contentSizes=s,l,ax3;languages=en,ar"

    var limit: Int?
    var binary: String

    init(arguments: [String]) {
        func value(_ name: String) -> String? {
            arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
        }
        limit = value("--limit").flatMap(Int.init)
        binary =
            value("--binary")
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("albumreport").path
    }

    func run() throws {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            print("Build the tool first: swift build -c release --product albumreport")
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "albumreport-bench-matrix-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let common = ["--no-cache", "--quiet"] + (limit.map { ["--limit", String($0)] } ?? [])
        let combinations = Self.combinations(Self.matrix)

        var singles = 0.0
        var singlesCPU = 0.0
        for (index, arguments) in combinations.enumerated() {
            let child = try ChildRun.run(
                binary,
                ["generate", "--output", scratch.appendingPathComponent("single-\(index)").path] + arguments + common)
            guard child.exitStatus == 0 else {
                throw BenchmarkError("single run \(index) exited \(child.exitStatus >> 8)")
            }
            singles += child.wallSeconds
            singlesCPU += child.cpuSeconds
        }
        let matrix = try ChildRun.run(
            binary,
            ["generate", "--output", scratch.appendingPathComponent("matrix").path, "--matrix", Self.matrix] + common)
        guard matrix.exitStatus == 0 else { throw BenchmarkError("the matrix run exited \(matrix.exitStatus >> 8)") }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print(
            "matrix: \(combinations.count) combinations of the embedded sample\(limit.map { ", --limit \($0)" } ?? ""), \(cores) cores"
        )
        print(String(format: "  %d single runs, one after another: %.2f s", combinations.count, singles))
        print(
            String(
                format: "  one --matrix run:                 %.2f s (peak RSS %.0f MB)", matrix.wallSeconds,
                Double(matrix.peakRSSBytes) / 1_048_576))
        let ratio = matrix.wallSeconds / max(singles, 0.001)
        print(String(format: "  ratio: %.2f of %d single runs", ratio, combinations.count))
        let cpu = matrix.cpuSeconds / max(singlesCPU, 0.001)
        print(
            String(
                format:
                    "  CPU: the single runs %.1f s (%.2f of %d cores busy), the matrix %.1f s (%.2f busy): %.2f of theirs",
                singlesCPU, singlesCPU / max(singles, 0.001), cores, matrix.cpuSeconds,
                matrix.cpuSeconds / max(matrix.wallSeconds, 0.001), cpu))
        print("")
        print("targets (from this run):")
        print(
            String(
                format: "  one --matrix run / %d single runs %.2f (target ≤ %.2f) ", combinations.count, ratio,
                Self.target) + (ratio <= Self.target ? "met" : "NOT MET"))
        let megabytes = Double(matrix.peakRSSBytes) / 1_048_576
        print(
            String(format: "  the matrix's peak RSS %.0f MB (target ≤ %.0f MB) ", megabytes, Self.memoryTarget)
                + (megabytes <= Self.memoryTarget ? "met" : "NOT MET"))
        if ratio > Self.target || megabytes > Self.memoryTarget {
            print(
                String(
                    format:
                        "    why: the combinations share the feed, the downloads, each album's resampled artwork (24 MB kept) and its compressed artwork rows (32 MB), drawing a family's cards in step; that leaves %.2f of the single runs' CPU, the work only one combination does: its theme's colours in every pixel, its language's and text size's lines (each combination shapes and rasterises its own), and every row that is not artwork filtered and compressed. Memory: up to 12 combinations of a family are in flight together (their sheets, cards in flight and text engines), beside the two memos and the encoders' buffers; fewer together share less (docs/figures.md, the matrix)",
                    cpu))
        }
    }

    /// The target: one `--matrix` run in at most this share of the single runs' time.
    static let target = 0.65

    /// The target for the matrix's peak resident size, in MB.
    static let memoryTarget = 200.0

    /// The command-line arguments of each combination of an inline matrix, the last key fastest.
    static func combinations(_ inline: String) -> [[String]] {
        var result: [[String]] = [[]]
        for part in inline.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            let key = String(pair[0])
            let values = pair.count > 1 ? pair[1].split(separator: ",").map(String.init) : []
            result = result.flatMap { prefix in values.map { prefix + arguments(key, $0) } }
        }
        return result
    }

    private static func arguments(_ key: String, _ value: String) -> [String] {
        switch key {
        case "devices": return ["--device", value]
        case "orientations": return ["--orientation", value]
        case "themes": return ["--theme", value]
        case "styles": return ["--style", value]
        case "fits": return ["--fit", value]
        case "contentSizes": return ["--content-size", value]
        case "languages": return ["--language", value]
        default: return ["--\(key)", value]
        }
    }
}
