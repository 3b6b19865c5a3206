import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import AlbumReportTesting
import Foundation
import Testing

/// Screens laid out without the pipeline: a recorded feed decoded, its first items laid out on a
/// device with a theme and the real text engine (the installed fonts measure every line), and
/// the layouts (every frame, line, font and colour) written as JSON with sorted keys. A layout
/// snapshot is compared exactly with the file committed under `Layouts/`, so a change of
/// geometry, wrapping or colour on any device shows as a readable diff, at a fraction of the
/// cost of drawing and comparing pixels; the drawing itself is covered by the representative
/// pixel goldens (`ScreenGoldenTests`, `ChromeGoldenTests`).
struct LayoutSnapshot: Encodable {
    /// The sheet: one layout, or the pages asked for.
    var sheet: [SheetLayout]
    /// The cards asked for, by rank.
    var cards: [CardLayout]

    /// Which sheet pages a snapshot keeps.
    enum Pages {
        /// The whole sheet as one layout (`--fit content` without `--pages`).
        case whole
        /// Screen-sized pages (`--fit screen`), 1-based; negative counts from the last (-1: last).
        case screens([Int])
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Layouts")

    /// Lays out `feed` (a fixture name) as a run with these settings would.
    static func make(
        feed name: String, device: Device, theme: String, screen: ScreenOptions = ScreenOptions(), limit: Int,
        pages: Pages = .whole, cards ranks: [Int] = [], locale: String = "en_US"
    ) throws -> LayoutSnapshot {
        let decoded = try FeedDecoder().decode(Fixtures.feedData(name), source: name)
        let feed = decoded.feed
        let items = Array(feed.items.prefix(limit))
        let theme = try ThemeLoader.load(.named(theme), templatesDirectory: nil).adapted(to: screen)
        let engine = try TextEngine(
            theme: theme, scale: device.scale, localeIdentifier: locale, country: feed.country)
        let layout = SheetLayout.make(
            feed: feed, items: items, device: device, theme: theme, locale: Locale(identifier: locale),
            options: screen, measurer: engine)
        var sheet = [layout]
        if case .screens(let numbers) = pages {
            let all = layout.screens(height: device.size.height)
            sheet = numbers.compactMap { number in
                let index = number < 0 ? all.count + number : number - 1
                return all.indices.contains(index) ? all[index] : nil
            }
        }
        let cards = ranks.compactMap { rank in
            items.first { $0.rank == rank }.map {
                CardLayout.make(
                    item: $0, feed: feed, device: device, theme: theme, locale: Locale(identifier: locale),
                    options: screen, measurer: engine)
            }
        }
        return LayoutSnapshot(sheet: sheet, cards: cards)
    }

    /// The snapshot as committed: pretty-printed JSON with sorted keys, each object or array
    /// that fits on one line of ``lineWidth`` written on one (a frame, a font, a line of text),
    /// and a final newline: a diff shows the element that changed, in a third of the bytes.
    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let pretty = String(decoding: try encoder.encode(self), as: UTF8.self)
        return Data((Self.collapse(pretty) + "\n").utf8)
    }

    static let lineWidth = 120

    /// Pretty-printed JSON with every innermost-first block that fits in ``lineWidth`` joined
    /// onto its opening line.
    static func collapse(_ pretty: String) -> String {
        var lines: [String] = []
        var openers: [Int] = []
        for line in pretty.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("}") || trimmed.hasPrefix("]"), let opener = openers.popLast() {
                let inner = lines[(opener + 1)...].map { $0.drop { $0 == " " } }
                let joined = ([lines[opener]] + inner.map(String.init) + [String(trimmed)]).joined(separator: " ")
                if joined.count <= lineWidth {
                    lines.removeSubrange(opener...)
                    lines.append(joined)
                    continue
                }
            }
            lines.append(line)
            if line.hasSuffix("{") || line.hasSuffix("[") { openers.append(lines.count - 1) }
        }
        return lines.joined(separator: "\n")
    }

    /// Compares the snapshot with `Layouts/<name>.json` exactly, recording it as golden images
    /// are recorded (`ALBUMREPORT_RECORD`: a missing file is written off CI and the test fails
    /// saying so; `never` on CI). A mismatch names the first lines that differ and where the
    /// actual snapshot was written.
    func assertMatches(_ name: String, testFilter: String) throws {
        let file = Self.folder.appendingPathComponent(name + ".json")
        let actual = try json()
        let environment = ProcessInfo.processInfo.environment
        let mode = RecordMode.fromEnvironment(environment)
        let exists = FileManager.default.fileExists(atPath: file.path)
        let rerecord = "\(RecordMode.environmentVariable)=failed swift test --filter '\(testFilter)'"
        if mode == .all || (!exists && mode != .never) {
            try actual.writeCreatingFolders(to: file)
            if mode == .all, environment[RecordMode.passesVariable] == "1" { return }
            Issue.record("Recorded the layout snapshot \(file.path); re-run the test to compare against it.")
            return
        }
        guard exists else {
            Issue.record(
                "There is no layout snapshot at \(file.path) and the record mode is 'never'. Record it with: \(RecordMode.environmentVariable)=missing swift test --filter '\(testFilter)'"
            )
            return
        }
        let expected = try Data(contentsOf: file)
        guard expected != actual else { return }
        if mode == .failed {
            try actual.writeCreatingFolders(to: file)
            Issue.record("Re-recorded the layout snapshot \(file.path); re-run the test to compare against it.")
            return
        }
        let written = FileManager.default.temporaryDirectory.appendingPathComponent(
            "albumreport-layouts/\(name).json")
        try actual.writeCreatingFolders(to: written)
        Issue.record(
            """
            The layout does not match its snapshot \(file.path):
            \(Self.firstDifference(expected, actual))
            Actual: \(written.path) (diff -u the two files to see every change).
            If the change is intended, re-record with: \(rerecord)
            """)
    }

    /// The first differing line of two snapshots, with its number and a line of context.
    static func firstDifference(_ expected: Data, _ actual: Data) -> String {
        let old = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let new = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = zip(old, new).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else {
            return "the snapshot has \(new.count) lines, the file \(old.count)"
        }
        let before = index > 0 ? "  \(old[index - 1])\n" : ""
        return "line \(index + 1):\n\(before)- \(old[index])\n+ \(new[index])"
    }
}
