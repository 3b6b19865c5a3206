import Foundation

/// Where a piece of artwork may be loaded from, after the scheme policy has been applied.
public enum ArtworkReference: Sendable, Hashable, CustomStringConvertible {
    /// An `http`/`https` URL.
    case remote(URL)
    /// A file inside the local feed's own folder.
    case file(URL)
    /// The bytes of a small base64 `data:` URL in a local feed.
    case inline(Data)

    /// The URL as recorded in warnings and the manifest.
    public var description: String {
        switch self {
        case .remote(let url): return url.absoluteString
        case .file(let url): return url.path
        case .inline(let data): return "an inline data: URL (\(data.count) bytes)"
        }
    }
}

/// The scheme policy: a remote feed may only point at `http`/`https` artwork; a local feed may
/// also use `file:` URLs and relative paths, but only inside its own folder.
public struct ArtworkPolicy: Sendable, Hashable {
    /// The folder of a local feed file; nil for a remote feed.
    public var localFeedDirectory: URL?

    /// Creates a policy. Pass the feed file's folder for a local feed, nil for a remote one.
    public init(localFeedDirectory: URL?) {
        self.localFeedDirectory = localFeedDirectory?.standardizedFileURL
    }

    /// Resolves the text of an artwork field, or says why it is refused.
    public func resolve(_ raw: String) -> Result<ArtworkReference, ArtworkRefusal> {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .failure(.empty) }
        let scheme = Self.scheme(of: text)
        switch scheme {
        case "http", "https":
            switch RequestURL.check(text) {
            case .success(let checked): return .success(.remote(checked.url))
            case .failure(let refusal): return .failure(.invalidURL(refusal))
            }
        case "file":
            guard let directory = localFeedDirectory else { return .failure(.localFromRemoteFeed(text)) }
            guard let url = URL(string: text), url.isFileURL else { return .failure(.malformed(text)) }
            return confine(url.standardizedFileURL, to: directory, raw: text)
        case "data":
            guard localFeedDirectory != nil else { return .failure(.unsupportedScheme("data", text)) }
            return Self.inline(text)
        case .some(let other):
            return .failure(.unsupportedScheme(other, text))
        case .none:
            guard let directory = localFeedDirectory else { return .failure(.localFromRemoteFeed(text)) }
            let decoded = text.removingPercentEncoding ?? text
            let url =
                decoded.hasPrefix("/")
                ? URL(fileURLWithPath: decoded) : directory.appendingPathComponent(decoded)
            return confine(url.standardizedFileURL, to: directory, raw: text)
        }
    }

    /// The longest `data:` URL accepted, in characters (about 1 MiB of image once decoded).
    public static let maximumDataURLLength = 1_400_000

    /// A base64 `data:` URL's bytes, within ``maximumDataURLLength``.
    static func inline(_ text: String) -> Result<ArtworkReference, ArtworkRefusal> {
        guard text.utf8.count <= maximumDataURLLength else { return .failure(.dataTooLarge(text.utf8.count)) }
        guard let comma = text.firstIndex(of: ","), text[..<comma].lowercased().hasSuffix(";base64"),
            let data = Data(base64Encoded: String(text[text.index(after: comma)...]), options: .ignoreUnknownCharacters)
        else { return .failure(.malformed(text)) }
        return .success(.inline(data))
    }

    private func confine(_ url: URL, to directory: URL, raw: String) -> Result<ArtworkReference, ArtworkRefusal> {
        let base = directory.path.hasSuffix("/") ? directory.path : directory.path + "/"
        guard url.path.hasPrefix(base) else { return .failure(.outsideFeedFolder(raw)) }
        return .success(.file(url))
    }

    /// The URL scheme (lower-cased) if `text` starts with one; a Windows drive letter is not one.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        guard candidate.count > 1, let first = candidate.first, first.isASCII, first.isLetter,
            candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return candidate.lowercased()
    }
}

/// Why an artwork URL was not followed.
public enum ArtworkRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    case malformed(String)
    case unsupportedScheme(String, String)
    case localFromRemoteFeed(String)
    case outsideFeedFolder(String)
    case dataTooLarge(Int)
    /// An `http(s)` URL that breaks a ``RequestURL`` rule (a port above 65535, user info, …).
    case invalidURL(URLRefusal)

    /// The reason, as a clause for a warning.
    public var description: String {
        switch self {
        case .empty: "the artwork URL is empty"
        case .malformed(let text): "'\(Excerpt.location(text))' is not a valid URL"
        case .unsupportedScheme(let scheme, _):
            "'\(Excerpt.printable(scheme, limit: 20)):' artwork URLs are not allowed (only http and https)"
        case .localFromRemoteFeed(let text):
            "'\(Excerpt.location(text))' is a local path, which only a feed read from a local file may use"
        case .outsideFeedFolder(let text): "'\(Excerpt.location(text))' points outside the feed file's folder"
        case .invalidURL(let refusal): refusal.description
        case .dataTooLarge(let length):
            "an inline data: URL of \(length) characters is larger than the \(ArtworkPolicy.maximumDataURLLength) allowed"
        }
    }
}

/// Size rewriting for Apple's image CDN URLs.
public enum ArtworkURL {
    /// The edge, in pixels, to ask Apple's artwork server for to draw a slot `pixels` wide
    /// without upscaling: rounded up to a multiple of 100 (a step many slots share, so the
    /// server's and the cache's copies are shared too), at least 100 and at most 3,000 (the size
    /// of most originals; the server answers a larger request with the original, never
    /// upscaled). Apple serves any `NxNbb` size it is asked for.
    public static func requestEdge(pixels: Double) -> Int {
        guard pixels.isFinite, pixels > 0 else { return 100 }
        let steps = (pixels / 100).rounded(.up)
        return Int(min(max(steps, 1), 30)) * 100
    }

    /// The variant of an artwork URL at `edge` pixels: the last path component `NxMbb.ext`
    /// becomes `EDGExEDGEbb.ext` (`…/100x100bb.jpg` → `…/600x600bb.jpg`). Nil when the URL has no
    /// size component (it is used as it is) or already names that size.
    public static func large(for thumbnail: String, edge: Int = 600) -> String? {
        guard let slash = thumbnail.lastIndex(of: "/") else { return nil }
        let last = thumbnail[thumbnail.index(after: slash)...]
        let queryStart = last.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? last.endIndex
        let name = last[..<queryStart]
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let stem = name[..<dot]
        guard stem.hasSuffix("bb") else { return nil }
        let size = stem.dropLast(2).split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, size.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }) else {
            return nil
        }
        let replacement = "\(edge)x\(edge)bb"
        guard stem != replacement else { return nil }
        return String(thumbnail[...slash]) + replacement + String(name[dot...]) + String(last[queryStart...])
    }
}
