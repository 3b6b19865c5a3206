import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation
import Testing

/// A redirect to a host that fails is that host's failure: the host that answered with the
/// redirect stays usable, and the album behind the redirect is the only one that warns.
@Suite("A redirect to a host that fails")
struct RedirectFailureTests {
    /// Albums (by rank) whose artwork redirects to a host that does not resolve, and the
    /// downloads at once.
    struct Case: Sendable, CustomTestStringConvertible {
        var redirects: [Int: String]
        var concurrency: Int
        var testDescription: String { "\(redirects.count) redirecting album(s), \(concurrency) download(s) at once" }
    }

    static let ids = [
        "1506269876", "1504192331", "1498988850", "1502707380", "1500776322", "1500821043", "1498288784", "1505683705",
    ]

    @Test(
        "album 1's artwork redirects to a name that does not resolve: the other albums are still requested and drawn, and only the redirecting albums warn, each naming its own host",
        arguments: [
            Case(redirects: [1: "does-not-exist.invalid"], concurrency: 8),
            // One download at a time: the two redirects fail first, in a row, before any other
            // album is asked for; the origin host must still be asked for every other album.
            Case(redirects: [1: "does-not-exist.invalid", 2: "also-missing.invalid"], concurrency: 1),
        ])
    func unresolvableRedirectTarget(_ testCase: Case) async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        for (rank, host) in testCase.redirects {
            chart.setArtwork(Self.ids[rank - 1], .redirect(to: "http://\(host)/a.png"))
        }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        // Every request is answered on loopback at once: the breaker's evidence can only be a
        // misattributed failure, whatever the order the downloads finish in.
        let summary = try await generateOnce(.remote(chart.feedURL), output: output.url) {
            $0.limit = 8
            $0.enrich = false
            $0.concurrency = testCase.concurrency
        }

        let served = (1...8).filter { testCase.redirects[$0] == nil }
        for rank in served {
            let path = "/art/\(Self.ids[rank - 1])/"
            #expect(chart.server.requestCount(prefix: path) >= 1, "album \(rank) was never requested")
        }
        #expect(summary.warnings.allSatisfy { testCase.redirects[$0.rank ?? 0] != nil }, "\(summary.warnings)")
        for (rank, host) in testCase.redirects {
            let mine = summary.warnings.filter { $0.rank == rank }
            #expect(!mine.isEmpty && mine.allSatisfy { $0.message.contains(host) }, "\(mine)")
        }
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: output.url.appendingPathComponent("manifest.json")))
        for rank in served {
            let card = try #require(manifest.screens.first { $0.rank == rank })
            let artwork = try #require(card.elements.first { $0.name == "artwork" }).pixels
            let pixels = try PNGFile(output.url.appendingPathComponent(card.file)).image
            #expect(
                pixels.pixel(x: artwork.x + artwork.width / 2, y: artwork.y + artwork.height / 2)
                    == chart.colors[Self.ids[rank - 1]], "album \(rank) drew a placeholder")
        }
    }

    @Test("the system resolver refuses a name under .invalid before asking DNS (RFC 6761)")
    func invalidNamesAreNotLookedUp() async {
        let url = "http://does-not-exist.invalid/a.png"
        await #expect(throws: FetchError.hostNotFound(url: url, host: "does-not-exist.invalid")) {
            _ = try await SystemResolver().addresses(of: "does-not-exist.invalid", for: url)
        }
        await #expect(throws: FetchError.hostNotFound(url: url, host: "A.Invalid.")) {
            _ = try await SystemResolver().addresses(of: "A.Invalid.", for: url)
        }
    }

    @Test("a host-level failure of a redirect's target counts against that host, not the host that redirected")
    func breakerKeysTheFailingHost() throws {
        let breaker = HostBreaker(threshold: 2)
        let origin = try #require(URL(string: "http://127.0.0.1:8080/art/1.png"))
        let failure = FetchError.hostNotFound(
            url: "http://does-not-exist.invalid/a.png", host: "does-not-exist.invalid")
        breaker.record(origin, failure: failure)
        breaker.record(origin, failure: failure)
        breaker.record(origin, failure: failure)
        #expect(throws: Never.self) { try breaker.check(origin) }
        let target = try #require(URL(string: "http://does-not-exist.invalid/b.png"))
        #expect(throws: FetchError.hostNotFound(url: target.absoluteString, host: "does-not-exist.invalid")) {
            try breaker.check(target)
        }
    }
}
