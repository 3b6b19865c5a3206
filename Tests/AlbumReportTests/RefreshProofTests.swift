import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// What proves a previous PNG before a refresh reuses it: its file identity as the download
/// cache recorded it, else its SHA-256; never the previous manifest alone.
@Suite("Refreshing a report: the proof behind each reused PNG")
struct RefreshProofTests {
    func run(_ feed: URL, _ output: URL, cache: URL?) async throws -> ReportSummary {
        var options = GenerateOptions(output: output)
        options.feed = .remote(feed)
        options.limit = 3
        options.cacheDirectory = cache
        let transport = AsyncHTTPTransport()
        defer { Task { await transport.shutdown() } }
        return try await ReportPipeline(transport: transport).run(options)
    }

    /// The cards stage's detail and the reuse figure's, of one run.
    func reuse(_ summary: ReportSummary) -> (cards: String?, proofs: String?) {
        (
            summary.stages.first { $0.name == "cards" }?.detail,
            summary.breakdown.first { $0.name == "reuse" }?.detail
        )
    }

    func status(_ url: URL) throws -> stat {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
        return info
    }

    /// Overwrites `url` in place (the same inode) with its bytes, one of them changed, and sets
    /// its access and modification times back to what they were: only its change time tells.
    func overwriteKeepingSizeAndTimes(_ url: URL) throws {
        let before = try status(url)
        var data = try Data(contentsOf: url)
        data[data.count / 2] ^= 0xFF
        let handle = try FileHandle(forUpdating: url)
        try handle.write(contentsOf: data)
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
        let after = try status(url)
        #expect(after.st_ino == before.st_ino && after.st_size == before.st_size)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    }

    /// Replaces `url` with a new file (another inode) holding `data`.
    func replace(_ url: URL, with data: Data) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".replacement")
        try data.write(to: temporary)
        #expect(rename(temporary.path, url.path) == 0)
    }

    @Test("a refresh proves every unchanged PNG by its recorded file identity, hashes none and writes identical files")
    func identity() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let cache = try TemporaryDirectory()
        defer { cache.remove() }

        let first = try await run(chart.feedURL, output.url, cache: cache.url)
        #expect(reuse(first).proofs == "0 previous PNGs reused")
        let manifest = try Data(contentsOf: output.url.appendingPathComponent("manifest.json"))
        let inodes = try first.files.map { try status(output.url.appendingPathComponent($0.path)).st_ino }
        for round in 1...2 {
            let again = try await run(chart.feedURL, output.url, cache: cache.url)
            #expect(reuse(again).cards == "3 cards (3 unchanged, reused)", "round \(round)")
            #expect(
                reuse(again).proofs == "4 previous PNGs reused: 4 proven by file identity, 0 hashed", "round \(round)")
            #expect(again.files == first.files)
            #expect(try Data(contentsOf: output.url.appendingPathComponent("manifest.json")) == manifest)
            #expect(try again.files.map { try status(output.url.appendingPathComponent($0.path)).st_ino } == inodes)
        }
    }

    @Test("a PNG overwritten in place with other bytes of the same size, its times set back, is drawn again")
    func sameSizeSameTimes() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let cache = try TemporaryDirectory()
        defer { cache.remove() }

        let first = try await run(chart.feedURL, output.url, cache: cache.url)
        let card = try #require(first.files.first { $0.path.hasPrefix("cards/") })
        try overwriteKeepingSizeAndTimes(output.url.appendingPathComponent(card.path))
        let second = try await run(chart.feedURL, output.url, cache: cache.url)
        #expect(reuse(second).cards == "3 cards (2 unchanged, reused)")
        #expect(reuse(second).proofs == "3 previous PNGs reused: 3 proven by file identity, 0 hashed")
        #expect(second.files == first.files)
        #expect(Digest.sha256Hex(try Data(contentsOf: output.url.appendingPathComponent(card.path))) == card.sha256)
    }

    @Test("a PNG replaced by a copy of its bytes (another inode) is proven by its hash and reused, then by identity")
    func newInode() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let cache = try TemporaryDirectory()
        defer { cache.remove() }

        let first = try await run(chart.feedURL, output.url, cache: cache.url)
        let card = try #require(first.files.first { $0.path.hasPrefix("cards/") })
        let url = output.url.appendingPathComponent(card.path)
        let inode = try status(url).st_ino
        try replace(url, with: try Data(contentsOf: url))
        #expect(try status(url).st_ino != inode)

        let second = try await run(chart.feedURL, output.url, cache: cache.url)
        #expect(reuse(second).cards == "3 cards (3 unchanged, reused)")
        #expect(reuse(second).proofs == "4 previous PNGs reused: 3 proven by file identity, 1 hashed")
        #expect(second.files == first.files)
        let third = try await run(chart.feedURL, output.url, cache: cache.url)
        #expect(reuse(third).proofs == "4 previous PNGs reused: 4 proven by file identity, 0 hashed")

        // Another file of other bytes in its place is hashed, found different and drawn again.
        try replace(url, with: Data("not the card".utf8))
        let fourth = try await run(chart.feedURL, output.url, cache: cache.url)
        #expect(reuse(fourth).cards == "3 cards (2 unchanged, reused)")
        #expect(fourth.files == first.files)
    }

    @Test("a PNG replaced and its manifest digest edited to match is drawn again, though nothing changed it since")
    func forgedDigest() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let cache = try TemporaryDirectory()
        defer { cache.remove() }

        let first = try await run(chart.feedURL, output.url, cache: cache.url)
        let manifestURL = output.url.appendingPathComponent("manifest.json")
        var manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: manifestURL))
        let cards = manifest.files.indices.filter { manifest.files[$0].path.hasPrefix("cards/") }
        let (victim, donor) = (manifest.files[cards[0]], manifest.files[cards[1]])
        try replace(
            output.url.appendingPathComponent(victim.path),
            with: try Data(contentsOf: output.url.appendingPathComponent(donor.path)))
        manifest.files[cards[0]].sha256 = donor.sha256
        manifest.files[cards[0]].bytes = donor.bytes
        manifest.files[cards[0]].widthPixels = donor.widthPixels
        manifest.files[cards[0]].heightPixels = donor.heightPixels
        try manifest.encoded().write(to: manifestURL)

        for _ in 1...2 {
            let again = try await run(chart.feedURL, output.url, cache: cache.url)
            #expect(reuse(again).cards == "3 cards (2 unchanged, reused)")
            #expect(again.files == first.files)
            try replace(
                output.url.appendingPathComponent(victim.path),
                with: try Data(contentsOf: output.url.appendingPathComponent(donor.path)))
            try manifest.encoded().write(to: manifestURL)
        }
    }

    @Test("without a download cache every reused PNG is hashed, and one changed in place is drawn again")
    func withoutCache() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }

        let first = try await run(chart.feedURL, output.url, cache: nil)
        let second = try await run(chart.feedURL, output.url, cache: nil)
        #expect(reuse(second).cards == "3 cards (3 unchanged, reused)")
        #expect(reuse(second).proofs == "4 previous PNGs reused: 0 proven by file identity, 4 hashed")
        #expect(second.files == first.files)

        let card = try #require(first.files.first { $0.path.hasPrefix("cards/") })
        try overwriteKeepingSizeAndTimes(output.url.appendingPathComponent(card.path))
        let third = try await run(chart.feedURL, output.url, cache: nil)
        #expect(reuse(third).cards == "3 cards (2 unchanged, reused)")
        #expect(third.files == first.files)
    }
}
