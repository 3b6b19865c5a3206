/// Walks the blocks of a raw DEFLATE stream (RFC 1951) without inflating it, to say where its
/// last block starts and where its bits end.
///
/// Why: libdeflate compresses whole buffers only, and a PNG's rows are compressed a piece at a
/// time (the tall sheet's parts; the spans between runs of blank rows). Pieces join into one
/// stream (``DeflateJoin``) when every piece but the last has its final-block bit cleared and the
/// next starts at the bit where it ends, and both places are bit positions only a walk of the
/// blocks can tell. Matches are not copied and no output is made, so a walk costs a small share
/// of the compression it follows.
///
/// Anything that does not parse (a truncated stream, an over-full code table, bits after the final
/// block) gives nil, never a trap; every step consumes input, so a walk always ends.
public enum DeflateBlocks {
    /// Bit positions in a stream (bit 0 is the lowest bit of its first byte).
    public struct Extent: Equatable, Sendable {
        /// Where the final block's header starts: its first bit is the final-block flag.
        public var lastBlockStart: Int
        /// The first bit after the final block's end-of-block code.
        public var end: Int
        /// Whether any block is stored: its bytes sit on byte boundaries, so the stream cannot be
        /// moved by a number of bits that is not a multiple of 8.
        public var hasStoredBlock = false
    }

    /// Where `stream`'s last block starts and its bits end; nil unless `stream` is exactly one raw
    /// DEFLATE stream whose blocks parse (headers, code tables, symbols and their extra bits) with
    /// only zero padding after its final block. What a walk does not check, as an inflater would:
    /// that no match reaches back before the stream's start, and that no code table is incomplete.
    public static func extent(of stream: UnsafeRawBufferPointer) -> Extent? {
        var reader = BitReader(stream)
        var hasStoredBlock = false
        while true {
            let start = reader.position
            guard let final = reader.take(1), let type = reader.take(2) else { return nil }
            switch type {
            case 0:
                guard reader.skipStoredBlock() else { return nil }
                hasStoredBlock = true
            case 1:
                guard let literals = fixedLiterals, let distances = fixedDistances,
                    walkSymbols(&reader, literals: literals, distances: distances)
                else { return nil }
            case 2:
                guard let (literals, distances) = dynamicTables(&reader),
                    walkSymbols(&reader, literals: literals, distances: distances)
                else { return nil }
            default:
                return nil
            }
            if final == 1 {
                let end = reader.position
                guard (end + 7) / 8 == stream.count, reader.restIsZero() else { return nil }
                return Extent(lastBlockStart: start, end: end, hasStoredBlock: hasStoredBlock)
            }
        }
    }

    // MARK: - Blocks

    /// Length codes 257–285: extra bits.
    fileprivate static let lengthExtra: [UInt8] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// Distance codes 0–29: extra bits.
    fileprivate static let distanceExtra: [UInt8] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// The order in which a dynamic block lists its code-length code's lengths.
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private static let fixedLiterals = WalkTable(
        lengths: [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112)
            + [UInt8](repeating: 7, count: 24) + [UInt8](repeating: 8, count: 8), alphabet: .literals)
    private static let fixedDistances = WalkTable(lengths: [UInt8](repeating: 5, count: 32), alphabet: .distances)

    /// Reads past one block's literals and matches up to and including its end-of-block code.
    private static func walkSymbols(
        _ reader: inout BitReader, literals: WalkTable, distances: WalkTable
    ) -> Bool {
        // Most of a block: 64 bits loaded at once hold a literal or a whole match (at most 48
        // bits), looked up with no bounds to check while 8 bytes are left.
        switch literals.walkFast(&reader, distances: distances) {
        case .end: return true
        case .invalid: return false
        case .nearEnd: break
        }
        while true {
            // Each entry says what the symbol is and how many bits it takes with its extra bits.
            let entry = literals.entry(reader)
            guard reader.skip(WalkTable.width(entry)) else { return false }
            switch WalkTable.kind(entry) {
            case WalkTable.literal:
                continue
            case WalkTable.match:
                let distance = distances.entry(reader)
                guard WalkTable.kind(distance) == WalkTable.literal, reader.skip(WalkTable.width(distance)) else {
                    return false
                }
            case WalkTable.end:
                return true
            default:
                return false
            }
        }
    }

    /// A dynamic block's literal/length and distance codes, read from its header.
    private static func dynamicTables(_ reader: inout BitReader) -> (WalkTable, WalkTable)? {
        guard let literalBits = reader.take(5), let distanceBits = reader.take(5),
            let codeLengthBits = reader.take(4)
        else { return nil }
        let literalCount = Int(literalBits) + 257
        let distanceCount = Int(distanceBits) + 1
        guard literalCount <= 286, distanceCount <= 30 else { return nil }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<(Int(codeLengthBits) + 4) {
            guard let length = reader.take(3) else { return nil }
            codeLengthLengths[codeLengthOrder[index]] = UInt8(length)
        }
        guard let codeLengths = HuffmanTable(lengths: codeLengthLengths) else { return nil }
        let total = literalCount + distanceCount
        var lengths = [UInt8]()
        lengths.reserveCapacity(total + 138)
        while lengths.count < total {
            guard let symbol = codeLengths.decode(&reader) else { return nil }
            switch symbol {
            case 0...15:
                lengths.append(UInt8(symbol))
            case 16:
                guard let previous = lengths.last, let repeats = reader.take(2) else { return nil }
                lengths.append(contentsOf: repeatElement(previous, count: 3 + Int(repeats)))
            case 17:
                guard let repeats = reader.take(3) else { return nil }
                lengths.append(contentsOf: repeatElement(0, count: 3 + Int(repeats)))
            case 18:
                guard let repeats = reader.take(7) else { return nil }
                lengths.append(contentsOf: repeatElement(0, count: 11 + Int(repeats)))
            default:
                return nil
            }
        }
        // A repeat may not run past the distance codes, and a block must be able to end.
        guard lengths.count == total, lengths[256] != 0,
            let literals = WalkTable(lengths: lengths[0..<literalCount], alphabet: .literals),
            let distances = WalkTable(lengths: lengths[literalCount...], alphabet: .distances)
        else { return nil }
        return (literals, distances)
    }
}

/// A canonical Huffman code as one lookup table indexed by the next bits of the stream.
private struct HuffmanTable {
    /// For every value of the next ``bits`` bits: the symbol << 4 | its code's length (0: no code).
    private let entries: [UInt16]
    /// The longest code's length (0: the code has no symbols, and decoding fails).
    private let bits: Int

    /// The code whose lengths, by symbol, are `lengths` (0: unused); nil when they over-fill it.
    /// Incomplete codes are allowed: a bit pattern no code starts with fails when decoded.
    init?(lengths: some Collection<UInt8>) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths {
            guard length <= 15 else { return nil }
            counts[Int(length)] += 1
        }
        counts[0] = 0
        let longest = counts.lastIndex { $0 > 0 } ?? 0
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1..<16 {
            code = (code + counts[length - 1]) << 1
            next[length] = code
        }
        var entries = [UInt16](repeating: 0, count: 1 << longest)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let length = Int(length)
            let code = next[length]
            next[length] += 1
            guard code < 1 << length else { return nil }
            // Codes are sent from their top bit down, into a stream read from the lowest bit up.
            var reversed = 0
            for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
            var index = reversed
            while index < entries.count {
                entries[index] = UInt16(truncatingIfNeeded: symbol << 4 | length)
                index += 1 << length
            }
        }
        self.entries = entries
        bits = longest
    }

    /// The next symbol, its code consumed; nil when no code matches or the stream ends first.
    @inline(__always)
    func decode(_ reader: inout BitReader) -> Int? {
        guard bits > 0 else { return nil }
        let entry = entries[Int(reader.peek(bits))]
        let length = Int(entry & 15)
        guard length > 0, reader.skip(length) else { return nil }
        return Int(entry >> 4)
    }
}

/// A literal/length or distance code, for walking past symbols rather than decoding them: what
/// each code is (a literal, a match, the end of the block, or invalid) and how many bits it takes
/// with its extra bits, looked up from the next ``primaryBits`` bits; longer codes, which are
/// rare, are found bit by bit. A small table is quick to build for every block and stays in cache.
private struct WalkTable {
    enum Alphabet { case literals, distances }

    /// An entry: the bits a symbol takes with its extra bits (low 5 bits) and its kind (the next 2).
    /// For distances, every valid code is a `literal` (nothing follows it).
    static let invalid: UInt16 = 0
    static let literal: UInt16 = 1
    static let match: UInt16 = 2
    static let end: UInt16 = 3
    /// A primary entry whose code is longer than the table: look further, bit by bit.
    fileprivate static let longer: UInt16 = 0x80

    /// The longest code the table looks up at once.
    private static let primaryBits = 10

    fileprivate let entries: [UInt16]
    private let bits: Int
    /// How many codes there are of each length, and each code's entry (its length excluded) in
    /// canonical order: for codes longer than the table.
    private let counts: [Int]
    private let ordered: [UInt16]

    @inline(__always) static func kind(_ entry: UInt16) -> UInt16 { entry >> 5 & 3 }
    @inline(__always) static func width(_ entry: UInt16) -> Int { Int(entry & 31) }

    /// The code whose lengths, by symbol, are `lengths` (0: unused); nil when they over-fill it.
    /// Incomplete codes are allowed: a bit pattern no code starts with walks as invalid.
    init?(lengths: some Collection<UInt8>, alphabet: Alphabet) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths {
            guard length <= 15 else { return nil }
            counts[Int(length)] += 1
        }
        counts[0] = 0
        var next = [Int](repeating: 0, count: 16)
        var offsets = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1..<16 {
            code = (code + counts[length - 1]) << 1
            next[length] = code
            offsets[length] = offsets[length - 1] + counts[length - 1]
        }
        let firstCode = next
        let longest = counts.lastIndex { $0 > 0 } ?? 0
        let bits = min(max(longest, 1), Self.primaryBits)
        var entries = [UInt16](repeating: longest > bits ? Self.longer : Self.invalid, count: 1 << bits)
        var ordered = [UInt16](repeating: Self.invalid, count: offsets[15] + counts[15])
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let length = Int(length)
            let code = next[length]
            next[length] += 1
            guard code < 1 << length else { return nil }
            let meaning = Self.meaning(of: symbol, in: alphabet)
            ordered[offsets[length] + code - firstCode[length]] = meaning
            guard length <= bits else { continue }
            let entry = meaning == Self.invalid ? Self.invalid : meaning + UInt16(length)
            // Codes are sent from their top bit down, into a stream read from the lowest bit up.
            var reversed = 0
            for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
            var index = reversed
            while index < entries.count {
                entries[index] = entry
                index += 1 << length
            }
        }
        self.entries = entries
        self.bits = bits
        self.counts = counts
        self.ordered = ordered
    }

    /// A symbol's kind and extra bits, as an entry without its code's length.
    private static func meaning(of symbol: Int, in alphabet: Alphabet) -> UInt16 {
        switch alphabet {
        case .literals:
            if symbol < 256 { return literal << 5 }
            if symbol == 256 { return end << 5 }
            let length = symbol - 257
            guard length < DeflateBlocks.lengthExtra.count else { return invalid }
            return match << 5 | UInt16(DeflateBlocks.lengthExtra[length])
        case .distances:
            guard symbol < DeflateBlocks.distanceExtra.count else { return invalid }
            return literal << 5 | UInt16(DeflateBlocks.distanceExtra[symbol])
        }
    }

    enum FastWalk { case end, invalid, nearEnd }

    /// Walks symbols from the reader's position while at least 8 bytes are left (this table being
    /// the literal/length code), up to and including the end-of-block code; `.nearEnd` leaves the
    /// reader where the byte-by-byte walk takes over.
    func walkFast(_ reader: inout BitReader, distances: WalkTable) -> FastWalk {
        guard let base = reader.base else { return .nearEnd }
        let lastLoad = reader.byteCount - 8
        var position = reader.position
        defer { reader.position = position }
        return entries.withUnsafeBufferPointer { literalEntries in
            distances.entries.withUnsafeBufferPointer { distanceEntries in
                let literalMask = UInt64(literalEntries.count - 1)
                let distanceMask = UInt64(distanceEntries.count - 1)
                while position >> 3 <= lastLoad {
                    let word =
                        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position >> 3, as: UInt64.self))
                        >> UInt64(position & 7)
                    var entry = literalEntries[Int(word & literalMask)]
                    if entry == Self.longer {
                        entry = longEntry(BitReader.at(position, of: reader))
                    }
                    let kind = Self.kind(entry)
                    if kind == Self.literal {
                        position &+= Self.width(entry)
                        continue
                    }
                    if kind != Self.match {
                        if kind == Self.end { position &+= Self.width(entry) }
                        return kind == Self.end ? .end : .invalid
                    }
                    let consumed = Self.width(entry)
                    var distance = distanceEntries[Int(word >> UInt64(consumed) & distanceMask)]
                    if distance == Self.longer {
                        distance = distances.longEntry(BitReader.at(position + consumed, of: reader))
                    }
                    guard Self.kind(distance) == Self.literal else { return .invalid }
                    position &+= consumed &+ Self.width(distance)
                }
                return .nearEnd
            }
        }
    }

    /// The entry for the code at the reader's position (invalid when none matches).
    @inline(__always)
    func entry(_ reader: BitReader) -> UInt16 {
        let entry = entries[Int(reader.peek(bits))]
        return entry == Self.longer ? longEntry(reader) : entry
    }

    /// A code longer than the table, read a bit at a time (canonical codes of one length are
    /// consecutive numbers, the first after the shorter lengths' last).
    func longEntry(_ reader: BitReader) -> UInt16 {
        let next = reader.peek(15)
        var code = 0
        var first = 0
        var index = 0
        for length in 1..<16 {
            code |= Int(next >> UInt32(length - 1) & 1)
            let count = counts[length]
            if code - first < count {
                let meaning = ordered[index + code - first]
                return meaning == Self.invalid ? Self.invalid : meaning + UInt16(length)
            }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        return Self.invalid
    }
}
