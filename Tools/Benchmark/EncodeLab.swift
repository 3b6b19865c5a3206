import AlbumReportGraphics
import AlbumReportTestSupport
import CGD
import Foundation

/// `encode-lab`: how PNG row filters and libdeflate levels trade bytes for time on a report made
/// from photographic artwork (every 4th card and the sheet), one core, encode only. The figures
/// behind the encoder's choices.
struct EncodeLab {
    enum Strategy: String, CaseIterable {
        case up, paeth, adaptive4, adaptive5, sampled5
    }

    func run() async throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("albumreport").path
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        let covers = try Covers.photographs(
            in: URL(fileURLWithPath: ".build/bench-photos"), script: URL(fileURLWithPath: "scripts/bench-photos.py"))
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
        let levels = [1, 2, 3, 4, 6]
        var bytes: [String: Int] = [:]
        var seconds: [String: Double] = [:]
        var filterSeconds: [Strategy: Double] = [:]
        for file in files {
            let image = try GDImage(decoding: Data(contentsOf: output.appendingPathComponent(file)))
            let rows = (0..<image.height).map { y in
                var row = [UInt8](repeating: 0, count: image.width * 3)
                _ = image.withRow(y) { pixels in
                    for (x, pixel) in pixels.enumerated() {
                        let bits = UInt32(bitPattern: pixel)
                        row[3 * x] = UInt8((bits >> 16) & 0xFF)
                        row[3 * x + 1] = UInt8((bits >> 8) & 0xFF)
                        row[3 * x + 2] = UInt8(bits & 0xFF)
                    }
                }
                return row
            }
            for strategy in Strategy.allCases {
                let start = ContinuousClock.now
                let filtered = Self.filter(rows, strategy)
                filterSeconds[strategy, default: 0] += (ContinuousClock.now - start).seconds
                for level in levels {
                    let key = "\(strategy.rawValue) L\(level)"
                    let begin = ContinuousClock.now
                    bytes[key, default: 0] += DeflateFloor.libdeflate(filtered, level: level)
                    seconds[key, default: 0] += (ContinuousClock.now - begin).seconds
                }
            }
        }
        print("encode-lab: sheet + \(cards.count) cards from photographic artwork, one core")
        print("strategy    filter s   " + levels.map { "   L\($0) MB     s" }.joined())
        for strategy in Strategy.allCases {
            var line = strategy.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
            line += String(format: "%8.2f   ", filterSeconds[strategy] ?? 0)
            for level in levels {
                let key = "\(strategy.rawValue) L\(level)"
                line += String(format: "%8.1f %5.2f", Double(bytes[key] ?? 0) / 1e6, seconds[key] ?? 0)
            }
            print(line)
        }
    }

    static func filter(_ rows: [[UInt8]], _ strategy: Strategy) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(rows.count * (1 + (rows.first?.count ?? 0)))
        var previous = [UInt8](repeating: 0, count: rows.first?.count ?? 0)
        for row in rows {
            let type: Int
            switch strategy {
            case .up: type = 2
            case .paeth: type = 4
            case .adaptive4: type = best(row, previous, types: [0, 1, 2, 4], step: 1)
            case .adaptive5: type = best(row, previous, types: [0, 1, 2, 3, 4], step: 1)
            case .sampled5: type = best(row, previous, types: [0, 1, 2, 3, 4], step: 4)
            }
            out.append(UInt8(type))
            for i in 0..<row.count {
                out.append(UInt8(truncatingIfNeeded: Int(row[i]) - predict(type, row, previous, i)))
            }
            previous = row
        }
        return out
    }

    static func predict(_ type: Int, _ row: [UInt8], _ above: [UInt8], _ i: Int) -> Int {
        let left = i >= 3 ? Int(row[i - 3]) : 0
        let up = Int(above[i])
        switch type {
        case 1: return left
        case 2: return up
        case 3: return (left + up) / 2
        case 4:
            let upLeft = i >= 3 ? Int(above[i - 3]) : 0
            let p = left + up - upLeft
            let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
            if pa <= pb && pa <= pc { return left }
            return pb <= pc ? up : upLeft
        default: return 0
        }
    }

    static func best(_ row: [UInt8], _ above: [UInt8], types: [Int], step: Int) -> Int {
        var bestType = 0
        var bestScore = Int.max
        for type in types {
            var score = 0
            var i = 0
            while i < row.count {
                for c in 0..<3 where i + c < row.count {
                    let byte = (Int(row[i + c]) - predict(type, row, above, i + c)) & 0xFF
                    score += byte < 128 ? byte : 256 - byte
                }
                i += 3 * step
            }
            if score < bestScore { (bestType, bestScore) = (type, score) }
        }
        return bestType
    }
}

/// `serve [MS]`: serves the photographic chart (100 albums) with MS milliseconds per image on
/// loopback until interrupted, printing the feed's URL, for profiling albumreport by hand.
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
        server, name: "serve", count: 100, covers: covers, latency: .milliseconds(latency))
    print(feed.absoluteString)
    FileHandle.standardError.write(Data((feed.absoluteString + "\n").utf8))
    try await Task.sleep(for: .seconds(3600))
    await server.shutdown()
}
