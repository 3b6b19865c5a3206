import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

@Suite("generate, end to end on a loopback server")
struct GenerateTests {
    func generate(
        _ feed: FeedSource, output: URL, configure: (inout GenerateOptions) -> Void = { _ in }
    ) async throws -> ReportSummary {
        try await generateOnce(feed, output: output, configure: configure)
    }

    func manifest(in folder: URL) throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
    }

    @Test("a ten-album feed gives a sheet, ten cards and a manifest whose frames match the pixels")
    func tenAlbums() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }

        let summary = try await generate(.remote(chart.feedURL), output: output.url)
        #expect(summary.warnings.isEmpty)
        #expect(summary.itemsRendered == 10)

        let manifest = try manifest(in: output.url)
        #expect(manifest.files.count == 11)
        // Built a part at a time, the manifest is byte for byte what one JSONEncoder pass gives.
        #expect(try manifest.encoded() == manifest.encodedWhole())
        #expect(try Data(contentsOf: output.url.appendingPathComponent("manifest.json")) == manifest.encodedWhole())
        #expect(manifest.files.first?.path == "sheet.png")
        #expect(manifest.files.filter { $0.path.hasPrefix("cards/") }.count == 10)
        #expect(manifest.files[1].path == "cards/001-the-new-toronto-3.png")
        let theme = try Theme.shipped()
        for file in manifest.files {
            let data = try Data(contentsOf: output.url.appendingPathComponent(file.path))
            #expect(SHA256.hex(of: data) == file.sha256)
            #expect(data.count == file.bytes)
            let header = try #require(ImageHeader.read(data))
            #expect(header.width == file.widthPixels && header.height == file.heightPixels)
            #expect(header.width == 1179)
        }

        // The card: artwork, margins and button where the manifest says, in the theme's colours.
        let card = try #require(manifest.screens.first { $0.rank == 1 })
        #expect(card.sizePoints == Size(width: 393, height: 852))
        let png = try PNGFile(output.url.appendingPathComponent(card.file))
        #expect(png.image.width == 1179 && png.image.height == 2556)
        let button = try #require(card.elements.first { $0.name == "button" })
        #expect(button.points == Rect(x: 20, y: 852 - 34 - 20 - 50, width: 353, height: 50))
        #expect(button.pixels == PixelRect(x: 60, y: 2244, width: 1059, height: 150))
        #expect(button.link == "https://music.apple.com/us/album/the-new-toronto-3/1506269876?app=music")
        #expect(png.image.pixel(x: button.pixels.x + 40, y: button.pixels.y + 75) == theme.colors.tint)
        #expect(png.image.pixel(x: button.pixels.x - 2, y: button.pixels.y + 75) == theme.colors.background)
        #expect(png.image.pixel(x: button.pixels.maxX + 1, y: button.pixels.y + 75) == theme.colors.background)
        #expect(png.image.pixel(x: button.pixels.x + 40, y: button.pixels.maxY + 2) == theme.colors.background)
        let artwork = try #require(card.elements.first { $0.name == "artwork" })
        #expect(artwork.points.x == 20 && artwork.points.width == 353)
        let center = png.image.pixel(
            x: artwork.pixels.x + artwork.pixels.width / 2, y: artwork.pixels.y + artwork.pixels.height / 2)
        #expect(center == chart.colors["1506269876"])
        #expect(png.image.pixel(x: artwork.pixels.x - 2, y: artwork.pixels.y + 100) == theme.colors.background)

        // The sheet: each row's thumbnail shows that album's artwork, separators are one pixel tall.
        let sheet = try #require(manifest.screens.first { $0.kind == .sheet })
        let sheetPNG = try PNGFile(output.url.appendingPathComponent("sheet.png"))
        for thumbnail in sheet.elements where thumbnail.name == "thumbnail" {
            let item = try #require(manifest.items.first { $0.rank == thumbnail.rank })
            let pixel = sheetPNG.image.pixel(
                x: thumbnail.pixels.x + thumbnail.pixels.width / 2, y: thumbnail.pixels.y + thumbnail.pixels.height / 2)
            #expect(pixel == chart.colors[item.id ?? ""])
        }
        for separator in sheet.elements where separator.name == "separator" {
            #expect(separator.pixels.height == 1)
            #expect(sheetPNG.image.pixel(x: separator.pixels.x + 5, y: separator.pixels.y) == theme.colors.separator)
            #expect(
                sheetPNG.image.pixel(x: separator.pixels.x + 5, y: separator.pixels.y - 1) == theme.colors.background)
        }
        // At the scroll edge the bar is transparent: the screen's background shows through it.
        #expect(sheetPNG.image.pixel(x: 10, y: 10) == theme.colors.background)
        // The status bar's battery is filled in the label colour, where the layout put it.
        let battery = try #require(sheet.elements.first { $0.name == "statusBarBattery" })
        #expect(
            sheetPNG.image.pixel(
                x: battery.pixels.x + battery.pixels.width / 2, y: battery.pixels.y + battery.pixels.height / 2)
                == theme.colors.label)
    }

    @Test("--limit 10 of a 100-album chart requests exactly ten thumbnails and ten large images")
    func lazyArtwork() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top100)
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        _ = try await generate(.remote(chart.feedURL), output: output.url) { $0.limit = 10 }
        #expect(chart.server.requestCount(prefix: "/art/") == 20)
        #expect(chart.server.requestCount("/feed.json") == 1)
        let manifest = try manifest(in: output.url)
        #expect(manifest.items.count == 10)
        #expect(manifest.feed.itemCount == 100)
    }

    @Test(
        "iPad, --style swiftui: every card shows the list's covers behind its sheet, a shard's cards too",
        arguments: [nil, Shard(index: 2, count: 2)] as [Shard?])
    func coversBehindTheSheet(shard: Shard?) async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top100)
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        _ = try await generate(.remote(chart.feedURL), output: output.url) {
            $0.limit = 40
            $0.shard = shard
            $0.settings.draw(on: .iPadPro13)
            $0.settings.screen.style = .swiftui
        }
        let manifest = try manifest(in: output.url)
        let cards = manifest.screens.filter { $0.kind == .card }
        #expect(cards.count == (shard == nil ? 40 : 20))
        var settings = RenderSettings()
        settings.draw(on: .iPadPro13)
        settings.screen.style = .swiftui
        let screens = try OfflineScreens(
            feed: FeedDecoder().decode(Fixtures.feedData(Fixtures.Feeds.v1Top100), source: "f").feed,
            settings: settings, limit: 40)
        for record in [cards[0], cards[cards.count - 1]] {
            let item = try #require(screens.items.first { $0.rank == record.rank })
            let layout = screens.cardLayout(for: item)
            let list = try #require(layout.presentation?.presentingList)
            let dimming = try #require(layout.presentation?.dimming)
            #expect(list.rows.count > 10)
            let png = try PNGFile(output.url.appendingPathComponent(record.file))
            for row in list.rows {
                let slot = try #require(row.thumbnail).frame.pixels(scale: layout.scale)
                let (x, y) = (slot.x + slot.width / 2, slot.y + slot.height / 2)
                guard y < png.image.height else { continue }  // the last row's cover, below the screen's edge
                let id = try #require(manifest.items.first { $0.rank == row.rank }?.id)
                let cover = try #require(chart.colors[id])
                #expect(png.image.pixel(x: x, y: y) == dimming.over(cover), "\(record.file), #\(row.rank)")
            }
        }
    }

    @Test("artwork is asked for at the pixels each slot draws, per device")
    func artworkAtSlotSize() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top100)
        defer { Task { await chart.server.shutdown() } }
        // (device, thumbnail edge, card edge): 60 pt at 3× is 180 px, asked as 200; the
        // iPhone 15's 353 pt card artwork is 1,059 px (1,100); the iPhone SE's 335 pt at 2×
        // 670 px (700); the 13-inch iPad's 672 pt at 2× 1,344 px (1,400).
        let runs: [(Device, Int, Int)] = [(.iPhone15, 200, 1100), (.iPhoneSE, 200, 700), (.iPadPro13, 200, 1400)]
        var before: [String: Int] = [:]
        for (device, thumbnailEdge, cardEdge) in runs {
            let output = try TemporaryDirectory()
            defer { output.remove() }
            let summary = try await generate(.remote(chart.feedURL), output: output.url) {
                $0.limit = 5
                $0.settings.draw(on: device)
            }
            #expect(summary.warnings.isEmpty)
            let now = chart.server.requestedPaths(prefix: "/art/")
            let asked = Set(now.filter { before[$0.key] != $0.value }.keys.map { $0.split(separator: "/").last ?? "" })
            before = now
            // Only this device's sizes were fetched: never the 600 px of old, never another device's.
            let sizes: Set<Substring> = ["\(thumbnailEdge)x\(thumbnailEdge)bb.png", "\(cardEdge)x\(cardEdge)bb.png"]
            #expect(asked.isSubset(of: sizes), "\(device.id): \(asked)")
            #expect(asked.contains("\(cardEdge)x\(cardEdge)bb.png"), "\(device.id)")
            // Each card's artwork is drawn from the image of its size: the album's colour fills it.
            let manifest = try manifest(in: output.url)
            let card = try #require(manifest.screens.first { $0.rank == 1 && $0.kind == .card })
            let artwork = try #require(card.elements.first { $0.name == "artwork" })
            let png = try PNGFile(output.url.appendingPathComponent(card.file))
            let id = try #require(manifest.items.first?.id)
            #expect(
                png.image.pixel(
                    x: artwork.pixels.x + artwork.pixels.width / 2, y: artwork.pixels.y + artwork.pixels.height / 2)
                    == chart.colors[id])
        }
    }

    @Test("the embedded sample's cards ask for their size, find its 600 px files instead, and count no failure")
    func sampleFallsBackSilently() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let summary = try await generate(.sample, output: output.url) { $0.limit = 3 }
        #expect(summary.warnings.isEmpty)
        #expect((summary.network["cards"]?.failures ?? [:]).isEmpty, "\(summary.network)")
        #expect((summary.network["artwork"]?.failures ?? [:]).isEmpty, "\(summary.network)")
    }

    @Test("a size the artwork server does not have falls back to the feed's own URL, without a warning")
    func artworkSizeFallback() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        // A server that has only the feed's 100 px thumbnails: every other size answers 404.
        for (id, color) in chart.colors {
            let png = try AlbumReportGraphicsTestImage.solid(color, edge: 100)
            chart.server.setRoute(
                "/art/\(id)/100x100bb.png", .init(headers: [("Content-Type", "image/png")], body: png))
        }
        chart.server.setPrefixRoute("/art/") { _ in nil }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let summary = try await generate(.remote(chart.feedURL), output: output.url) { $0.limit = 3 }
        #expect(summary.warnings.isEmpty)
        // The cards' large images failed (the last attempt counts, once each); the thumbnails did not.
        #expect(summary.network["cards"]?.failures == ["http-404": 3], "\(summary.network)")
        #expect((summary.network["artwork"]?.failures ?? [:]).isEmpty, "\(summary.network)")
        let asked = chart.server.requestedPaths(prefix: "/art/")
        // Per album: the thumbnail at 200 px (404), then the feed's 100 px; the card's 1,100 px
        // (404), then the classic 600 px (404); the card draws the thumbnail.
        #expect(asked.count == 12 && asked.values.allSatisfy { $0 == 1 }, "\(asked)")
        #expect(asked.keys.filter { $0.hasSuffix("/100x100bb.png") }.count == 3)
        let manifest = try manifest(in: output.url)
        let card = try #require(manifest.screens.first { $0.rank == 1 && $0.kind == .card })
        let artwork = try #require(card.elements.first { $0.name == "artwork" })
        let png = try PNGFile(output.url.appendingPathComponent(card.file))
        #expect(
            png.image.pixel(
                x: artwork.pixels.x + artwork.pixels.width / 2, y: artwork.pixels.y + artwork.pixels.height / 2)
                == chart.colors[manifest.items.first?.id ?? ""])
    }

    @Test("artwork downloads never exceed --concurrency in flight")
    func boundedConcurrency() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top100, latency: .milliseconds(30))
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        _ = try await generate(.remote(chart.feedURL), output: output.url) {
            $0.concurrency = 4
            $0.limit = 40
            $0.renderCards = false
        }
        #expect(chart.server.requestCount(prefix: "/art/") == 40)
        #expect(chart.server.maximumInFlight <= 4)
        #expect(chart.server.maximumInFlight >= 2)
    }

    @Test("artwork that answers 404 becomes a placeholder and exactly one warning naming the album and URL")
    func missingArtwork() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1TwoOf100, missingArtwork: ["1540031620"])
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let summary = try await generate(.remote(chart.feedURL), output: output.url)
        #expect(summary.warnings.count == 1)
        let warning = try #require(summary.warnings.first)
        #expect(warning.rank == 2)
        #expect(warning.itemID == "1540031620")
        #expect(warning.message.contains("“Good News”"))
        #expect(warning.message.contains("/art/1540031620/100x100bb.png answered HTTP 404"))
        let manifest = try manifest(in: output.url)
        #expect(manifest.warnings == summary.warnings)
        let card = try #require(manifest.screens.first { $0.rank == 2 })
        let png = try PNGFile(output.url.appendingPathComponent(card.file))
        let artwork = try #require(card.elements.first { $0.name == "artwork" })
        let theme = try Theme.shipped()
        #expect(
            png.image.pixel(x: artwork.pixels.x + 30, y: artwork.pixels.y + 30) == theme.colors.placeholderBackground)
    }

    @Test("an HTML error page instead of the feed is an error naming the status, and nothing is written")
    func htmlFeed() async throws {
        let server = try await LoopbackHTTPServer.start(routes: [
            "/feed.json": .html("<html><body>Service Unavailable</body></html>", status: 503)
        ])
        defer { Task { await server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        await #expect {
            _ = try await generate(.remote(server.url("/feed.json")), output: output.url)
        } throws: { error in
            guard let error = error as? ReportError else { return false }
            return error.stage == .decode
                && error.description.contains(
                    "returned an HTML page (HTTP 503), not JSON. Try again later or pass --feed PATH.")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.url.path).isEmpty)
    }

    @Test("a server that cannot be reached is a fetch error that says what to try")
    func unreachable() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let url = try #require(URL(string: "http://127.0.0.1:9/feed.json"))
        await #expect {
            _ = try await generate(.remote(url), output: output.url)
        } throws: { error in
            guard let error = error as? ReportError else { return false }
            return error.stage == .fetch && error.description.contains("127.0.0.1 refused the connection")
                && error.description.contains("pass --feed PATH")
        }
    }

    @Test("a facts feed renders its sheet only; its image rows show artwork or a placeholder")
    func factsFeed() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        // Kept as Latin-1 bytes, like the recording, so the encoding repair is exercised too.
        var text = String(data: try Fixtures.feedData(Fixtures.Feeds.facts), encoding: .isoLatin1) ?? ""
        text = text.replacingOccurrences(of: "\"http://", with: "\"\(server.baseURL.absoluteString)/dead/")
        server.setRoute("/facts.json", .json(text.data(using: .isoLatin1) ?? Data()))
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let summary = try await generate(.remote(server.url("/facts.json")), output: output.url)
        #expect(summary.files.map(\.path) == ["sheet.png"])
        #expect(summary.feedFormat == .facts)
        // Row 8 is empty (skipped), and the ten rows with an image link get one warning each (404).
        #expect(summary.warnings.filter { $0.stage == .decode && $0.rank == 8 }.count == 1)
        #expect(summary.warnings.contains { $0.message.contains("Windows-1252") })
        #expect(summary.warnings.filter { $0.stage == .artwork }.count == 10)
        let manifest = try manifest(in: output.url)
        #expect(manifest.screens.first?.elements.filter { $0.name == "row" }.count == 13)
    }

    @Test("a second run replaces the previous report's files and leaves the user's own files alone")
    func rerun() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        _ = try await generate(.remote(chart.feedURL), output: output.url)
        let mine = output.url.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: mine)
        _ = try await generate(.remote(chart.feedURL), output: output.url) { $0.limit = 3 }
        let cards = try FileManager.default.contentsOfDirectory(atPath: output.url.appendingPathComponent("cards").path)
        #expect(cards.sorted() == ["001-the-new-toronto-3.png", "002-pray-4-love.png", "003-my-turn.png"])
        #expect(FileManager.default.fileExists(atPath: mine.path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: output.url.path).filter {
            $0.hasPrefix(".")
        }
        #expect(leftovers.isEmpty)
    }
}

extension GenerateOptions {
    var limitsForTests: HTTPLimits { HTTPLimits(timeout: timeout, maximumBytes: maximumDownloadBytes) }
}

@Suite("Refreshing a report")
struct RefreshTests {
    func run(_ feed: URL, _ output: URL, theme: String = "light") async throws -> ReportSummary {
        var options = GenerateOptions(output: output)
        options.feed = .remote(feed)
        options.settings.theme = .named(theme)
        options.limit = 5
        let transport = AsyncHTTPTransport()
        defer { Task { await transport.shutdown() } }
        return try await ReportPipeline(transport: transport).run(options)
    }

    @Test("a second run over unchanged inputs reuses every screen and writes byte-identical files")
    func unchanged() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let first = try await run(chart.feedURL, output.url)
        let manifest = try Data(contentsOf: output.url.appendingPathComponent("manifest.json"))
        func inode(_ path: String) -> UInt64? {
            var info = stat()
            return stat(output.url.appendingPathComponent(path).path, &info) == 0 ? UInt64(info.st_ino) : nil
        }
        let before = first.files.map { inode($0.path) }
        let second = try await run(chart.feedURL, output.url)
        #expect(second.stages.first { $0.name == "cards" }?.detail == "5 cards (5 unchanged, reused)")
        #expect(second.files == first.files)
        #expect(try Data(contentsOf: output.url.appendingPathComponent("manifest.json")) == manifest)
        // Reused screens are hard links to the verified previous files: no PNG byte is written again.
        #expect(second.files.map { inode($0.path) } == before)

        // A changed input (the theme) draws everything again.
        let dark = try await run(chart.feedURL, output.url, theme: "dark")
        #expect(dark.stages.first { $0.name == "cards" }?.detail == "5 cards")
        #expect(dark.files.map(\.sha256) != first.files.map(\.sha256))
    }

    @Test("a previous PNG that was altered on disk is drawn again, not reused")
    func tampered() async throws {
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let first = try await run(chart.feedURL, output.url)
        let card = output.url.appendingPathComponent("cards/001-the-new-toronto-3.png")
        try Data("garbage".utf8).write(to: card)
        let second = try await run(chart.feedURL, output.url)
        #expect(second.stages.first { $0.name == "cards" }?.detail == "5 cards (4 unchanged, reused)")
        #expect(second.files == first.files)
    }
}

@Suite("Partial entries still render")
struct PartialEntryTests {
    @Test(
        "an entry without id, url or artist is drawn: rank as identity, slug from its name, a disabled button linking nowhere, one warning per missing field"
    )
    func partial() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let art = try AlbumReportGraphicsTestImage.solid(RGBA(red: 200, green: 30, blue: 30), edge: 100)
        try art.write(to: folder.url.appendingPathComponent("art.png"))
        let feed = """
            {"feed": {"title": "Top Albums", "country": "us", "results": [
              {"name": "Album Without Anything", "artworkUrl100": "art.png"},
              {"id": "123", "name": "Full Album", "artistName": "Artist", "url": "https://music.apple.com/us/album/123",
               "artworkUrl100": "art.png", "copyright": "℗ 2024"},
              {"id": "124", "artistName": "No Name"}
            ]}}
            """
        try Data(feed.utf8).write(to: folder.url.appendingPathComponent("feed.json"))
        let output = folder.url.appendingPathComponent("out")
        let summary = try await generateOnce(.file(folder.url.appendingPathComponent("feed.json")), output: output)
        let decode = summary.warnings.filter { $0.stage == .decode }
        #expect(decode.filter { $0.rank == 1 }.count == 3, "\(decode)")
        #expect(decode.contains { $0.rank == 1 && $0.message.contains("has no \"url\"") })
        #expect(decode.contains { $0.rank == 3 && $0.message.contains("it was skipped") })
        #expect(summary.cardsRendered == 2)

        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: output.appendingPathComponent("manifest.json")))
        #expect(manifest.items.first?.id == nil)
        let card = try #require(manifest.screens.first { $0.rank == 1 && $0.kind == .card })
        #expect(card.file == "cards/001-album-without-anything.png")
        let button = try #require(card.elements.first { $0.name == "button" })
        #expect(button.link == nil)
        let theme = try Theme.shipped()
        let png = try PNGFile(output.appendingPathComponent(card.file))
        let fill = png.image.pixel(x: button.pixels.x + 20, y: button.pixels.y + button.pixels.height / 2)
        #expect(fill == theme.colors.disabledButtonFill.over(theme.colors.background), "drawn disabled")
        let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "music.apple.com/us/album/123").count == 2, "only the full album links")
    }

    @Test(
        "a theme at the limits its validator allows (400 pt margins, 400 pt thumbnails) renders without a crash; the margin leaves half the width"
    )
    func extremeThemeMetrics() async throws {
        let url = Fixtures.packageRoot.appendingPathComponent("Templates/light.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var metrics = try #require(object["metrics"] as? [String: Any])
        metrics["layoutMargin"] = 400
        metrics["thumbnailSize"] = 400
        object["metrics"] = metrics
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let themeFile = folder.url.appendingPathComponent("wide.json")
        try JSONSerialization.data(withJSONObject: object).write(to: themeFile)
        let output = folder.url.appendingPathComponent("Output")
        for device in [Device.iPhoneSE, .iPhone15] {
            let summary = try await generateOnce(.file(Fixtures.feed(Fixtures.Feeds.v1Top10)), output: output) {
                $0.settings.theme = .file(themeFile)
                $0.limit = 2
                $0.settings.draw(on: device)
            }
            #expect(summary.cardsRendered == 2)
            let manifest = try JSONDecoder().decode(
                Manifest.self, from: Data(contentsOf: output.appendingPathComponent("manifest.json")))
            let sheet = manifest.screens.first { $0.kind == .sheet }
            let row = try #require(sheet?.elements.first { $0.name == "row" })
            // The margin is held to a quarter of the width: the row keeps half of it.
            #expect(row.points.width >= device.size.width / 2 - 1e-9)
        }
    }
}
