import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import CGD
import Foundation

/// `encode-lab [photos|grainy|smooth|flat]`: how PNG row filters and deflate levels trade bytes
/// for time on a report made from one class of artwork (the sheet and every 4th card), one core,
/// encode only, through the project's own encoder (the sheet streamed through zlib as `generate`
/// writes it, cards kept whole for libdeflate). The figures behind the encoder's choices, with
/// `generate`'s default and the old default (`balanced` before the filters were chosen from the
/// content) side by side, and Pillow's bytes and time on the same screens when it is installed.
struct EncodeLab {
    var artwork: String

    init(arguments: [String]) {
        artwork = arguments.first ?? "photos"
    }

    /// One way to encode: a row filter, a level, and the level for photographic screens.
    struct Strategy {
        var name: String
        var filter: PNGStreamEncoder.RowFilter
        var level: Int
        var photographicLevel: Int?
    }

    func covers() throws -> Covers {
        switch artwork {
        case "photos":
            return try Covers.photographs(
                in: URL(fileURLWithPath: ".build/bench-photos"),
                script: URL(fileURLWithPath: "scripts/bench-photos.py"))
        case "grainy": return try Covers.generated()
        case "flat": return try Covers.flat()
        case "smooth": return try Covers.smooth()
        default:
            print("encode-lab: unknown artwork class \(artwork) (photos, grainy, smooth or flat)")
            exit(64)
        }
    }

    func run() async throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("albumreport").path
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        let covers = try covers()
        let feed = try ReportBenchmark(arguments: []).serveFeed(
            server, name: "lab", count: 100, covers: covers, latency: .zero)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("albumreport-encode-lab")
        try? FileManager.default.removeItem(at: output)
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try ChildRun.run(
            binary, ["generate", "--feed", feed.absoluteString, "--output", output.path, "--no-cache", "--quiet"])
        let cards = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("cards").path)
            .sorted().enumerated().filter { $0.offset % 4 == 0 }.map { "cards/" + $0.element }
        let files = ["sheet.png"] + cards
        let defaults = GenerateOptions(output: output)
        var strategies = [
            Strategy(
                name: "default", filter: defaults.settings.pngCompression.rowFilter,
                level: defaults.settings.pngCompression.level,
                photographicLevel: defaults.settings.pngCompression.photographicLevel),
            Strategy(name: "old balanced", filter: .up, level: 6, photographicLevel: 1),
        ]
        for filter in [PNGStreamEncoder.RowFilter.up, .sampled, .adaptive] {
            for level in [1, 2, 4, 6] {
                strategies.append(Strategy(name: "\(filter) L\(level)", filter: filter, level: level))
            }
        }
        var bytes = [Int](repeating: 0, count: strategies.count)
        var seconds = [Double](repeating: 0, count: strategies.count)
        var sheetBytes = [Int](repeating: 0, count: strategies.count)
        var levels = [[Int]](repeating: [], count: strategies.count)
        for file in files {
            let image = try GDImage(decoding: Data(contentsOf: output.appendingPathComponent(file)))
            for (index, strategy) in strategies.enumerated() {
                final class Collected { var count = 0 }
                let collected = Collected()
                let start = ContinuousClock.now
                let encoder = try PNGStreamEncoder(
                    width: image.width, height: image.height, compressionLevel: strategy.level,
                    photographicLevel: strategy.photographicLevel, filter: strategy.filter,
                    sink: file == "sheet.png" ? { collected.count += $0.count } : nil)
                try encoder.append(image)
                let size = try encoder.finish().count + collected.count
                seconds[index] += (ContinuousClock.now - start).seconds
                bytes[index] += size
                if file == "sheet.png" { sheetBytes[index] = size }
                levels[index].append(encoder.chosenLevel)
            }
        }
        print("encode-lab: \(covers.label), sheet (streamed, zlib) + \(cards.count) cards (libdeflate), one core")
        print("strategy           MB   encode s   sheet MB   levels chosen")
        for (index, strategy) in strategies.enumerated() {
            let chosen = Dictionary(grouping: levels[index], by: { $0 }).sorted { $0.key < $1.key }
                .map { "L\($0.key)×\($0.value.count)" }.joined(separator: " ")
            print(
                strategy.name.padding(toLength: 14, withPad: " ", startingAt: 0)
                    + String(
                        format: "%8.2f %10.2f %10.2f   ", Double(bytes[index]) / 1e6, seconds[index],
                        Double(sheetBytes[index]) / 1e6) + chosen)
        }
        if let pillow = Self.pillow(files.map { output.appendingPathComponent($0).path }) {
            print(pillow)
            let base = Double(bytes[1])
            print(
                String(
                    format: "default / old balanced: bytes %.3f, time %.3f", Double(bytes[0]) / base,
                    seconds[0] / seconds[1]))
        }
    }

    /// Pillow's bytes at levels 1 and 6 and its encode time at level 1 (one core) on the same
    /// screens, from Python: nil without python3 and Pillow.
    static func pillow(_ paths: [String]) -> String? {
        guard let python = Executable.find("python3") else { return nil }
        let script = """
            import io, sys, time
            from PIL import Image
            images = [Image.open(p).convert("RGB") for p in sys.argv[1:]]
            for i in images: i.load()
            out = []
            for level in (1, 6):
                start = time.perf_counter(); total = 0
                for i in images:
                    b = io.BytesIO(); i.save(b, "PNG", compress_level=level); total += b.tell()
                out.append("Pillow L%d %8.2f MB %6.2f s" % (level, total / 1e6, time.perf_counter() - start))
            print("; ".join(out))
            """
        guard let run = try? ChildRun.run(python, ["-c", script] + paths), run.exitStatus == 0 else { return nil }
        return String(decoding: run.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// `serve [MS] [CLASS] [COUNT]`: serves a chart of COUNT albums (100 unless given; photographs
/// unless CLASS names another artwork class) with MS milliseconds per image on loopback until
/// interrupted, printing the feed's URL, for profiling albumreport by hand.
func serveForProfiling(arguments: [String]) async throws {
    let latency = Int(arguments.first ?? "0") ?? 0
    let server = try await LoopbackHTTPServer.start()
    let covers: Covers
    switch arguments.dropFirst().first {
    case "grainy": covers = try Covers.generated()
    case "smooth": covers = try Covers.smooth()
    case "flat": covers = try Covers.flat()
    default:
        covers = try Covers.photographs(
            in: URL(fileURLWithPath: ".build/bench-photos"), script: URL(fileURLWithPath: "scripts/bench-photos.py"))
    }
    let feed = try ReportBenchmark(arguments: []).serveFeed(
        server, name: "serve", count: arguments.dropFirst(2).first.flatMap { Int($0) } ?? 100, covers: covers,
        latency: .milliseconds(latency))
    print(feed.absoluteString)
    FileHandle.standardError.write(Data((feed.absoluteString + "\n").utf8))
    try await Task.sleep(for: .seconds(3600))
    await server.shutdown()
}
