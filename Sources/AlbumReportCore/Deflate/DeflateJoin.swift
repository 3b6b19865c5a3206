/// One raw DEFLATE stream (RFC 1951) put together bit by bit from pieces: whole streams another
/// compressor made, joined where their bits end, and blocks of repeated PNG rows written here.
///
/// Why: a card at @3x is 40 % blank rows, each the row above again (Up-filtered, a filter byte
/// and zeros). libdeflate spends as long searching those zeros for matches as it spends on the
/// artwork, and it finds what is known before it looks: each such row is two literals and a
/// string of the longest matches one byte back. So runs of them are written here directly, and
/// the rows between runs go to libdeflate; its streams are joined at the bit where they end (found
/// by ``DeflateBlocks``) with their final-block flag cleared, so no padding block is needed.
public struct DeflateJoin: Sendable {
    private var bytes: [UInt8] = []
    /// Bytes already handed on by ``drain(_:)``.
    private var drained = 0
    /// Bits written but not yet whole bytes, lowest first.
    private var accumulator: UInt64 = 0
    private var pending = 0
    private var finished = false

    /// A stream expected to reach about `capacity` bytes.
    public init(capacity: Int = 0) {
        bytes.reserveCapacity(max(capacity, 0))
    }

    /// How many bits have been written.
    public var bitCount: Int { (drained + bytes.count) * 8 + pending }

    /// Hands `body` the whole bytes written so far and forgets them (for a stream written out as
    /// it is made); the bits of a byte not yet whole stay.
    public mutating func drain(_ body: (UnsafeRawBufferPointer) -> Void) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes(body)
        drained += bytes.count
        bytes.removeAll(keepingCapacity: true)
    }

    /// Adds every block of `stream`, one complete raw DEFLATE stream, as blocks of this one (its
    /// final-block flag cleared). False, with nothing added, when `stream`'s blocks do not parse.
    public mutating func append(stream: UnsafeRawBufferPointer) -> Bool {
        guard let extent = DeflateBlocks.extent(of: stream) else { return false }
        return append(stream: stream, extent: extent)
    }

    /// Adds every block of `stream` as ``append(stream:)`` does, with its extent already known
    /// (``DeflateBlocks/extent(of:)`` of these very bytes: a stream joined before).
    public mutating func append(stream: UnsafeRawBufferPointer, extent: DeflateBlocks.Extent) -> Bool {
        guard !finished, extent.end > extent.lastBlockStart, (extent.end + 7) >> 3 <= stream.count else {
            return false
        }
        if extent.hasStoredBlock, pending > 0 {
            // Stored bytes must stay on byte boundaries: an empty stored block gets there first.
            write(0, count: 3)
            if pending > 0 { write(0, count: 8 - pending) }
            write(0xFFFF_0000, count: 32)
        }
        let start = bitCount
        let whole = extent.end >> 3
        let spare = extent.end & 7
        if pending == 0 {
            bytes.append(
                contentsOf: UnsafeRawBufferPointer(rebasing: stream[0..<whole]).assumingMemoryBound(to: UInt8.self))
        } else {
            // Shifted into place four bytes at a time.
            var index = 0
            while index + 4 <= whole {
                write(UInt32(littleEndian: stream.loadUnaligned(fromByteOffset: index, as: UInt32.self)), count: 32)
                index += 4
            }
            while index < whole {
                write(UInt32(stream[index]), count: 8)
                index += 1
            }
        }
        if spare > 0 { write(UInt32(stream[whole]), count: spare) }
        clearBit(at: start + extent.lastBlockStart)
        return true
    }

    /// Adds `count` PNG rows of `rowLength` bytes (the filter byte included), each the filter
    /// byte 2 (Up) and zeros, what a row equal to the row above filters to: one dynamic Huffman
    /// block, about 5 bytes a row at @3x widths, independent of what came before.
    public mutating func appendRepeatedRows(count: Int, rowLength: Int) {
        guard !finished, count > 0, rowLength > 0 else { return }
        let row = Self.rowSymbols(rowLength: rowLength)
        var frequencies = [Int](repeating: 0, count: 286)
        for symbol in row { frequencies[symbol.code] += count }
        frequencies[256] += 1
        let literalLengths = Self.codeLengths(frequencies, limit: 15)
        let literalCodes = Self.canonicalCodes(literalLengths)
        // One distance code, 0 (a distance of 1), of one bit: the one incomplete code DEFLATE allows.
        let distanceLengths: [UInt8] = [1]

        // The header: not final, dynamic Huffman codes.
        write(0, count: 1)
        write(2, count: 2)
        let literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 256) + 1)
        let lengths = Array(literalLengths[0..<literalCount]) + distanceLengths
        let encoded = Self.runLengths(lengths)
        var codeFrequencies = [Int](repeating: 0, count: 19)
        for item in encoded { codeFrequencies[Int(item.symbol)] += 1 }
        let codeLengthLengths = Self.codeLengths(codeFrequencies, limit: 7)
        let codeLengthCodes = Self.canonicalCodes(codeLengthLengths)
        var listed = Self.codeLengthOrder.count
        while listed > 4, codeLengthLengths[Self.codeLengthOrder[listed - 1]] == 0 { listed -= 1 }
        write(UInt32(literalCount - 257), count: 5)
        write(UInt32(distanceLengths.count - 1), count: 5)
        write(UInt32(listed - 4), count: 4)
        for symbol in Self.codeLengthOrder.prefix(listed) { write(UInt32(codeLengthLengths[symbol]), count: 3) }
        for item in encoded {
            let symbol = Int(item.symbol)
            write(codeLengthCodes[symbol], count: Int(codeLengthLengths[symbol]))
            if item.extraBits > 0 { write(UInt32(item.extra), count: Int(item.extraBits)) }
        }

        // The rows: the same symbols, `count` times, then the end of the block.
        let distanceCode: (bits: UInt32, count: Int) = (0, 1)
        for _ in 0..<count {
            for symbol in row {
                write(literalCodes[symbol.code], count: Int(literalLengths[symbol.code]))
                if symbol.extraBits > 0 { write(UInt32(symbol.extra), count: Int(symbol.extraBits)) }
                if symbol.code > 256 { write(distanceCode.bits, count: distanceCode.count) }
            }
        }
        write(literalCodes[256], count: Int(literalLengths[256]))
    }

    /// Ends the stream with an empty final block and returns its bytes (those not drained).
    public mutating func finish() -> [UInt8] {
        if !finished {
            // Final, fixed Huffman codes, and the end of block (seven zero bits in those codes).
            write(1, count: 1)
            write(1, count: 2)
            write(0, count: 7)
            if pending > 0 { write(0, count: 8 - pending) }
            finished = true
        }
        return bytes
    }

    // MARK: - Bits

    /// Writes the low `count` (0–32) bits of `value`, lowest first.
    private mutating func write(_ value: UInt32, count: Int) {
        accumulator |= UInt64(value & UInt32(truncatingIfNeeded: (UInt64(1) << count) - 1)) << pending
        pending += count
        while pending >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: accumulator))
            accumulator >>= 8
            pending -= 8
        }
    }

    /// Clears one bit written and not yet drained (`position` counted from the stream's first bit).
    private mutating func clearBit(at position: Int) {
        let flushed = (drained + bytes.count) * 8
        if position < flushed {
            bytes[(position >> 3) - drained] &= ~(UInt8(1) << UInt8(position & 7))
        } else {
            accumulator &= ~(UInt64(1) << UInt64(position - flushed))
        }
    }

    // MARK: - A repeated row's symbols

    /// A literal/length symbol with its extra bits (lengths are all followed by distance 1).
    struct Symbol: Equatable {
        var code: Int
        var extra: Int = 0
        var extraBits: Int = 0
    }

    /// Length codes 257–285: the shortest length each stands for, and its extra bits.
    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtraBits = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// The order in which a dynamic block lists its code-length code's lengths.
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// A row of the filter byte 2 and `rowLength − 1` zeros: the literal 2, a literal 0, then
    /// matches one byte back (of 258, the longest, and one or two shorter ones for the rest).
    static func rowSymbols(rowLength: Int) -> [Symbol] {
        var symbols = [Symbol(code: 2)]
        guard rowLength > 1 else { return symbols }
        symbols.append(Symbol(code: 0))
        var zeros = rowLength - 2
        if zeros < 3 {
            symbols += [Symbol](repeating: Symbol(code: 0), count: zeros)
            return symbols
        }
        var lengths = [Int](repeating: 258, count: zeros / 258)
        zeros %= 258
        if zeros >= 3 {
            lengths.append(zeros)
        } else if zeros > 0 {
            // 258 + 1 or 258 + 2 as two matches of at least 3.
            lengths[lengths.count - 1] = 256
            lengths.append(2 + zeros)
        }
        for length in lengths { symbols.append(lengthSymbol(length)) }
        return symbols
    }

    /// The symbol for a match of `length` (3–258).
    static func lengthSymbol(_ length: Int) -> Symbol {
        var index = lengthBase.count - 1
        while lengthBase[index] > length { index -= 1 }
        return Symbol(code: 257 + index, extra: length - lengthBase[index], extraBits: lengthExtraBits[index])
    }

    // MARK: - Huffman codes

    /// Code lengths for symbols of `frequencies` (0 for unused ones): Huffman's, which stay within
    /// `limit` for the few symbols these blocks use (n symbols need at most n − 1 bits). A lone
    /// symbol gets a partner, as a complete code needs two.
    package static func codeLengths(_ frequencies: [Int], limit: Int) -> [UInt8] {
        var used = frequencies.indices.filter { frequencies[$0] > 0 }
        if used.count == 1 { used.append(used[0] == 0 ? 1 : 0) }
        var lengths = [UInt8](repeating: 0, count: max(frequencies.count, used.max().map { $0 + 1 } ?? 0))
        guard used.count > 1 else { return lengths }
        // Nodes: weight and the symbols under them; the two lightest merge until one is left.
        var nodes = used.map { (weight: $0 < frequencies.count ? max(frequencies[$0], 1) : 1, symbols: [$0]) }
        while nodes.count > 1 {
            nodes.sort { $0.weight > $1.weight }
            let lighter = nodes.removeLast()
            let light = nodes.removeLast()
            for symbol in lighter.symbols + light.symbols { lengths[symbol] += 1 }
            nodes.append((lighter.weight + light.weight, lighter.symbols + light.symbols))
        }
        if let longest = lengths.max(), Int(longest) > limit {
            // Not reached with these blocks' symbols; a flat code is always valid.
            var bits = 1
            while 1 << bits < used.count { bits += 1 }
            lengths = [UInt8](repeating: 0, count: lengths.count)
            for (rank, symbol) in used.enumerated() {
                // Complete: the first (2^bits − n) symbols take a bit less.
                lengths[symbol] = UInt8(rank < (1 << bits) - used.count ? bits - 1 : bits)
            }
        }
        return lengths
    }

    /// The canonical codes of RFC 1951 § 3.2.2 for `lengths`, bit-reversed for writing lowest bit
    /// first.
    static func canonicalCodes(_ lengths: [UInt8]) -> [UInt32] {
        var countPerLength = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { countPerLength[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1..<16 {
            code = (code + countPerLength[bits - 1]) << 1
            next[bits] = code
        }
        var codes = [UInt32](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            var value = next[Int(length)]
            next[Int(length)] += 1
            var reversed: UInt32 = 0
            for _ in 0..<Int(length) {
                reversed = reversed << 1 | UInt32(value & 1)
                value >>= 1
            }
            codes[symbol] = reversed
        }
        return codes
    }

    /// `lengths` in the code-length alphabet: lengths 0–15 as themselves, runs of zeros as 17
    /// (3–10) and 18 (11–138) with their extra bits.
    static func runLengths(_ lengths: [UInt8]) -> [(symbol: UInt8, extra: Int, extraBits: Int)] {
        var items: [(symbol: UInt8, extra: Int, extraBits: Int)] = []
        var index = 0
        while index < lengths.count {
            guard lengths[index] == 0 else {
                items.append((lengths[index], 0, 0))
                index += 1
                continue
            }
            var run = 0
            while index + run < lengths.count, lengths[index + run] == 0 { run += 1 }
            index += run
            while run >= 11 {
                let taken = min(run, 138)
                items.append((18, taken - 11, 7))
                run -= taken
            }
            if run >= 3 {
                items.append((17, run - 3, 3))
                run = 0
            }
            items += [(symbol: UInt8, extra: Int, extraBits: Int)](repeating: (0, 0, 0), count: run)
        }
        return items
    }
}
