import AlbumReportCompare
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportTestSupport
import Foundation

/// `compare` at scale, run as a child process (`albumreport`, release build) so that its time and
/// peak RSS are its own: a folder of 101 files that all differ (the embedded sample in the light
/// and the dark theme), the same pixels recompressed at another zlib level, and one pair of
/// 12000 × 12000 PNGs that differ in their last row.
struct CompareScaleBenchmark {
    /// The `albumreport` binary measured (`--binary PATH`; by default the one beside this tool).
    var binary: String
    var runs: Int

    init(arguments: [String]) {
        var binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("albumreport").path
        var runs = 3
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--binary" where index + 1 < arguments.count:
                binary = arguments[index + 1]
                index += 1
            case "--runs" where index + 1 < arguments.count:
                runs = Int(arguments[index + 1]) ?? runs
                index += 1
            default: break
            }
            index += 1
        }
        self.binary = binary
        self.runs = max(runs, 1)
    }

    func run() throws {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchmarkError(
                "Build the tool first: swift build -c release --product albumreport (or pass --binary)")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "albumreport-compare-scale-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let light = scratch.appendingPathComponent("light")
        let dark = scratch.appendingPathComponent("dark")
        let recompressed = scratch.appendingPathComponent("recompressed")
        let touched = scratch.appendingPathComponent("touched")
        for (folder, theme) in [(light, "light"), (dark, "dark")] {
            let child = try ChildRun.run(binary, ["generate", "--output", folder.path, "--theme", theme, "--quiet"])
            guard child.exitStatus == 0 else { throw BenchmarkError("generate --theme \(theme) failed") }
        }
        let files = try recompress(light, into: recompressed)
        _ = try recompress(light, into: touched, touching: true)
        let (bigExpected, bigActual) = try largePair(in: scratch)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("compare at scale (\(binary), median of \(runs), \(cores) cores)")
        print(
            "Peers, once each: the decode floor (OpenCV decodes both sides, nothing else), the OpenCV script "
                + "(../shared/bench/peer_compare_opencv.py), ImageMagick's compare -metric AE and odiff 4.5 "
                + "(../shared/bench/peer_compare_odiff.py: one odiff process per pair, its AVX-512 build where the CPU "
                + "has it), one process per core; odiff's counts are held beside ours pair by pair."
        )
        print(
            "case                                       ours   peak RSS  exit report MB   floor  OpenCV  magick   odiff  "
                + "÷floor  ÷odiff  ÷fastest peer  targets; counts")
        let report = scratch.appendingPathComponent("report")
        let peers = scratch.appendingPathComponent("peers")
        try measure(
            "\(files) files, all changed (light vs dark)", light, dark, report: report, peers: peers,
            targets: (floor: 1.5, peer: 0.5))
        try measure(
            "\(files) files, a few pixels changed", light, touched, report: report, peers: peers,
            targets: (floor: 1.2, peer: nil))
        try measure(
            "\(files) files, same pixels, other zlib level", light, recompressed, report: report, peers: peers,
            targets: (floor: 1.0, peer: nil))
        try measure("\(files) files, identical bytes", light, light, report: report, peers: nil, targets: nil)
        try measure(
            "12000 × 12000 pair, last row differs", bigExpected, bigActual, report: report, peers: nil, targets: nil)
        print("Targets (issue 43): all changed ≤ 1.5 × the floor and ≤ 0.5 × the fastest peer, ≤ 150 MiB; ")
        print("a few pixels changed ≤ 1.2 × the floor; same pixels ≤ 1.0 × the floor.")
    }

    /// Times `albumreport compare expected actual` into a fresh report folder; with `peers`, the
    /// peers on the same folders (scripts/compare-peers.py), and the ratios against `targets`.
    private func measure(
        _ name: String, _ expected: URL, _ actual: URL, report: URL, peers: URL?,
        targets: (floor: Double, peer: Double?)?
    ) throws {
        var walls: [Double] = []
        var peaks: [Int] = []
        var status: Int32 = 0
        var bytes = 0
        for _ in 0..<runs {
            try? FileManager.default.removeItem(at: report)
            let child = try ChildRun.run(
                binary, ["compare", expected.path, actual.path, "--report-dir", report.path, "--quiet"],
                timeLimit: .seconds(600))
            walls.append(child.wallSeconds)
            peaks.append(child.peakRSSBytes)
            status = child.exitStatus >> 8
            bytes = folderBytes(report)
        }
        let ours = median(walls)
        let peakMiB = median(peaks.map(Double.init)) / 1_048_576
        var line =
            name.padding(toLength: 40, withPad: " ", startingAt: 0)
            + String(format: " %6.2f s %6.0f MiB %4d %9.1f", ours, peakMiB, status, Double(bytes) / 1e6)
        if let peers, let figures = peerFigures(expected, actual, scratch: peers) {
            func cell(_ value: Double?) -> String { value.map { String(format: " %6.2f", $0) } ?? "      –" }
            line += cell(figures.floor) + cell(figures.opencv) + cell(figures.magick) + cell(figures.odiff)
            let fastest = [figures.opencv, figures.magick, figures.odiff].compactMap { $0 }.min()
            let overFloor = figures.floor.map { ours / $0 }
            let overPeer = fastest.map { ours / $0 }
            line += overFloor.map { String(format: " %6.2f", $0) } ?? "      –"
            line += figures.odiff.map { String(format: " %7.2f", ours / $0) } ?? "       –"
            line += overPeer.map { String(format: " %14.2f", $0) } ?? "              –"
            if let targets {
                var verdicts: [String] = []
                if let overFloor {
                    verdicts.append(
                        String(
                            format: "÷floor ≤ %.1f %@", targets.floor, overFloor <= targets.floor ? "met" : "NOT met"))
                }
                if let peer = targets.peer, let overPeer {
                    verdicts.append(String(format: "÷peer ≤ %.1f %@", peer, overPeer <= peer ? "met" : "NOT met"))
                }
                if targets.peer != nil {
                    verdicts.append(peakMiB <= 150 ? "RSS met" : "RSS NOT met")
                }
                line += "  " + verdicts.joined(separator: ", ")
            }
            if let counts = figures.odiffCounts {
                line += "; " + agreement(ours: try ourCounts(expected, actual), odiff: counts)
            }
        }
        print(line)
    }

    /// `albumreport compare --json`'s differing pixels per pair (anti-aliased ones left out, as
    /// odiff's `--aa` leaves them out), for the pairs that differ.
    private func ourCounts(_ expected: URL, _ actual: URL) throws -> [String: Int] {
        let child = try ChildRun.run(
            binary, ["compare", expected.path, actual.path, "--json"], timeLimit: .seconds(600))
        guard let object = try? JSONSerialization.jsonObject(with: child.standardOutput) as? [String: Any],
            let pairs = object["pairs"] as? [[String: Any]]
        else { throw BenchmarkError("compare --json printed no summary") }
        var counts: [String: Int] = [:]
        for pair in pairs {
            guard let name = pair["name"] as? String, let difference = pair["difference"] as? [String: Any],
                let pixels = difference["differentPixels"] as? Int, pixels > 0
            else { continue }
            counts[name] = pixels
        }
        return counts
    }

    /// How odiff's counts stand beside ours: pairs with the same count, and the largest gap.
    private func agreement(ours: [String: Int], odiff: [String: Int]) -> String {
        let names = Set(ours.keys).union(odiff.keys)
        let gaps = names.map { abs((ours[$0] ?? 0) - (odiff[$0] ?? 0)) }
        let same = gaps.filter { $0 == 0 }.count
        let total = ours.values.reduce(0, +)
        let largest = gaps.max() ?? 0
        return "counts: \(same) of \(names.count) differing pairs equal"
            + (largest > 0 ? ", the rest within \(largest) px" : "") + " (ours \(total) px in all)"
    }

    /// The peers' wall seconds on `expected` and `actual` (scripts/compare-peers.py), or nil when
    /// python3 or the script is missing; a peer whose tool is not installed is nil inside.
    private func peerFigures(
        _ expected: URL, _ actual: URL, scratch: URL
    ) -> (floor: Double?, opencv: Double?, magick: Double?, odiff: Double?, odiffCounts: [String: Int]?)? {
        guard let python = Executable.find("python3") else { return nil }
        var arguments = ["scripts/compare-peers.py", expected.path, actual.path, scratch.path]
        if let peer = ProcessInfo.processInfo.environment["ALBUMREPORT_COMPARE_PEER"] {
            arguments += ["--opencv-peer", peer]
        }
        guard let child = try? ChildRun.run(python, arguments, processTree: true, timeLimit: .seconds(900)),
            child.exitStatus == 0,
            let object = try? JSONSerialization.jsonObject(with: child.standardOutput) as? [String: Any]
        else { return nil }
        return (
            object["floor"] as? Double, object["opencv"] as? Double, object["magick"] as? Double,
            object["odiff"] as? Double, object["odiffCounts"] as? [String: Int]
        )
    }

    /// Every PNG below `folder` decoded and encoded again at zlib level 1 (libgd), into `target`:
    /// the same pixels in other bytes, or with `touching` a 3 × 3 block changed in each (a few
    /// pixels, as a small regression changes). Returns how many files there are.
    private func recompress(_ folder: URL, into target: URL, touching: Bool = false) throws -> Int {
        var count = 0
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".png") else { continue }
            let data = try Data(contentsOf: folder.appendingPathComponent(relative))
            let image = try GDImage(decoding: data)
            if touching {
                image.fill(
                    PixelRect(x: image.width / 2, y: image.height / 3, width: 3, height: 3),
                    color: RGBA(red: 255, green: 0, blue: 128))
            }
            let again = try image.pngData(compressionLevel: 1)
            guard again != data else { throw BenchmarkError("\(relative): recompressing kept the same bytes") }
            try again.writeCreatingFolders(to: target.appendingPathComponent(relative))
            count += 1
        }
        return count
    }

    /// Two 12000 × 12000 PNGs of smooth content, written row by row with the libpng encoder, that
    /// differ only in their last row.
    private func largePair(in folder: URL) throws -> (URL, URL) {
        let side = 12_000
        var urls: [URL] = []
        for name in ["big-expected.png", "big-actual.png"] {
            let writer = try PNGRowWriter(width: side, height: side, level: 9, filters: 0x20)
            let changed = name == "big-actual.png"
            for y in 0..<side {
                var row = [UInt32](repeating: 0, count: side)
                for x in 0..<side {
                    let red = UInt32(x * 255 / side)
                    let green = UInt32(y * 255 / side)
                    let blue: UInt32 = changed && y == side - 1 ? 255 : 128
                    row[x] = red | green << 8 | blue << 16 | 0xFF00_0000
                }
                try writer.write(row)
            }
            let url = folder.appendingPathComponent(name)
            try writer.finish().writeCreatingFolders(to: url)
            urls.append(url)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: urls[0].path)[.size] as? Int) ?? 0
        print(String(format: "12000 × 12000 PNGs: %.2f MB each", Double(size) / 1e6))
        return (urls[0], urls[1])
    }

    private func folderBytes(_ folder: URL) -> Int {
        var total = 0
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            let attributes = try? FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent(relative).path)
            total += (attributes?[.size] as? Int) ?? 0
        }
        return total
    }
}
