/// Globs for relative, `/`-separated paths, with the meaning git's wildmatch, bash's `globstar`
/// and Playwright give them:
/// - `*` matches any run of characters within one folder or file name (never a `/`);
/// - `?` matches one character other than `/`;
/// - `**` as a whole path component matches any number of folders, none included: `**/x.png`
///   matches `x.png` and `a/b/x.png`, `cards/**/x.png` matches `cards/x.png`; at the end, `a/**`
///   matches everything inside `a` (not `a` itself); elsewhere (`a**b`) it is a `*`;
/// - everything else, `[` and `\` included, is itself; names that start with `.` are matched like
///   any other, as git does.
///
/// Why: with `**/` needing a folder, `**/*.png` skipped the top level's files and a rule meant to
/// make every file stricter left `sheet.png` as it was.
public enum Glob {
    /// Whether `path` matches `pattern` (at most 1,000 characters of pattern, 4,000 of path).
    public static func matches(_ pattern: String, _ path: String) -> Bool {
        guard pattern.count <= 1_000, path.count <= 4_000, !pattern.isEmpty else { return false }
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: false).map(Array.init)
        let names = path.split(separator: "/", omittingEmptySubsequences: false).map(Array.init)
        var memo = [[Bool?]](repeating: [Bool?](repeating: nil, count: names.count + 1), count: parts.count + 1)
        func match(_ p: Int, _ n: Int) -> Bool {
            if let known = memo[p][n] { return known }
            let result: Bool
            if p == parts.count {
                result = n == names.count
            } else if parts[p] == ["*", "*"] {
                // The last `**` needs at least one name; an inner one may take none.
                let least = p == parts.count - 1 ? 1 : 0
                result = n + least <= names.count && (n + least...names.count).contains { match(p + 1, $0) }
            } else {
                result = n < names.count && name(parts[p], names[n]) && match(p + 1, n + 1)
            }
            memo[p][n] = result
            return result
        }
        return match(0, 0)
    }

    /// Whether one file or folder name matches one component of a pattern (`*`, `?`, literals),
    /// with the position of the last `*` remembered: linear in practice, never exponential.
    private static func name(_ pattern: [Character], _ text: [Character]) -> Bool {
        var (p, t) = (0, 0)
        var star: (p: Int, t: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                while p < pattern.count, pattern[p] == "*" { p += 1 }
                star = (p, t)
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let last = star {
                star = (last.p, last.t + 1)
                (p, t) = (last.p, last.t + 1)
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
