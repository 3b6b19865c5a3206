import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation

/// The networks users really have, as release-build figures: a 100-album chart whose artwork
/// hosts do not resolve (a CI runner without egress) against the embedded sample, and a host
/// that accepts connections but never answers.
struct NetworkBenchmark {
    var runs = 3

    init(arguments: [String]) {
        if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count,
            let value = Int(arguments[index + 1])
        {
            runs = max(value, 1)
        }
    }

    func run() async throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("albumreport").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            print("Build the tool first: swift build -c release --product albumreport")
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "albumreport-bench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        print("albumreport-bench network: iPhone 15 @3x, median of \(runs) runs")

        let sample = try median(binary, ["generate", "--output", scratch.appendingPathComponent("sample").path])
        // The recorded 100-album chart, its artwork hosts renamed into .invalid (RFC 6761), which
        // never resolves: what a runner whose DNS is blocked sees for is1-ssl.mzstatic.com.
        let feed = scratch.appendingPathComponent("offline.json")
        let recorded = try Fixtures.feedData(Fixtures.Feeds.v1Top100)
        try Data(
            String(decoding: recorded, as: UTF8.self).replacingOccurrences(of: "mzstatic.com", with: "mzstatic.invalid")
                .utf8
        )
        .write(to: feed)
        let offline = try median(
            binary,
            ["generate", "--feed", feed.path, "--output", scratch.appendingPathComponent("offline").path, "--no-cache"])

        // A host that accepts the connection and then says nothing: every image waits for --timeout.
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        let chart = try JSONSerialization.jsonObject(with: recorded) as? [String: Any] ?? [:]
        var feedObject = chart["feed"] as? [String: Any] ?? [:]
        var results = feedObject["results"] as? [[String: Any]] ?? []
        for index in results.indices {
            results[index]["artworkUrl100"] = server.url("/art/\(index)/200x200bb.png").absoluteString
            server.setRoute("/art/\(index)/200x200bb.png", .init(delay: .seconds(3600)))
            server.setRoute("/art/\(index)/600x600bb.png", .init(delay: .seconds(3600)))
        }
        feedObject["results"] = results
        server.setRoute(
            "/feed.json",
            .json(try JSONSerialization.data(withJSONObject: ["feed": feedObject], options: [.sortedKeys])))
        let timeout = 2.0
        let stalled = try median(
            binary,
            [
                "generate", "--feed", server.url("/feed.json").absoluteString, "--output",
                scratch.appendingPathComponent("stalled").path, "--no-cache", "--timeout", "\(Int(timeout))",
            ])

        print("")
        print("workload                                   wall     artwork   cards  placeholders")
        for (name, figures) in [
            ("embedded sample (artwork on disk)", sample), ("100 albums, artwork hosts do not resolve", offline),
            ("100 albums, artwork host never answers", stalled),
        ] {
            print(
                name.padding(toLength: 40, withPad: " ", startingAt: 0)
                    + String(
                        format: "%6.2f s  %6.2f s  %6.2f s  %4d", figures.wall, figures.stages["artwork"] ?? 0,
                        figures.stages["cards"] ?? 0, figures.placeholders))
        }
        print("")
        print(
            String(
                format:
                    "hosts that do not resolve: %.2f s against the sample's %.2f s, ratio %.2f (target ≤ 1.5, + a few seconds), %d placeholder cards",
                offline.wall, sample.wall, offline.wall / max(sample.wall, 1e-9), offline.placeholders))
        print(
            String(
                format:
                    "a host that never answers: artwork stage %.2f s = %.2f × --timeout %.0f s (target: one timeout per concurrent slot, not one per image: ≤ ~2)",
                stalled.stages["artwork"] ?? 0, (stalled.stages["artwork"] ?? 0) / timeout, timeout))
    }

    struct Figures {
        var wall: Double
        var stages: [String: Double]
        var placeholders: Int
    }

    /// The run whose wall time is the median of ``runs``, each into an empty output folder.
    private func median(_ binary: String, _ arguments: [String]) throws -> Figures {
        var all: [Figures] = []
        for _ in 0..<runs {
            if let flag = arguments.firstIndex(of: "--output"), flag + 1 < arguments.count {
                try? FileManager.default.removeItem(atPath: arguments[flag + 1])
            }
            let child = try ChildRun.run(binary, arguments + ["--json"])
            let object = (try? JSONSerialization.jsonObject(with: child.standardOutput) as? [String: Any]) ?? [:]
            let causes = object["causes"] as? [[String: Any]] ?? []
            let placeholders = causes.reduce(0) { $0 + (($1["ranks"] as? [Int])?.count ?? 0) }
            all.append(
                Figures(
                    wall: child.wallSeconds, stages: ReportBenchmark.stageSeconds(child.standardOutput),
                    placeholders: placeholders))
        }
        return all.sorted { $0.wall < $1.wall }[all.count / 2]
    }
}
