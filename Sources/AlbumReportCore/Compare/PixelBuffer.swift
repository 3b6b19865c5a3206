/// An RGBA image in memory, as a PNG stores it (8 bits a channel, alpha not premultiplied):
/// what the comparison works on, raw and row-major.
///
/// Each pixel is one `UInt32` holding the bytes R, G, B, A from the lowest byte up (the layout
/// of an RGBA byte array read as little-endian 32-bit words), so equal pixels are equal words.
public struct PixelBuffer: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width × height` packed pixels, row by row.
    public var pixels: [UInt32]

    /// Creates a buffer filled with one colour (opaque white by default).
    public init(width: Int, height: Int, fill: RGBA = RGBA(red: 255, green: 255, blue: 255)) {
        self.width = width
        self.height = height
        pixels = [UInt32](repeating: Self.pack(fill), count: max(width, 0) * max(height, 0))
    }

    /// Wraps existing pixels; nil when the count does not match the size.
    public init?(width: Int, height: Int, pixels: [UInt32]) {
        guard width >= 0, height >= 0, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A buffer from RGBA bytes (4 a pixel, row by row); nil when the count does not match.
    public init?(width: Int, height: Int, rgba bytes: UnsafeRawBufferPointer) {
        guard width >= 0, height >= 0, bytes.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            // The packing is the bytes' own order read as little-endian words: one copy there.
            #if _endian(little)
                if let source = bytes.baseAddress, let target = buffer.baseAddress {
                    UnsafeMutableRawPointer(target).copyMemory(from: source, byteCount: bytes.count)
                }
            #else
                for index in 0..<(width * height) {
                    let offset = index * 4
                    buffer[index] =
                        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
                        | UInt32(bytes[offset + 3]) << 24
                }
            #endif
            count = width * height
        }
    }

    /// The packed pixel at (`x`, `y`).
    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// Packs a colour.
    public static func pack(_ color: RGBA) -> UInt32 {
        UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16 | UInt32(color.alpha) << 24
    }

    /// Unpacks a pixel.
    public static func unpack(_ pixel: UInt32) -> RGBA {
        RGBA(
            red: UInt8(pixel & 0xFF), green: UInt8((pixel >> 8) & 0xFF), blue: UInt8((pixel >> 16) & 0xFF),
            alpha: UInt8(pixel >> 24))
    }
}
