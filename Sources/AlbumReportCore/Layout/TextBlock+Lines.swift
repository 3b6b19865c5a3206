extension TextBlock {
    /// The block with only the lines that end above `maxY` (nil when none does).
    public func keepingLines(above maxY: Double) -> TextBlock? {
        let lineHeight = font.lineHeight
        let kept = lines.enumerated().filter { index, _ in frame.y + Double(index + 1) * lineHeight <= maxY }.map(
            \.element)
        guard !kept.isEmpty else { return nil }
        var copy = self
        copy.lines = kept
        copy.frame.height = Double(kept.count) * lineHeight
        return copy
    }

    /// The same block moved so that its frame's top is at `y`.
    public func moved(toY y: Double) -> TextBlock {
        let dy = y - frame.y
        var copy = self
        copy.frame = frame.offsetBy(dy: dy)
        copy.lines = lines.map { line in
            var moved = line
            moved.baseline += dy
            return moved
        }
        return copy
    }
}
