import AlbumReportCore
import CPNG
import Foundation

/// A PNG being decoded row by row (libpng, to the exact RGBA it stores): the one owner of its C
/// reader, freed in `deinit`. Rows are read in order and only once.
final class PNGRowReader {
    let width: Int
    let height: Int
    /// The next row ``read(_:into:)`` decodes.
    private(set) var nextRow = 0
    private let name: String
    private let reader: OpaquePointer

    /// Opens the PNG in `data`, read from `name` (for messages): its header is read and checked,
    /// no pixel is decoded yet (an interlaced PNG is the exception: libpng decodes it whole).
    init(_ data: Data, name: String, maximumPixels: Int = PNGReader.maximumPixels) throws(PNGReader.Problem) {
        if let problem = PNGReader.signatureProblem(data, name: name) { throw problem }
        if let problem = ImageHeader.pngChunkProblem(data) {
            throw PNGReader.Problem(description: "\(Excerpt.location(name)) is not a readable PNG (\(problem)).")
        }
        var width: UInt32 = 0
        var height: UInt32 = 0
        var opened: OpaquePointer?
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            ar_png_reader_open(
                bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt64(max(maximumPixels, 0)), &opened,
                &width, &height, &message, message.count)
        }
        guard status == 0, let opened else {
            let detail = Self.sentence(message)
            if status == 2 {
                throw PNGReader.Problem(
                    description:
                        "\(Excerpt.location(name)) is larger than albumreport compares: \(detail), more than \(maximumPixels / 1_000_000) million."
                )
            }
            throw PNGReader.Problem(description: "\(Excerpt.location(name)) is not a readable PNG (\(detail)).")
        }
        self.reader = opened
        self.name = name
        self.width = Int(width)
        self.height = Int(height)
    }

    deinit { ar_png_reader_close(reader) }

    /// Decodes the next `count` rows and appends them to `pixels`.
    func read(_ count: Int, into pixels: inout [UInt32]) throws(PNGReader.Problem) {
        guard count > 0 else { return }
        let start = pixels.count
        pixels.append(contentsOf: repeatElement(0, count: count * width))
        var message = [CChar](repeating: 0, count: 256)
        let status = pixels.withUnsafeMutableBytes { bytes in
            ar_png_reader_read_rows(
                reader, bytes.baseAddress.map { ($0 + start * 4).assumingMemoryBound(to: UInt8.self) },
                UInt32(count), &message, message.count)
        }
        guard status == 0 else {
            pixels.removeLast(count * width)
            throw PNGReader.Problem(
                description: "\(Excerpt.location(name)) is not a readable PNG (\(Self.sentence(message))).")
        }
        #if !_endian(little)
            // Packed pixels hold R in their lowest byte: the bytes read as little-endian words.
            for index in start..<pixels.count { pixels[index] = pixels[index].byteSwapped }
        #endif
        nextRow += count
    }

    /// A C message buffer as printable text.
    static func sentence(_ message: [CChar]) -> String {
        Excerpt.printable(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}

/// A PNG being encoded row by row into memory (libpng): the one owner of its C writer, freed in
/// `deinit`. Only the compressed bytes are ever whole in memory, never the pixels.
public final class PNGRowWriter {
    /// The image's width in pixels.
    public let width: Int
    /// The image's height in pixels.
    public let height: Int
    private let writer: OpaquePointer

    /// Why an image could not be encoded: a clause from libpng.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Starts a `width` × `height` RGBA PNG at zlib `level` with libpng's `filters` mask (0: its
    /// adaptive default). The defaults, level 1 with the Sub filter, are for diff pictures: they
    /// are looked at, not archived, and encoding them must not cost more than comparing.
    public init(width: Int, height: Int, level: Int32 = 1, filters: Int32 = 0x10) throws(Failure) {
        guard width > 0, height > 0, width <= 1_000_000, height <= 1_000_000 else {
            throw Failure(description: "an image of \(width) × \(height) pixels cannot be encoded")
        }
        var opened: OpaquePointer?
        var message = [CChar](repeating: 0, count: 256)
        let status = ar_png_writer_open(
            UInt32(width), UInt32(height), level, filters, &opened, &message, message.count)
        guard status == 0, let opened else { throw Failure(description: PNGRowReader.sentence(message)) }
        self.writer = opened
        self.width = width
        self.height = height
    }

    deinit { ar_png_writer_close(writer) }

    /// Encodes whole rows (`width` pixels each, packed as ``PixelBuffer`` packs them).
    public func write(_ pixels: [UInt32]) throws(Failure) {
        guard !pixels.isEmpty else { return }
        guard pixels.count % width == 0 else {
            throw Failure(description: "a row of \(pixels.count % width) pixels was cut short")
        }
        #if _endian(little)
            let words = pixels
        #else
            let words = pixels.map(\.byteSwapped)
        #endif
        var message = [CChar](repeating: 0, count: 256)
        let status = words.withUnsafeBytes { bytes in
            ar_png_writer_write_rows(
                writer, bytes.bindMemory(to: UInt8.self).baseAddress, UInt32(pixels.count / width), &message,
                message.count)
        }
        guard status == 0 else { throw Failure(description: PNGRowReader.sentence(message)) }
    }

    /// Ends the file (every row must have been written) and returns its bytes.
    public func finish() throws(Failure) -> Data {
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = ar_png_writer_finish(writer, &size, &message, message.count)
        guard status == 0 else { throw Failure(description: PNGRowReader.sentence(message)) }
        var data = Data(count: size)
        data.withUnsafeMutableBytes { bytes in
            ar_png_writer_copy(writer, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
        }
        return data
    }
}
