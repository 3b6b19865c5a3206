import AlbumReportTestSupport
import Foundation

/// A Python implementation of the same screens, run on the same server and artwork as
/// albumreport: the Pillow peer (`peer_pillow.py`) or the Skia peer (`peer_skia.py`, skia-python
/// drawing, its pixels encoded by Pillow at the level asked for), each with `common.py`.
struct PythonPeer {
    var name: String
    var python: String
    var script: URL

    /// The Pillow peer at `path` (default `../shared/bench/peer_pillow.py`, or `ALBUMREPORT_PEER`).
    static func pillow(_ path: String?) -> PythonPeer? {
        locate(
            name: "Pillow",
            path: path ?? ProcessInfo.processInfo.environment["ALBUMREPORT_PEER"]
                ?? "../shared/bench/peer_pillow.py", modules: "import PIL", install: "python3 -m pip install pillow")
    }

    /// The Skia peer at `path` (default `../shared/bench/peer_skia.py`, or `ALBUMREPORT_SKIA_PEER`).
    static func skia(_ path: String?) -> PythonPeer? {
        locate(
            name: "Skia",
            path: path ?? ProcessInfo.processInfo.environment["ALBUMREPORT_SKIA_PEER"]
                ?? "../shared/bench/peer_skia.py", modules: "import PIL, skia",
            install: "python3 -m pip install skia-python pillow")
    }

    /// The peer at `path`, when it, python3 and its modules are all there; else nil with the
    /// reason printed.
    private static func locate(name: String, path: String, modules: String, install: String) -> PythonPeer? {
        let script = URL(fileURLWithPath: path)
        guard let python = Executable.find("python3") else {
            print("\(name) peer rows skipped: python3 is not on PATH.")
            return nil
        }
        guard FileManager.default.fileExists(atPath: script.path) else {
            print("\(name) peer rows skipped: no peer at \(script.path).")
            return nil
        }
        guard let check = try? ChildRun.run(python, ["-c", modules]), check.exitStatus == 0 else {
            print("\(name) peer rows skipped: its Python modules are not installed (\(install)).")
            return nil
        }
        return PythonPeer(name: name, python: python, script: script)
    }

    /// One run at zlib `level`, with the peer's default workers (every core) and download threads,
    /// stopped after `timeLimit` (a run that hangs is left out of the medians, and said so).
    func run(feed: URL, output: URL, level: Int, timeLimit: Duration = .seconds(180)) throws -> ChildRun {
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
