import AlbumReportCore
import Foundation

/// Reads the PNG files `compare` is given, to the exact RGBA they store (libpng: no gamma, all
/// eight bits of alpha). The signature and the declared size are checked before any pixel is
/// decoded, so a file that only claims to be a PNG, or a PNG that declares billions of pixels, is
/// an error that names it, never a crash or gigabytes of memory. `compare` itself reads row by
/// row (``StreamedComparison``); ``decode(_:name:maximumPixels:)`` reads a whole image with the
/// same reader.
public enum PNGReader {
    /// The most pixels one image may have (a 1,000-row sheet at @3x is about 280 million).
    public static let maximumPixels = 300_000_000

    /// Why a file cannot be compared: a sentence naming it.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Nil when `data` starts with the PNG signature, else a sentence saying what it is instead.
    public static func signatureProblem(_ data: Data, name: String) -> Problem? {
        guard !data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        let kind =
            data.isEmpty
            ? "empty"
            : ImageHeader.read(data).map { "a \($0.format.rawValue.uppercased()) image" }
                ?? ImageHeader.unsupportedFormat(of: data).map { "a \($0) image" } ?? "not an image"
        return Problem(description: "\(Excerpt.location(name)) is not a PNG file (it is \(kind)).")
    }

    /// The pixels of the PNG in `data`, read from `name` (for messages).
    public static func decode(
        _ data: Data, name: String, maximumPixels: Int = PNGReader.maximumPixels
    ) -> Result<PixelBuffer, Problem> {
        do {
            let reader = try PNGRowReader(data, name: name, maximumPixels: maximumPixels)
            var pixels: [UInt32] = []
            pixels.reserveCapacity(reader.width * reader.height)
            try reader.read(reader.height, into: &pixels)
            guard let buffer = PixelBuffer(width: reader.width, height: reader.height, pixels: pixels) else {
                return .failure(
                    Problem(description: "\(Excerpt.location(name)) is not a readable PNG (its size is inconsistent)."))
            }
            return .success(buffer)
        } catch {
            return .failure(error)
        }
    }

    /// Why the PNG in `data` cannot be read back whole (every row decoded, a band at a time, so
    /// memory stays bounded), or nil: what `--update` checks before it records a golden.
    package static func readBackProblem(_ data: Data, name: String) -> Problem? {
        do {
            let reader = try PNGRowReader(data, name: name)
            var pixels: [UInt32] = []
            let band = max(1, min(reader.height, (1 << 20) / max(reader.width, 1)))
            while reader.nextRow < reader.height {
                pixels.removeAll(keepingCapacity: true)
                try reader.read(min(band, reader.height - reader.nextRow), into: &pixels)
            }
            return nil
        } catch {
            return error
        }
    }
}
