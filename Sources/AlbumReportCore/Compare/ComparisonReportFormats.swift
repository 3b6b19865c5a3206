import Foundation

/// JUnit XML, GitHub workflow commands and Markdown for a comparison, as pure text (the HTML
/// report is rendered from `Templates/compare.mustache`).
public enum ComparisonReportFormats {
    // MARK: - JUnit

    /// JUnit XML: one test case per pair; mismatches are failures, unreadable files errors.
    public static func junit(_ summary: ComparisonSummary) -> String {
        let failures = summary.failures.filter { $0.status != .error }.count
        let errors = summary.count(.error)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"albumreport compare\" tests=\"\(summary.pairs.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        xml +=
            "  <testsuite name=\"\(xmlEscape(summary.expected))\" tests=\"\(summary.pairs.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for pair in summary.pairs {
            xml += "    <testcase classname=\"golden\" name=\"\(xmlEscape(pair.name))\">\n"
            switch pair.status {
            case _ where !pair.fails(summary.options.failOn):
                break
            case .match:
                break
            case .error:
                xml += "      <error message=\"\(xmlEscape(pair.message))\"/>\n"
            case .mismatch, .missing, .new:
                xml += "      <failure message=\"\(xmlEscape(pair.message))\">"
                let details = [
                    pair.images?.diff.map { "diff: \($0)" }, pair.images?.sideBySide.map { "side by side: \($0)" },
                ]
                .compactMap { $0 }.joined(separator: "\n")
                xml += xmlEscape(details) + "</failure>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    // MARK: - GitHub and Markdown

    /// One GitHub Actions workflow command per failing pair (`::error file=…,title=…::…`), so
    /// that each appears as an annotation on the run; `file` is the golden's path as given.
    /// File paths under `base` (the workspace) are written relative to it, as GitHub wants them.
    public static func githubAnnotations(_ summary: ComparisonSummary, relativeTo base: String? = nil) -> [String] {
        summary.failures.map { pair in
            var file = pair.expectedPath ?? pair.actualPath ?? pair.name
            if let base, !base.isEmpty {
                let prefix = base.hasSuffix("/") ? base : base + "/"
                if file.hasPrefix(prefix) { file.removeFirst(prefix.count) }
            }
            let title = "golden \(pair.status.rawValue): \(Excerpt.location(pair.name))"
            return
                "::error file=\(Excerpt.githubProperty(file)),title=\(Excerpt.githubProperty(title))::\(Excerpt.githubData(pair.message))"
        }
    }

    /// A Markdown table of the pairs that are not a match (all of them when `everything`), with
    /// the drift first and a link to the run's artifacts when given: for `$GITHUB_STEP_SUMMARY`
    /// or any CI system that shows Markdown.
    public static func markdown(
        _ summary: ComparisonSummary, artifacts: String? = nil, everything: Bool = false
    ) -> String {
        var text = "### Golden images: \(summary.passes ? "✅" : "❌") \(summary.line)\n\n"
        for line in summary.drift { text += "> ⚠️ \(markdownEscape(line))\n" }
        if !summary.drift.isEmpty { text += "\n" }
        let shown = summary.pairs.filter { everything || $0.status != .match }
        if !shown.isEmpty {
            text += "| File | Status | Differing pixels | Ratio | Fails |\n|---|---|---:|---:|---|\n"
            for pair in shown {
                let pixels = pair.difference.map { "\($0.differentPixels)" } ?? "–"
                let ratio = pair.difference.map { String(format: "%.4f%%", $0.diffRatio * 100) } ?? "–"
                text +=
                    "| `\(markdownEscape(pair.name))` | \(pair.status.rawValue) | \(pixels) | \(ratio) | \(pair.fails(summary.options.failOn) ? "yes" : "no") |\n"
            }
            text += "\n"
        }
        if let artifacts { text += "The report with every image: [\(markdownEscape(artifacts))](\(artifacts))\n" }
        return text
    }

    /// Text safe in a Markdown table cell.
    static func markdownEscape(_ text: String) -> String {
        Excerpt.printable(text, limit: 200).replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "`", with: "'")
    }

    // MARK: - Escaping

    /// Escapes text for HTML element content.
    public static func htmlEscape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Escapes text for a quoted HTML attribute.
    public static func attributeEscape(_ text: String) -> String { htmlEscape(text) }

    /// Escapes text for XML content and attributes (control characters dropped).
    public static func xmlEscape(_ text: String) -> String {
        let cleaned = String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\n" || $0 == "\t" }))
        return htmlEscape(cleaned).replacingOccurrences(of: "&#39;", with: "&apos;")
    }
}
