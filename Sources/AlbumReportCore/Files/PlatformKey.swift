import Foundation

/// A short name for the platform screenshots were taken on, for keeping one set of goldens per
/// platform side by side (as Playwright's `{platform}` and swift-snapshot-testing's per-OS folders
/// do): a team that renders on two distributions, or on two architectures, where the fonts or the
/// libraries draw a pixel differently. `debian-12-x86_64`, `ubuntu-24.04-aarch64`.
///
/// Opt-in: `ALBUMREPORT_GOLDEN_PLATFORM=auto` (this key) or any other value (its slug) adds the
/// key to every golden's name in `AlbumReportTesting` (`card.light.debian-12-x86_64.png`), and
/// `compare` replaces `{platform}` in its paths with it (`compare goldens/{platform} shots`).
public enum PlatformKey {
    /// The environment variable that turns platform goldens on.
    public static let environmentVariable = "ALBUMREPORT_GOLDEN_PLATFORM"

    /// The placeholder `compare` replaces in its paths.
    public static let placeholder = "{platform}"

    /// This machine's key: the os-release `ID` and `VERSION_ID` (Linux) or `macos` and its major
    /// version, then the architecture.
    public static var current: String {
        var system = utsname()
        uname(&system)
        let machine = withUnsafeBytes(of: &system.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        #if os(Linux)
            let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
            let fields = osRelease(release)
            let os = [fields["ID"] ?? "linux", fields["VERSION_ID"]].compactMap { $0 }.joined(separator: "-")
        #else
            let os = "macos-\(ProcessInfo.processInfo.operatingSystemVersion.majorVersion)"
        #endif
        return Slug.make(os) + "-" + Slug.make(machine).replacingOccurrences(of: "-", with: "_")
    }

    /// The key `environment` asks for: nil when platform goldens are off (unset or empty),
    /// ``current`` for `auto`, else the value's slug (a team's own key: `ci-fonts-2`).
    public static func requested(_ environment: [String: String]) -> String? {
        guard let value = environment[environmentVariable]?.trimmingCharacters(in: .whitespaces), !value.isEmpty
        else { return nil }
        return value.lowercased() == "auto" ? current : Slug.make(value)
    }

    /// `text` with ``placeholder`` replaced by ``current`` (or the key `environment` names).
    public static func expand(_ text: String, environment: [String: String]) -> String {
        guard text.contains(placeholder) else { return text }
        return text.replacingOccurrences(of: placeholder, with: requested(environment) ?? current)
    }

    /// The `KEY=value` lines of an os-release file, quotes removed.
    static func osRelease(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            fields[parts[0]] = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
        return fields
    }
}
