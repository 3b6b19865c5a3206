import AlbumReportCompare
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// Our comparison counts what pixelmatch counts (pixelmatch 7.1.0, mapbox/pixelmatch, ISC).
@Suite("Agreement with pixelmatch 7.1.0")
struct PixelmatchAgreementTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var expected: String
        var actual: String
        var threshold: Double
        var count: Int
        var testDescription: String { "\(expected) against \(actual) at threshold \(threshold): \(count)" }
    }

    static func count(_ expected: URL, _ actual: URL, threshold: Double) async throws -> PixelDifference {
        let one = try PNGReader.decode(Data(contentsOf: expected), name: expected.path).get()
        let two = try PNGReader.decode(Data(contentsOf: actual), name: actual.path).get()
        return await PixelComparator.compare(
            one, two, options: CompareOptions(threshold: threshold, minimumCluster: 1), bands: 3
        ).difference
    }

    /// pixelmatch's own fixtures and the counts its `test/test.js` asserts (the diff colours,
    /// `alpha` and `diffMask` options of some of its cases change only its diff image, not the
    /// count). The fixtures are not part of this repository: copy pixelmatch's `test/fixtures`
    /// to `../shared/fixtures/pixelmatch` or point `PIXELMATCH_FIXTURES` at them.
    static let suite: [Case] = [
        Case(expected: "1a", actual: "1b", threshold: 0.05, count: 143),
        Case(expected: "1a", actual: "1b", threshold: 0.1, count: 106),
        Case(expected: "1a", actual: "1a", threshold: 0, count: 0),
        Case(expected: "2a", actual: "2b", threshold: 0.05, count: 12437),
        Case(expected: "3a", actual: "3b", threshold: 0.05, count: 212),
        Case(expected: "4a", actual: "4b", threshold: 0.05, count: 36049),
        Case(expected: "5a", actual: "5b", threshold: 0.05, count: 6),
        Case(expected: "6a", actual: "6b", threshold: 0.05, count: 51),
        Case(expected: "6a", actual: "6a", threshold: 0, count: 0),
        Case(expected: "7a", actual: "7b", threshold: 0.1, count: 2448),
        // Opaque white against fully transparent: never a match.
        Case(expected: "8a", actual: "5b", threshold: 0.05, count: 32896),
    ]

    static var suiteFolder: URL? {
        let folder =
            ProcessInfo.processInfo.environment["PIXELMATCH_FIXTURES"].map { URL(fileURLWithPath: $0) }
            ?? Fixtures.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures/pixelmatch")
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("1a.png").path) ? folder : nil
    }

    @Test("pixelmatch's own test suite: every count exact", arguments: suite)
    func pixelmatchSuite(_ test: Case) async throws {
        guard let folder = Self.suiteFolder else {
            print("Skipped: pixelmatch's fixtures are not in ../shared/fixtures/pixelmatch (or PIXELMATCH_FIXTURES).")
            return
        }
        let difference = try await Self.count(
            folder.appendingPathComponent(test.expected + ".png"), folder.appendingPathComponent(test.actual + ".png"),
            threshold: test.threshold)
        #expect(difference.differentPixels == test.count)
    }

    struct Own: Sendable, CustomTestStringConvertible {
        var expected: String
        var actual: String
        var threshold: Double
        var count: Int
        var countWithAntialiasing: Int
        var testDescription: String { "\(expected) against \(actual) at threshold \(threshold): \(count)" }
    }

    /// Pairs of our own (Tests/Fixtures/pixelmatch-agreement: text re-rendered a quarter pixel
    /// over and moved a whole pixel, a button moved one pixel, a photograph re-encoded as JPEG,
    /// a transparent gradient against white), with the counts pixelmatch 7.1.0 gives for them
    /// (run on their RGBA bytes with node, with and without `includeAA`).
    static let own: [Own] = [
        Own(expected: "text-a", actual: "text-b", threshold: 0.05, count: 3171, countWithAntialiasing: 3645),
        Own(expected: "text-a", actual: "text-b", threshold: 0.1, count: 1896, countWithAntialiasing: 2103),
        Own(expected: "text-a", actual: "text-b", threshold: 0.2, count: 758, countWithAntialiasing: 804),
        Own(expected: "text-moved-a", actual: "text-moved-b", threshold: 0.05, count: 218, countWithAntialiasing: 6002),
        Own(expected: "text-moved-a", actual: "text-moved-b", threshold: 0.1, count: 208, countWithAntialiasing: 5254),
        Own(expected: "text-moved-a", actual: "text-moved-b", threshold: 0.2, count: 191, countWithAntialiasing: 3988),
        Own(expected: "button-a", actual: "button-b", threshold: 0.05, count: 706, countWithAntialiasing: 1719),
        Own(expected: "button-a", actual: "button-b", threshold: 0.1, count: 705, countWithAntialiasing: 1585),
        Own(expected: "button-a", actual: "button-b", threshold: 0.2, count: 694, countWithAntialiasing: 1301),
        Own(expected: "photo-a", actual: "photo-b", threshold: 0.05, count: 30059, countWithAntialiasing: 30059),
        Own(expected: "photo-a", actual: "photo-b", threshold: 0.1, count: 8942, countWithAntialiasing: 8942),
        Own(expected: "photo-a", actual: "photo-b", threshold: 0.2, count: 163, countWithAntialiasing: 163),
        Own(expected: "alpha-a", actual: "white", threshold: 0.05, count: 21486, countWithAntialiasing: 21899),
        Own(expected: "alpha-a", actual: "white", threshold: 0.1, count: 19505, countWithAntialiasing: 19918),
        Own(expected: "alpha-a", actual: "white", threshold: 0.2, count: 16093, countWithAntialiasing: 16449),
    ]

    @Test("pairs of our own: the counts pixelmatch 7.1.0 gives, with and without anti-aliasing", arguments: own)
    func ownPairs(_ test: Own) async throws {
        let folder = Fixtures.directory.appendingPathComponent("pixelmatch-agreement")
        let one = try PNGReader.decode(
            Data(contentsOf: folder.appendingPathComponent(test.expected + ".png")), name: test.expected
        ).get()
        let two = try PNGReader.decode(
            Data(contentsOf: folder.appendingPathComponent(test.actual + ".png")), name: test.actual
        ).get()
        let plain = await PixelComparator.compare(
            one, two, options: CompareOptions(threshold: test.threshold, minimumCluster: 1), bands: 2
        ).difference
        #expect(plain.differentPixels == test.count)
        let strict = await PixelComparator.compare(
            one, two, options: CompareOptions(threshold: test.threshold, failOnAntialiasing: true, minimumCluster: 1)
        ).difference
        #expect(strict.differentPixels == test.countWithAntialiasing)
    }
}
