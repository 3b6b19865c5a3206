// Regenerates the embedded sample's artwork: `make sample-artwork` (or `swift run sample-artwork`
// from the package root).
//
// Real album art cannot ship, so every album of the recorded chart gets its own abstract cover,
// drawn deterministically from the album's id: the same id always gives the same pixels. The
// sample feed is the recorded chart with only `artworkUrl100` rewritten to point at these files,
// so the default run goes through the same load → header check → decode → resample path as a
// real one, and the card's `200x200bb` → `600x600bb` rewrite finds the large image.
import AlbumReportCore
import AlbumReportGraphics
import Foundation

let recording = "Tests/Fixtures/feeds/apple-v1-us-apple-music-top-albums-100-2020-03-23.json"
let sampleDirectory = URL(fileURLWithPath: "Sources/AlbumReport/Resources/Sample")

/// SplitMix64, seeded from the album id, so the art depends on nothing else.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed text: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        state = hash
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

/// A colour from hue (0–1), saturation and lightness.
func color(hue: Double, saturation: Double, lightness: Double) -> RGBA {
    let c = (1 - abs(2 * lightness - 1)) * saturation
    let h = hue * 6
    let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
    let (r, g, b): (Double, Double, Double)
    switch Int(h) % 6 {
    case 0: (r, g, b) = (c, x, 0)
    case 1: (r, g, b) = (x, c, 0)
    case 2: (r, g, b) = (0, c, x)
    case 3: (r, g, b) = (0, x, c)
    case 4: (r, g, b) = (x, 0, c)
    default: (r, g, b) = (c, 0, x)
    }
    let m = lightness - c / 2
    func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, ((value + m) * 255).rounded()))) }
    return RGBA(red: byte(r), green: byte(g), blue: byte(b))
}

func cover(id: String, edge: Int) throws -> GDImage {
    var random = SeededGenerator(seed: id)
    let hue = Double.random(in: 0..<1, using: &random)
    let background = color(hue: hue, saturation: 0.55, lightness: Double.random(in: 0.25...0.6, using: &random))
    let image = try GDImage(width: edge, height: edge, background: background)
    let size = Double(edge)
    let shapes = Int.random(in: 3...5, using: &random)
    for index in 0..<shapes {
        let shapeHue = (hue + Double(index + 1) * Double.random(in: 0.1...0.45, using: &random))
            .truncatingRemainder(dividingBy: 1)
        let ink = color(hue: shapeHue, saturation: 0.7, lightness: Double.random(in: 0.35...0.85, using: &random))
        let x = Double.random(in: -0.1...0.9, using: &random) * size
        let y = Double.random(in: -0.1...0.9, using: &random) * size
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            let diameter = Double.random(in: 0.15...0.6, using: &random) * size
            image.fillRoundedRect(x: x, y: y, width: diameter, height: diameter, radius: diameter / 2, color: ink)
        case 1:
            let width = Double.random(in: 0.1...0.7, using: &random) * size
            let height = Double.random(in: 0.05...0.4, using: &random) * size
            image.fillRoundedRect(x: x, y: y, width: width, height: height, radius: 0, color: ink)
        default:
            let end = (
                x: Double.random(in: 0...1, using: &random) * size, y: Double.random(in: 0...1, using: &random) * size
            )
            image.strokeSegment(
                from: (x, y), to: end, width: Double.random(in: 0.03...0.12, using: &random) * size, color: ink)
        }
    }
    return image
}

func main() throws {
    var text = try String(contentsOfFile: recording, encoding: .utf8)
    let data = Data(text.utf8)
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let feed = root["feed"] as? [String: Any], let results = feed["results"] as? [[String: Any]]
    else {
        throw CocoaError(.fileReadCorruptFile)
    }
    let artworkDirectory = sampleDirectory.appendingPathComponent("artwork")
    try? FileManager.default.removeItem(at: artworkDirectory)
    var total = 0
    for result in results {
        guard let id = result["id"] as? String, let original = result["artworkUrl100"] as? String else { continue }
        let folder = artworkDirectory.appendingPathComponent(id)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let large = try cover(id: id, edge: 600)
        let thumbnail = try GDImage(width: 200, height: 200, background: RGBA(red: 0, green: 0, blue: 0))
        thumbnail.draw(
            large, in: PixelRect(x: 0, y: 0, width: 200, height: 200), cornerRadius: 0,
            background: RGBA(red: 0, green: 0, blue: 0))
        let largeData = try large.pngData(compressionLevel: 9)
        let thumbnailData = try thumbnail.pngData(compressionLevel: 9)
        try largeData.write(to: folder.appendingPathComponent("600x600bb.png"))
        try thumbnailData.write(to: folder.appendingPathComponent("200x200bb.png"))
        total += largeData.count + thumbnailData.count
        text = text.replacingOccurrences(of: "\"\(original)\"", with: "\"artwork/\(id)/200x200bb.png\"")
    }
    try text.write(to: sampleDirectory.appendingPathComponent("feed.json"), atomically: true, encoding: .utf8)
    print("Wrote \(results.count) covers (\(total / 1024) KiB) and feed.json to \(sampleDirectory.path).")
}

do {
    try main()
} catch {
    FileHandle.standardError.write(Data("sample-artwork: \(error)\n".utf8))
    exit(1)
}
