import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation
import Testing

@Suite("generate against a hostile artwork server, as a user runs it", .serialized)
struct FetchCommandTests {
    /// A ten-album feed whose every image is `route`.
    static func serve(_ route: LoopbackHTTPServer.Route) async throws -> (LoopbackHTTPServer, URL) {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        let data = try Fixtures.feedData(Fixtures.Feeds.v1Top10)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let results = (object["feed"] as? [String: Any])?["results"] as? [[String: Any]] ?? []
        for id in results.compactMap({ $0["id"] as? String }) {
            chart.setArtwork(id, route)
        }
        return (chart.server, chart.feedURL)
    }

    @Test("a run whose every image is a decompression bomb or 60 MB keeps its peak memory bounded; --strict exits 3")
    func bombs() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let binary = ProductBinary.productsDirectory.appendingPathComponent("albumreport").path
        var figures: [String: Int] = [:]
        let bombs: [(String, LoopbackHTTPServer.Route)] = [
            ("png", .init(headers: [("Content-Type", "image/png")], body: pngBomb(width: 40000, height: 40000))),
            ("jpeg", .init(headers: [("Content-Type", "image/jpeg")], body: jpegBomb(width: 40000, height: 40000))),
            ("60MB", .init(headers: [("Content-Type", "image/png")], fault: .generated(bytes: 60 << 20))),
        ]
        for (name, route) in bombs {
            let (server, feed) = try await Self.serve(route)
            defer { Task { await server.shutdown() } }
            let output = scratch.url.appendingPathComponent(name).path
            // ChildRun blocks its thread while the child runs; the server answers on NIO's threads.
            let run = try await Task.detached {
                try ChildRun.run(
                    binary,
                    ["generate", "--feed", feed.absoluteString, "--output", output, "--strict", "--json", "--no-cache"])
            }.value
            #expect(run.exitStatus >> 8 == 3, "\(name): --strict with artwork warnings exits 3")
            figures[name] = run.peakRSSBytes
            let summary = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any] ?? [:]
            let warnings = summary["warnings"] as? [[String: Any]] ?? []
            #expect(warnings.count == 10, "\(name): one warning per album")
            let network = summary["network"] as? [String: [String: Any]] ?? [:]
            let failures = network["artwork"]?["failures"] as? [String: Int] ?? [:]
            #expect(failures.values.reduce(0, +) == 10, "\(name): \(failures)")
            #expect(FileManager.default.fileExists(atPath: output + "/sheet.png"))
        }
        // Under the address sanitizer (`make test-asan`) every allocation carries shadow memory and
        // freed blocks wait in a quarantine, so the bound is three times as high there.
        let sanitized = ProcessInfo.processInfo.environment["ALBUMREPORT_SANITIZER"] == "address"
        let bound = (sanitized ? 900 : 300) << 20
        for (name, bytes) in figures {
            #expect(bytes < bound, "\(name): peak RSS \(bytes >> 20) MB")
        }
    }
}
