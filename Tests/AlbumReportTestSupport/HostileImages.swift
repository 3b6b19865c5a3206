import Foundation

/// A PNG whose header declares `width` × `height` (and nothing decodable after it).
public func pngBomb(width: UInt32, height: UInt32) -> Data {
    var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
    data.append(contentsOf: Array("IHDR".utf8))
    for value in [width, height] { data.append(contentsOf: withUnsafeBytes(of: value.bigEndian, Array.init)) }
    data.append(contentsOf: [8, 2, 0, 0, 0, 0, 0, 0, 0])
    data.append(Data(repeating: 0, count: 64))
    return data
}

/// A JPEG whose start-of-frame declares `width` × `height`, with an end marker.
public func jpegBomb(width: UInt16, height: UInt16) -> Data {
    var data = Data([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08])
    data.append(contentsOf: withUnsafeBytes(of: height.bigEndian, Array.init))
    data.append(contentsOf: withUnsafeBytes(of: width.bigEndian, Array.init))
    data.append(contentsOf: [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01])
    data.append(Data(repeating: 0, count: 32))
    data.append(contentsOf: [0xFF, 0xD9])
    return data
}

/// `png` with one more chunk of `type` right after its IHDR, whose length field claims
/// `claimedLength` bytes while only `body` follows (with a CRC over `body`): a tiny file that
/// declares a huge text or profile chunk. With `claimedLength` equal to `body.count` it is a
/// well-formed chunk.
public func pngWithChunk(_ png: Data, type: String, claimedLength: UInt32, body: Data) -> Data {
    let bytes = [UInt8](png)
    // Signature (8) + IHDR (4 length, 4 type, 13 data, 4 CRC).
    let split = 8 + 25
    var chunk = withUnsafeBytes(of: claimedLength.bigEndian, Array.init)
    let typed = Array(type.utf8.prefix(4)) + [UInt8](body)
    chunk += typed
    chunk += withUnsafeBytes(of: crc32(typed).bigEndian, Array.init)
    return Data(bytes[..<split] + chunk + bytes[split...])
}

/// The CRC-32 PNG chunks carry (ISO 3309), bit by bit.
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}
