import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

@Suite("A theme file is bounded before it is read")
struct ThemeFileLimitTests {
    @Test("a theme file over 1 MiB is refused with its size, before it is read or decoded")
    func largeThemeFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("huge.json")
        try Data(repeating: 0x20, count: Theme.maximumFileBytes + 1).write(to: url)
        let error = #expect(throws: ReportError.self) {
            _ = try ThemeLoader.load(.file(url), templatesDirectory: nil)
        }
        #expect(
            error?.description.contains("is \(Theme.maximumFileBytes + 1) bytes, more than the 1048576 (1 MiB)")
                == true,
            "\(error?.description ?? "")")
        // One byte less is read, and refused for what it holds.
        try Data(repeating: 0x20, count: Theme.maximumFileBytes).write(to: url)
        let invalid = #expect(throws: ReportError.self) {
            _ = try ThemeLoader.load(.file(url), templatesDirectory: nil)
        }
        #expect(invalid?.description.contains("more than the") == false)
    }
}
