import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// Reads the PNG files `compare` is given: the signature and the declared size are checked from
/// the header before anything is decoded, so a file that only claims to be a PNG, or a PNG that
/// declares billions of pixels, is an error that names it, never a crash or gigabytes of memory.
public enum PNGReader {
    /// The most pixels one image may have (a 1,000-row sheet at @3x is about 280 million).
    public static let maximumPixels = 300_000_000

    /// Why a file cannot be compared: a sentence naming it.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The decoded image in `data`, read from `name` (for messages).
    public static func decode(
        _ data: Data, name: String, maximumPixels: Int = PNGReader.maximumPixels
    ) -> Result<GDImage, Problem> {
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            let kind =
                data.isEmpty
                ? "empty"
                : ImageHeader.read(data).map { "a \($0.format.rawValue.uppercased()) image" }
                    ?? ImageHeader.unsupportedFormat(of: data).map { "a \($0) image" } ?? "not an image"
            return .failure(Problem(description: "\(name) is not a PNG file (it is \(kind))."))
        }
        guard let header = ImageHeader.read(data), header.width > 0, header.height > 0 else {
            return .failure(Problem(description: "\(name) is not a readable PNG (its header is damaged)."))
        }
        guard header.width.multipliedReportingOverflow(by: header.height).partialValue <= maximumPixels,
            header.width <= GDImage.maximumEdge, header.height <= GDImage.maximumEdge
        else {
            return .failure(
                Problem(
                    description:
                        "\(name) declares \(header.width) × \(header.height) pixels, more than albumreport compares (\(maximumPixels / 1_000_000) million pixels, \(GDImage.maximumEdge) on a side)."
                ))
        }
        do {
            return .success(try GDImage(decoding: data))
        } catch {
            return .failure(Problem(description: "\(name) is not a readable PNG (\(error))."))
        }
    }
}
