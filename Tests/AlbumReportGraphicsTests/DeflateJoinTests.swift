import AlbumReportCore
import AlbumReportGraphics
import CGD
import Foundation
import Testing

/// A card's compression: libdeflate's streams for the rows that hold something, blocks written by
/// ``DeflateJoin`` for runs of blank rows, joined at the bit into one stream that zlib itself must
/// inflate back to every byte.
@Suite("One DEFLATE stream joined from libdeflate's and runs of repeated rows")
struct DeflateJoinTests {
    /// `count` Up-filtered repeated rows of `rowLength` bytes: the filter byte 2, then zeros.
    static func repeatedRows(_ count: Int, rowLength: Int) -> [UInt8] {
        // Zeros, then a filter byte at each row's start: a loop over rows, not bytes (the tests'
        // own code is unoptimized, where joining 1,500 rows a byte at a time took seconds).
        var rows = [UInt8](repeating: 0, count: count * rowLength)
        for start in stride(from: 0, to: rows.count, by: max(rowLength, 1)) { rows[start] = 2 }
        return rows
    }

    /// `raw` (finished DEFLATE bits) as a zlib stream of `data`: header, then the Adler-32.
    static func zlib(_ raw: [UInt8], of data: [UInt8]) -> [UInt8] {
        let adler = data.withUnsafeBytes { libdeflate_adler32(1, $0.baseAddress, $0.count) }
        return DeflateChain.zlibHeader(level: 5) + raw + [
            UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF),
        ]
    }

    @Test("repeated rows of every length from 1 to 600 bytes, and a card's, inflate to exactly those rows")
    func repeatedRowsInflate() {
        var wrong: [Int] = []
        for rowLength in Array(1...600) + [1 + 1179 * 3, 1 + 1290 * 3] {
            for count in [1, 3, 40] {
                var join = DeflateJoin()
                join.appendRepeatedRows(count: count, rowLength: rowLength)
                let data = Self.repeatedRows(count, rowLength: rowLength)
                if DeflateChainTests.inflated(Self.zlib(join.finish(), of: data), expecting: data.count) != data {
                    wrong.append(rowLength)
                }
            }
        }
        #expect(wrong.isEmpty, "row lengths that did not inflate to their rows: \(wrong.prefix(20))")
    }

    @Test("a run of blank rows at @3x costs a few bytes a row, as libdeflate's own would")
    func repeatedRowsAreSmall() throws {
        let rowLength = 1 + 1179 * 3
        var join = DeflateJoin()
        join.appendRepeatedRows(count: 1500, rowLength: rowLength)
        let written = join.finish().count
        let libdeflate = try DeflateChainTests.rawDeflate(Self.repeatedRows(1500, rowLength: rowLength), level: 5)
        #expect(written < 1500 * 6, "\(written) bytes for 1,500 blank rows")
        #expect(
            Double(written) < 1.05 * Double(libdeflate.count), "\(written) against libdeflate's \(libdeflate.count)")
    }

    @Test("libdeflate's streams at every level and runs of rows, in any order, join into one stream")
    func joinsAnyOrder() throws {
        var failures: [String] = []
        for level in [0, 1, 5, 9, 12] {
            for layout in 0..<6 {
                var join = DeflateJoin()
                var data: [UInt8] = []
                for piece in 0..<7 {
                    // Pieces of varied sizes so that every join starts at a different bit.
                    let isRun = (piece + layout) % 2 == 0
                    let size = 1 + (piece * 7919 + layout * 104_729) % 70_000
                    if isRun {
                        let rowLength = 1 + (size % 400) * 3
                        let count = 1 + layout + piece
                        join.appendRepeatedRows(count: count, rowLength: rowLength)
                        data += Self.repeatedRows(count, rowLength: rowLength)
                    } else {
                        let bytes = DeflateChainTests.sample(size, seed: UInt64(level * 100 + layout * 10 + piece))
                        let stream = try DeflateChainTests.rawDeflate(bytes, level: level)
                        let before = join.bitCount
                        if !stream.withUnsafeBytes({ join.append(stream: $0) }) || join.bitCount <= before {
                            failures.append("level \(level) layout \(layout) piece \(piece): not joined")
                        }
                        data += bytes
                    }
                }
                if DeflateChainTests.inflated(Self.zlib(join.finish(), of: data), expecting: data.count) != data {
                    failures.append("level \(level) layout \(layout): did not inflate to the data")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("a stream that does not parse is refused, and nothing of it is added")
    func refusesBrokenStreams() throws {
        let stream = try DeflateChainTests.rawDeflate(DeflateChainTests.sample(50_000, seed: 3), level: 6)
        var join = DeflateJoin()
        join.appendRepeatedRows(count: 2, rowLength: 31)
        let before = join.bitCount
        for broken in [Array(stream.prefix(stream.count / 2)), stream + [0xFF], [0xFF, 0xFF, 0xFF], []] {
            #expect(broken.withUnsafeBytes { join.append(stream: $0) } == false)
            #expect(join.bitCount == before)
        }
        let data = Self.repeatedRows(2, rowLength: 31)
        #expect(DeflateChainTests.inflated(Self.zlib(join.finish(), of: data), expecting: data.count) == data)
    }

    @Test("Huffman code lengths are complete codes within their limit")
    func codeLengths() {
        for frequencies in [[5, 0, 1], [1], [0, 0, 7], [1, 1, 1, 1, 1], [1000, 1, 1, 1, 1, 1, 1, 1]] {
            let lengths = DeflateJoin.codeLengths(frequencies, limit: 7)
            let kraft = lengths.filter { $0 > 0 }.reduce(0.0) { $0 + pow(2, -Double($1)) }
            #expect(kraft == 1, "\(frequencies) → \(lengths)")
            #expect(lengths.allSatisfy { $0 <= 7 })
            for (symbol, frequency) in frequencies.enumerated() where frequency > 0 { #expect(lengths[symbol] > 0) }
        }
    }
}
