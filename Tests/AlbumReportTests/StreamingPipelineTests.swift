import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation
import Synchronization
import Testing

/// Progress events handed to a closure as they happen.
private struct WatchingProgress: ProgressReporter {
    let event: @Sendable (ProgressEvent) -> Void

    func report(_ event: ProgressEvent) { self.event(event) }
}

/// Runs the pipeline once, without retries, reporting to `progress`.
private func generate(
    _ feed: URL, output: URL, progress: any ProgressReporter = SilentProgress(),
    configure: (inout GenerateOptions) -> Void = { _ in }
) async throws -> ReportSummary {
    var options = GenerateOptions(output: output)
    options.feed = .remote(feed)
    options.retry = .none
    options.enrich = false
    options.timeout = .seconds(3600)
    configure(&options)
    let transport = AsyncHTTPTransport(limits: options.limitsForTests)
    do {
        let summary = try await ReportPipeline(transport: transport, progress: progress).run(options)
        await transport.shutdown()
        return summary
    } catch {
        await transport.shutdown()
        throw error
    }
}

/// Runs `body`; should `gate` still be closed after half an hour, opens it and says so. Only a
/// guard: a pipeline that waited for what the gate holds would otherwise hang the suite instead
/// of failing the test. No test asserts how long anything takes (alone these tests take seconds;
/// ten minutes proved too short once in a loaded full-suite run).
private func guarding<T: Sendable>(
    _ gate: ServerGate, _ body: @escaping @Sendable () async throws -> T
) async throws -> (result: T, guardOpened: Bool) {
    let guardOpened = Flag()
    let result = try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try? await Task.sleep(for: .seconds(1800))
            if !Task.isCancelled, !gate.isOpen {
                guardOpened.raise()
                gate.open()
            }
            return nil
        }
        var result: T?
        while let next = try await group.next() {
            if let next {
                result = next
                group.cancelAll()
            }
        }
        return result
    }
    return (try #require(result), guardOpened.isRaised)
}

/// A flag tasks raise.
private final class Flag: Sendable {
    private let raised = Mutex(false)

    func raise() { raised.withLock { $0 = true } }

    var isRaised: Bool { raised.withLock { $0 } }
}

/// The ids of a recorded feed, in rank order.
private func ids(of feed: String) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: Fixtures.feedData(feed)) as? [String: Any]
    let results = (object?["feed"] as? [String: Any])?["results"] as? [[String: Any]] ?? []
    return results.compactMap { $0["id"] as? String }
}

/// `chart`'s image at `path` for album `id`, held back by `gate`: the bytes ``ChartServer`` serves.
private func hold(_ chart: ChartServer, id: String, edge: Int, behind gate: ServerGate) throws {
    let color = try #require(chart.colors[id])
    chart.server.setRoute(
        "/art/\(id)/\(edge)x\(edge)bb.png",
        .init(
            headers: [("Content-Type", "image/png")],
            body: try GDImage(width: edge, height: edge, background: color).pngData(), gate: gate))
}

@Suite("The streaming pipeline: artwork, sheet and cards at the same time")
struct StreamingPipelineTests {
    @Test(
        "a card is drawn while the last row's thumbnail is still held back, and the report is byte for byte an unhindered run's"
    )
    func cardsDoNotWaitForEveryThumbnail() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let plain = scratch.url.appendingPathComponent("plain")
        _ = try await generate(chart.feedURL, output: plain)

        let last = try #require(try ids(of: Fixtures.Feeds.v1Top10).last)
        let gate = ServerGate()
        try hold(chart, id: last, edge: 200, behind: gate)
        // The thumbnail is released only once a card has been staged.
        let progress = WatchingProgress { event in
            if case .advanced(.cards, let done, _) = event, done >= 1 { gate.open() }
        }
        let held = scratch.url.appendingPathComponent("held")
        let (summary, guardOpened) = try await guarding(gate) {
            try await generate(chart.feedURL, output: held, progress: progress)
        }
        #expect(!guardOpened, "no card was drawn before every thumbnail had arrived")
        #expect(summary.warnings.isEmpty)
        #expect(summary.cardsRendered == 10)
        #expect(try OutputDigests.of(held, loopback: nil) == OutputDigests.of(plain, loopback: nil))
    }

    @Test("the sheet is written while every large image is held back, even with --concurrency 2")
    func sheetDoesNotWaitForLargeImages() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let gate = ServerGate()
        for id in try ids(of: Fixtures.Feeds.v1Top10) { try hold(chart, id: id, edge: 1100, behind: gate) }
        let server = chart.server
        // Large images held by the server keep one slot of the two at most: the thumbnails still
        // get theirs, and the sheet is finished before any large image is let through.
        let progress = WatchingProgress { event in
            if case .stageFinished(_, _, .sheet, _, _) = event { gate.open() }
        }
        let (summary, guardOpened) = try await guarding(gate) {
            try await generate(chart.feedURL, output: scratch.url, progress: progress) { $0.concurrency = 2 }
        }
        #expect(!guardOpened, "the sheet waited for large images the server held back")
        #expect(summary.cardsRendered == 10)
        #expect(server.maximumInFlight <= 2)
        #expect(summary.stages.map(\.name) == Stage.allCases.map(\.rawValue))
    }

    @Test("thumbnails and large images together never exceed --concurrency downloads in flight")
    func boundedDownloadsWithCards() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top100, latency: .milliseconds(20))
        defer { Task { await chart.server.shutdown() } }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let summary = try await generate(chart.feedURL, output: scratch.url) {
            $0.concurrency = 3
            $0.limit = 12
        }
        #expect(summary.cardsRendered == 12)
        #expect(chart.server.requestCount(prefix: "/art/") == 24)
        #expect(chart.server.maximumInFlight <= 3)
    }

    @Test("cancelled while large images are held back, a run leaves the previous report as it was")
    func cancelledMidStream() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let output = scratch.url.appendingPathComponent("Output")
        _ = try await generate(chart.feedURL, output: output) { $0.settings.theme = .named("dark") }
        let before = try OutputDigests.of(output, loopback: nil)

        let gate = ServerGate()
        for id in try ids(of: Fixtures.Feeds.v1Top10) { try hold(chart, id: id, edge: 1100, behind: gate) }
        let (sheetDone, sheetDoneSignal) = AsyncStream.makeStream(of: Void.self)
        let progress = WatchingProgress { event in
            if case .stageFinished(_, _, .sheet, _, _) = event { sheetDoneSignal.yield() }
        }
        let (end, guardOpened) = try await guarding(gate) {
            await withTaskGroup(of: RunEnd?.self) { group in
                group.addTask {
                    do {
                        return .finished(try await generate(chart.feedURL, output: output, progress: progress))
                    } catch {
                        return .failed(error)
                    }
                }
                group.addTask {
                    for await _ in sheetDone { break }
                    return nil
                }
                var end = RunEnd.failed(CancellationError())
                while let next = await group.next() {
                    if let next {
                        end = next
                        sheetDoneSignal.finish()
                    } else {
                        // The sheet is staged and every card waits on the server: stop the run here.
                        group.cancelAll()
                    }
                }
                return end
            }
        }
        gate.open()
        #expect(!guardOpened, "the sheet waited for large images the server held back")
        switch end {
        case .failed(let error as ReportError):
            if case .cancelled = error {} else { Issue.record("the run failed with \(error), not as cancelled") }
        case .failed(let error): Issue.record("the run failed with \(error), not as cancelled")
        case .finished: Issue.record("the run was not cancelled")
        }
        #expect(try OutputDigests.of(output, loopback: nil) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter {
            $0.hasPrefix(".Output.albumreport-")
        }
        #expect(leftovers.isEmpty)
    }

    @Test("200 rows whose thumbnails arrive out of order give the same sheet and manifest as one download at a time")
    func rowsInAnyOrder() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        let colors = (0..<7).map { ChartServerColor.at($0) }
        let bodies = try colors.map { try GDImage(width: 100, height: 100, background: $0).pngData() }
        // The recorded 100-album chart twice over (17 strips of the sheet), each album with a
        // thumbnail of its own URL.
        var object =
            try JSONSerialization.jsonObject(with: Fixtures.feedData(Fixtures.Feeds.v1Top100)) as? [String: Any]
        var feed = object?["feed"] as? [String: Any] ?? [:]
        let recorded = feed["results"] as? [[String: Any]] ?? []
        try #require(!recorded.isEmpty)
        var results: [[String: Any]] = []
        for index in 0..<200 {
            var item = recorded[index % recorded.count]
            let path = "/art/\(index)/100x100bb.png"
            // Every seventh thumbnail answers late: rows arrive out of rank order.
            server.setRoute(
                path,
                .init(
                    headers: [("Content-Type", "image/png")], body: bodies[index % bodies.count],
                    delay: index % 7 == 0 ? .milliseconds(15) : .zero))
            item["id"] = "\(index)"
            item["name"] = "\(item["name"] as? String ?? "") (\(index / recorded.count + 1))"
            item["artworkUrl100"] = server.url(path).absoluteString
            results.append(item)
        }
        feed["results"] = results
        object?["feed"] = feed
        server.setRoute(
            "/feed.json", .json(try JSONSerialization.data(withJSONObject: object ?? [:], options: [.sortedKeys])))
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        func run(_ name: String, concurrency: Int) async throws -> [String: String] {
            let output = scratch.url.appendingPathComponent(name)
            let summary = try await generate(server.url("/feed.json"), output: output) {
                $0.concurrency = concurrency
                $0.renderCards = false
                $0.settings.draw(on: .iPhoneSE)
            }
            #expect(summary.itemsRendered == 200)
            #expect(summary.warnings.isEmpty)
            return try OutputDigests.of(output, loopback: nil)
        }
        let oneAtATime = try await run("serial", concurrency: 1)
        let streamed = try await run("streamed", concurrency: 16)
        #expect(oneAtATime["sheet.png"] != nil)
        #expect(streamed == oneAtATime)
    }
}

/// How a run ended.
private enum RunEnd: Sendable {
    case finished(ReportSummary)
    case failed(any Error)
}

/// Distinct colours for generated thumbnails.
private enum ChartServerColor {
    static func at(_ index: Int) -> RGBA {
        RGBA(red: UInt8(30 * index % 256), green: UInt8(200 - 20 * index), blue: UInt8(90 + 10 * index))
    }
}
