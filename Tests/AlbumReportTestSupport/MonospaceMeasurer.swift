import AlbumReportCore
import Foundation

/// A measurer where every character is `advance` × the font size wide: layout tests can then
/// predict line breaks exactly without any font installed.
public struct MonospaceMeasurer: TextMeasuring {
    /// Width of one character per point of font size.
    public var advance: Double

    /// Creates a measurer.
    public init(advance: Double = 0.5) {
        self.advance = advance
    }

    public func width(of text: String, font: FontStyle) -> Double {
        Double(text.count) * font.size * advance
    }

    public func metrics(of font: FontStyle) -> FontMetrics {
        FontMetrics(ascender: font.size * 0.95, descender: font.size * 0.25)
    }
}

extension Theme {
    /// A built-in theme read from the package's `Templates/` folder.
    public static func shipped(_ name: String = "light") throws -> Theme {
        let url = Fixtures.packageRoot.appendingPathComponent("Templates/\(name).json")
        return try Theme.decode(Data(contentsOf: url), source: url.path, directory: url.deletingLastPathComponent())
    }
}
