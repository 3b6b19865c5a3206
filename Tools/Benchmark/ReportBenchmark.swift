import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation

/// The report workloads of the benchmark: photographic artwork against the Pillow peer, side by
/// side on the same server, then latency, 1,000 items, a refresh, and the flat sample art.
struct ReportBenchmark {
    var runs = 3
    var photos = URL(fileURLWithPath: ".build/bench-photos")
    var peerPath: String?
    var peer = true

    init(arguments: [String]) {
        func value(_ name: String) -> String? {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
            return arguments[index + 1]
        }
        if let text = value("--runs"), let count = Int(text) { runs = max(count, 1) }
        if let path = value("--photos") { photos = URL(fileURLWithPath: path) }
        peerPath = value("--peer")
        peer = !arguments.contains("--no-peer")
    }

    struct Figures {
        var name: String
        var wall: Double
        var cpu: Double
        var rss: Int
        var bytes: Int
        var stages: [String: Double]

        static func median(_ name: String, _ runs: [Figures]) -> Figures {
            guard !runs.isEmpty else { return Figures(name: name, wall: 0, cpu: 0, rss: 0, bytes: 0, stages: [:]) }
            func middle<T: Comparable>(_ values: [T]) -> T { values.sorted()[values.count / 2] }
            var figures = runs.sorted { $0.wall < $1.wall }[runs.count / 2]
            figures.name = name
            figures.rss = middle(runs.map(\.rss))
            figures.cpu = middle(runs.map(\.cpu))
            return figures
        }
    }

    func run() async throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("albumreport").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            print("Build the tool first: swift build -c release --product albumreport")
            return
        }
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        let photoCovers = try Covers.photographs(
            in: photos, script: URL(fileURLWithPath: "scripts/bench-photos.py"))
        let flatCovers = try Covers.flat()
        let photo100 = try serveFeed(server, name: "p100", count: 100, covers: photoCovers, latency: .zero)
        let photoSlow = try serveFeed(
            server, name: "pslow", count: 100, covers: photoCovers, latency: .milliseconds(50))
        let photo1000 = try serveFeed(server, name: "p1000", count: 1000, covers: photoCovers, latency: .zero)
        let flat100 = try serveFeed(server, name: "f100", count: 100, covers: flatCovers, latency: .zero)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "albumreport-bench-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print(
            "albumreport-bench report: iPhone 15 @3x, sheet + one card per album, \(cores) cores, medians of \(runs) alternating runs"
        )
        print("artwork: \(photoCovers.label), \(photoCovers.images.count) covers; second workload: \(flatCovers.label)")
        let pillow = peer ? PillowPeer.locate(peerPath) : nil

        // Side by side, alternating, so that a noisy moment hits every contender alike.
        var samples: [String: [Figures]] = [:]
        let oursCold = scratch.appendingPathComponent("ours")
        for _ in 0..<runs {
            samples["balanced", default: []].append(
                try ours("albumreport, balanced", binary, photo100, oursCold, extra: ["--no-cache"]))
            if let pillow,
                let figures = try peerRun(
                    pillow, "Pillow, zlib 1", photo100, scratch.appendingPathComponent("peer1"), level: 1)
            {
                samples["pillow1", default: []].append(figures)
            }
            samples["fast", default: []].append(
                try ours(
                    "albumreport, fast", binary, photo100, scratch.appendingPathComponent("fast"),
                    extra: ["--no-cache", "--png-compression", "fast"]))
            if let pillow,
                let figures = try peerRun(
                    pillow, "Pillow, zlib 6", photo100, scratch.appendingPathComponent("peer6"), level: 6)
            {
                samples["pillow6", default: []].append(figures)
            }
        }
        let balanced = Figures.median("100 albums, balanced", samples["balanced"] ?? [])
        let fast = Figures.median("100 albums, fast", samples["fast"] ?? [])
        let pillow1 = samples["pillow1"].map { Figures.median("Pillow peer, zlib level 1", $0) }
        let pillow6 = samples["pillow6"].map { Figures.median("Pillow peer, zlib level 6", $0) }

        let slow = Figures.median(
            "100 albums, 50 ms per image",
            try (0..<runs).map { _ in
                try ours("50 ms", binary, photoSlow, scratch.appendingPathComponent("slow"), extra: ["--no-cache"])
            })
        let large = try ours(
            "1,000 items (one run)", binary, photo1000, scratch.appendingPathComponent("large"), extra: ["--no-cache"])
        // A refresh: the same chart and artwork again, over the report and cache of a first run.
        let refreshFolder = scratch.appendingPathComponent("refresh")
        let cache = ["--cache-dir", scratch.appendingPathComponent("cache").path]
        _ = try ours("first run", binary, photo100, refreshFolder, extra: cache)
        let refresh = Figures.median(
            "second run, unchanged inputs",
            try (0..<runs).map { _ in try ours("refresh", binary, photo100, refreshFolder, extra: cache, fresh: false) }
        )
        let identical = try sameFiles(oursCold, refreshFolder)
        let flat = Figures.median(
            "100 albums, flat sample art",
            try (0..<runs).map { _ in
                try ours("flat", binary, flat100, scratch.appendingPathComponent("flat"), extra: ["--no-cache"])
            })

        print("")
        print(
            "workload                         wall      cpu   peak RSS   PNG MB   fetch artwork  sheet  cards layout render encode"
        )
        for figures in [balanced, fast, pillow1, pillow6, slow, large, refresh, flat].compactMap({ $0 }) {
            let stages = ["fetch", "artwork", "sheet", "cards", "layout", "render", "encode"].map {
                figures.stages[$0].map { String(format: "%6.2f", $0) } ?? "     –"
            }.joined(separator: " ")
            print(
                figures.name.padding(toLength: 30, withPad: " ", startingAt: 0)
                    + String(
                        format: "%6.2f s %6.2f s %6.0f MiB %7.1f  ", figures.wall, figures.cpu,
                        Double(figures.rss) / 1_048_576, Double(figures.bytes) / 1e6) + stages)
        }

        print("")
        print("targets (ratios from this run):")
        func line(_ text: String, _ value: Double, _ target: Double, lower: Bool = true) {
            let met = lower ? value <= target : value >= target
            print(
                String(
                    format: "  %-62@ %6.2f  (target %@ %.2f) %@", text as NSString, value, lower ? "≤" : "≥", target,
                    met ? "met" : "NOT MET"))
        }
        if let pillow1, let pillow6 {
            line("wall: albumreport balanced / Pillow zlib 1", balanced.wall / pillow1.wall, 0.5)
            line("PNG bytes: albumreport balanced / Pillow zlib 6", Double(balanced.bytes) / Double(pillow6.bytes), 1.0)
            print(
                String(
                    format: "  matched levels: fast / Pillow 1 wall %.2f, bytes %.2f; balanced / Pillow 6 wall %.2f",
                    fast.wall / pillow1.wall, Double(fast.bytes) / Double(pillow1.bytes), balanced.wall / pillow6.wall))
            print(
                String(
                    format:
                        "  peak RSS: albumreport %.0f MiB, Pillow peer %.0f MiB at level 1 (all its processes, sampled)",
                    Double(balanced.rss) / 1_048_576, Double(pillow1.rss) / 1_048_576))
        }
        line("peak RSS of the 100-album report, MiB", Double(balanced.rss) / 1_048_576, 120)
        line("peak RSS 1,000 items / 100 items", Double(large.rss) / Double(max(balanced.rss, 1)), 1.25)
        line("refresh / cold wall time", refresh.wall / max(balanced.wall, 1e-9), 0.10)
        print("  refresh output identical to a cold run's: \(identical ? "yes" : "NO")")
        line("wall at 50 ms per image / at no latency", slow.wall / max(balanced.wall, 1e-9), 1.10)
        let floor = try await deflateFloor(oursCold, level: 6, libdeflate: true)
        let renderEncode = (balanced.stages["sheet"] ?? 0) + (balanced.stages["cards"] ?? 0)
        print(
            String(
                format:
                    "  render+encode %.2f s against deflating the same raw rows with libdeflate level 6 on all cores %.2f s: %.2f×",
                renderEncode, floor, renderEncode / max(floor, 1e-9)))
    }

    // MARK: - Workloads

    /// One run of albumreport over `feed` into `output` (emptied first unless `fresh` is false).
    private func ours(
        _ name: String, _ binary: String, _ feed: URL, _ output: URL, extra: [String], fresh: Bool = true
    ) throws -> Figures {
        if fresh { try? FileManager.default.removeItem(at: output) }
        let child = try ChildRun.run(
            binary, ["generate", "--feed", feed.absoluteString, "--output", output.path, "--json"] + extra)
        guard child.exitStatus == 0 else {
            throw BenchmarkError("\(name): albumreport exited with status \(child.exitStatus >> 8)")
        }
        var stages: [String: Double] = [:]
        if let object = try? JSONSerialization.jsonObject(with: child.standardOutput) as? [String: Any] {
            let list = (object["stages"] as? [[String: Any]] ?? []) + (object["breakdown"] as? [[String: Any]] ?? [])
            for stage in list {
                if let stageName = stage["name"] as? String, let seconds = stage["seconds"] as? Double {
                    stages[stageName] = seconds
                }
            }
        }
        return Figures(
            name: name, wall: child.wallSeconds, cpu: child.cpuSeconds, rss: child.peakRSSBytes,
            bytes: pngBytes(in: output), stages: stages)
    }

    /// One peer run, or nil (with the reason printed) when it failed or hung; the median then
    /// comes from the runs that finished.
    private func peerRun(_ peer: PillowPeer, _ name: String, _ feed: URL, _ output: URL, level: Int) throws -> Figures?
    {
        let child = try peer.run(feed: feed, output: output, level: level)
        guard !child.timedOut else {
            print("  \(name): the peer ran past 120 s and was stopped (its pool hung); this run is left out")
            return nil
        }
        guard child.exitStatus == 0 else {
            print("  \(name): the peer exited with status \(child.exitStatus >> 8); this run is left out")
            return nil
        }
        var stages: [String: Double] = [:]
        if let data = try? Data(contentsOf: output.appendingPathComponent("timings.json")),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        {
            stages["fetch"] = object["fetch"] as? Double
            stages["artwork"] = object["artwork"] as? Double
            stages["cards"] = object["render_encode"] as? Double
        }
        return Figures(
            name: name, wall: child.wallSeconds, cpu: child.cpuSeconds, rss: child.peakRSSBytes,
            bytes: pngBytes(in: output), stages: stages)
    }

    /// Whether every PNG under `one` has the same bytes under `two`.
    private func sameFiles(_ one: URL, _ two: URL) throws -> Bool {
        let files = try FileManager.default.subpathsOfDirectory(atPath: one.path).filter { $0.hasSuffix(".png") }
        guard !files.isEmpty else { return false }
        for file in files {
            guard let a = try? Data(contentsOf: one.appendingPathComponent(file)),
                let b = try? Data(contentsOf: two.appendingPathComponent(file)), a == b
            else { return false }
        }
        return true
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

    /// A chart of `count` items built from the sample's names (repeated past 100), each with
    /// artwork URLs of its own on the server, named as Apple's CDN names its sizes.
    func serveFeed(
        _ server: LoopbackHTTPServer, name: String, count: Int, covers: Covers, latency: Duration
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
            item["artworkUrl100"] = server.url("/\(name)/art/\(index)/\(covers.smallFile)").absoluteString
            let cover = covers.images[index % covers.images.count]
            let headers = [("Content-Type", covers.contentType)]
            server.setRoute(
                "/\(name)/art/\(index)/\(covers.smallFile)", .init(headers: headers, body: cover.small, delay: latency))
            server.setRoute(
                "/\(name)/art/\(index)/\(covers.largeFile)", .init(headers: headers, body: cover.large, delay: latency))
            items.append(item)
        }
        feed["results"] = items
        server.setRoute("/\(name)/feed.json", .json(try JSONSerialization.data(withJSONObject: ["feed": feed])))
        return server.url("/\(name)/feed.json")
    }
}

/// A benchmark run that could not be measured.
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

// MARK: - Fetching

extension ReportBenchmark {
    /// `fetch`: 100 albums at 50 ms per image with --concurrency 1, 8 and 16; then 100 albums whose
    /// every image is a bomb (a PNG and a JPEG declaring 40000 × 40000, a 60 MB body).
    func runFetch() async throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("albumreport").path
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        let covers = try Covers.flat()
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
