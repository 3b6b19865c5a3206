import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation

/// The report workloads of the benchmark.
struct ReportBenchmark {
    var runs = 3

    init(arguments: [String]) {
        if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count,
            let value = Int(arguments[index + 1])
        {
            runs = max(value, 1)
        }
    }

    struct Figures {
        var name: String
        var wall: Double
        var cpu: Double
        var rss: Int
        var stages: [String: Double]
    }

    func run() async throws {
        guard let sample = FeedLoader.sampleDirectory else { throw CocoaError(.fileNoSuchFile) }
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("albumreport").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            print("Build the tool first: swift build -c release --product albumreport")
            return
        }
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        let covers = try loadCovers(sample)
        let fast = try serveFeed(server, name: "fast", count: 100, covers: covers, latency: .zero)
        let slow = try serveFeed(server, name: "slow", count: 100, covers: covers, latency: .milliseconds(50))
        let large = try serveFeed(server, name: "large", count: 1000, covers: covers, latency: .zero)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "albumreport-bench-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: scratch) }

        print(
            "albumreport-bench report: iPhone 15 @3x, median of \(runs) runs, \(ProcessInfo.processInfo.activeProcessorCount) cores"
        )
        var results: [Figures] = []
        results.append(try measure("100 albums, latency 0", binary, fast, scratch.appendingPathComponent("a")))
        results.append(try measure("100 albums, 50 ms per image", binary, slow, scratch.appendingPathComponent("b")))
        results.append(try measure("1,000 items, latency 0", binary, large, scratch.appendingPathComponent("c")))
        let refreshFolder = scratch.appendingPathComponent("d")
        _ = try ChildRun.run(
            binary, ["generate", "--feed", fast.absoluteString, "--output", refreshFolder.path, "--quiet"])
        results.append(try measure("second run, unchanged inputs", binary, fast, refreshFolder, fresh: false))

        print("")
        print(
            "workload                        wall      cpu    peak RSS   fetch decode artwork  sheet  cards  write layout render encode"
        )
        for figures in results {
            let stages = ["fetch", "decode", "artwork", "sheet", "cards", "write", "layout", "render", "encode"].map {
                String(format: "%6.2f", figures.stages[$0] ?? 0)
            }.joined(separator: " ")
            print(
                figures.name.padding(toLength: 30, withPad: " ", startingAt: 0)
                    + String(format: "%6.2f s %6.2f s %7.0f MB  ", figures.wall, figures.cpu, Double(figures.rss) / 1e6)
                    + stages)
        }

        // Targets, as ratios measured in this run.
        let first = results[0]
        let floor = try await deflateFloor(scratch.appendingPathComponent("a"), level: 6, libdeflate: false)
        let fastFloor = try await deflateFloor(scratch.appendingPathComponent("a"), level: 6, libdeflate: true)
        let renderEncode = (first.stages["sheet"] ?? 0) + (first.stages["cards"] ?? 0)
        print("")
        print(
            String(
                format:
                    "render+encode of the 100-album report: %.2f s; deflate floor (zlib level 6, all cores): %.2f s; ratio %.2f (target ≤ 1.5)",
                renderEncode, floor, renderEncode / max(floor, 1e-9)))
        print(
            String(
                format: "  the same against libdeflate level 6 (what the cards use): floor %.2f s; ratio %.2f",
                fastFloor, renderEncode / max(fastFloor, 1e-9)))
        let artwork = results[1].stages["artwork"] ?? 0
        print(
            String(
                format:
                    "artwork stage at 50 ms latency: %.2f s; ceil(100/8) × 50 ms = %.2f s; ratio %.2f (target ≤ 1.3)",
                artwork, 13 * 0.05, artwork / (13 * 0.05)))
        print(
            String(
                format: "peak RSS 1,000 items / 100 items: %.2f (target ≤ 1.25); 100 items: %.0f MB (target < 300 MB)",
                Double(results[2].rss) / Double(max(first.rss, 1)), Double(first.rss) / 1e6))
        print(
            String(
                format: "second run / first run wall time: %.2f (target < 0.10)",
                results[3].wall / max(first.wall, 1e-9)))
    }

    // MARK: - Workloads

    private func measure(
        _ name: String, _ binary: String, _ feed: URL, _ output: URL, fresh: Bool = true
    ) throws -> Figures {
        var runsFigures: [Figures] = []
        for _ in 0..<runs {
            if fresh { try? FileManager.default.removeItem(at: output) }
            let child = try ChildRun.run(
                binary, ["generate", "--feed", feed.absoluteString, "--output", output.path, "--json"])
            guard child.exitStatus == 0 else {
                print("\(name): albumreport exited with status \(child.exitStatus)")
                break
            }
            var stages: [String: Double] = [:]
            if let object = try? JSONSerialization.jsonObject(with: child.standardOutput) as? [String: Any],
                let list = object["stages"] as? [[String: Any]]
            {
                let breakdown = object["breakdown"] as? [[String: Any]] ?? []
                for stage in list + breakdown {
                    if let stageName = stage["name"] as? String, let seconds = stage["seconds"] as? Double {
                        stages[stageName] = seconds
                    }
                }
            }
            runsFigures.append(
                Figures(
                    name: name, wall: child.wallSeconds, cpu: child.cpuSeconds, rss: child.peakRSSBytes, stages: stages)
            )
        }
        let sorted = runsFigures.sorted { $0.wall < $1.wall }
        guard !sorted.isEmpty else { return Figures(name: name, wall: 0, cpu: 0, rss: 0, stages: [:]) }
        let median = sorted[sorted.count / 2]
        print(String(format: "  %@: %.2f s", name, median.wall))
        return median
    }

    /// Deflating every PNG of a report from its raw rows, two images at a time per core.
    private func deflateFloor(_ report: URL, level: Int, libdeflate: Bool) async throws -> Double {
        let files = try FileManager.default.subpathsOfDirectory(atPath: report.path).filter { $0.hasSuffix(".png") }
        var raws: [[UInt8]] = []
        for file in files {
            raws.append(
                DeflateFloor.rawRows(of: try GDImage(decoding: Data(contentsOf: report.appendingPathComponent(file)))))
        }
        let lanes = ProcessInfo.processInfo.activeProcessorCount
        let start = ContinuousClock.now
        await withTaskGroup(of: Void.self) { group in
            for lane in 0..<lanes {
                let mine = stride(from: lane, to: raws.count, by: lanes).map { raws[$0] }
                group.addTask {
                    for raw in mine {
                        _ =
                            libdeflate
                            ? DeflateFloor.libdeflate(raw, level: level) : DeflateFloor.deflate(raw, level: level)
                    }
                }
            }
        }
        return (ContinuousClock.now - start).seconds
    }

    // MARK: - Serving

    private func loadCovers(_ sample: URL) throws -> [(small: Data, large: Data)] {
        let folder = sample.appendingPathComponent("artwork")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { id in
            (
                try Data(contentsOf: folder.appendingPathComponent("\(id)/200x200bb.png")),
                try Data(contentsOf: folder.appendingPathComponent("\(id)/600x600bb.png"))
            )
        }
    }

    /// A chart of `count` items built from the sample's names (repeated past 100), each with
    /// artwork URLs of its own on the server.
    private func serveFeed(
        _ server: LoopbackHTTPServer, name: String, count: Int, covers: [(small: Data, large: Data)], latency: Duration
    ) throws -> URL {
        guard let sample = FeedLoader.sampleDirectory,
            let object = try JSONSerialization.jsonObject(
                with: Data(contentsOf: sample.appendingPathComponent("feed.json"))) as? [String: Any],
            var feed = object["feed"] as? [String: Any], let results = feed["results"] as? [[String: Any]]
        else { throw CocoaError(.fileReadCorruptFile) }
        var items: [[String: Any]] = []
        for index in 0..<count {
            var item = results[index % results.count]
            let id = "\(name)-\(index)"
            item["id"] = id
            if index >= results.count {
                item["name"] = "\(item["name"] as? String ?? "") (\(index / results.count + 1))"
            }
            item["artworkUrl100"] = server.url("/\(name)/art/\(index)/200x200bb.png").absoluteString
            let cover = covers[index % covers.count]
            server.setRoute("/\(name)/art/\(index)/200x200bb.png", .init(body: cover.small, delay: latency))
            server.setRoute("/\(name)/art/\(index)/600x600bb.png", .init(body: cover.large, delay: latency))
            items.append(item)
        }
        feed["results"] = items
        server.setRoute("/\(name)/feed.json", .json(try JSONSerialization.data(withJSONObject: ["feed": feed])))
        return server.url("/\(name)/feed.json")
    }
}

// MARK: - Fetching

extension ReportBenchmark {
    /// `fetch`: 100 albums at 50 ms per image with --concurrency 1, 8 and 16; then 100 albums whose
    /// every image is a bomb (a PNG and a JPEG declaring 40000 × 40000, a 60 MB body).
    func runFetch() async throws {
        guard let sample = FeedLoader.sampleDirectory else { throw CocoaError(.fileNoSuchFile) }
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("albumreport").path
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        let covers = try loadCovers(sample)
        let slow = try serveFeed(server, name: "slow", count: 100, covers: covers, latency: .milliseconds(50))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "albumreport-bench-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: scratch) }

        print("albumreport-bench fetch: 100 albums, 50 ms per image, median of \(runs) runs, no cache")
        print("concurrency    wall   artwork   cards   peak RSS   requests")
        for concurrency in [1, 8, 16] {
            var rows: [(wall: Double, artwork: Double, cards: Double, rss: Int, requests: Int)] = []
            for _ in 0..<runs {
                let output = scratch.appendingPathComponent("c\(concurrency)")
                try? FileManager.default.removeItem(at: output)
                let before = server.totalRequests
                let child = try ChildRun.run(
                    binary,
                    [
                        "generate", "--feed", slow.absoluteString, "--output", output.path, "--json", "--no-cache",
                        "--concurrency", "\(concurrency)",
                    ])
                let stages = Self.stageSeconds(child.standardOutput)
                rows.append(
                    (
                        child.wallSeconds, stages["artwork"] ?? 0, stages["cards"] ?? 0, child.peakRSSBytes,
                        server.totalRequests - before
                    ))
            }
            let median = rows.sorted { $0.wall < $1.wall }[rows.count / 2]
            print(
                String(
                    format: "%11d %7.2f s %7.2f s %6.2f s %7.0f MB %9d", concurrency, median.wall, median.artwork,
                    median.cards, Double(median.rss) / 1e6, median.requests))
        }

        print("")
        print("every image a bomb (100 albums, thumbnails and large images):")
        let bombs: [(String, LoopbackHTTPServer.Route)] = [
            ("PNG declaring 40000 × 40000", .init(body: pngBomb(width: 40000, height: 40000))),
            ("JPEG declaring 40000 × 40000", .init(body: jpegBomb(width: 40000, height: 40000))),
            ("60 MB body", .init(fault: .generated(bytes: 60 << 20))),
        ]
        for (name, route) in bombs {
            let feed = try serveFeed(server, name: "bomb\(name.count)", count: 100, covers: covers, latency: .zero)
            for index in 0..<100 {
                server.setRoute("/bomb\(name.count)/art/\(index)/200x200bb.png", route)
                server.setRoute("/bomb\(name.count)/art/\(index)/600x600bb.png", route)
            }
            let output = scratch.appendingPathComponent("bomb\(name.count)")
            let child = try ChildRun.run(
                binary, ["generate", "--feed", feed.absoluteString, "--output", output.path, "--json", "--no-cache"])
            print(
                String(
                    format: "  %-30@ %6.2f s  peak RSS %4.0f MB  exit %d", name as NSString, child.wallSeconds,
                    Double(child.peakRSSBytes) / 1e6, child.exitStatus >> 8))
        }
    }

    static func stageSeconds(_ json: Data) -> [String: Double] {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let list = object["stages"] as? [[String: Any]]
        else { return [:] }
        var stages: [String: Double] = [:]
        for stage in list {
            if let name = stage["name"] as? String, let seconds = stage["seconds"] as? Double { stages[name] = seconds }
        }
        return stages
    }
}
