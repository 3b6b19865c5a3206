import AlbumReportCore
import CPNG
import Foundation

/// Reads the PNG files `compare` is given, to the exact RGBA they store (libpng: no gamma, all
/// eight bits of alpha). The signature and the declared size are checked before any pixel is
/// decoded, so a file that only claims to be a PNG, or a PNG that declares billions of pixels, is
/// an error that names it, never a crash or gigabytes of memory.
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
        if let problem = signatureProblem(data, name: name) { return .failure(problem) }
        if let problem = ImageHeader.pngChunkProblem(data) {
            return .failure(Problem(description: "\(name) is not a readable PNG (\(problem))."))
        }
        var width: UInt32 = 0
        var height: UInt32 = 0
        var pixels: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            ar_png_decode_rgba(
                bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt64(max(maximumPixels, 0)), &width,
                &height, &pixels, &message, message.count)
        }
        defer { ar_png_free(pixels) }
        let detail = Excerpt.printable(
            String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        guard status == 0, let pixels else {
            if status == 2 {
                return .failure(
                    Problem(
                        description:
                            "\(Excerpt.location(name)) is larger than albumreport compares: \(detail), more than \(maximumPixels / 1_000_000) million."
                    ))
            }
            return .failure(Problem(description: "\(Excerpt.location(name)) is not a readable PNG (\(detail))."))
        }
        let count = Int(width) * Int(height) * 4
        guard
            let buffer = PixelBuffer(
                width: Int(width), height: Int(height), rgba: UnsafeRawBufferPointer(start: pixels, count: count))
        else {
            return .failure(
                Problem(description: "\(Excerpt.location(name)) is not a readable PNG (its size is inconsistent)."))
        }
        return .success(buffer)
    }
}
