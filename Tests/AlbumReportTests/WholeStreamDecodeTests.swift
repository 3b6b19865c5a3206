import AlbumReportCompare
import AlbumReportCore
import AlbumReportGraphics
import Foundation
import Testing

/// Screen-sized 8-bit RGB and RGBA PNGs are inflated whole and unfiltered by compare itself; every
/// other PNG, and any whose data is not exactly right, is read by libpng. The pixels, and the
/// verdict on a damaged file, must be libpng's either way.
@Suite("PNGs decoded whole: libpng's pixels and libpng's verdicts")
struct WholeStreamDecodeTests {
    /// A PNG built byte by byte: its rows given filtered (a filter byte, then the samples), its
    /// image data in stored deflate blocks split into IDAT chunks of `split` bytes, and `extra`
    /// chunks (type, data) after them, all with correct CRCs unless a test breaks one.
    static func png(
        width: Int, height: Int, colorType: UInt8, rows: [UInt8], split: Int = 1000,
        extra: [(String, [UInt8])] = [], iend: [UInt8] = [], zlibHeader: [UInt8] = [0x78, 0x01]
    ) -> Data {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ data: [UInt8]) {
            let typed = Array(type.utf8) + data
            out += bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
        }
        chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colorType, 0, 0, 0])
        let stream = zlibHeader + zlibStored(rows).dropFirst(2)
        var start = 0
        repeat {
            chunk("IDAT", Array(stream[start..<min(start + split, stream.count)]))
            start += split
        } while start < stream.count
        for (type, data) in extra { chunk(type, data) }
        chunk("IEND", iend)
        return Data(out)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            out += [end == data.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8)]
            out += [UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    /// Random filtered rows: every filter type, random samples (any bytes unfilter to something).
    static func rows(width: Int, height: Int, channels: Int, seed: UInt64, filter: UInt8? = nil) -> [UInt8] {
        var state = seed
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 40)
        }
        var rows: [UInt8] = []
        for y in 0..<height {
            rows.append(filter ?? UInt8(y % 5))
            // Runs of one value with noise, so that Sub, Up, Average and Paeth all see equal and unequal neighbours.
            for x in 0..<(width * channels) { rows.append(x % 7 == 0 ? next() : UInt8(x % 3)) }
        }
        return rows
    }

    /// Every row of `data`, read whole-stream when allowed (`budget`), and whether it was.
    static func decode(_ data: Data, budget: Int) -> (pixels: Result<[UInt32], PNGReader.Problem>, whole: Bool) {
        do {
            let reader = try PNGRowReader(data, name: "test.png", wholeStreamBudget: budget)
            var pixels: [UInt32] = []
            do {
                // Two reads, as the bands read them.
                try reader.read(reader.height / 2, into: &pixels)
                try reader.read(reader.height - reader.height / 2, into: &pixels)
            } catch {
                return (.failure(error), reader.isWholeStream)
            }
            return (.success(pixels), reader.isWholeStream)
        } catch {
            return (.failure(error), false)
        }
    }

    @Test(
        "RGB and RGBA, every filter, one IDAT or many: the same pixels inflated whole as through libpng",
        arguments: [(UInt8(2), 3), (UInt8(6), 4)])
    func samePixels(colorType: UInt8, channels: Int) throws {
        for (index, size) in [(1, 1), (3, 2), (17, 9), (64, 40)].enumerated() {
            for split in [7, 100_000] {
                let data = Self.png(
                    width: size.0, height: size.1, colorType: colorType,
                    rows: Self.rows(width: size.0, height: size.1, channels: channels, seed: UInt64(index)),
                    split: split)
                let whole = Self.decode(data, budget: PNGRowReader.wholeStreamBudget)
                let libpng = Self.decode(data, budget: 0)
                #expect(whole.whole && !libpng.whole)
                let pixels = try whole.pixels.get()
                #expect(pixels == (try libpng.pixels.get()), "\(size) split \(split)")
                #expect(pixels.count == size.0 * size.1)
                if colorType == 2 { #expect(pixels.allSatisfy { $0 >> 24 == 0xFF }) }
            }
        }
    }

    @Test("a PNG the whole way cannot read exactly is libpng's to judge: same pixels or the same error")
    func libpngJudges() throws {
        let (width, height) = (9, 6)
        let rows = Self.rows(width: width, height: height, channels: 3, seed: 7)
        var cases: [(String, Data)] = []
        // A filter type that does not exist.
        var badFilter = rows
        badFilter[(1 + width * 3) * 2] = 5
        cases.append(("filter type 5", Self.png(width: width, height: height, colorType: 2, rows: badFilter)))
        // Too few bytes, too many.
        cases.append(
            ("short data", Self.png(width: width, height: height, colorType: 2, rows: Array(rows.dropLast(4)))))
        cases.append(("long data", Self.png(width: width, height: height, colorType: 2, rows: rows + [0, 1, 2])))
        // A broken CRC in an IDAT chunk.
        var broken = [UInt8](Self.png(width: width, height: height, colorType: 2, rows: rows, split: 50))
        broken[33 + 8 + 20] ^= 0x01
        cases.append(("IDAT CRC", Data(broken)))
        // A critical chunk libpng does not know, and an ancillary one, after the image data.
        cases.append(
            (
                "critical chunk after IDAT",
                Self.png(width: width, height: height, colorType: 2, rows: rows, extra: [("ABCD", [1])])
            ))
        // A chunk name that is not four letters, an IEND with data, a zlib window under 32 KB.
        cases.append(
            (
                "chunk name not letters",
                Self.png(width: width, height: height, colorType: 2, rows: rows, extra: [("1abc", [1])])
            ))
        cases.append(("IEND with data", Self.png(width: width, height: height, colorType: 2, rows: rows, iend: [0])))
        cases.append(
            ("8 KB window", Self.png(width: width, height: height, colorType: 2, rows: rows, zlibHeader: [0x58, 0x09])))
        cases.append(
            (
                "ancillary chunk after IDAT",
                Self.png(
                    width: width, height: height, colorType: 2, rows: rows, extra: [("tEXt", Array("a\u{0}b".utf8))])
            ))
        for (name, data) in cases {
            let whole = Self.decode(data, budget: PNGRowReader.wholeStreamBudget)
            let libpng = Self.decode(data, budget: 0)
            switch (whole.pixels, libpng.pixels) {
            case (.success(let one), .success(let two)): #expect(one == two, "\(name)")
            case (.failure(let one), .failure(let two)): #expect(one.description == two.description, "\(name)")
            default: Issue.record("\(name): one way decoded, the other failed: \(whole.pixels) / \(libpng.pixels)")
            }
            if name != "ancillary chunk after IDAT" { #expect(!whole.whole, "\(name) must be left to libpng") }
        }
        // The ancillary chunk is no reason to leave the whole way.
        let text = Self.png(
            width: width, height: height, colorType: 2, rows: rows, extra: [("tEXt", Array("a\u{0}b".utf8))])
        #expect(Self.decode(text, budget: PNGRowReader.wholeStreamBudget).whole)
    }

    @Test("over the budget, palette, grey, 16-bit and interlaced PNGs stream through libpng")
    func otherPNGs() throws {
        let rows = Self.rows(width: 20, height: 10, channels: 3, seed: 3)
        let data = Self.png(width: 20, height: 10, colorType: 2, rows: rows)
        #expect(!Self.decode(data, budget: 20 * 10 * 3 + 9).whole, "one byte short of its rows")
        #expect(Self.decode(data, budget: 20 * 10 * 3 + 10).whole)
        let grey = Self.png(
            width: 20, height: 10, colorType: 0, rows: Self.rows(width: 20, height: 10, channels: 1, seed: 4))
        #expect(!Self.decode(grey, budget: PNGRowReader.wholeStreamBudget).whole)
        #expect((try? Self.decode(grey, budget: PNGRowReader.wholeStreamBudget).pixels.get()) != nil)
    }

    @Test("libdeflate's inflater, as the command line installs it: exact, short, long and damaged streams")
    func libdeflateInflater() {
        let data = (0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let stream = Self.zlibStored(data)
        func inflate(_ input: [UInt8], into count: Int) -> (Int32, [UInt8]) {
            var output = [UInt8](repeating: 0, count: count)
            let status = input.withUnsafeBufferPointer { inBytes in
                output.withUnsafeMutableBufferPointer { outBytes in
                    GraphicsRuntime.inflateZlib(
                        inBytes.baseAddress, inBytes.count, outBytes.baseAddress, outBytes.count)
                }
            }
            return (status, output)
        }
        let exact = inflate(stream, into: data.count)
        #expect(exact.0 == 0 && exact.1 == data)
        #expect(inflate(stream, into: data.count + 1).0 == 2)
        #expect(inflate(stream, into: data.count - 1).0 == 3)
        var damaged = stream
        damaged[0] = 0x00
        #expect(inflate(damaged, into: data.count).0 == 1)
    }
}
