import Foundation

/// A relative path as the `href` or `src` of a generated page: each component percent-encoded,
/// so that a name holding `%2e%2e`, `#`, `?`, a space or a letter outside ASCII names that file
/// and nothing else (a browser reads `%2e%2e` in a link as `..`, `#` as a fragment, `?` as a
/// query). The gallery, the matrix page and the compare report make every link with it.
public enum PathLink {
    /// `relative`, `/`-separated, with every component percent-encoded.
    public static func encoded(_ relative: String) -> String {
        relative.split(separator: "/", omittingEmptySubsequences: false).map {
            $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0)
        }.joined(separator: "/")
    }

    /// What a path component may hold as it is: RFC 3986's unreserved characters.
    private static let allowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
