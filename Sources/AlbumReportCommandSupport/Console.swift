import AlbumReportCore
import Foundation

/// Standard output for results, standard error for progress, warnings and errors.
package struct Console: Sendable {
    /// Whether standard error is a terminal that understands cursor control (not `TERM=dumb`).
    package let isTerminal: Bool
    /// Whether to colour: on a terminal, unless `NO_COLOR` is set (https://no-color.org).
    package let usesColor: Bool

    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        isTerminal = isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb"
        usesColor = isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Writes `text` to standard output as it is: JSON, Markdown and our own workflow commands,
    /// each escaped by its writer.
    package func output(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// One line on standard error: `prefix` (ours, possibly styled), then `text` with every line
    /// break and control character escaped (``Excerpt/line(_:)``), so that nothing a message
    /// quotes can start a line of its own (a GitHub workflow command, a fake progress line).
    package func error(_ text: String, prefix: String = "") {
        FileHandle.standardError.write(Data((prefix + Excerpt.line(text) + "\n").utf8))
    }

    /// Writes `text` to standard error as it is (no newline).
    package func raw(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// `text` in an SGR style ("1" bold, "33" yellow, "31" red, "32" green) when colouring.
    package func styled(_ text: String, _ code: String) -> String {
        usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The width of the terminal on standard error: its window size, else `COLUMNS`, else 80.
    package static func terminalColumns(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return Int(environment["COLUMNS"] ?? "") ?? 80
    }

    /// A warning line, with its prefix in yellow on a colour terminal.
    package func warning(_ text: String) {
        error(text, prefix: styled("warning:", "33") + " ")
    }

    /// An error line, with its prefix in red on a colour terminal.
    package func failure(_ text: String) {
        error(text, prefix: styled("error:", "31") + " ")
    }
}
