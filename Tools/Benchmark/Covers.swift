import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation

/// Artwork the benchmark serves: a label, the file names Apple's CDN would use, and one
/// thumbnail and one large image per cover.
struct Covers {
    var label: String
    var smallFile: String
    var largeFile: String
    var contentType: String
    var images: [(small: Data, large: Data)]
    /// Distinguishes this set's ETags from another's.
    var tag: String { String(label.prefix(while: \.isLetter)) }

    /// The embedded sample's generated covers: flat shapes that deflate almost for free.
    static func flat() throws -> Covers {
        guard let sample = FeedLoader.sampleDirectory else { throw CocoaError(.fileNoSuchFile) }
        let folder = sample.appendingPathComponent("artwork")
        let images = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { id in
            (
                try Data(contentsOf: folder.appendingPathComponent("\(id)/200x200bb.png")),
                try Data(contentsOf: folder.appendingPathComponent("\(id)/600x600bb.png"))
            )
        }
        return Covers(
            label: "flat sample art", smallFile: "200x200bb.png", largeFile: "600x600bb.png", contentType: "image/png",
            images: images)
    }

    /// Photographic covers as Apple serves them (`100x100bb.jpg`, `600x600bb.jpg`, JPEG
    /// quality 90) from `folder`, which `scripts/bench-photos.py` fills (scikit-image's public-
    /// domain and CC0 photographs, cropped and grained). When the folder is empty and the script
    /// cannot run (no Python or Pillow), photo-like covers are generated here instead, and
    /// labelled so.
    static func photographs(in folder: URL, script: URL) throws -> Covers {
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent("KIND").path),
            let python = Executable.find("python3"), FileManager.default.fileExists(atPath: script.path)
        {
            print("preparing photographic covers: \(script.path) --out \(folder.path)")
            _ = try? ChildRun.run(python, [script.path, "--out", folder.path, "--count", "100"])
        }
        guard let kind = try? String(contentsOf: folder.appendingPathComponent("KIND"), encoding: .utf8) else {
            print(
                "no photographs (Python with Pillow is needed for scripts/bench-photos.py): generating photo-like covers"
            )
            return try generated()
        }
        let ids = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.allSatisfy(\.isNumber) }
        let images = try ids.sorted().map { id in
            (
                try Data(contentsOf: folder.appendingPathComponent("\(id)/100x100bb.jpg")),
                try Data(contentsOf: folder.appendingPathComponent("\(id)/600x600bb.jpg"))
            )
        }
        let label =
            kind.hasPrefix("photographs") ? "photographs (JPEG q90)" : "generated photo-like art (JPEG q90)"
        return Covers(
            label: label, smallFile: "100x100bb.jpg", largeFile: "600x600bb.jpg", contentType: "image/jpeg",
            images: images)
    }

    /// 100 grainy photo-like covers: a diagonal two-colour gradient, soft discs, and per-pixel
    /// grain (the grain is what makes them photographic to a PNG encoder).
    static func generated(count: Int = 100) throws -> Covers {
        try painted(count: count, seed: 7, label: "grainy photo-like art (JPEG q90)") { random in
            let (from, to) = (random.colour(), random.colour())
            let discs = (0..<6).map { _ in
                Disc(
                    x: Double(random.next() % 600), y: Double(random.next() % 600),
                    radius: Double(40 + random.next() % 160), edge: 12, colour: random.colour())
            }
            return { x, y, random in
                let t = Double(x + y) / 1198
                var channels = Disc.paint(discs, x: x, y: y, over: Disc.mix(from, to, t))
                let grain = Double(Int(random.next() % 17) - 8)
                for index in 0..<3 { channels[index] += grain }
                return channels
            }
        }
    }

    /// 100 smooth covers, as many real ones are, and not one kind of them: a linear gradient at any
    /// angle, a radial one, a conic one, or a mesh of soft blobs; in vivid, pastel or dark colours
    /// (two to four stops); with no noise, a dither of ±1, or grain of ±2.5 or ±5 levels; half of
    /// them under a few flat discs and a band with antialiased edges.
    static func smooth(count: Int = 100) throws -> Covers {
        try painted(
            count: count, seed: 11,
            label: "smooth gradients: linear, radial, conic and mesh; vivid, pastel, dark; noise 0-5 (JPEG q90)"
        ) { random in
            let palette = random.next() % 3
            func colour() -> RGBA {
                let (low, span): (UInt64, UInt64) = palette == 0 ? (0, 256) : palette == 1 ? (165, 91) : (0, 96)
                return RGBA(
                    red: UInt8(low + random.next() % span), green: UInt8(low + random.next() % span),
                    blue: UInt8(low + random.next() % span))
            }
            let stops = (0..<Int(2 + random.next() % 3)).map { _ in colour() }
            let kind = random.next() % 4
            let (cx, cy) = (Double(random.next() % 600), Double(random.next() % 600))
            let angle = Double(random.next() % 360) * .pi / 180
            let blobs = (0..<Int(3 + random.next() % 3)).map { _ in
                (
                    x: Double(random.next() % 600), y: Double(random.next() % 600),
                    reach: Double(150 + random.next() % 250), colour: colour()
                )
            }
            let noise = [0, 0, 1, 2.5, 5][Int(random.next() % 5)]
            let shapes = random.next() % 2 == 0
            let discs = (0..<(shapes ? Int(2 + random.next() % 3) : 0)).map { _ in
                Disc(
                    x: Double(random.next() % 600), y: Double(random.next() % 600),
                    radius: Double(30 + random.next() % 140), edge: 1.5, colour: colour())
            }
            let band = (top: Double(random.next() % 500), height: Double(30 + random.next() % 90), colour: colour())
            func along(_ t: Double) -> [Double] {
                let scaled = min(max(t, 0), 1) * Double(stops.count - 1)
                let index = min(Int(scaled), stops.count - 2)
                return Disc.mix(stops[index], stops[index + 1], scaled - Double(index))
            }
            return { x, y, random in
                let (dx, dy) = (Double(x) - cx, Double(y) - cy)
                var channels: [Double]
                switch kind {
                case 0: channels = along(((Double(x) - 300) * cos(angle) + (Double(y) - 300) * sin(angle)) / 848 + 0.5)
                case 1: channels = along((dx * dx + dy * dy).squareRoot() / 700)
                case 2:
                    channels = along((atan2(dy, dx) + .pi + angle).truncatingRemainder(dividingBy: 2 * .pi) / (2 * .pi))
                default:
                    channels = Disc.mix(stops[0], stops[0], 0)
                    for blob in blobs {
                        let (bx, by) = (Double(x) - blob.x, Double(y) - blob.y)
                        let weight = exp(-(bx * bx + by * by) / (blob.reach * blob.reach))
                        channels = Disc.blend(channels, blob.colour, weight)
                    }
                }
                if shapes {
                    let inBand = min(max(min(Double(y) - band.top, band.top + band.height - Double(y)) + 0.5, 0), 1)
                    if inBand > 0 { channels = Disc.blend(channels, band.colour, inBand) }
                    channels = Disc.paint(discs, x: x, y: y, over: channels)
                }
                guard noise > 0 else { return channels }
                return channels.map { $0 + (Double(random.next() % 2001) / 1000 - 1) * noise }
            }
        }
    }

    /// `count` covers of 600 × 600 pixels (and their 100-pixel thumbnails), each pixel from the
    /// function `design` returns for that cover; JPEG quality 90, as Apple's CDN serves them.
    private static func painted(
        count: Int, seed: UInt64, label: String,
        design: (inout SeededRandom) -> (Int, Int, inout SeededRandom) -> [Double]
    ) throws -> Covers {
        var random = SeededRandom(seed: seed)
        var images: [(small: Data, large: Data)] = []
        for _ in 0..<count {
            let pixel = design(&random)
            var buffer = PixelBuffer(width: 600, height: 600, fill: RGBA(red: 0, green: 0, blue: 0))
            for y in 0..<600 {
                for x in 0..<600 {
                    let channels = pixel(x, y, &random)
                    func clamp(_ value: Double) -> UInt8 { UInt8(min(max(value.rounded(), 0), 255)) }
                    buffer[x, y] = PixelBuffer.pack(
                        RGBA(red: clamp(channels[0]), green: clamp(channels[1]), blue: clamp(channels[2])))
                }
            }
            let image = try GDImage(buffer)
            let white = RGBA(red: 255, green: 255, blue: 255)
            let small = try GDImage(width: 100, height: 100, background: white)
            small.draw(image, in: PixelRect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 0, background: white)
            images.append((try small.jpegData(quality: 90), try image.jpegData(quality: 90)))
        }
        return Covers(
            label: label, smallFile: "100x100bb.jpg", largeFile: "600x600bb.jpg", contentType: "image/jpeg",
            images: images)
    }
}

/// A filled disc with a soft or antialiased edge, for generated covers.
private struct Disc {
    var x: Double
    var y: Double
    var radius: Double
    /// The width of the edge's ramp, in pixels.
    var edge: Double
    var colour: RGBA

    static func mix(_ from: RGBA, _ to: RGBA, _ t: Double) -> [Double] {
        [
            Double(from.red) * (1 - t) + Double(to.red) * t, Double(from.green) * (1 - t) + Double(to.green) * t,
            Double(from.blue) * (1 - t) + Double(to.blue) * t,
        ]
    }

    static func blend(_ channels: [Double], _ colour: RGBA, _ cover: Double) -> [Double] {
        [
            channels[0] + (Double(colour.red) - channels[0]) * cover,
            channels[1] + (Double(colour.green) - channels[1]) * cover,
            channels[2] + (Double(colour.blue) - channels[2]) * cover,
        ]
    }

    /// `channels` with every disc of `discs` painted over them at (`x`, `y`).
    static func paint(_ discs: [Disc], x: Int, y: Int, over channels: [Double]) -> [Double] {
        var channels = channels
        for disc in discs {
            let distance = ((Double(x) - disc.x) * (Double(x) - disc.x) + (Double(y) - disc.y) * (Double(y) - disc.y))
                .squareRoot()
            let cover = min(max((disc.radius - distance) / disc.edge, 0), 1)
            if cover > 0 { channels = blend(channels, disc.colour, cover) }
        }
        return channels
    }
}

/// A small deterministic generator (SplitMix64), so that generated covers are the same every run.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func colour() -> RGBA {
        RGBA(red: UInt8(next() % 256), green: UInt8(next() % 256), blue: UInt8(next() % 256))
    }
}

/// Executables found on `PATH`.
enum Executable {
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
