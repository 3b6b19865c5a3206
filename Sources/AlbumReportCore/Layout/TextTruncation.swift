/// Tail truncation, as UIKit's `NSLineBreakByTruncatingTail` sets one-line labels such as
/// navigation bar titles: the longest start of the text that fits with "…" after it.
public enum TextTruncator {
    /// The ellipsis put where the text was cut.
    public static let ellipsis = "\u{2026}"

    /// Already-normalised `text` if it fits `width` points in `font`; otherwise its longest run
    /// of whole grapheme clusters from the start, trailing spaces dropped, followed by "…", that
    /// fits (just "…" when not even one cluster does). In right-to-left text the "…" follows
    /// the last kept character in reading order, so it is drawn at the line's left end.
    public static func truncate(
        _ text: String, font: FontStyle, width: Double, measurer: some TextMeasuring
    ) -> TextWrapper.Line {
        let fullWidth = measurer.width(of: text, font: font)
        if fullWidth <= width { return TextWrapper.Line(text: text, width: fullWidth) }
        let characters = Array(text)
        func candidate(_ count: Int) -> String {
            TextWrapper.trimmed(String(characters.prefix(count))) + ellipsis
        }
        // Binary search over the number of clusters kept: the fitting prefixes are those up to
        // some count (a longer start is never narrower, whatever its kerning, to within a point).
        var low = 0
        var high = characters.count - 1
        var best = TextWrapper.Line(text: ellipsis, width: measurer.width(of: ellipsis, font: font))
        while low <= high {
            let mid = (low + high) / 2
            let line = candidate(mid)
            let lineWidth = measurer.width(of: line, font: font)
            if lineWidth <= width {
                best = TextWrapper.Line(text: line, width: lineWidth)
                low = mid + 1
            } else {
                high = mid - 1
            }
        }
        return best
    }
}

extension TextBlock {
    /// `text` (normalised first) on one line, tail-truncated with "…" to fit `width`
    /// (``TextTruncator``), its top-left at (`x`, `y`): a block one line tall whatever the text.
    public static func singleLine(
        _ text: String, font: FontStyle, color: RGBA, x: Double, y: Double, width: Double,
        alignment: TextAlignment = .leading, measurer: some TextMeasuring
    ) -> TextBlock {
        let normalized = TextNormalizer.normalize(text)
        let lines =
            normalized.isEmpty ? [] : [TextTruncator.truncate(normalized, font: font, width: width, measurer: measurer)]
        return placed(
            lines, direction: measurer.direction(of: normalized), font: font, color: color, x: x, y: y, width: width,
            alignment: alignment, measurer: measurer)
    }
}
