import Foundation

/// Where the feed comes from, parsed from `--feed`.
public enum FeedSource: Sendable, Hashable, CustomStringConvertible {
    /// The chart embedded in the package (used when `--feed` is absent).
    case sample
    /// A feed file on disk.
    case file(URL)
    /// A feed on an `http` or `https` server.
    case remote(URL)

    /// The host of Apple's live RSS generator.
    public static let appleChartHost = "rss.applemarketingtools.com"

    /// The live Apple RSS v2 URL for `apple:COUNTRY[/LIMIT]`.
    public static func appleChartURL(country: String, limit: Int) -> URL? {
        URL(string: "https://\(appleChartHost)/api/v2/\(country)/music/most-played/\(limit)/albums.json")
    }

    /// Parses a `--feed` value: a path, a `file://` or `http(s)://` URL, or `apple:COUNTRY[/LIMIT]`.
    /// Relative paths are resolved against `directory`.
    public static func parse(_ argument: String?, relativeTo directory: URL) throws(FeedSourceError) -> FeedSource {
        guard let argument = argument?.trimmingCharacters(in: .whitespaces), !argument.isEmpty else {
            return .sample
        }
        let lowered = argument.lowercased()
        if lowered.hasPrefix("apple:") {
            return try parseAppleShorthand(String(argument.dropFirst("apple:".count)), original: argument)
        }
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            switch RequestURL.check(argument) {
            case .success(let checked): return .remote(checked.url)
            case .failure(let refusal): throw .refusedURL(refusal)
            }
        }
        if lowered.hasPrefix("file:") {
            guard let url = URL(string: argument), url.isFileURL, !url.path.isEmpty else {
                throw .invalidURL(argument)
            }
            return .file(url.standardizedFileURL)
        }
        if let scheme = ArtworkPolicy.scheme(of: argument) {
            throw .unsupportedScheme(scheme)
        }
        let url =
            argument.hasPrefix("/")
            ? URL(fileURLWithPath: argument) : directory.appendingPathComponent(argument)
        return .file(url.standardizedFileURL)
    }

    private static func parseAppleShorthand(_ rest: String, original: String) throws(FeedSourceError) -> FeedSource {
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { throw .invalidAppleShorthand(original) }
        let country = parts[0].lowercased()
        guard country.count == 2, country.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw .invalidAppleShorthand(original)
        }
        var limit = 100
        if parts.count == 2 {
            guard let parsed = Int(parts[1]), (1...200).contains(parsed) else {
                throw .invalidAppleShorthand(original)
            }
            limit = parsed
        }
        guard let url = appleChartURL(country: country, limit: limit) else { throw .invalidAppleShorthand(original) }
        return .remote(url)
    }

    /// How messages name this source: "The embedded sample feed", "The feed file /x.json",
    /// "The feed at https://…".
    public var description: String {
        switch self {
        case .sample: return "The embedded sample feed"
        case .file(let url): return "The feed file \(Excerpt.location(url.path))"
        case .remote(let url): return "The feed at \(Excerpt.location(url.absoluteString))"
        }
    }
}

/// A `--feed` value that cannot be used.
public enum FeedSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidURL(String)
    case unsupportedScheme(String)
    case invalidAppleShorthand(String)
    /// An `http(s)` URL that breaks a ``RequestURL`` rule.
    case refusedURL(URLRefusal)

    /// The user-facing sentence.
    public var description: String {
        switch self {
        case .invalidURL(let text):
            "'\(text)' is not a usable URL. Pass a path, a file:// or http(s):// URL, or apple:COUNTRY[/LIMIT]."
        case .refusedURL(let refusal):
            "The feed URL \(refusal). Pass a feed URL with an http or https scheme, a host name or IP address, and a port from 1 to 65535."
        case .unsupportedScheme(let scheme):
            "Feeds cannot be read from '\(scheme):' URLs. Pass a path, a file:// or http(s):// URL, or apple:COUNTRY[/LIMIT]."
        case .invalidAppleShorthand(let text):
            "'\(Excerpt.printable(text))' is not a valid chart shorthand. Use apple:COUNTRY or apple:COUNTRY/LIMIT with a two-letter country code and a limit from 1 to 200, for example apple:us/100."
        }
    }
}
