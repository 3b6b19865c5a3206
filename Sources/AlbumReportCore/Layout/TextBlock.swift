/// Horizontal alignment of lines within a text block. Leading and trailing are relative to the
/// UI's layout direction, as UIKit's `NSTextAlignment.natural` is ("the default alignment for the
/// current localization of the app"), not to the text's script: in the app's English
/// (left-to-right) UI an Arabic or Hebrew name is aligned left, its glyphs still ordered right to
/// left.
public enum TextAlignment: String, Sendable, Hashable, Codable {
    case leading, center, trailing
}

/// One laid-out line: its text, where its baseline starts and how wide it is, in points.
public struct TextLine: Sendable, Hashable, Codable {
    public var text: String
    /// The x of the line's origin.
    public var x: Double
    /// The y of the line's baseline.
    public var baseline: Double
    /// The measured advance width.
    public var width: Double
}

/// Wrapped text placed in a frame, ready to draw: the lines, their font and colour.
public struct TextBlock: Sendable, Hashable, Codable {
    /// The block's frame: the full width it was wrapped to, and lines × line height tall.
    public var frame: Rect
    /// The lines, top to bottom.
    public var lines: [TextLine]
    /// The font every line is set in.
    public var font: FontStyle
    /// The text colour.
    public var color: RGBA
    /// The paragraph's direction: each line's glyphs are ordered by it (alignment follows the UI).
    public var direction: TextDirection = .leftToRight

    /// Wraps `text` (normalised first) to `width` and places it with its top-left at (`x`, `y`).
    /// Empty text gives a block with no lines and zero height.
    public static func make(
        _ text: String, font: FontStyle, color: RGBA, x: Double, y: Double, width: Double,
        alignment: TextAlignment = .leading, measurer: some TextMeasuring
    ) -> TextBlock {
        let normalized = TextNormalizer.normalize(text)
        let wrapped = TextWrapper.wrap(normalized, font: font, width: width, measurer: measurer)
        return placed(
            wrapped, direction: measurer.direction(of: normalized), font: font, color: color, x: x, y: y, width: width,
            alignment: alignment, measurer: measurer)
    }

    /// A block of already-broken `lines` with its top-left at (`x`, `y`), each line aligned in `width`.
    static func placed(
        _ wrapped: [TextWrapper.Line], direction: TextDirection, font: FontStyle, color: RGBA, x: Double, y: Double,
        width: Double, alignment: TextAlignment, measurer: some TextMeasuring
    ) -> TextBlock {
        let metrics = measurer.metrics(of: font)
        let baselineOffset = (font.lineHeight - (metrics.ascender + metrics.descender)) / 2 + metrics.ascender
        let lines = wrapped.enumerated().map { index, line in
            let lineX: Double
            // The UI is left to right: the paragraph's own direction orders its glyphs only.
            switch alignment {
            case .leading: lineX = x
            case .center: lineX = x + (width - line.width) / 2
            case .trailing: lineX = x + width - line.width
            }
            return TextLine(
                text: line.text, x: lineX, baseline: y + Double(index) * font.lineHeight + baselineOffset,
                width: line.width)
        }
        let frame = Rect(x: x, y: y, width: width, height: Double(lines.count) * font.lineHeight)
        return TextBlock(frame: frame, lines: lines, font: font, color: color, direction: direction)
    }

    /// The lines joined with newlines (for tests and the manifest).
    public var text: String { lines.map(\.text).joined(separator: "\n") }
}

/// Cleans feed text for display: control characters removed, runs of whitespace and newlines
/// collapsed to one space, leading and trailing whitespace trimmed.
public enum TextNormalizer {
    /// The normalised text.
    public static func normalize(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
                pendingSpace = !result.isEmpty
                continue
            }
            let category = scalar.properties.generalCategory
            if category == .control || category == .unassigned || category == .surrogate { continue }
            if pendingSpace {
                result.unicodeScalars.append(" ")
                pendingSpace = false
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}

/// Greedy line filling at the measurer's break opportunities (UAX #14 with the text engine:
/// after spaces, between ideographs), measured with the real font. A piece between two
/// opportunities that is wider than the line is broken between grapheme clusters, never inside one.
public enum TextWrapper {
    /// A wrapped line and its measured width.
    public struct Line: Sendable, Hashable {
        public var text: String
        public var width: Double
    }

    /// Wraps already-normalised `text` to `width` points.
    public static func wrap(_ text: String, font: FontStyle, width: Double, measurer: some TextMeasuring) -> [Line] {
        guard !text.isEmpty else { return [] }
        let maxWidth = max(width, 1)
        var lines: [Line] = []
        var current = ""
        var currentWidth = 0.0
        var start = text.startIndex
        for end in measurer.lineBreakOpportunities(in: text) + [text.endIndex] where end > start {
            // A segment keeps its trailing spaces; a line never ends with them.
            let segment = text[start..<end]
            start = end
            let candidate = current + segment
            let candidateWidth = measurer.width(of: trimmed(candidate), font: font)
            if candidateWidth <= maxWidth {
                current = candidate
                currentWidth = candidateWidth
                continue
            }
            if !current.isEmpty {
                lines.append(Line(text: trimmed(current), width: currentWidth))
                current = ""
                currentWidth = 0
            }
            let word = trimmed(String(segment))
            let wordWidth = measurer.width(of: word, font: font)
            if wordWidth <= maxWidth {
                current = String(segment)
                currentWidth = wordWidth
            } else {
                var pieces = breakWord(word, font: font, width: maxWidth, measurer: measurer)
                if let last = pieces.popLast() {
                    lines += pieces
                    current = last.text + segment[segment.index(segment.startIndex, offsetBy: word.count)...]
                    currentWidth = last.width
                }
            }
        }
        let last = trimmed(current)
        if !last.isEmpty { lines.append(Line(text: last, width: currentWidth)) }
        return lines
    }

    /// `text` without trailing spaces.
    static func trimmed(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Breaks one over-long word into pieces that each fit, by grapheme cluster.
    static func breakWord(_ word: String, font: FontStyle, width: Double, measurer: some TextMeasuring) -> [Line] {
        var pieces: [Line] = []
        var remaining = Substring(word)
        while !remaining.isEmpty {
            // The longest prefix (in characters) that fits; at least one character. The prefix
            // doubles until it no longer fits, then a binary search narrows it down, so that no
            // prefix much longer than a line is ever measured (a 5,000-character word stays cheap).
            var best = 1
            var bestWidth = measurer.width(of: String(remaining.prefix(1)), font: font)
            var low = 2
            var high = 2
            while high <= remaining.count {
                let prefixWidth = measurer.width(of: String(remaining.prefix(high)), font: font)
                guard prefixWidth <= width else { break }
                best = high
                bestWidth = prefixWidth
                low = high + 1
                high *= 2
            }
            high = min(high - 1, remaining.count)
            while low <= high {
                let mid = (low + high) / 2
                let prefixWidth = measurer.width(of: String(remaining.prefix(mid)), font: font)
                if prefixWidth <= width {
                    best = mid
                    bestWidth = prefixWidth
                    low = mid + 1
                } else {
                    high = mid - 1
                }
            }
            pieces.append(Line(text: String(remaining.prefix(best)), width: bestWidth))
            remaining = remaining.dropFirst(best)
        }
        return pieces
    }
}
