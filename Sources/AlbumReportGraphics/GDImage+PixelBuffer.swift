import AlbumReportCore
import CGD
import Foundation

extension GDImage {
    /// The image as RGBA pixels (gd's 7-bit alpha widened to 8 bits).
    public func pixelBuffer() -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height)
        buffer.pixels.withUnsafeMutableBufferPointer { output in
            for y in 0..<height {
                _ = withRow(y) { row in
                    for x in 0..<width { output[y * width + x] = PixelBuffer.pack(Self.rgba(fromGD: row[x])) }
                }
            }
        }
        return buffer
    }

    /// A new opaque image showing `buffer` (transparency composited over white, as a browser
    /// shows a PNG on a white page).
    public convenience init(_ buffer: PixelBuffer) throws(GraphicsError) {
        try self.init(width: buffer.width, height: buffer.height, background: RGBA(red: 255, green: 255, blue: 255))
        let white = RGBA(red: 255, green: 255, blue: 255)
        buffer.pixels.withUnsafeBufferPointer { input in
            for y in 0..<height {
                _ = withRow(y) { row in
                    for x in 0..<width {
                        let color = PixelBuffer.unpack(input[y * width + x])
                        let opaque = color.alpha == 255 ? color : color.over(white)
                        row[x] = Int32(opaque.red) << 16 | Int32(opaque.green) << 8 | Int32(opaque.blue)
                    }
                }
            }
        }
    }

    /// Copies `source` with its top-left corner at (`x`, `y`), pixel for pixel.
    public func copy(_ source: GDImage, x: Int, y: Int) {
        gdImageCopy(pointer, source.pointer, Int32(x), Int32(y), 0, 0, Int32(source.width), Int32(source.height))
    }
}
