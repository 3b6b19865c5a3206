import AlbumReportCore
import CGD
import Foundation

/// The one owner of a libgd truecolor image: created by a throwing initialiser, destroyed in
/// `deinit`, never lets its pointer escape. Not `Sendable`: an image lives inside one task.
public final class GDImage {
    let pointer: gdImagePtr
    /// Whether this wrapper made the image's rows (``init(width:height:background:)``), a chunk of
    /// rows at a time; false for an image libgd made (decoded).
    private let chunked: Bool

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// Where this image's top row sits in a taller picture drawn strip by strip: every drawing
    /// call takes picture coordinates and draws the part that falls inside this strip.
    public var originY = 0

    /// The largest edge this wrapper will allocate.
    public static let maximumEdge = 100_000

    /// A new opaque truecolor image filled with `background`.
    public init(width: Int, height: Int, background: RGBA) throws(GraphicsError) {
        guard (1...Self.maximumEdge).contains(width), (1...Self.maximumEdge).contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        GraphicsRuntime.prepare()
        guard let created = ar_gd_create_chunked(Int32(width), Int32(height)) else {
            throw .allocationFailed(width: width, height: height)
        }
        pointer = created
        chunked = true
        self.width = width
        self.height = height
        gdImageSaveAlpha(pointer, 0)
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        // The rows start as whatever malloc held: a translucent background is blended over opaque
        // black, as over libgd's cleared rows before.
        if background.alpha != 255 { fill(whole, color: RGBA(red: 0, green: 0, blue: 0)) }
        fill(whole, color: background)
    }

    /// Decodes PNG, JPEG, GIF or WebP data; the format is taken from the bytes, never a name.
    public init(decoding data: Data) throws(GraphicsError) {
        GraphicsRuntime.prepare()
        guard let header = ImageHeader.read(data) else { throw .notAnImage }
        // libgd's PNG reader takes no limits of ours: a chunk claiming gigabytes is refused here,
        // from the chunk headers, before libgd or libpng allocate anything for it.
        if header.format == .png, let problem = ImageHeader.pngChunkProblem(data) {
            throw .damagedChunk(problem)
        }
        let decoded: gdImagePtr? = data.withUnsafeBytes { buffer -> gdImagePtr? in
            guard let base = buffer.baseAddress, buffer.count <= Int(Int32.max) else { return nil }
            let bytes = UnsafeMutableRawPointer(mutating: base)
            let count = Int32(buffer.count)
            switch header.format {
            case .png: return gdImageCreateFromPngPtr(count, bytes)
            case .jpeg: return gdImageCreateFromJpegPtr(count, bytes)
            case .gif: return gdImageCreateFromGifPtr(count, bytes)
            case .webp: return gdImageCreateFromWebpPtr(count, bytes)
            }
        }
        guard let decoded else { throw .decodingFailed(header.format.rawValue.uppercased()) }
        // Every pixel accessor reads truecolor rows: a palette image that cannot be converted
        // (out of memory) is an error, never a NULL row read later.
        if ar_gd_is_truecolor(decoded) == 0, gdImagePaletteToTrueColor(decoded) == 0 || ar_gd_is_truecolor(decoded) == 0
        {
            let size = (width: Int(ar_gd_width(decoded)), height: Int(ar_gd_height(decoded)))
            gdImageDestroy(decoded)
            throw .allocationFailed(width: size.width, height: size.height)
        }
        pointer = decoded
        chunked = false
        width = Int(ar_gd_width(decoded))
        height = Int(ar_gd_height(decoded))
    }

    deinit {
        if chunked {
            ar_gd_destroy_chunked(pointer)
        } else {
            gdImageDestroy(pointer)
        }
    }

    // MARK: - Encoding

    /// PNG bytes at zlib `compressionLevel` (0–9). gd writes no timestamps, so the bytes depend
    /// only on the pixels.
    public func pngData(compressionLevel: Int = 6) throws(GraphicsError) -> Data {
        try encoded(format: "PNG") { gdImagePngPtrEx(pointer, &$0, Int32(compressionLevel)) }
    }

    /// JPEG bytes at `quality` (0–100).
    public func jpegData(quality: Int = 85) throws(GraphicsError) -> Data {
        try encoded(format: "JPEG") { gdImageJpegPtr(pointer, &$0, Int32(quality)) }
    }

    private func encoded(
        format: String, _ encode: (inout Int32) -> UnsafeMutableRawPointer?
    ) throws(GraphicsError) -> Data {
        var size: Int32 = 0
        guard let bytes = encode(&size), size > 0 else { throw .encodingFailed(format) }
        defer { gdFree(bytes) }
        return Data(bytes: bytes, count: Int(size))
    }

    // MARK: - Pixels

    /// The colour at (`x`, `y`), alpha 255 for opaque.
    public func pixel(x: Int, y: Int) -> RGBA {
        guard x >= 0, y >= 0, x < width, y < height else { return RGBA(red: 0, green: 0, blue: 0, alpha: 0) }
        return Self.rgba(fromGD: gdImageGetTrueColorPixel(pointer, Int32(x), Int32(y)))
    }

    /// Calls `body` with each row's pixels as packed gd truecolor values (`0xAARRGGBB`, gd alpha
    /// 0 = opaque … 127 = transparent). The buffer is valid only during the call.
    public func withRow<T>(_ y: Int, _ body: (UnsafeMutableBufferPointer<Int32>) throws -> T) rethrows -> T? {
        guard y >= 0, y < height, let row = ar_gd_truecolor_row(pointer, Int32(y)) else { return nil }
        return try body(UnsafeMutableBufferPointer(start: row, count: width))
    }

    /// Whether row `y` holds exactly the pixels of row `y − 1` (false for the first row).
    public func rowRepeatsRowAbove(_ y: Int) -> Bool {
        guard y > 0, y < height, let row = ar_gd_truecolor_row(pointer, Int32(y)),
            let above = ar_gd_truecolor_row(pointer, Int32(y - 1))
        else { return false }
        return memcmp(row, above, width * MemoryLayout<Int32>.size) == 0
    }

    /// Calls `body` with libgd's pointer to this image, for a libgd call this wrapper does not
    /// make itself (the benchmark's baseline text drawing). The pointer is valid only during the
    /// call and must not be kept, freed or resized.
    public func withGDPointer<T>(_ body: (gdImagePtr) throws -> T) rethrows -> T {
        try body(pointer)
    }

    /// `color` as a gd truecolor value (gd alpha: 0 opaque … 127 transparent).
    public static func gdColor(_ color: RGBA) -> Int32 {
        ar_gd_truecolor_alpha(
            Int32(color.red), Int32(color.green), Int32(color.blue), Int32(127 - Int(color.alpha) / 2))
    }

    static func rgba(fromGD value: Int32) -> RGBA {
        let gdAlpha = Int((value >> 24) & 0x7F)
        return RGBA(
            red: UInt8((value >> 16) & 0xFF), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF),
            alpha: UInt8(gdAlpha == 0 ? 255 : (127 - gdAlpha) * 2))
    }
}
