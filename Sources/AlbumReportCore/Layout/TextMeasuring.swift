/// Vertical metrics of a font at a size, in points.
public struct FontMetrics: Sendable, Hashable {
    /// Distance from the baseline up to the font's ascender line.
    public var ascender: Double
    /// Distance from the baseline down to the descender line (positive).
    public var descender: Double

    /// Creates metrics.
    public init(ascender: Double, descender: Double) {
        self.ascender = ascender
        self.descender = descender
    }
}

/// The direction a paragraph reads in.
public enum TextDirection: String, Sendable, Hashable, Codable {
    case leftToRight, rightToLeft
}

/// The seam between pure layout and a real font engine: layout asks how wide text is, which
/// way it reads and where it may break, and never touches fonts itself.
public protocol TextMeasuring: Sendable {
    /// The advance width of `text` set in `font`, in points.
    func width(of text: String, font: FontStyle) -> Double
    /// The vertical metrics of `font`, in points.
    func metrics(of font: FontStyle) -> FontMetrics
    /// The paragraph direction of `text`: that of its first strong character (UAX #9 P2–P3),
    /// left to right when it has none.
    func direction(of text: String) -> TextDirection
    /// The positions where a line may start inside `text` (UAX #14 break opportunities), in
    /// ascending order, each on a grapheme-cluster boundary, excluding the start and the end.
    func lineBreakOpportunities(in text: String) -> [String.Index]
}

extension TextMeasuring {
    /// Left to right, unless the first letter is Hebrew, Arabic or another right-to-left
    /// script. For measurers without a Unicode bidi library; the text engine uses FriBidi.
    public func direction(of text: String) -> TextDirection {
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            return TextDirection.rightToLeftScripts.contains { $0.contains(scalar.value) } ? .rightToLeft : .leftToRight
        }
        return .leftToRight
    }

    /// After every run of spaces. For measurers without a Unicode line-break library; the text
    /// engine uses ICU's UAX #14 rules (which also break between ideographs).
    public func lineBreakOpportunities(in text: String) -> [String.Index] {
        var breaks: [String.Index] = []
        var previousWasSpace = false
        for index in text.indices {
            let isSpace = text[index] == " "
            if previousWasSpace && !isSpace { breaks.append(index) }
            previousWasSpace = isSpace
        }
        return breaks
    }
}

extension TextDirection {
    /// Code point ranges of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko,
    /// Samaritan, Mandaic, their presentation forms, and the historic RTL blocks).
    static let rightToLeftScripts: [ClosedRange<UInt32>] = [
        0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
    ]
}
