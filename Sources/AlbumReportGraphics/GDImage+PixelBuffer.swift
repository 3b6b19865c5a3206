import AlbumReportCore
import CGD
import Foundation

extension GDImage {
    /// The image as opaque packed pixels, alpha composited over white (as a browser shows a PNG).
    public func pixelBuffer() -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height)
        buffer.pixels.withUnsafeMutableBufferPointer { output in
            for y in 0..<height {
                _ = withRow(y) { row in
                    for x in 0..<width {
                        output[y * width + x] = Self.opaquePixel(row[x])
                    }
                }
            }
        }
        return buffer
    }

    /// A new image holding `buffer`'s pixels.
    public convenience init(_ buffer: PixelBuffer) throws(GraphicsError) {
        try self.init(width: buffer.width, height: buffer.height, background: RGBA(red: 255, green: 255, blue: 255))
        buffer.pixels.withUnsafeBufferPointer { input in
            for y in 0..<height {
                _ = withRow(y) { row in
                    for x in 0..<width { row[x] = Int32(bitPattern: input[y * width + x] & 0x00FF_FFFF) }
                }
            }
        }
    }

    /// Copies `source` with its top-left corner at (`x`, `y`), pixel for pixel.
    public func copy(_ source: GDImage, x: Int, y: Int) {
        gdImageCopy(pointer, source.pointer, Int32(x), Int32(y), 0, 0, Int32(source.width), Int32(source.height))
    }

    /// A gd pixel (7-bit alpha, 0 opaque) composited over white and packed `0x00RRGGBB`.
    static func opaquePixel(_ value: Int32) -> UInt32 {
        let bits = UInt32(bitPattern: value)
        let gdAlpha = (bits >> 24) & 0x7F
        if gdAlpha == 0 { return bits & 0x00FF_FFFF }
        let opacity = Double(127 - gdAlpha) / 127
        func channel(_ shift: UInt32) -> UInt32 {
            let value = Double((bits >> shift) & 0xFF)
            return UInt32((value * opacity + 255 * (1 - opacity)).rounded())
        }
        return channel(16) << 16 | channel(8) << 8 | channel(0)
    }
}
