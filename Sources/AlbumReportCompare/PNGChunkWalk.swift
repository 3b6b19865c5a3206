import Foundation

/// A PNG file's chunks walked whole, nothing inflated: every length inside the file, every CRC
/// right, `IHDR` first, an `IDAT`, `IEND` last. How a pair of byte-identical files is known to be
/// a whole PNG before it is called a match, at the cost of one CRC pass (a few milliseconds for a
/// phone screen) rather than a decode.
///
/// Why: identical bytes matched without any decoding, so a truncated PNG present byte for byte on
/// both sides passed, and `--update` could record one that then passed every later run.
public enum PNGChunkWalk {
    /// A clause saying why `data` is not a whole PNG stream, or nil when it is.
    public static func problem(in data: Data) -> String? {
        data.withUnsafeBytes { problem(in: $0) }
    }

    private static func problem(in bytes: UnsafeRawBufferPointer) -> String? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, bytes.prefix(8).elementsEqual(signature) else { return "it has no PNG signature" }
        var offset = 8
        var index = 0
        var sawData = false
        while true {
            guard offset + 12 <= bytes.count else {
                return index == 0 ? "it ends after its signature" : "it ends before its IEND chunk (it was cut short)"
            }
            let length = Int(bigEndian(bytes, offset))
            let type = Array(bytes[(offset + 4)..<(offset + 8)])
            let name = String(decoding: type.map { (0x41...0x7A).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            guard length <= Int(Int32.max), length <= bytes.count - offset - 12 else {
                return "its \(name) chunk claims \(length) bytes, more than the file holds (it was cut short)"
            }
            let stored = bigEndian(bytes, offset + 8 + length)
            let computed = crc(UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 8 + length)]))
            guard stored == computed else { return "its \(name) chunk's CRC is wrong (the file is damaged)" }
            if index == 0, name != "IHDR" || length != 13 { return "its first chunk is \(name), not a 13-byte IHDR" }
            if name == "IDAT" { sawData = true }
            if name == "IEND" { return sawData ? nil : "it has no IDAT chunk (no pixels)" }
            offset += 12 + length
            index += 1
        }
    }

    /// The frame count an animated PNG's `acTL` chunk gives (it comes before the first `IDAT`), or
    /// nil for a still image. Only chunk headers are read.
    public static func animationFrames(in data: Data) -> Int? {
        data.withUnsafeBytes { bytes in
            var offset = 8
            while offset + 12 <= bytes.count {
                let length = Int(bigEndian(bytes, offset))
                let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
                if type == "IDAT" || type == "IEND" { return nil }
                if type == "acTL" {
                    return length >= 8 && offset + 12 <= bytes.count - 4 ? Int(bigEndian(bytes, offset + 8)) : 0
                }
                guard length <= bytes.count - offset - 12 else { return nil }
                offset += 12 + length
            }
            return nil
        }
    }

    private static func bigEndian(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// CRC-32 (ISO 3309, as PNG and zlib compute it).
    static func crc(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var value: UInt32 = 0xFFFF_FFFF
        for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        return value ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { value, _ in value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    }
}
