import Foundation

/// Paths of the recorded feeds and other test inputs in `Tests/Fixtures`.
public enum Fixtures {
    /// The package's root folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures`.
    public static let directory = packageRoot.appendingPathComponent("Tests/Fixtures")

    /// A recorded feed by file name.
    public static func feed(_ name: String) -> URL {
        directory.appendingPathComponent("feeds").appendingPathComponent(name)
    }

    /// The bytes of a recorded feed.
    public static func feedData(_ name: String) throws -> Data {
        try Data(contentsOf: feed(name))
    }

    /// The recorded feeds.
    public enum Feeds {
        public static let v1Top100 = "apple-v1-us-apple-music-top-albums-100-2020-03-23.json"
        public static let v1Top100Pretty = "apple-v1-us-apple-music-top-albums-100-2019-05-17-pretty.json"
        public static let v1Top10 = "apple-v1-us-apple-music-top-albums-10-2020-04-14.json"
        public static let v1ComingSoon = "apple-v1-us-apple-music-coming-soon-10-2020-07-10.json"
        public static let v1TwoOf100 = "apple-v1-us-apple-music-top-albums-2of100-2021-01-10.json"
        public static let v2Top100 = "apple-v2-us-music-most-played-albums-100-2025-01-11.json"
        public static let v2SingleItem = "apple-v2-us-albums-single-result-item-2024-08.json"
        public static let facts = "facts.json"
    }
}

/// A fresh folder under the system's temporary directory, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
    /// The folder.
    public let url: URL

    /// Creates a new, empty folder.
    public init(_ label: String = "albumreport-test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Deletes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
