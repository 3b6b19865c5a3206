import AlbumReportCompare
import AlbumReportCore
import Foundation

/// Pixels in memory, as a renderer without a PNG encoder of its own holds them: 8 bits a
/// channel, four channels a pixel in RGBA or BGRA order (alpha not premultiplied), rows
/// `bytesPerRow` apart (padding after each row allowed), the top row first. ``pngData()`` encodes
/// them, and `assertGolden` takes them directly, so a test needs no encoder of its own.
///
/// ```swift
/// let pixels = try RawPixels(width: 390, height: 844, order: .bgra, bytes: framebuffer)
/// try await assertGolden(pixels)
/// ```
public struct RawPixels: Sendable, Hashable {
    /// The order of a pixel's four bytes.
    public enum Order: String, Sendable, Hashable, CaseIterable {
        /// Red, green, blue, alpha (a `CGImage`'s `.byteOrder32Big` with last alpha, most
        /// software renderers on Linux).
        case rgba
        /// Blue, green, red, alpha (Cairo's and Skia's native `ARGB32`/`BGRA_8888` on a
        /// little-endian machine).
        case bgra
    }

    /// Why pixels cannot be taken: a sentence naming the numbers that disagree.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from the start of a row to the start of the next (at least `width × 4`).
    public let bytesPerRow: Int
    /// The order of each pixel's bytes.
    public let order: Order
    /// The bytes: `height` rows of `bytesPerRow` (the last row may stop at `width × 4`).
    public let bytes: [UInt8]

    /// The most pixels taken: a 16,384 × 16,384 image.
    public static let maximumPixels = 1 << 28
    /// The longest side taken, in pixels.
    public static let maximumSide = 1_000_000

    /// Pixels of `width` × `height` in `bytes`, `bytesPerRow` apart (nil: `width × 4`, no padding).
    /// Throws a ``Problem`` saying what does not fit: a size that is not positive, rows shorter
    /// than their pixels, or fewer bytes than the rows need.
    public init(
        width: Int, height: Int, bytesPerRow: Int? = nil, order: Order = .rgba, bytes: [UInt8]
    ) throws(Problem) {
        let stride = bytesPerRow ?? width * 4
        try Self.check(width: width, height: height, bytesPerRow: stride, count: bytes.count)
        self.width = width
        self.height = height
        self.bytesPerRow = stride
        self.order = order
        self.bytes = bytes
    }

    /// Pixels copied from `data` (see ``init(width:height:bytesPerRow:order:bytes:)``).
    public init(width: Int, height: Int, bytesPerRow: Int? = nil, order: Order = .rgba, data: Data) throws(Problem) {
        try self.init(width: width, height: height, bytesPerRow: bytesPerRow, order: order, bytes: [UInt8](data))
    }

    /// Pixels copied from a buffer you hold (a framebuffer, a renderer's canvas).
    public init(
        width: Int, height: Int, bytesPerRow: Int? = nil, order: Order = .rgba, copying buffer: UnsafeRawBufferPointer
    ) throws(Problem) {
        try self.init(width: width, height: height, bytesPerRow: bytesPerRow, order: order, bytes: [UInt8](buffer))
    }

    private static func check(width: Int, height: Int, bytesPerRow: Int, count: Int) throws(Problem) {
        guard width > 0, height > 0 else {
            throw Problem(description: "Raw pixels of \(width) × \(height) pixels: both sides must be at least 1.")
        }
        guard width <= maximumSide, height <= maximumSide,
            width.multipliedReportingOverflow(by: height).partialValue
                <= maximumPixels
        else {
            throw Problem(
                description:
                    "Raw pixels of \(width) × \(height) pixels are more than albumreport takes (\(maximumPixels) pixels, \(maximumSide) a side)."
            )
        }
        guard bytesPerRow >= width * 4 else {
            throw Problem(
                description:
                    "Raw pixels of \(width) × \(height): rows of \(bytesPerRow) bytes are shorter than their \(width) pixels of 4 bytes (\(width * 4)). Pass bytesPerRow of at least \(width * 4), or nil when rows are not padded."
            )
        }
        let (rows, overflow) = (height - 1).multipliedReportingOverflow(by: bytesPerRow)
        let needed = overflow ? Int.max : rows.addingReportingOverflow(width * 4).partialValue
        guard !overflow, needed > 0, count >= needed else {
            throw Problem(
                description:
                    "Raw pixels of \(width) × \(height) in rows of \(bytesPerRow) bytes need \(needed) bytes; \(count) were given. Check the width, height, bytesPerRow and that every pixel has 4 bytes (RGBA or BGRA)."
            )
        }
    }

    /// The pixels as a PNG: 8-bit RGBA, zlib level 6 with libpng's adaptive row filters, no
    /// timestamp or other varying chunk, so the same pixels always give the same bytes with the
    /// same libpng and zlib (a golden's comparison reads pixels, never bytes).
    public func pngData() throws -> Data {
        let writer = try PNGRowWriter(width: width, height: height, level: 6, filters: 0)
        let rowsAtOnce = max(1, min(height, (1 << 20) / max(width, 1)))
        var words = [UInt32](repeating: 0, count: rowsAtOnce * width)
        var top = 0
        while top < height {
            let count = min(rowsAtOnce, height - top)
            if words.count != count * width { words = [UInt32](repeating: 0, count: count * width) }
            pack(rows: top..<top + count, into: &words)
            try writer.write(words)
            top += count
        }
        return try writer.finish()
    }

    /// Rows `rows` as ``PixelBuffer`` packs pixels (R in the lowest byte, A in the highest).
    private func pack(rows: Range<Int>, into words: inout [UInt32]) {
        let (width, stride, swapsRedAndBlue) = (width, bytesPerRow, order == .bgra)
        bytes.withUnsafeBufferPointer { source in
            words.withUnsafeMutableBufferPointer { target in
                for (index, y) in rows.enumerated() {
                    let row = y * stride
                    for x in 0..<width {
                        let at = row + 4 * x
                        let (first, second, third, alpha) = (
                            UInt32(source[at]), UInt32(source[at + 1]), UInt32(source[at + 2]), UInt32(source[at + 3])
                        )
                        let (red, blue) = swapsRedAndBlue ? (third, first) : (first, third)
                        target[index * width + x] = red | second << 8 | blue << 16 | alpha << 24
                    }
                }
            }
        }
    }
}

/// Compares `pixels` with its golden, as `assertGolden` compares PNG bytes: the pixels are encoded first (``RawPixels/pngData()``), so the golden is a
/// PNG like any other.
@discardableResult
public func assertGolden(
    _ pixels: RawPixels, named name: String? = nil, options: CompareOptions = CompareOptions(),
    record: RecordMode? = nil, goldens: URL? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    function: StaticString = #function, line: Int = #line, column: Int = #column
) async throws -> GoldenOutcome? {
    try await assertGolden(
        pixels.pngData(), named: name, options: options, record: record, goldens: goldens, fileID: fileID,
        filePath: filePath, function: function, line: line, column: column)
}
