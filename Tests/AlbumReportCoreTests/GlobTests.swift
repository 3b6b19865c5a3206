import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// Globs mean what git, bash's globstar and Playwright make them mean: `**/` takes any folders,
/// none included.
@Suite("Globs")
struct GlobTests {
    /// Pattern, path, whether it matches.
    static let table: [(String, String, Bool)] = [
        ("**/*.png", "sheet.png", true),
        ("**/*.png", "cards/b.png", true),
        ("**/*.png", "a/b/c/d.png", true),
        ("cards/**/*.png", "cards/b.png", true),
        ("cards/**/*.png", "cards/dark/b.png", true),
        ("cards/**/*.png", "sheet.png", false),
        ("**/sheet*.png", "sheet.png", true),
        ("**/sheet*.png", "iphone-15/dark/sheet-001.png", true),
        ("**/sheet*.png", "cards/001-sheet.png", false),
        ("**", "a.png", true),
        ("**", "a/b/c.png", true),
        ("cards/**", "cards/a.png", true),
        ("cards/**", "cards/x/y.png", true),
        ("cards/**", "cards", false),
        ("cards/**", "cardsx/a.png", false),
        ("*.png", "a.png", true),
        ("*.png", "a/b.png", false),
        ("cards/*.png", "cards/a.png", true),
        ("cards/*.png", "cards/x/a.png", false),
        ("?.png", "a.png", true),
        ("?.png", "ab.png", false),
        ("?.png", "/.png", false),
        ("a**b.png", "axxb.png", true),
        ("a**b.png", "a/b.png", false),
        ("*", ".hidden.png", true),
        ("a/**/b/**/c.png", "a/b/c.png", true),
        ("a/**/b/**/c.png", "a/x/b/y/z/c.png", true),
        ("a/**/b/**/c.png", "a/x/c.png", false),
        ("sheet.png", "sheet.png", true),
        ("sheet.png", "x/sheet.png", false),
        ("*a*a*a*a*a*b", String(repeating: "a", count: 300), false),
    ]

    @Test("the table of patterns and paths")
    func table() {
        for (pattern, path, expected) in Self.table {
            #expect(Glob.matches(pattern, path) == expected, "\(pattern) against \(path)")
        }
    }

    /// The files the oracle lists: every path of the table that is a file's (not a folder's
    /// name, and not one that would need a folder and a file of one name).
    static let files = [
        "sheet.png", "sheet-001.png", "a.png", "ab.png", ".hidden.png", "axxb.png", "cards/a.png", "cards/b.png",
        "cards/001-sheet.png", "cards/dark/b.png", "cards/x/y.png", "cardsx/a.png", "iphone-15/dark/sheet-001.png",
        "a/b.png", "a/b/c.png", "a/x/c.png", "a/x/b/y/z/c.png", "x/sheet.png",
    ]

    static let patterns = [
        "**/*.png", "cards/**/*.png", "**/sheet*.png", "**", "cards/**", "*.png", "cards/*.png", "?.png", "a**b.png",
        "*", "a/**/b/**/c.png", "sheet.png", "**/b.png", "*/**/*.png", "a/**", "**/dark/*",
    ]

    @Test("every pattern picks the files bash's globstar picks (dot files included) from a folder of them")
    func againstBash() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for file in Self.files {
            let url = folder.url.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        for pattern in Self.patterns {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            // The pattern is a fixed literal of this test (no quoting needed); only files count.
            process.arguments = [
                "-c",
                "shopt -s globstar dotglob nullglob; cd \"$1\" && for f in \(pattern); do [ -f \"$f\" ] && printf '%s\\n' \"$f\"; done",
                "bash", folder.url.path,
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let bash = Set(String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init))
            let ours = Set(Self.files.filter { Glob.matches(pattern, $0) })
            #expect(ours == bash, "\(pattern): ours \(ours.sorted()), bash \(bash.sorted())")
        }
    }
}
