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

    /// 100 photo-like covers: a diagonal two-colour gradient, soft discs, and per-pixel grain.
    static func generated(count: Int = 100) throws -> Covers {
        var random = SeededRandom(seed: 7)
        var images: [(small: Data, large: Data)] = []
        for _ in 0..<count {
            func colour() -> RGBA {
                RGBA(
                    red: UInt8(random.next() % 256), green: UInt8(random.next() % 256), blue: UInt8(random.next() % 256)
                )
            }
            let (from, to) = (colour(), colour())
            let discs = (0..<6).map { _ in
                (
                    x: Double(random.next() % 600), y: Double(random.next() % 600), r: Double(40 + random.next() % 160),
                    colour()
                )
            }
            var buffer = PixelBuffer(width: 600, height: 600, fill: from)
            for y in 0..<600 {
                for x in 0..<600 {
                    let t = Double(x + y) / 1198
                    var channels = [
                        Double(from.red) * (1 - t) + Double(to.red) * t,
                        Double(from.green) * (1 - t) + Double(to.green) * t,
                        Double(from.blue) * (1 - t) + Double(to.blue) * t,
                    ]
                    for disc in discs {
                        let distance =
                            ((Double(x) - disc.x) * (Double(x) - disc.x) + (Double(y) - disc.y) * (Double(y) - disc.y))
                            .squareRoot()
                        let cover = min(max((disc.r - distance) / 12, 0), 1)
                        if cover > 0 {
                            let c = disc.3
                            channels[0] += (Double(c.red) - channels[0]) * cover
                            channels[1] += (Double(c.green) - channels[1]) * cover
                            channels[2] += (Double(c.blue) - channels[2]) * cover
                        }
                    }
                    let grain = Double(Int(random.next() % 17) - 8)
                    func clamp(_ value: Double) -> UInt8 { UInt8(min(max(value + grain, 0), 255)) }
                    buffer[x, y] = PixelBuffer.pack(
                        RGBA(red: clamp(channels[0]), green: clamp(channels[1]), blue: clamp(channels[2])))
                }
            }
            let image = try GDImage(buffer)
            let small = try GDImage(width: 100, height: 100, background: from)
            small.draw(image, in: PixelRect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 0, background: from)
            images.append((try small.jpegData(quality: 90), try image.jpegData(quality: 90)))
        }
        return Covers(
            label: "generated photo-like art (JPEG q90)", smallFile: "100x100bb.jpg", largeFile: "600x600bb.jpg",
            contentType: "image/jpeg", images: images)
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
