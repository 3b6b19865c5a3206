import Foundation

/// JUnit XML and a self-contained HTML page for a comparison, as pure text.
public enum ComparisonReportFormats {
    // MARK: - JUnit

    /// JUnit XML: one test case per pair; mismatches are failures, unreadable files errors.
    public static func junit(_ summary: ComparisonSummary) -> String {
        let failures = summary.pairs.filter { [.mismatch, .missing, .new].contains($0.status) }.count
        let errors = summary.count(.error)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"albumreport compare\" tests=\"\(summary.pairs.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        xml +=
            "  <testsuite name=\"\(xmlEscape(summary.expected))\" tests=\"\(summary.pairs.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for pair in summary.pairs {
            xml += "    <testcase classname=\"golden\" name=\"\(xmlEscape(pair.name))\">\n"
            switch pair.status {
            case .match:
                break
            case .error:
                xml += "      <error message=\"\(xmlEscape(pair.message))\"/>\n"
            case .mismatch, .missing, .new:
                xml += "      <failure message=\"\(xmlEscape(pair.message))\">"
                let details = [
                    pair.diffImagePath.map { "diff: \($0)" }, pair.compareImagePath.map { "compare: \($0)" },
                ]
                .compactMap { $0 }.joined(separator: "\n")
                xml += xmlEscape(details) + "</failure>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    // MARK: - HTML

    /// A page with every pair, its figures, and for mismatches the expected, actual and diff images
    /// with a control that flips between expected and actual. Image paths are given relative to
    /// the page by `link`.
    public static func html(_ summary: ComparisonSummary, link: (String) -> String) -> String {
        var rows = ""
        for (index, pair) in summary.pairs.enumerated() {
            let statusClass = pair.status.rawValue
            rows += "<section class=\"pair \(statusClass)\" id=\"pair-\(index)\">\n"
            rows += "<h2><span class=\"badge\">\(pair.status.rawValue)</span> \(htmlEscape(pair.name))</h2>\n"
            rows += "<p>\(htmlEscape(pair.message))\(pair.updated ? " <strong>(reference updated)</strong>" : "")</p>\n"
            if let difference = pair.difference {
                rows +=
                    "<table><tr><th>compared</th><th>different</th><th>anti-aliased</th><th>masked</th><th>ratio</th></tr>"
                rows +=
                    "<tr><td>\(difference.comparedPixels)</td><td>\(difference.differentPixels)</td><td>\(difference.antialiasedPixels)</td><td>\(difference.maskedPixels)</td><td>\(String(format: "%.6f", difference.diffRatio))</td></tr></table>\n"
            }
            if pair.status == .mismatch, let expected = pair.expectedPath, let actual = pair.actualPath {
                let name = "flip-\(index)"
                rows += "<div class=\"flip\">\n"
                rows +=
                    "<input type=\"radio\" name=\"\(name)\" id=\"\(name)-e\" checked><label for=\"\(name)-e\">expected</label>\n"
                rows +=
                    "<input type=\"radio\" name=\"\(name)\" id=\"\(name)-a\"><label for=\"\(name)-a\">actual</label>\n"
                rows +=
                    "<input type=\"radio\" name=\"\(name)\" id=\"\(name)-d\"><label for=\"\(name)-d\">diff</label>\n"
                rows += "<div class=\"stage\">"
                rows += image(link(expected), alt: "expected \(pair.name)", cssClass: "e")
                rows += image(link(actual), alt: "actual \(pair.name)", cssClass: "a")
                if let diff = pair.diffImagePath {
                    rows += image(link(diff), alt: "difference \(pair.name)", cssClass: "d")
                }
                rows += "</div></div>\n"
                rows += "<div class=\"row\">"
                rows += figure(link(expected), caption: "expected", alt: "expected \(pair.name)")
                rows += figure(link(actual), caption: "actual", alt: "actual \(pair.name)")
                if let diff = pair.diffImagePath {
                    rows += figure(link(diff), caption: "diff", alt: "difference \(pair.name)")
                }
                rows += "</div>\n"
            }
            rows += "</section>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>albumreport compare — \(htmlEscape(summary.line))</title>
            <style>
            :root { color-scheme: light dark; font-family: -apple-system, "Inter", system-ui, sans-serif; }
            body { margin: 2rem; }
            .badge { font-size: 0.8em; padding: 0.1em 0.5em; border-radius: 0.4em; background: #8884; text-transform: uppercase; }
            .mismatch .badge, .error .badge, .missing .badge, .new .badge { background: #e5393580; }
            .match .badge { background: #43a04780; }
            table { border-collapse: collapse; margin: 0.5rem 0; }
            td, th { border: 1px solid #8886; padding: 0.2rem 0.6rem; text-align: right; }
            .row { display: flex; gap: 1rem; flex-wrap: wrap; }
            figure { margin: 0; }
            img { max-width: 320px; height: auto; border: 1px solid #8886; }
            .flip .stage img { display: none; max-width: 480px; }
            .flip input { margin-left: 1rem; }
            \(summary.pairs.indices.map { "#flip-\($0)-e:checked ~ .stage .e, #flip-\($0)-a:checked ~ .stage .a, #flip-\($0)-d:checked ~ .stage .d { display: block; }" }.joined(separator: "\n"))
            </style>
            </head>
            <body>
            <h1>Golden-image comparison</h1>
            <p>\(htmlEscape(summary.line))</p>
            <p>Expected: <code>\(htmlEscape(summary.expected))</code><br>Actual: <code>\(htmlEscape(summary.actual))</code><br>
            Threshold \(summary.options.threshold), max diff ratio \(summary.options.maxDiffRatio)\(summary.options.maxDiffPixels.map { ", max diff pixels \($0)" } ?? "")\(summary.options.failOnAntialiasing ? ", anti-aliasing counts" : "").</p>
            \(rows)
            </body>
            </html>

            """
    }

    private static func image(_ src: String, alt: String, cssClass: String) -> String {
        "<img class=\"\(cssClass)\" src=\"\(attributeEscape(src))\" alt=\"\(attributeEscape(alt))\">"
    }

    private static func figure(_ src: String, caption: String, alt: String) -> String {
        "<figure><a href=\"\(attributeEscape(src))\"><img src=\"\(attributeEscape(src))\" alt=\"\(attributeEscape(alt))\" loading=\"lazy\"></a><figcaption>\(htmlEscape(caption))</figcaption></figure>"
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
