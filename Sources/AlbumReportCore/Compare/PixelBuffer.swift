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
