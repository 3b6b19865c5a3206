import AlbumReportCompare
import AlbumReportCore
import Foundation

/// The values `compare.mustache` sees: figures, image links, and for each changed file its viewer
/// (expected, actual and diff stacked on one stage) and its changed regions, each with a box over
/// the stage and zoomed crops, all positioned by numbers computed here so that the page shows them
/// without JavaScript.
extension ComparisonReportWriter {
    /// How much the crops of a changed region are enlarged (CSS pixels per image pixel).
    static let cropZoom = 4

    /// The values the template sees (every string escaped by Mustache's `{{…}}`). `pixelSize`
    /// gives the width and height of an image in the report folder by its relative path (nil
    /// when it cannot be read: that pair then has no viewer or crops, only its region list).
    static func page(
        _ summary: ComparisonSummary, pixelSize: (String) -> (width: Int, height: Int)? = { _ in nil }
    ) -> [String: Any] {
        let shown = summary.pairs.enumerated().filter { $0.element.status != .match }
        let pairs: [[String: Any]] = shown.map { index, pair in
            pairValues(pair, anchor: "pair-\(index)", failOn: summary.options.failOn, pixelSize: pixelSize)
        }
        let failOn = summary.options.failOn.names
        let regionTotal = shown.reduce(0) { $0 + ($1.element.difference?.changedRegions.count ?? 0) }
        return [
            "line": summary.line, "passes": summary.passes,
            "failOn": failOn.isEmpty ? "nothing" : failOn.joined(separator: ", "),
            "drift": summary.drift, "expected": summary.expected, "actual": summary.actual,
            "settings": settings(summary.options), "pairs": pairs,
            "matches": summary.pairs.filter { $0.status == .match }.map(\.name),
            "hasMatches": summary.count(.match) > 0, "matchCount": summary.count(.match),
            "regionTotal": regionTotal, "regionTotalIsOne": regionTotal == 1,
        ]
    }

    /// One sentence of the options that decide what fails.
    static func settings(_ options: CompareOptions) -> String {
        var settings = "Threshold \(options.threshold), max diff ratio \(options.maxDiffRatio)"
        if let pixels = options.maxDiffPixels { settings += ", max diff pixels \(pixels)" }
        if options.failOnAntialiasing { settings += ", anti-aliased pixels count" }
        settings +=
            options.minimumCluster > 1
            ? ", clusters under \(options.minimumCluster) pixels ignored" : ", every differing pixel counts"
        let masks = options.masks.count + options.scopedMasks.count
        if masks > 0 { settings += ", \(masks) pixel mask(s)" }
        if !options.maskElements.isEmpty {
            settings += ", masked elements: \(options.maskElements.joined(separator: ", "))"
        }
        return settings + "."
    }

    // MARK: - One pair

    private static func pairValues(
        _ pair: PairResult, anchor: String, failOn: FailOn, pixelSize: (String) -> (width: Int, height: Int)?
    ) -> [String: Any] {
        var values: [String: Any] = [
            "name": pair.name, "status": pair.status.rawValue, "message": pair.message, "updated": pair.updated,
            "fails": pair.fails(failOn), "anchor": anchor,
        ]
        let regions = pair.difference?.changedRegions ?? []
        if let difference = pair.difference {
            values["figures"] = [
                "compared": difference.comparedPixels, "different": difference.differentPixels,
                "antialiased": difference.antialiasedPixels, "masked": difference.maskedPixels,
                "specks": difference.speckPixels, "ratio": String(format: "%.6f", difference.diffRatio),
                "regions": regions.count,
            ]
        }
        let images = pair.images ?? PairImages()
        values["expectedImage"] = images.expected.map(link)
        values["actualImage"] = images.actual.map(link)
        values["diffImage"] = images.diff.map(link)
        values["sideBySideImage"] = images.sideBySide.map(link)
        var stage: Stage?
        if let expected = images.expected, let actual = images.actual, images.diff != nil {
            values["flip"] = true
            if let expectedSize = pixelSize(expected), let actualSize = pixelSize(actual) {
                stage = Stage(expected: expectedSize, actual: actualSize)
            }
        }
        if let stage { values["viewer"] = stage.values }
        values["regions"] = regions.enumerated().map { number, region in
            regionValues(region, id: "\(anchor)-r\(number + 1)", number: number + 1, stage: stage)
        }
        values["hasRegions"] = !regions.isEmpty
        values["regionCount"] = regions.count
        values["regionsCapped"] = regions.count >= ChangedRegions.limit
        return values.compactMapValues { $0 }
    }

    private static func regionValues(_ region: PixelRect, id: String, number: Int, stage: Stage?) -> [String: Any] {
        var values: [String: Any] = [
            "id": id, "number": number, "x": region.x, "y": region.y, "width": region.width,
            "height": region.height,
        ]
        guard let stage else { return values }
        values["left"] = percent(region.x, of: stage.width)
        values["top"] = percent(region.y, of: stage.height)
        values["boxWidth"] = percent(region.width, of: stage.width)
        values["boxHeight"] = percent(region.height, of: stage.height)
        let window = cropWindow(around: region, width: stage.width, height: stage.height)
        let zoom = cropZoom
        values["crop"] = [
            "zoom": zoom, "width": window.width * zoom, "height": window.height * zoom,
            "offsetX": window.x * zoom, "offsetY": window.y * zoom,
            "markLeft": (region.x - window.x) * zoom, "markTop": (region.y - window.y) * zoom,
            "markWidth": region.width * zoom, "markHeight": region.height * zoom,
        ]
        return values
    }

    /// The part of the stage a region's crops show: the region with a margin of 6 pixels, at
    /// least 40 × 30 pixels (so a one-pixel change is seen with its surroundings), inside the stage.
    static func cropWindow(around region: PixelRect, width: Int, height: Int) -> PixelRect {
        func span(_ start: Int, _ end: Int, minimum: Int, limit: Int) -> (Int, Int) {
            var (low, high) = (start - 6, end + 6)
            if high - low < minimum {
                let extra = minimum - (high - low)
                low -= extra / 2
                high += extra - extra / 2
            }
            if low < 0 { (low, high) = (0, high - low) }
            if high > limit { (low, high) = (low - (high - limit), limit) }
            return (max(low, 0), high)
        }
        let (x0, x1) = span(region.x, region.maxX, minimum: 40, limit: width)
        let (y0, y1) = span(region.y, region.maxY, minimum: 30, limit: height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `value` as a percentage of `total` with at most five decimals: "12.34567".
    static func percent(_ value: Int, of total: Int) -> String {
        guard total > 0 else { return "0" }
        var text = String(format: "%.5f", Double(value) / Double(total) * 100)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A relative path as a link (``PathLink``).
    static func link(_ relative: String) -> String { PathLink.encoded(relative) }

    /// The width and height of the PNG at `url`, from its header; nil when it is not a readable PNG.
    static func pixelSize(of url: URL) -> (width: Int, height: Int)? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let bytes = try? handle.read(upToCount: 32), let header = ImageHeader.read(bytes),
            header.format == .png, header.width > 0, header.height > 0
        else { return nil }
        return (header.width, header.height)
    }

    // MARK: - The stage

    /// Where a changed pair's images lie: expected and actual from the top left corner of a stage
    /// as large as both (the diff's size), in percent of the stage so that they scale together.
    private struct Stage {
        var expected: (width: Int, height: Int)
        var actual: (width: Int, height: Int)

        var width: Int { max(expected.width, actual.width) }
        var height: Int { max(expected.height, actual.height) }

        var values: [String: Any] {
            [
                "width": width, "height": height,
                "expectedWidth": ComparisonReportWriter.percent(expected.width, of: width),
                "actualWidth": ComparisonReportWriter.percent(actual.width, of: width),
                "cropExpectedWidth": expected.width * ComparisonReportWriter.cropZoom,
                "cropActualWidth": actual.width * ComparisonReportWriter.cropZoom,
                "cropDiffWidth": width * ComparisonReportWriter.cropZoom,
                "expectedSize": "\(expected.width) × \(expected.height)",
                "actualSize": "\(actual.width) × \(actual.height)",
            ]
        }
    }
}
