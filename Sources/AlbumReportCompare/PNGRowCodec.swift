import AlbumReportCore
import CPNG
import Foundation

/// A PNG being decoded row by row (libpng, to the exact RGBA it stores): the one owner of its C
/// reader, freed in `deinit`. Rows are read in order and only once.
package final class PNGRowReader {
    package let width: Int
    package let height: Int
    /// The next row ``read(_:into:)`` decodes.
    package private(set) var nextRow = 0
    private let name: String
    private let reader: OpaquePointer

    /// The most bytes a PNG's filtered rows may take to be inflated whole (ar_png_reader_open):
    /// a phone screen's (an iPhone 16 Pro Max's are 11.4 MB in RGB, 15.2 MB in RGBA); larger ones
    /// stream row by row.
    package static let wholeStreamBudget = 16 << 20

    /// The most pixels an interlaced PNG may have: libpng decodes one whole (its rows exist only
    /// after the last pass), 4 bytes a pixel, so 64 million are 256 MB per image, and two pairs in
    /// flight hold four. A non-interlaced PNG streams at any size up to ``PNGReader/maximumPixels``.
    package static let maximumInterlacedPixels = 64_000_000

    /// Opens the PNG in `data`, read from `name` (for messages): its header is read and checked,
    /// no pixel is decoded yet (an interlaced PNG is the exception: libpng decodes it whole).
    package init(
        _ data: Data, name: String, maximumPixels: Int = PNGReader.maximumPixels,
        wholeStreamBudget: Int = PNGRowReader.wholeStreamBudget
    ) throws(PNGReader.Problem) {
        if let problem = PNGReader.signatureProblem(data, name: name) { throw problem }
        if let problem = ImageHeader.pngChunkProblem(data) {
            throw PNGReader.Problem(description: "\(Excerpt.location(name)) is not a readable PNG (\(problem)).")
        }
        // IHDR's interlace method is its 13th byte (file offset 28).
        // (A header may claim 2³²-1 × 2³²-1: the product is checked for overflow, found by the fuzzer.)
        if data.count > 28, data[data.startIndex + 28] == 1, let header = ImageHeader.read(data.prefix(64)),
            case let (pixels, overflow) = header.width.multipliedReportingOverflow(by: header.height),
            overflow || pixels > Self.maximumInterlacedPixels
        {
            throw PNGReader.Problem(
                description:
                    "\(Excerpt.location(name)) is an interlaced PNG of \(header.width)×\(header.height) pixels; an interlaced PNG is decoded whole, so albumreport compares those of up to \(Self.maximumInterlacedPixels / 1_000_000) million pixels. Save it without interlacing (such as with `optipng -i0`): it then streams at any size up to \(PNGReader.maximumPixels / 1_000_000) million."
            )
        }
        var width: UInt32 = 0
        var height: UInt32 = 0
        var opened: OpaquePointer?
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            ar_png_reader_open(
                bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt64(max(maximumPixels, 0)),
                max(wholeStreamBudget, 0), &opened, &width, &height, &message, message.count)
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

    /// Whether the PNG is inflated whole rather than streamed through libpng (for tests).
    package var isWholeStream: Bool { ar_png_reader_is_whole_stream(reader) != 0 }

    /// Decodes the next `count` rows and appends them to `pixels`.
    package func read(_ count: Int, into pixels: inout [UInt32]) throws(PNGReader.Problem) {
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

    /// zlib's strategy: how deflate looks for repeats.
    public enum Strategy: Int32, Sendable {
        /// Matches at any distance (zlib's default).
        case standard = 0
        /// Runs only (Z_RLE): repeats at a distance of one pixel or one row, found without a
        /// search; for the comparison's pictures, which are runs of flat colour.
        case runs = 3
    }

    /// Starts a `width` × `height` RGBA PNG at zlib `level` with libpng's `filters` mask (0: its
    /// adaptive default). The defaults, level 1 with the Sub filter, are for diff pictures: they
    /// are looked at, not archived, and encoding them must not cost more than comparing.
    public init(
        width: Int, height: Int, level: Int32 = 1, strategy: Strategy = .standard, filters: Int32 = 0x10
    ) throws(Failure) {
        guard width > 0, height > 0, width <= 1_000_000, height <= 1_000_000 else {
            throw Failure(description: "an image of \(width) × \(height) pixels cannot be encoded")
        }
        var opened: OpaquePointer?
        var message = [CChar](repeating: 0, count: 256)
        let status = ar_png_writer_open(
            UInt32(width), UInt32(height), level, strategy.rawValue, filters, &opened, &message, message.count)
        guard status == 0, let opened else { throw Failure(description: PNGRowReader.sentence(message)) }
        self.writer = opened
        self.width = width
        self.height = height
    }

    /// Starts a `width` × `height` 8-bit indexed PNG of `palette` (1 to 256 opaque colours, packed
    /// as ``PixelBuffer`` packs them; their alpha is not written), rows written with
    /// ``write(indices:)``. No row filter by default: an index is not a quantity.
    public init(
        width: Int, height: Int, palette: [UInt32], level: Int32 = 1, strategy: Strategy = .standard,
        filters: Int32 = 0x08
    ) throws(Failure) {
        guard width > 0, height > 0, width <= 1_000_000, height <= 1_000_000 else {
            throw Failure(description: "an image of \(width) × \(height) pixels cannot be encoded")
        }
        let triples = palette.flatMap { [UInt8($0 & 0xFF), UInt8(($0 >> 8) & 0xFF), UInt8(($0 >> 16) & 0xFF)] }
        var opened: OpaquePointer?
        var message = [CChar](repeating: 0, count: 256)
        let status = ar_png_writer_open_indexed(
            UInt32(width), UInt32(height), level, strategy.rawValue, filters, triples, Int32(palette.count), &opened,
            &message, message.count)
        guard status == 0, let opened else { throw Failure(description: PNGRowReader.sentence(message)) }
        self.writer = opened
        self.width = width
        self.height = height
    }

    deinit { ar_png_writer_close(writer) }

    /// Encodes whole rows of palette indices (`width` each) of an indexed PNG.
    public func write(indices: [UInt8]) throws(Failure) {
        guard !indices.isEmpty else { return }
        guard indices.count % width == 0 else {
            throw Failure(description: "a row of \(indices.count % width) pixels was cut short")
        }
        var message = [CChar](repeating: 0, count: 256)
        let status = indices.withUnsafeBufferPointer { bytes in
            ar_png_writer_write_rows(writer, bytes.baseAddress, UInt32(indices.count / width), &message, message.count)
        }
        guard status == 0 else { throw Failure(description: PNGRowReader.sentence(message)) }
    }

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

/// How `compare` sets malloc up: it allocates and frees buffers of the same few sizes for every
/// pair (bands of rows, PNGs inflated whole, the pictures' rows), which glibc by default maps
/// and unmaps each time; their pages' first touches were a sixth of a comparison's time.
public enum CompareMemory {
    /// Blocks under 16 MiB come from malloc's heaps and stay there for the next pair (given back
    /// beyond 64 MiB free): the peak resident size barely moves (130 → 140 MiB for the sample
    /// light against dark), the page faults go. Process-wide: the command calls it first.
    @discardableResult
    public static func keepFreedBuffers() -> Bool {
        ar_png_keep_freed_memory(16 << 20, 64 << 20) == 1
    }
}

/// The inflater of PNGs decoded whole (screen-sized 8-bit RGB and RGBA PNGs): zlib's unless a
/// host installs a faster one. The command line installs libdeflate's
/// (`GraphicsRuntime.inflateZlib`); the slim `albumreport-compare` keeps zlib's, linking nothing
/// more than libpng and zlib. Process-wide: install it once, before any comparison.
public enum WholeStreamInflater {
    /// Inflates a zlib stream into exactly the bytes given: 0 when it did, 1 when the stream is
    /// damaged, 2 when it gives fewer bytes, 3 more.
    public typealias Function =
        @convention(c) (
            UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?, Int
        ) -> Int32

    /// Makes `function` the inflater of every PNG decoded whole from now on.
    public static func install(_ function: Function) {
        ar_png_set_whole_inflater(function)
    }
}
