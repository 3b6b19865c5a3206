import AlbumReportCore
import AlbumReportGraphics
import CGD
import Foundation
import Testing

/// The tall sheet's compression: libdeflate a part at a time, joined into one zlib stream that
/// zlib itself must inflate back to every byte (its Adler-32 checked).
@Suite("One zlib stream from parts compressed by libdeflate")
struct DeflateChainTests {
    /// Bytes of every kind libdeflate treats differently: noise (stored blocks), long runs
    /// (matches), text-like repeats (dynamic codes), a ramp (PNG-filtered gradients).
    static func sample(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        var bytes = [UInt8]()
        bytes.reserveCapacity(count)
        while bytes.count < count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let kind = (state >> 60) % 4
            let run = Int((state >> 40) % 5000) + 1
            for index in 0..<min(run, count - bytes.count) {
                switch kind {
                case 0:
                    state = state &* 6_364_136_223_846_793_005 &+ 1
                    bytes.append(UInt8(truncatingIfNeeded: state >> 56))
                case 1: bytes.append(0)
                case 2: bytes.append(Array("the album of the year ".utf8)[index % 22])
                default: bytes.append(UInt8(truncatingIfNeeded: index / 7))
                }
            }
        }
        return bytes
    }

    /// `data` through a chain of `partSize` parts at `level`, fed in pieces of `piece` bytes.
    static func chained(_ data: [UInt8], level: Int, partSize: Int, piece: Int) throws -> [UInt8] {
        let chain = DeflateChain(level: level, partSize: partSize)
        var stream = [UInt8]()
        var start = 0
        while start < data.count {
            let end = min(start + piece, data.count)
            try chain.append(Array(data[start..<end])) { stream.append(contentsOf: $0) }
            start = end
        }
        try chain.finish { stream.append(contentsOf: $0) }
        return stream
    }

    /// zlib's own inflation of `stream` (header, blocks and Adler-32 all checked); nil on any error.
    static func inflated(_ stream: [UInt8], expecting count: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: max(count, 1))
        var length = uLongf(output.count)
        let status = output.withUnsafeMutableBufferPointer { target in
            stream.withUnsafeBufferPointer { source in
                uncompress(target.baseAddress, &length, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK else { return nil }
        return Array(output.prefix(Int(length)))
    }

    @Test(
        "parts of any size, at every level, join into a stream zlib inflates to exactly the data",
        arguments: [0, 1, 5, 6, 9, 12])
    func joinsAtEveryLevel(level: Int) throws {
        let data = Self.sample(700_000, seed: UInt64(level) + 7)
        // One part; parts of several blocks each; small parts (one block, often fixed codes);
        // a part of one byte.
        for (partSize, piece) in [(1 << 20, 4096), (250_000, 3537), (4099, 1000), (1, 1)]
        where partSize > 1 || level == 5 {
            let input = partSize == 1 ? Array(data.prefix(3000)) : data
            let stream = try Self.chained(input, level: level, partSize: partSize, piece: piece)
            #expect(Array(stream.prefix(2)) == DeflateChain.zlibHeader(level: level), "level \(level)")
            let same = Self.inflated(stream, expecting: input.count) == input
            #expect(same, "level \(level), parts of \(partSize) bytes fed \(piece) at a time")
        }
    }

    @Test("an empty stream, and data that ends exactly at a part's end, are whole streams")
    func edges() throws {
        #expect(Self.inflated(try Self.chained([], level: 5, partSize: 1000, piece: 1), expecting: 0) == [])
        let data = Self.sample(3000, seed: 3)
        let same = Self.inflated(try Self.chained(data, level: 5, partSize: 1000, piece: 1000), expecting: 3000) == data
        #expect(same, "three parts of exactly 1,000 bytes, then an empty last part")
    }

    @Test("the zlib header is zlib's own for every level")
    func header() throws {
        for level in 0...9 {
            var stream = z_stream()
            #expect(deflateInit_(&stream, Int32(level), ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
            var input: [UInt8] = [1, 2, 3]
            var output = [UInt8](repeating: 0, count: 64)
            input.withUnsafeMutableBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    stream.next_in = source.baseAddress
                    stream.avail_in = 3
                    stream.next_out = target.baseAddress
                    stream.avail_out = 64
                    _ = deflate(&stream, Z_FINISH)
                    stream.next_in = nil
                    stream.next_out = nil
                }
            }
            deflateEnd(&stream)
            #expect(Array(output.prefix(2)) == DeflateChain.zlibHeader(level: level), "level \(level)")
        }
    }

    /// A real raw DEFLATE stream of `data` by libdeflate.
    static func rawDeflate(_ data: [UInt8], level: Int) throws -> [UInt8] {
        let compressor = try #require(libdeflate_alloc_compressor(Int32(level)))
        defer { libdeflate_free_compressor(compressor) }
        var output = [UInt8](repeating: 0, count: libdeflate_deflate_compress_bound(compressor, data.count))
        let written = data.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                libdeflate_deflate_compress(
                    compressor, source.baseAddress, source.count, target.baseAddress, target.count)
            }
        }
        return Array(output.prefix(written))
    }

    @Test("the block walk finds a stream's end at its last byte, and refuses truncations and trailing bytes")
    func walk() throws {
        for level in [0, 1, 6, 12] {
            let stream = try Self.rawDeflate(Self.sample(200_000, seed: 11), level: level)
            let extent = try #require(stream.withUnsafeBytes { DeflateBlocks.extent(of: $0) }, "level \(level)")
            #expect((extent.end + 7) / 8 == stream.count)
            #expect(extent.lastBlockStart < extent.end)
            // The final-block flag is where the walk says the last block starts.
            #expect(stream[extent.lastBlockStart >> 3] & (1 << UInt8(extent.lastBlockStart & 7)) != 0)
            for cut in [1, 2, stream.count / 3, stream.count / 2, stream.count - 1] {
                #expect(Array(stream.prefix(cut)).withUnsafeBytes { DeflateBlocks.extent(of: $0) } == nil)
            }
            #expect((stream + [0]).withUnsafeBytes { DeflateBlocks.extent(of: $0) } == nil)
        }
        #expect([UInt8]().withUnsafeBytes { DeflateBlocks.extent(of: $0) } == nil)
    }

    @Test("the block walk ends on any bytes, without a trap (a seeded fuzz)")
    func walkNeverTraps() {
        var state: UInt64 = 99
        var accepted = 0
        for round in 0..<3000 {
            var bytes = [UInt8](repeating: 0, count: round % 300)
            for index in bytes.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes[index] = UInt8(truncatingIfNeeded: state >> 56)
            }
            if bytes.withUnsafeBytes({ DeflateBlocks.extent(of: $0) }) != nil { accepted += 1 }
        }
        // Random bytes are almost never one exact stream; what matters is that every walk ended.
        #expect(accepted < 3000)
    }

    @Test(
        "parts, partial parts, spans handed whole and runs of repeated rows, in any order, join into a stream zlib inflates exactly"
    )
    func runsBetweenParts() throws {
        var failures: [String] = []
        for level in [0, 1, 5, 9] {
            for seed in 0..<6 {
                // An output buffer of its own, or one from the shelf made for spans of 5,000
                // bytes (spans up to 9,000 need a larger one).
                let chain = DeflateChain(level: level, partSize: 3000, shelvedFor: seed >= 4 ? 5000 : nil)
                var stream = [UInt8]()
                var data = [UInt8]()
                for piece in 0..<9 {
                    if (piece + seed) % 4 == 1 {
                        // A span compressed where it is, after whatever part is being gathered.
                        let bytes = Self.sample(
                            1 + (piece * 3_571 + seed * 613) % 9_000, seed: UInt64(seed * 10 + piece + 100))
                        try bytes.withUnsafeBytes { span in
                            try chain.appendPart(span) { stream.append(contentsOf: $0) }
                        }
                        data += bytes
                    } else if (piece + seed) % 3 == 0 {
                        let rowLength = 1 + 3 * (17 + piece * 31 + seed)
                        let count = 1 + piece + seed * 5
                        try chain.appendRepeatedRows(count: count, rowLength: rowLength) {
                            stream.append(contentsOf: $0)
                        }
                        data += DeflateJoinTests.repeatedRows(count, rowLength: rowLength)
                    } else {
                        // From a few bytes to several parts.
                        let bytes = Self.sample(
                            1 + (piece * 2_654 + seed * 977) % 9_000, seed: UInt64(seed * 10 + piece))
                        try chain.append(bytes) { stream.append(contentsOf: $0) }
                        data += bytes
                    }
                }
                try chain.finish { stream.append(contentsOf: $0) }
                if Self.inflated(stream, expecting: data.count) != data {
                    failures.append("level \(level) seed \(seed)")
                }
            }
        }
        #expect(failures.isEmpty, "did not inflate to the data: \(failures)")
    }
}

/// The span memo a matrix's cards share: a kept stream is only ever used for the very bytes it
/// was made of.
@Suite("Compressed spans kept between images")
struct DeflateSpanMemoTests {
    /// `parts` through one chain, every part shared through `memo`.
    static func chained(_ parts: [[UInt8]], memo: (any SpanMemo)?) throws -> [UInt8] {
        let chain = DeflateChain(level: 1, memo: memo ?? .none)
        var stream = [UInt8]()
        for part in parts {
            try part.withUnsafeBytes { bytes in
                try chain.appendPart(bytes, sharing: true) { stream.append(contentsOf: $0) }
            }
        }
        try chain.finish { stream.append(contentsOf: $0) }
        return stream
    }

    @Test(
        "two spans under one fingerprint, a byte apart: each is its own; a span seen before is taken whole, the same bytes"
    )
    func onlyTheSameBytes() throws {
        let memo = DeflateSpanMemo(minimumSpan: 10_000)
        let span = DeflateChainTests.sample(300_000, seed: 7)
        var twin = span
        // A byte the fingerprint does not sample: only the whole comparison tells them apart.
        let stride = (span.count - 8) / 255
        twin[stride * 100 + 100] ^= 0x5A
        let same = { (a: [UInt8], b: [UInt8]) in
            a.withUnsafeBytes { a in
                b.withUnsafeBytes { b in
                    DeflateSpanMemo.fingerprint(a) == DeflateSpanMemo.fingerprint(b)
                }
            }
        }
        #expect(same(span, twin))
        let head = DeflateChainTests.sample(5_000, seed: 3)
        let first = try Self.chained([head, span], memo: memo)
        let second = try Self.chained([head, twin], memo: memo)
        #expect(memo.figures == (hits: 0, misses: 2))
        #expect(DeflateChainTests.inflated(first, expecting: 305_000) == head + span)
        #expect(DeflateChainTests.inflated(second, expecting: 305_000) == head + twin)
        // Seen before: taken from the memo (its walk too), joined after another part, and the
        // stream is byte for byte the one compressed without a memo.
        let again = try Self.chained([head, twin, span], memo: memo)
        #expect(memo.figures.hits == 2)
        #expect(again == (try Self.chained([head, twin, span], memo: nil)))
        #expect(DeflateChainTests.inflated(again, expecting: 605_000) == head + twin + span)
        // Spans under the minimum are never looked for.
        _ = try Self.chained([head], memo: memo)
        #expect(memo.figures == (hits: 2, misses: 2))
    }

    @Test("the memo holds no more than its budget, the least recently used going first")
    func budget() throws {
        let memo = DeflateSpanMemo(budget: 700_000, minimumSpan: 1024)
        let spans = (0..<3).map { DeflateChainTests.sample(200_000, seed: UInt64(10 + $0)) }
        for span in spans { _ = try Self.chained([span], memo: memo) }
        // Kept: input and stream; three spans of 200 kB and their streams exceed 700 kB.
        _ = try Self.chained([spans[2]], memo: memo)
        #expect(memo.figures.hits == 1)
        _ = try Self.chained([spans[0]], memo: memo)
        #expect(memo.figures.hits == 1, "the oldest span was let go")
    }
}
