import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation
import Testing

@Suite("Decode failures are render figures")
struct RenderFiguresTests {
    @Test(
        "artwork that downloads but does not decode is counted under the sheet's and the cards' render figures, never as a network failure"
    )
    func decodeFailuresUnderRender() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let id = "1506269876"  // #1
        let png = try GDImage(width: 100, height: 100, background: RGBA(red: 10, green: 200, blue: 10)).pngData()
        let corrupt = png.prefix(33) + Data(repeating: 0x5A, count: 500)
        chart.setArtwork(id, .init(headers: [("Content-Type", "image/png")], body: corrupt))
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let summary = try await generateOnce(.remote(chart.feedURL), output: output.url) {
            $0.limit = 3
            $0.enrich = false
        }
        #expect(summary.render["sheet"]?.failures == ["undecodable": 1], "\(summary.render)")
        #expect(summary.render["cards"]?.failures == ["undecodable": 1], "\(summary.render)")
        #expect(summary.network.values.allSatisfy { $0.failures.isEmpty }, "\(summary.network)")
        #expect(summary.warnings.filter { $0.rank == 1 }.count == 1, "\(summary.warnings)")
    }
}
