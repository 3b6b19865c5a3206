/// An opaque RGB image in memory: what the comparison works on, raw and row-major.
///
/// Pixels are packed `0x00RRGGBB` in a `UInt32` each; alpha has already been composited over
/// white by whoever decoded the image, so two images that look the same compare equal.
public struct PixelBuffer: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width × height` packed pixels, row by row.
    public var pixels: [UInt32]

    /// Creates a buffer filled with one colour.
    public init(width: Int, height: Int, fill: UInt32 = 0xFF_FFFF) {
        self.width = width
        self.height = height
        pixels = [UInt32](repeating: fill, count: max(width, 0) * max(height, 0))
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

    /// Packs a colour (alpha composited over white).
    public static func pack(_ color: RGBA) -> UInt32 {
        let white = RGBA(red: 255, green: 255, blue: 255)
        let opaque = color.alpha == 255 ? color : color.over(white)
        return UInt32(opaque.red) << 16 | UInt32(opaque.green) << 8 | UInt32(opaque.blue)
    }

    /// Unpacks a pixel.
    public static func unpack(_ pixel: UInt32) -> RGBA {
        RGBA(red: UInt8((pixel >> 16) & 0xFF), green: UInt8((pixel >> 8) & 0xFF), blue: UInt8(pixel & 0xFF))
    }
}
