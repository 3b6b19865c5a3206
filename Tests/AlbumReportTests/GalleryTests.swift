import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// A payload that marks the page if it ever runs. The attribute name is built at run time, so
/// `datapwned` appears in the page only if a script or handler executed.
private let payload = "document.body.setAttribute('data'+'pwned','1')"

@Suite("index.html: links, escaping, and a real browser")
struct GalleryTests {
    /// A ten-album v1 feed whose first three items carry hostile names and links.
    static func hostileFeed() throws -> Data {
        let data = try Fixtures.feedData(Fixtures.Feeds.v1Top10)
        guard var root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            var feed = root["feed"] as? [String: Any], var results = feed["results"] as? [[String: Any]]
        else { throw CocoaError(.fileReadCorruptFile) }
        feed["title"] = "Top <b>Albums</b> & \"friends\""
        results[0]["name"] = "<script>\(payload)</script>"
        results[0]["url"] = "javascript:\(payload)"
        results[1]["name"] = "\"><img src=x onerror=\"\(payload)\">"
        results[1]["artistName"] = "' onmouseover='\(payload)"
        results[1]["url"] = "https://music.apple.com/us/album/x?a=1&b=\"><script>\(payload)</script>"
        results[2]["url"] = "data:text/html,<script>\(payload)</script>"
        for index in results.indices { results[index]["artworkUrl100"] = nil }
        feed["results"] = results
        root["feed"] = feed
        return try JSONSerialization.data(withJSONObject: root)
    }

    /// Generates the hostile report into `output` (no artwork: every tile is a placeholder).
    static func generateHostile(into output: URL) async throws -> Manifest {
        let folder = output.deletingLastPathComponent().appendingPathComponent("hostile-feed.json")
        try hostileFeed().write(to: folder)
        _ = try await generateOnce(.file(folder), output: output)
        return try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: output.appendingPathComponent("manifest.json")))
    }

    @Test("hostile names are escaped and only http(s) store links are emitted, in a new tab that gives nothing away")
    func escaping() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let output = scratch.url.appendingPathComponent("Output")
        let manifest = try await Self.generateHostile(into: output)
        let html = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!manifest.warnings.isEmpty)
        #expect(try manifest.encoded() == manifest.encodedWhole(), "a manifest with warnings encodes the same in parts")
        // Streamed to its file a piece at a time (here after every list element): the same bytes.
        var pieces: [Data] = []
        try manifest.encode(flushingAt: 1) { pieces.append($0) }
        #expect(pieces.count > manifest.files.count)
        #expect(pieces.reduce(Data(), +) == (try manifest.encodedWhole()))
        #expect(
            try Data(contentsOf: output.appendingPathComponent("manifest.json")) == manifest.encodedWhole(),
            "the report's manifest.json, streamed to its file")

        #expect(!html.contains("<script"))
        #expect(!html.contains("<b>"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("data:text"))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&lt;script&gt;document.body.setAttribute(&#39;data&#39;+&#39;pwned&#39;,&#39;1&#39;)"))
        #expect(html.contains("<title>Top &lt;b&gt;Albums&lt;/b&gt; &amp; &quot;friends&quot;</title>"))
        #expect(html.contains("&#39; onmouseover=&#39;"))
        // Every card image and the sheet, each with alt text naming the album and artist.
        let images = html.components(separatedBy: "<img src=\"").count - 1
        #expect(images == 1 + 10)
        let plain = manifest.items[5]
        #expect(html.contains("alt=\"\(plain.title) by \(plain.artistName ?? "")\""))
        // Rows link to cards; the valid store links open in a new tab with rel noopener noreferrer.
        #expect(html.contains("href=\"#card-1\""))
        #expect(html.contains("href=\"#card-10\""))
        let storeLinks = html.components(separatedBy: "target=\"_blank\" rel=\"noopener noreferrer\"").count - 1
        let safeLinks = manifest.items.compactMap { $0.storeURL.flatMap(Gallery.safeWebLink) }.count
        #expect(storeLinks == safeLinks)
        #expect(storeLinks == 8)
        // The https link whose query holds markup is kept, percent-encoded, never as markup.
        #expect(html.contains("https://music.apple.com/us/album/x?a=1&amp;b=%22%3E%3Cscript%3E"))
    }

    @Test("a --templates folder with only index.mustache restyles the page and keeps the built-in themes")
    func customTemplate() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let templates = scratch.url.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("<h1>{{title}}</h1>{{#cards}}<img src=\"{{file}}\" alt=\"{{alt}}\">{{/cards}}".utf8)
            .write(to: templates.appendingPathComponent("index.mustache"))
        let output = scratch.url.appendingPathComponent("Output")
        func generate() async throws {
            _ = try await generateOnce(.sample, output: output) {
                $0.limit = 2
                $0.templatesDirectory = templates
            }
        }
        try await generate()
        let html = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(
            html.hasPrefix(
                "<h1>Top Albums</h1><img src=\"cards/001-after-hours.png\" alt=\"After Hours by The Weeknd\">"))

        try Data("{{#cards}}unclosed".utf8).write(to: templates.appendingPathComponent("index.mustache"))
        await #expect {
            try await generate()
        } throws: { error in
            "\(error)".contains("index.mustache cannot be used: at line 1, column")
                && "\(error)".contains("is never closed with {{/…}}")
        }
    }

    @Test("headless Chromium shows every image and the hostile strings as text, and runs nothing")
    func chromium() async throws {
        guard let browser = Chromium.find() else {
            print("Skipped: no chromium or chromium-browser on PATH (.ci/run installs Debian's chromium).")
            return
        }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let output = scratch.url.appendingPathComponent("Output")
        _ = try await Self.generateHostile(into: output)
        let page = output.appendingPathComponent("index.html")

        let dump = try await browser.dumpDOM(page, profile: scratch.url.appendingPathComponent("profile"))
        #expect(!dump.dom.contains("datapwned"), "a hostile string ran as script")
        #expect(dump.dom.contains("&lt;script&gt;document.body.setAttribute("))
        #expect(dump.dom.contains("\"&gt;&lt;img src=x onerror="))
        let elements = dump.dom.components(separatedBy: "<img src=\"").count - 1
        #expect(elements == 11)
        #expect(!dump.log.contains("Failed to load resource"), "\(dump.log)")
        #expect(!dump.log.contains("ERR_FILE_NOT_FOUND"), "\(dump.log)")

        // The screenshot shows the sheet where the page puts it: not the page background.
        let shot = scratch.url.appendingPathComponent("shot.png")
        try await browser.screenshot(page, to: shot, profile: scratch.url.appendingPathComponent("profile2"))
        let png = try PNGFile(shot)
        #expect(png.image.width == 1280)
        // The sheet's first row (a placeholder tile and text) lies below the header, left column.
        var nonBackground = 0
        for y in stride(from: 120, to: 600, by: 10) {
            for x in stride(from: 20, to: 400, by: 10) where png.image.pixel(x: x, y: y) != png.image.pixel(x: 2, y: 2)
            {
                nonBackground += 1
            }
        }
        #expect(nonBackground > 300, "the sheet image did not appear in the screenshot")
    }

    @Test(
        "the matrix page fits a 1,300 px window: four columns of a phone's and an iPad's screens, no page-wide scrolling"
    )
    func matrixFits() async throws {
        guard let browser = Chromium.find() else {
            print("Skipped: no chromium or chromium-browser on PATH (.ci/run installs Debian's chromium).")
            return
        }
        let chart = try await ChartServer.start(feed: Fixtures.Feeds.v1Top10)
        defer { Task { await chart.server.shutdown() } }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let output = scratch.url.appendingPathComponent("Matrix")
        // The last axis is the grid's columns: four Dynamic Type sizes; the rows, two devices.
        let spec = try MatrixSpec.inlineForTests("devices=iphone-15,ipad-pro-13;contentSizes=xs,l,xxxl,ax5")
        _ = try await generateMatrix(spec, chart: chart, output: output)
        // The page as it is, with one script after it that writes how wide the laid-out page is
        // and how far its grid scrolls inside its own box (a grid that scrolls does not fit either).
        let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        let probe = output.appendingPathComponent("probe.html")
        let script = """
            <script>const main = document.querySelector('main');
            document.body.dataset.width = document.documentElement.scrollWidth;
            document.body.dataset.overflow = main.scrollWidth - main.clientWidth;</script></body>
            """
        try page.replacingOccurrences(of: "</body>", with: script).write(to: probe, atomically: true, encoding: .utf8)
        let dump = try await browser.dumpDOM(
            probe, profile: scratch.url.appendingPathComponent("profile"), windowSize: (1300, 900))
        let width = dump.dom.firstMatch(of: /data-width="([0-9]+)"/).flatMap { Int($0.1) }
        let overflow = dump.dom.firstMatch(of: /data-overflow="(-?[0-9]+)"/).flatMap { Int($0.1) }
        let measured = try #require(width, "\(dump.log)")
        #expect(measured <= 1300, "\(measured) px wide")
        #expect(overflow == 0, "the grid scrolls \(overflow ?? -1) px inside its box")
    }
}

/// Debian's Chromium, run headless with a throw-away profile.
struct Chromium {
    let executable: URL

    static func find() -> Chromium? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: url.path) { return Chromium(executable: url) }
            }
        }
        return nil
    }

    func arguments(profile: URL) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000",
        ]
    }

    func dumpDOM(
        _ page: URL, profile: URL, windowSize: (width: Int, height: Int)? = nil
    ) async throws -> (dom: String, log: String) {
        let size = windowSize.map { ["--window-size=\($0.width),\($0.height)"] } ?? []
        let outcome = try await run(arguments(profile: profile) + size + ["--dump-dom", page.absoluteString])
        return (outcome.standardOutput, outcome.standardError)
    }

    func screenshot(_ page: URL, to file: URL, profile: URL) async throws {
        _ = try await run(
            arguments(profile: profile) + [
                "--hide-scrollbars", "--window-size=1280,900", "--screenshot=\(file.path)", page.absoluteString,
            ])
    }

    private func run(_ arguments: [String]) async throws -> ProductBinary.Outcome {
        try await ProductBinary.run(
            executable: executable, arguments, in: FileManager.default.temporaryDirectory, timeout: .seconds(300))
    }
}
