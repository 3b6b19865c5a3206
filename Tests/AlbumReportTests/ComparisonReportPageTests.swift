import AlbumReport
import AlbumReportCompare
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation
import Testing

/// The comparison report as a reader uses it: a rendered card whose button moved one pixel lower,
/// compared and written as a report, then opened in headless Chromium and driven with the keys
/// and buttons a person would use.
@Suite("The comparison report page")
struct ComparisonReportPageTests {
    /// A file name that would run script if any part of the page put it into HTML unescaped.
    static let hostileName =
        #"<script>x"'><img src=x onerror=document.documentElement.setAttribute('data-pwned',1)>.png"#

    /// Compares a rendered card with the same card whose button moved one pixel lower (both under
    /// `cards/` with the hostile name), writes the report and returns it with the button's frame.
    static func movedButtonReport(
        in root: URL
    ) async throws -> (
        report: URL, summary: ComparisonSummary, button: PixelRect, width: Int
    ) {
        let (card, button) = try await CompareTests.renderedCard(in: root.appendingPathComponent("rendered"))
        let original = try GDImage(decoding: Data(contentsOf: card)).pixelBuffer()
        var moved = original
        for y in stride(from: button.maxY, through: button.y, by: -1) {
            for x in button.x..<button.maxX { moved[x, y] = original[x, y - 1] }
        }
        let expected = root.appendingPathComponent("goldens")
        let actual = root.appendingPathComponent("actual")
        try Data(contentsOf: card).writeCreatingFolders(to: expected.appendingPathComponent("cards/\(hostileName)"))
        try GDImage(moved).pngData().writeCreatingFolders(to: actual.appendingPathComponent("cards/\(hostileName)"))
        let report = root.appendingPathComponent("Diffs")
        let summary = try await GoldenComparer(reportDirectory: report).compare(expected: expected, actual: actual)
        try ComparisonReportWriter.writeHTML(summary, into: report)
        return (report, summary, button, original.width)
    }

    @Test("a button moved one pixel has changed regions on the button's edges, in expected-image pixels")
    func regionsOfMovedButton() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let (_, summary, button, _) = try await Self.movedButtonReport(in: root.url)
        let regions = try #require(summary.pairs.first?.difference?.changedRegions)
        #expect(regions.count >= 2, "\(regions)")
        // Every region lies on the button as it was or as it is now (one row lower).
        for region in regions {
            #expect(
                region.x >= button.x && region.maxX <= button.maxX && region.y >= button.y
                    && region.maxY <= button.maxY + 1, "\(region) outside \(button)")
        }
        // The top edge (now background) and the bottom edge (now button) are both in a region.
        #expect(regions.contains { $0.y == button.y })
        #expect(regions.contains { $0.maxY == button.maxY + 1 })
        let areas = regions.map { $0.width * $0.height }
        #expect(areas == areas.sorted(by: >))
    }

    @Test("without script the page already has the boxes, the region list with 4× crops, and escaped names")
    func staticPage() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let (report, summary, _, _) = try await Self.movedButtonReport(in: root.url)
        let regions = try #require(summary.pairs.first?.difference?.changedRegions)
        let html = try String(
            contentsOf: report.appendingPathComponent(ComparisonReportWriter.pageName), encoding: .utf8)
        for (index, region) in regions.enumerated() {
            #expect(
                html.contains(
                    ##"<a class="box" href="#pair-0-r\##(index + 1)" tabindex="-1" data-region="pair-0-r\##(index + 1)" data-x="\##(region.x)" data-y="\##(region.y)" data-width="\##(region.width)" data-height="\##(region.height)""##
                ))
            #expect(html.contains(#"<li class="region" id="pair-0-r\#(index + 1)" tabindex="-1">"#))
            #expect(html.contains("x \(region.x), y \(region.y), \(region.width) × \(region.height) px"))
        }
        #expect(html.components(separatedBy: "<figcaption>diff 4×</figcaption>").count - 1 == regions.count)
        #expect(!html.contains("<script>x"))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&lt;script&gt;x"))
        #expect(html.contains("&lt;img src=x onerror="))
        // Self-contained: no URL leaves the folder.
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("../"))
    }

    @Test(
        "in headless Chromium: boxes sit on the changed pixels, t toggles, the slider swipes, j/k step through the regions, no script errors"
    )
    func chromium() async throws {
        guard let browser = Chromium.find() else {
            print("Skipped: no chromium or chromium-browser on PATH (.ci/run installs Debian's chromium).")
            return
        }
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let (report, summary, _, width) = try await Self.movedButtonReport(in: root.url)
        let regions = try #require(summary.pairs.first?.difference?.changedRegions)
        try #require(regions.count >= 2)

        let html = try String(
            contentsOf: report.appendingPathComponent(ComparisonReportWriter.pageName), encoding: .utf8)
        let page = report.appendingPathComponent("probe.html")
        let probed = html.replacingOccurrences(of: "<head>", with: "<head>" + Self.errorCatcher)
            .replacingOccurrences(of: "</body>", with: Self.probe + "</body>")
        try Data(probed.utf8).write(to: page)
        let dump = try await browser.dumpDOM(page, profile: root.url.appendingPathComponent("profile"))

        // (The name itself, shown as text, mentions both attributes; neither was set.)
        #expect(!dump.dom.contains("data-pwned=\""), "a hostile file name ran as script")
        #expect(!dump.dom.contains("data-errors=\""), "script errors: \(dump.dom.prefix(4_000))")
        for problem in ["Uncaught", "Refused to", "ERR_FILE_NOT_FOUND", "Failed to load resource"] {
            #expect(!dump.log.contains(problem), "\(dump.log)")
        }
        let probe = try Self.probeResult(dump.dom)
        #expect(probe.error == nil, "\(probe.error ?? "")")
        #expect(probe.ready == "ready")
        #expect(probe.regions == regions.count)
        // t flips between expected and actual; so does the toggle button; then diff, swipe.
        #expect(
            probe.modes == [
                "expected:e", "actual:a", "expected:e", "actual:a", "diff:d", "swipe:ea", "onion:ea", "expected:e",
            ])
        #expect(probe.toggle == "true")
        #expect(probe.clip?.contains("25%") == true, "\(probe.clip ?? "")")
        #expect(probe.opacity == "0.25")
        // At 100 % one image pixel is one CSS pixel: each box covers exactly its region.
        #expect(probe.zoom == "1")
        #expect(probe.rendering == "pixelated")
        #expect(probe.canvasWidth == width)
        #expect(
            probe.boxes?.map { PixelRect(x: $0.left, y: $0.top, width: $0.width, height: $0.height) } == regions)
        #expect(probe.boxes?.map { PixelRect(x: $0.x, y: $0.y, width: $0.w, height: $0.h) } == regions)
        // j, n, k: the focus moves from region to region (and wraps backwards), its box marked.
        #expect(probe.focus == ["pair-0-r1", "pair-0-r2", "pair-0-r1", "pair-0-r\(regions.count)"])
        #expect(probe.currentBox == "pair-0-r\(regions.count)")
        #expect(
            probe.status?.hasPrefix("Change \(regions.count) of \(regions.count): cards/\(Self.hostileName), x ")
                == true)
        #expect(probe.zoomAfterZ == "2")
        #expect(probe.cropScale == 4)
        #expect(probe.cropRendering == "pixelated")
    }

    // MARK: - The probe

    /// Records every uncaught script error on the root element (before the page's own script).
    static let errorCatcher = """
        <script>addEventListener('error', (event) => document.documentElement.setAttribute('data-errors',
        (document.documentElement.getAttribute('data-errors') || '') + event.message + ';'));</script>
        """

    /// Drives the page after it loaded, as a reader would, and writes what it saw as JSON into
    /// `data-probe` on the root element.
    static let probe = """
        <script>addEventListener('load', () => {
          const out = { modes: [], focus: [] };
          try {
            const html = document.documentElement;
            const key = (k, target) => (target || document.activeElement || document.body).dispatchEvent(
              new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
            const viewer = document.querySelector('.viewer');
            const canvas = viewer.querySelector('.canvas');
            const actual = viewer.querySelector('img.a');
            const shown = () => ['e', 'a', 'd'].filter((c) =>
              getComputedStyle(viewer.querySelector('img.' + c)).visibility === 'visible').join('');
            const mode = () => out.modes.push(viewer.dataset.mode + ':' + shown());
            out.ready = html.dataset.report;
            out.regions = Number(html.dataset.regions);
            mode();
            key('t', document.body); mode();
            key('t', document.body); mode();
            viewer.querySelector('button.toggle').click(); mode();
            out.toggle = viewer.querySelector('button.toggle').getAttribute('aria-pressed');
            key('d', document.body); mode();
            key('s', document.body); mode();
            const range = viewer.querySelector('.position input');
            range.value = '25';
            range.dispatchEvent(new Event('input', { bubbles: true }));
            out.clip = getComputedStyle(actual).clipPath;
            key('o', document.body); mode();
            out.opacity = getComputedStyle(actual).opacity;
            key('e', document.body); mode();
            viewer.querySelector('input.zoom[value="1"]').click();
            out.zoom = viewer.dataset.zoom;
            out.rendering = getComputedStyle(viewer.querySelector('img.e')).imageRendering;
            const origin = canvas.getBoundingClientRect();
            out.canvasWidth = Math.round(origin.width);
            out.boxes = [...viewer.querySelectorAll('.box')].map((box) => {
              const r = box.getBoundingClientRect();
              return { left: Math.round(r.left - origin.left), top: Math.round(r.top - origin.top),
                width: Math.round(r.width), height: Math.round(r.height),
                x: Number(box.dataset.x), y: Number(box.dataset.y), w: Number(box.dataset.width),
                h: Number(box.dataset.height) };
            });
            key('j', document.body); out.focus.push(document.activeElement.id);
            key('n'); out.focus.push(document.activeElement.id);
            key('k'); out.focus.push(document.activeElement.id);
            key('p'); out.focus.push(document.activeElement.id);
            out.currentBox = viewer.querySelector('.box.current')?.dataset.region;
            out.status = document.querySelector('nav.changes .status').textContent;
            key('z'); out.zoomAfterZ = viewer.dataset.zoom;
            const crop = document.querySelector('.crop img');
            out.cropScale = crop.getBoundingClientRect().width / viewer.querySelector('img.e').naturalWidth;
            out.cropRendering = getComputedStyle(crop).imageRendering;
          } catch (error) {
            out.error = String(error && error.stack || error);
          }
          document.documentElement.setAttribute('data-probe', JSON.stringify(out));
        });</script>
        """

    /// What the probe saw.
    struct ProbeResult: Decodable {
        struct Box: Decodable {
            var left: Int
            var top: Int
            var width: Int
            var height: Int
            var x: Int
            var y: Int
            var w: Int
            var h: Int
        }
        var error: String?
        var ready: String?
        var regions: Int?
        var modes: [String]
        var toggle: String?
        var clip: String?
        var opacity: String?
        var zoom: String?
        var rendering: String?
        var canvasWidth: Int?
        var boxes: [Box]?
        var focus: [String]
        var currentBox: String?
        var status: String?
        var zoomAfterZ: String?
        var cropScale: Double?
        var cropRendering: String?
    }

    /// The probe's JSON from the dumped DOM (an attribute value, its entities decoded).
    static func probeResult(_ dom: String) throws -> ProbeResult {
        let range = try #require(dom.range(of: "data-probe=\""), "the probe did not run: \(dom.prefix(2_000))")
        let end = try #require(dom[range.upperBound...].firstIndex(of: "\""))
        let json = dom[range.upperBound..<end]
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&nbsp;", with: "\u{A0}").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode(ProbeResult.self, from: Data(json.utf8))
    }
}
