import Foundation

/// Turns feed bytes into UTF-8, reading text that is not valid UTF-8 as Windows-1252
/// (a superset of ISO-8859-1 for printable characters), as the facts feed requires.
public enum TextEncodingRepair {
    /// The result: UTF-8 bytes and the encoding the input was read as.
    public struct Result: Sendable, Equatable {
        /// The body as valid UTF-8, without a byte-order mark.
        public var utf8: Data
        /// `"UTF-8"` or `"Windows-1252"`.
        public var detectedEncoding: String
    }

    /// Returns `data` as UTF-8, transcoding from Windows-1252 when it is not valid UTF-8.
    public static func utf8(from data: Data) -> Result {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if String(validating: bytes, as: UTF8.self) != nil {
            return Result(utf8: Data(bytes), detectedEncoding: "UTF-8")
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: bytes.map(windows1252Scalar(for:)))
        let text = String(scalars)
        return Result(utf8: Data(text.utf8), detectedEncoding: "Windows-1252")
    }

    /// The Unicode scalar for one Windows-1252 byte (ISO-8859-1 except 0x80–0x9F).
    static func windows1252Scalar(for byte: UInt8) -> Unicode.Scalar {
        if let mapped = cp1252High[byte] { return mapped }
        return Unicode.Scalar(byte)
    }

    private static let cp1252High: [UInt8: Unicode.Scalar] = {
        let table: [UInt8: UInt32] = [
            0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020,
            0x87: 0x2021, 0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152,
            0x8E: 0x017D, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022,
            0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC, 0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A,
            0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
        ]
        return table.compactMapValues(Unicode.Scalar.init)
    }()
}
