import AlbumReportCore
import AlbumReportGraphics
import Foundation
import Synchronization

/// A recorded feed served from a ``LoopbackHTTPServer`` with its artwork URLs rewritten to the
/// same server, where each album has a solid-colour thumbnail and large image of its own.
public struct ChartServer: Sendable {
    /// The server.
    public let server: LoopbackHTTPServer
    /// Where the feed is served.
    public let feedURL: URL
    /// The Lookup API stand-in (`--lookup-url`).
    public var lookupURL: URL { server.url("/lookup") }
    /// Album id → the colour its artwork is filled with.
    public let colors: [String: RGBA]

    /// Serves the recorded feed `name` at `/feed.json`. Thumbnails are named
    /// `/art/ID/100x100bb.png`; as Apple's artwork server does, any `/art/ID/NxNbb.png` is served
    /// N pixels square (1–4,000; ``LoopbackHTTPServer/requestedPaths(prefix:)`` tells which sizes
    /// were asked for), each after `latency`. Ids in `missingArtwork` answer 404 at every size.
    /// With `validators`, every image carries an ETag and a Last-Modified date, so a cache can
    /// revalidate it.
    public static func start(
        feed name: String, latency: Duration = .zero, missingArtwork: Set<String> = [], validators: Bool = false
    ) async throws -> ChartServer {
        let server = try await LoopbackHTTPServer.start()
        var object = try JSONSerialization.jsonObject(with: Fixtures.feedData(name)) as? [String: Any] ?? [:]
        var feed = object["feed"] as? [String: Any] ?? [:]
        var results = feed["results"] as? [[String: Any]] ?? []
        var colors: [String: RGBA] = [:]
        for index in results.indices {
            guard let id = results[index]["id"] as? String else { continue }
            results[index]["artworkUrl100"] = server.url("/art/\(id)/100x100bb.png").absoluteString
            let color = Self.color(index: index)
            colors[id] = color
            guard !missingArtwork.contains(id) else { continue }
            let prefix = "/art/\(id)/"
            server.setPrefixRoute(prefix) { path in
                let name = path.dropFirst(prefix.count)
                guard name.hasSuffix("bb.png") else { return nil }
                let size = name.dropLast(6).split(separator: "x")
                guard size.count == 2, size[0] == size[1], let edge = Int(size[0]), (1...4000).contains(edge),
                    let body = Self.image(color, edge: edge)
                else { return nil }
                var headers = [("Content-Type", "image/png")]
                if validators {
                    headers += [("ETag", "\"\(id)-\(edge)\""), ("Last-Modified", "Mon, 02 Mar 2020 10:00:00 GMT")]
                }
                return .init(headers: headers, body: body, delay: latency)
            }
        }
        feed["results"] = results
        object["feed"] = feed
        let body = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        server.setRoute("/feed.json", .json(body))
        server.setRoute("/lookup", lookupRoute())
        return ChartServer(server: server, feedURL: server.url("/feed.json"), colors: colors)
    }

    /// The solid images served so far, by colour and edge, for every server of the process.
    private static let images = Mutex<[String: Data]>([:])

    /// A PNG of `color`, `edge` pixels square: drawn once per process. Why: a route runs on the
    /// server's event loop, which the servers of a test run share; drawing a 1,100-pixel PNG for
    /// every request there held back other tests' connections for seconds on a busy machine.
    private static func image(_ color: RGBA, edge: Int) -> Data? {
        let key = "\(color.red),\(color.green),\(color.blue),\(edge)"
        if let known = images.withLock({ $0[key] }) { return known }
        guard let made = try? GDImage(width: edge, height: edge, background: color).pngData() else { return nil }
        images.withLock { $0[key] = made }
        return made
    }

    /// Answers every size of album `id`'s artwork with `route` (a fault, a redirect, other bytes).
    public func setArtwork(_ id: String, _ route: LoopbackHTTPServer.Route) {
        server.setPrefixRoute("/art/\(id)/") { _ in route }
    }

    /// A stand-in for the iTunes Lookup API: every numeric id asked for has a copyright line
    /// "℗ 2025 Label of ID" and the genre Pop; `failing` answers an HTML 503 page.
    public static func lookupRoute(failing: Bool = false) -> LoopbackHTTPServer.Route {
        .dynamic { query, _ in
            if failing { return .html("<html>Service Unavailable</html>", status: 503) }
            let ids =
                query.split(separator: "&").first { $0.hasPrefix("id=") }.map {
                    $0.dropFirst(3).removingPercentEncoding?.split(separator: ",").map(String.init) ?? []
                } ?? []
            let results: [[String: Any]] = ids.map { id in
                [
                    "wrapperType": "collection", "collectionId": Int(id) ?? 0,
                    "copyright": "℗ 2025 Label of \(id)", "primaryGenreName": "Pop",
                ]
            }
            let body =
                (try? JSONSerialization.data(withJSONObject: ["resultCount": results.count, "results": results]))
            return .json(body ?? Data())
        }
    }

    /// A distinct, saturated colour per index.
    package static func color(index: Int) -> RGBA {
        let palette: [RGBA] = [
            RGBA(red: 220, green: 40, blue: 40), RGBA(red: 40, green: 160, blue: 60),
            RGBA(red: 40, green: 60, blue: 200),
            RGBA(red: 230, green: 160, blue: 20), RGBA(red: 150, green: 40, blue: 170),
        ]
        let base = palette[index % palette.count]
        let shade = UInt8(min(index / palette.count * 2, 60))
        return RGBA(red: base.red &- min(shade, base.red), green: base.green, blue: base.blue)
    }
}

/// Reads pixels of a PNG file written by the tool.
public struct PNGFile {
    /// The decoded image.
    public let image: GDImage

    /// Decodes the PNG at `url`.
    public init(_ url: URL) throws {
        image = try GDImage(decoding: Data(contentsOf: url))
    }
}

/// Small test images.
public enum AlbumReportGraphicsTestImage {
    /// A square PNG of one colour.
    public static func solid(_ color: RGBA, edge: Int) throws -> Data {
        try GDImage(width: edge, height: edge, background: color).pngData()
    }

    /// A PNG of `width` × `height` pixels filled with `color`.
    public static func solid(_ color: RGBA, width: Int, height: Int) throws -> Data {
        try GDImage(width: width, height: height, background: color).pngData()
    }

    /// Paints `rect` (in pixels) of the PNG file at `url` in one colour, in place.
    public static func paint(_ rect: PixelRect, _ color: RGBA, inFile url: URL) throws {
        var pixels = try GDImage(decoding: Data(contentsOf: url)).pixelBuffer()
        let packed = PixelBuffer.pack(color)
        for y in max(rect.y, 0)..<min(rect.maxY, pixels.height) {
            for x in max(rect.x, 0)..<min(rect.maxX, pixels.width) { pixels[x, y] = packed }
        }
        try GDImage(pixels).pngData().write(to: url)
    }
}
