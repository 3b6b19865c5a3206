/// The format and pixel size of an image, read from its first bytes without decoding it, so
/// that a decompression bomb or a non-image is refused before any memory is spent on it.
public struct ImageHeader: Sendable, Hashable {
    /// Formats the renderer can decode.
    public enum Format: String, Sendable, Hashable, Codable { case png, jpeg, gif, webp }

    public var format: Format
    public var width: Int
    public var height: Int

    /// Creates a header value.
    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Reads the header of `bytes`; nil when it is not a PNG, JPEG, GIF or WebP with a readable size.
    public static func read(_ bytes: some Collection<UInt8>) -> ImageHeader? {
        let data = Array(bytes.prefix(64 * 1024))
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard data.count >= 24, Array(data[12..<16]) == Array("IHDR".utf8) else { return nil }
            return ImageHeader(format: .png, width: Int(bigEndian32(data, 16)), height: Int(bigEndian32(data, 20)))
        }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return jpeg(data) }
        if data.starts(with: Array("GIF87a".utf8)) || data.starts(with: Array("GIF89a".utf8)) {
            guard data.count >= 10 else { return nil }
            return ImageHeader(
                format: .gif, width: Int(data[6]) | Int(data[7]) << 8, height: Int(data[8]) | Int(data[9]) << 8)
        }
        if data.count >= 30, data.starts(with: Array("RIFF".utf8)), Array(data[8..<12]) == Array("WEBP".utf8) {
            return webp(data)
        }
        return nil
    }

    /// The most bytes one ancillary PNG chunk (text, colour profile, private data) may hold:
    /// libpng's own default cap, enforced here too before any decoder sees the file.
    public static let maximumAncillaryChunkBytes = 8_000_000

    /// A phrase saying why the PNG in `bytes` is refused before decoding, or nil: an ancillary
    /// chunk (tEXt, zTXt, iTXt, iCCP, a private one, …) that claims more bytes than the file
    /// holds or than ``maximumAncillaryChunkBytes``. Only the chunk headers are read (walking
    /// from one to the next by their lengths), so a 2 KB file that claims a 2 GiB text chunk
    /// costs nothing. Critical chunks are left to the decoder, which reports them itself.
    public static func pngChunkProblem(_ bytes: some Collection<UInt8>) -> String? {
        let data = Array(bytes)
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        var offset = 8
        while offset + 8 <= data.count {
            let length = Int(bigEndian32(data, offset))
            let type = data[(offset + 4)..<(offset + 8)]
            let name = String(decoding: type.map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            if name == "IEND" { return nil }
            let remaining = data.count - offset - 12
            // Bit 5 of the first letter: lowercase means ancillary (not needed to show the image).
            if type[type.startIndex] & 0x20 != 0 {
                if length > maximumAncillaryChunkBytes {
                    return
                        "its \(name) chunk claims \(length) bytes, more than the \(maximumAncillaryChunkBytes) allowed"
                }
                if length > remaining {
                    return "its \(name) chunk claims \(length) bytes, but only \(max(remaining, 0)) follow"
                }
            }
            guard length <= remaining else { return nil }
            offset += 12 + length
        }
        return nil
    }

    /// The name of an image format the renderer does not draw (BMP, TIFF, HEIC, AVIF, …) that
    /// `bytes` start like, so that such artwork is called unsupported rather than "not an image".
    public static func unsupportedFormat(of bytes: some Collection<UInt8>) -> String? {
        let head = Array(bytes.prefix(64))
        func starts(_ prefix: [UInt8]) -> Bool { head.starts(with: prefix) }
        if starts(Array("BM".utf8)), head.count >= 26 { return "BMP" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if starts([0x00, 0x00, 0x01, 0x00]) || starts([0x00, 0x00, 0x02, 0x00]) { return "ICO" }
        if starts([0xFF, 0x0A]) || starts([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return "JPEG XL" }
        if starts(Array("8BPS".utf8)) { return "Photoshop" }
        if starts(Array("%PDF".utf8)) { return "PDF" }
        if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            if ["avif", "avis"].contains(brand) { return "AVIF" }
            if ["heic", "heix", "hevc", "mif1", "msf1"].contains(brand) { return "HEIC" }
        }
        let text = String(decoding: head, as: UTF8.self).lowercased()
        if text.contains("<svg") { return "SVG" }
        return nil
    }

    /// Whether a JPEG's last marker is End Of Image (a cut-off download is not).
    public static func jpegIsComplete(_ bytes: some BidirectionalCollection<UInt8>) -> Bool {
        let tail = Array(bytes.suffix(64).reversed().drop(while: { $0 == 0x00 || $0 == 0x0A || $0 == 0x0D }))
        return tail.count >= 2 && tail[0] == 0xD9 && tail[1] == 0xFF
    }

    private static func jpeg(_ data: [UInt8]) -> ImageHeader? {
        var index = 2
        while index + 9 < data.count {
            guard data[index] == 0xFF else { return nil }
            let marker = data[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                index += 2
                continue
            }
            let length = Int(data[index + 2]) << 8 | Int(data[index + 3])
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isStartOfFrame {
                let height = Int(data[index + 5]) << 8 | Int(data[index + 6])
                let width = Int(data[index + 7]) << 8 | Int(data[index + 8])
                return ImageHeader(format: .jpeg, width: width, height: height)
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    private static func webp(_ data: [UInt8]) -> ImageHeader? {
        let chunk = String(decoding: data[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            guard data[23] == 0x9D, data[24] == 0x01, data[25] == 0x2A else { return nil }
            let width = (Int(data[26]) | Int(data[27]) << 8) & 0x3FFF
            let height = (Int(data[28]) | Int(data[29]) << 8) & 0x3FFF
            return ImageHeader(format: .webp, width: width, height: height)
        case "VP8L":
            guard data[20] == 0x2F else { return nil }
            let bits = UInt32(data[21]) | UInt32(data[22]) << 8 | UInt32(data[23]) << 16 | UInt32(data[24]) << 24
            return ImageHeader(format: .webp, width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            let width = (Int(data[24]) | Int(data[25]) << 8 | Int(data[26]) << 16) + 1
            let height = (Int(data[27]) | Int(data[28]) << 8 | Int(data[29]) << 16) + 1
            return ImageHeader(format: .webp, width: width, height: height)
        default:
            return nil
        }
    }

    private static func bigEndian32(_ data: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(data[offset]) << 24 | UInt32(data[offset + 1]) << 16 | UInt32(data[offset + 2]) << 8
            | UInt32(data[offset + 3])
    }
}
