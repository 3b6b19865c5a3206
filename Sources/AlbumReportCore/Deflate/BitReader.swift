import Foundation

/// Reads a byte buffer as DEFLATE does: bits from the lowest of each byte up.
struct BitReader {
    private let bytes: UnsafeRawBufferPointer
    private let bitCount: Int
    /// The next bit's position.
    var position = 0

    var base: UnsafeRawPointer? { bytes.baseAddress }
    var byteCount: Int { bytes.count }

    /// A reader of the same bytes at `position`.
    static func at(_ position: Int, of reader: BitReader) -> BitReader {
        var moved = reader
        moved.position = position
        return moved
    }

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        bitCount = bytes.count * 8
    }

    /// The next `count` bits (at most 32), not consumed; zeros past the end.
    @inline(__always)
    func peek(_ count: Int) -> UInt32 {
        let byte = position >> 3
        var word: UInt64 = 0
        if byte + 8 <= bytes.count {
            word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: byte, as: UInt64.self))
        } else if byte < bytes.count {
            for offset in 0..<(bytes.count - byte) { word |= UInt64(bytes[byte + offset]) << (8 * offset) }
        }
        return UInt32(truncatingIfNeeded: (word >> UInt64(position & 7)) & ((1 << UInt64(count)) - 1))
    }

    /// Moves past `count` bits; false (not moved) when fewer are left.
    @inline(__always)
    mutating func skip(_ count: Int) -> Bool {
        guard count <= bitCount - position else { return false }
        position += count
        return true
    }

    /// The next `count` bits (at most 32), consumed; nil when fewer are left.
    mutating func take(_ count: Int) -> UInt32? {
        let value = peek(count)
        return skip(count) ? value : nil
    }

    /// Skips a stored block after its 3 header bits: to the byte boundary, its length and the
    /// length's complement, and that many bytes.
    mutating func skipStoredBlock() -> Bool {
        guard skip((8 - position & 7) & 7), let length = take(16), let complement = take(16),
            length == ~complement & 0xFFFF
        else { return false }
        return skip(Int(length) * 8)
    }

    /// Whether every bit from here to the end is zero (a stream's padding).
    func restIsZero() -> Bool {
        let rest = bitCount - position
        return rest < 8 && peek(rest) == 0
    }
}
