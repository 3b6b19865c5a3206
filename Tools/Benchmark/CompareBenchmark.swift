import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import Foundation

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func measure(_ runs: Int, _ body: () async throws -> Void) async rethrows -> Double {
    var times: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<runs {
        let start = clock.now
        try await body()
        times.append((clock.now - start).seconds)
    }
    return median(times)
}

func milliseconds(_ value: Double) -> String { String(format: "%8.1f ms", value * 1000) }

/// Renders card #1 of the embedded sample into a temporary folder and returns its PNG.
func sampleCard() async throws -> Data {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "albumreport-bench-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: folder) }
    var options = GenerateOptions(output: folder)
    options.limit = 1
    let transport = AsyncHTTPTransport()
    _ = try await ReportPipeline(transport: transport).run(options)
    await transport.shutdown()
    return try Data(contentsOf: folder.appendingPathComponent("cards/001-after-hours.png"))
}

func compareBenchmark(arguments: [String]) async throws {
    let expectedData: Data
    let actualData: Data
    let files = arguments.count == 2 && !arguments[0].hasPrefix("--")
    if files {
        expectedData = try Data(contentsOf: URL(fileURLWithPath: arguments[0]))
        actualData = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
    } else {
        expectedData = try await sampleCard()
        var pixels = try GDImage(decoding: expectedData).pixelBuffer()
        for y in 1000..<1003 {
            for x in 500..<503 { pixels[x, y] = 0xFF_0000 }
        }
        actualData = try GDImage(pixels).pngData()
    }
    let runs = 7
    let cores = ProcessInfo.processInfo.activeProcessorCount
    var expectedImage: GDImage?
    var actualImage: GDImage?
    let decode = try await measure(runs) {
        expectedImage = try GDImage(decoding: expectedData)
        actualImage = try GDImage(decoding: actualData)
    }
    guard let expectedImage, let actualImage else { return }
    var expected = PixelBuffer(width: 0, height: 0)
    var actual = PixelBuffer(width: 0, height: 0)
    let convert = await measure(runs) {
        expected = expectedImage.pixelBuffer()
        actual = actualImage.pixelBuffer()
    }
    var difference: PixelDifference?
    let oneCore = await measure(runs) {
        difference = await PixelComparator.compare(expected, actual, bands: 1).difference
    }
    let allCores = await measure(runs) {
        difference = await PixelComparator.compare(expected, actual, bands: cores * 2).difference
    }
    let withDiff = await measure(runs) {
        _ = await PixelComparator.compare(expected, actual, diffImage: true, bands: cores * 2)
    }
    print("compare: two \(expected.width) × \(expected.height) PNGs, median of \(runs) runs, \(cores) cores")
    print("  decode both PNGs (libgd)          \(milliseconds(decode))")
    print("  to raw pixel buffers              \(milliseconds(convert))")
    print("  pixel pass, 1 band                \(milliseconds(oneCore))")
    print("  pixel pass, \(cores * 2) bands (all cores)   \(milliseconds(allCores))")
    print("  pixel pass + diff image           \(milliseconds(withDiff))")
    print("  ratio pixel pass / decode         \(String(format: "%8.2f", allCores / max(decode, 1e-9)))")
    if let difference { print("  result: \(difference.summary)") }
    // Then the command itself at scale (folders, recompressed pixels, a 12000² pair).
    if !files { try CompareScaleBenchmark(arguments: arguments).run() }
}
