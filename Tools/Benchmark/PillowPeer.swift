import AlbumReportTestSupport
import Foundation

/// The Python + Pillow implementation of the same screens (`peer_pillow.py` with its
/// `common.py`), run on the same server and artwork as albumreport.
struct PillowPeer {
    var python: String
    var script: URL

    /// The peer at `path` (default `../shared/bench/peer_pillow.py`, or `ALBUMREPORT_PEER`), when
    /// it, python3 and Pillow are all there; else nil with the reason printed.
    static func locate(_ path: String?) -> PillowPeer? {
        let environment = ProcessInfo.processInfo.environment
        let script = URL(
            fileURLWithPath: path ?? environment["ALBUMREPORT_PEER"] ?? "../shared/bench/peer_pillow.py")
        guard let python = Executable.find("python3") else {
            print("peer rows skipped: python3 is not on PATH.")
            return nil
        }
        guard FileManager.default.fileExists(atPath: script.path) else {
            print("peer rows skipped: no peer at \(script.path) (pass --peer PATH or set ALBUMREPORT_PEER).")
            return nil
        }
        guard let check = try? ChildRun.run(python, ["-c", "import PIL"]), check.exitStatus == 0 else {
            print("peer rows skipped: Pillow is not installed (python3 -m pip install pillow).")
            return nil
        }
        return PillowPeer(python: python, script: script)
    }

    /// One run at zlib `level`, with the peer's default workers (every core) and download threads,
    /// killed after `timeLimit` (its multiprocessing pool hung at exit in two of six runs here; a
    /// finished level-6 run takes about 33 s).
    func run(feed: URL, output: URL, level: Int, timeLimit: Duration = .seconds(120)) throws -> ChildRun {
        try? FileManager.default.removeItem(at: output)
        return try ChildRun.run(
            python, [script.path, "--feed", feed.absoluteString, "--out", output.path, "--compress-level", "\(level)"],
            processTree: true, timeLimit: timeLimit)
    }
}

/// The bytes of the PNG files under `folder`.
func pngBytes(in folder: URL) -> Int {
    guard let paths = try? FileManager.default.subpathsOfDirectory(atPath: folder.path) else { return 0 }
    return paths.filter { $0.hasSuffix(".png") }.reduce(0) { total, path in
        let size = (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path))?[.size]
        return total + ((size as? NSNumber)?.intValue ?? 0)
    }
}
