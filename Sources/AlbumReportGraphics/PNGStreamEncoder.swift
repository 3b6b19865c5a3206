import AlbumReportCore
import CGD
import Foundation

/// Writes one PNG from horizontal strips, so an image taller than memory allows (a 1,000-row
/// sheet at @3x is 240,000 pixels tall) never exists as one canvas. 8-bit RGB, each row filtered
/// as ``RowFilter`` says (Up, or the cheapest of None, Sub, Up, Average and Paeth by the sum of
/// absolute values, libpng's heuristic, on every byte or a sample), deflated by libdeflate as one
/// zlib stream across strips; in an image kept whole, runs of rows equal to the row above are
/// written as DEFLATE blocks directly (``DeflateJoin``) rather than searched by libdeflate.
/// Deterministic: no timestamps.
public final class PNGStreamEncoder {
    private let width: Int
    private let height: Int
    /// A streamed PNG's compressor, a part at a time (nil when the whole image is compressed at
    /// the end).
    private let chain: DeflateChain?
    private var output = Data()
    private var pendingIDAT = Data()
    private var previousRow: [UInt8]
    private var rowsWritten = 0
    private var finished = false
    private static let chunkSize = 256 * 1024
    private let rowFilter: RowFilter
    /// Spans of an image kept whole that other images compressed before (a matrix's cards), or
    /// none (``SpanMemo/none``).
    private let spans: any SpanMemo
    /// The rows other images may hold too (a card's artwork): only spans of rows that overlap
    /// them are looked for in, and kept in, ``spans``.
    public var sharedRows: Range<Int>?
    /// Whether the span being kept is of ``sharedRows``.
    private var inSharedRows = false
    /// Where finished chunks go as they are made; nil keeps them for ``finish()`` to return.
    private let sink: ((Data) -> Void)?
    /// Without a sink the filtered rows are kept and compressed at the end with libdeflate, about
    /// twice as fast as zlib at the same level; with a sink (the tall sheet) they are compressed a
    /// part at a time (``DeflateChain``).
    private var whole: MappedBytes?
    /// A kept image's rows in order: spans of ``whole``, and runs of rows equal to the row above
    /// that are not kept at all (``DeflateJoin`` writes them).
    private var segments: [RowSegment] = []
    /// Where in ``whole`` the span being kept started.
    private var spanStart = 0
    /// Rows equal to the row above, not yet kept or counted as a run.
    private var pendingRepeats = 0
    private let compressionLevel: Int
    /// The level for an image that is mostly photograph, when it differs.
    private let photographicLevel: Int?
    /// Sampled pixels, and those of them that differ from the pixel above (the photographic share).
    var sampled = 0
    var busy = 0
    /// The level the image is (being) compressed at.
    public private(set) var chosenLevel: Int
    /// How many rows were filtered with each PNG filter type (None, Sub, Up, Average, Paeth).
    public private(set) var rowsPerFilter = [Int](repeating: 0, count: 5)

    /// The share of sampled pixels that differ from the pixel above by ``busyDifference`` or more
    /// from which an image counts as photographic. Measured on rendered reports: a card with a
    /// photograph 0.30–0.34, the sheet of 100 photographic thumbnails 0.11; a card with flat art
    /// 0.015, its sheet 0.03. (A threshold of 1, which also sends smooth art to the photographic
    /// level, was tried: on the smooth class it cut encode time but its bytes grew 1.10 × Pillow's
    /// level 6, as content-chosen filters do not make levels 1–2 as small as level 6.)
    public static let photographicShare = 0.08

    /// Starts a PNG of `width` × `height` pixels at zlib `compressionLevel`.
    ///
    /// With `photographicLevel`, an image that is mostly photograph (see
    /// ``photographicShare``: judged from a sample of its pixels, or of a streamed image's first
    /// strip) is compressed at that level instead: on photographs, higher levels buy a few per
    /// cent for about twice the time; on flat screens they buy a quarter of the bytes.
    ///
    /// With a `sink`, every finished chunk is handed to it at once and ``finish()`` returns no
    /// bytes, so the encoded image is never held in memory whole (a 1,000-row sheet's PNG is
    /// tens of megabytes).
    ///
    /// With `spans`, an image kept whole takes the compressed bytes of a span of rows from the
    /// memo when another image compressed the very same span at the same level before, and
    /// leaves its own there: the same bytes as compressing it.
    public init(
        width: Int, height: Int, compressionLevel: Int, photographicLevel: Int? = nil, filter: RowFilter = .adaptive,
        sink: ((Data) -> Void)? = nil, spans: any SpanMemo = .none
    ) throws(GraphicsError) {
        rowFilter = filter
        self.spans = spans
        self.sink = sink
        self.compressionLevel = min(max(compressionLevel, 0), 9)
        self.photographicLevel = photographicLevel.map { min(max($0, 0), 9) }
        chosenLevel = self.compressionLevel
        // PNG allows up to 2³¹ − 1 rows; a streamed sheet is taller than any one canvas may be.
        guard width > 0, height > 0, width <= GDImage.maximumEdge, height < Int(Int32.max) else {
            throw .invalidSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        previousRow = [UInt8](repeating: 0, count: width * 3)
        if sink != nil {
            chain = DeflateChain(level: self.compressionLevel)
        } else {
            chain = nil
            whole = try BufferShelf.shared.take(capacity: (1 + width * 3) * height, populate: true)
        }
        emit(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0])
        writeChunk("IHDR", header)
    }

    /// The PNG of a whole image.
    public static func encode(
        _ image: GDImage, compressionLevel: Int, photographicLevel: Int? = nil, filter: RowFilter = .adaptive
    ) throws(GraphicsError) -> Data {
        let encoder = try PNGStreamEncoder(
            width: image.width, height: image.height, compressionLevel: compressionLevel,
            photographicLevel: photographicLevel, filter: filter)
        try encoder.append(image)
        return try encoder.finish()
    }

    /// Appends every row of `strip` (the next rows of the image, top to bottom).
    public func append(_ strip: GDImage) throws(GraphicsError) {
        // A streamed image is judged by its first strip, before any byte is compressed; an image
        // kept whole, row by row below, while each row is at hand.
        let judging = photographicLevel.map { $0 != compressionLevel } ?? false
        if judging, let photographicLevel, let chain, rowsWritten == 0 {
            sample(strip)
            if isPhotographic {
                chain.level = photographicLevel
                chosenLevel = photographicLevel
            }
        }
        var rows = RowBuffers(width: width, judging: judging && chain == nil)
        for y in 0..<strip.height where rowsWritten < height {
            if let sharedRows, rowsWritten == sharedRows.lowerBound || rowsWritten == sharedRows.upperBound {
                try endSpan(rows.repeated)
            }
            // A row that repeats the one above (backgrounds, bars, flat art) needs no conversion
            // and no scoring: its filtered bytes are known, and the row above stays the previous.
            if y > 0, strip.rowRepeatsRowAbove(y) {
                countRepeat(judging: rows.judging)
                continue
            }
            Self.convert(row: y, of: strip, into: &rows.raw, width: width)
            // A strip's first row is compared once converted, so that runs are found, and bytes
            // made, the same however an opaque image is cut into strips (within a strip, a row
            // whose gd alpha alone differs from the row above's is not taken for a repeat).
            if y == 0, rowsWritten > 0, rows.raw == previousRow {
                countRepeat(judging: rows.judging)
                continue
            }
            try keepRepeats(rows.repeated)
            if rows.judging, rowsWritten % Self.sampledRowStep == 1 { sample(rows.raw, above: previousRow) }
            Self.filter(rows.raw, previous: previousRow, into: &rows.filtered, strategy: rowFilter)
            rowsPerFilter[Int(rows.filtered[0])] += 1
            try write(rows.filtered)
            swap(&previousRow, &rows.raw)
            rowsWritten += 1
        }
    }

    /// The rows ``append(_:)`` works in: the converted row, its filtered bytes, and what every
    /// filter makes of a row equal to the one above (Up: the filter byte 2 and zeros).
    private struct RowBuffers {
        var raw: [UInt8]
        var filtered: [UInt8]
        let repeated: [UInt8]
        /// Whether the rows are sampled to judge a photograph (an image kept whole).
        let judging: Bool

        init(width: Int, judging: Bool) {
            raw = [UInt8](repeating: 0, count: width * 3)
            filtered = [UInt8](repeating: 0, count: 1 + width * 3)
            var repeated = [UInt8](repeating: 0, count: 1 + width * 3)
            repeated[0] = 2
            self.repeated = repeated
            self.judging = judging
        }
    }

    /// Counts the next row as equal to the one above: Up-filtered, and not yet kept.
    private func countRepeat(judging: Bool) {
        rowsPerFilter[2] += 1
        // Every sampled pixel of a repeated row equals the one above.
        if judging, rowsWritten % Self.sampledRowStep == 1 { sampled += (width + 6) / 8 }
        pendingRepeats += 1
        rowsWritten += 1
    }

    /// Row `y` of `strip` as RGB bytes into `raw`: one 4-byte store a pixel (R, G, B and a byte
    /// the next pixel overwrites) rather than three, for all but the last.
    private static func convert(row y: Int, of strip: GDImage, into raw: inout [UInt8], width: Int) {
        raw.withUnsafeMutableBufferPointer { out in
            _ = strip.withRow(y) { row in
                guard let base = UnsafeMutableRawPointer(out.baseAddress) else { return }
                let count = min(width, row.count, out.count / 3)
                var x = 0
                while x &+ 1 < count {
                    let bits = UInt32(bitPattern: row[x])
                    base.storeBytes(of: (bits.byteSwapped >> 8).littleEndian, toByteOffset: x &* 3, as: UInt32.self)
                    x &+= 1
                }
                if x < count {
                    let bits = UInt32(bitPattern: row[x])
                    let i = x &* 3
                    out[i] = UInt8(truncatingIfNeeded: bits >> 16)
                    out[i &+ 1] = UInt8(truncatingIfNeeded: bits >> 8)
                    out[i &+ 2] = UInt8(truncatingIfNeeded: bits)
                }
            }
        }
    }

    /// Finishes the stream and returns the PNG bytes (none when a sink took them). Rows never
    /// appended are left black.
    public func finish() throws(GraphicsError) -> Data {
        if let failure { throw failure }
        guard !finished else { return output }
        do {
            return try finishOnce()
        } catch {
            // The rows are gone with the attempt: a second call fails the same way.
            failure = error
            throw error
        }
    }

    /// Why the first ``finish()`` failed, if it did.
    private var failure: GraphicsError?

    private func finishOnce() throws(GraphicsError) -> Data {
        var repeated = [UInt8](repeating: 0, count: 1 + width * 3)
        repeated[0] = 2
        try keepRepeats(repeated)
        let blank = [UInt8](repeating: 0, count: 1 + width * 3)
        while rowsWritten < height {
            try write(blank)
            rowsWritten += 1
        }
        if let rows = whole {
            try compress(rows)
        } else if let chain {
            try chain.finish { collect($0) }
        }
        if !pendingIDAT.isEmpty { writeChunk("IDAT", pendingIDAT) }
        writeChunk("IEND", Data())
        finished = true
        return output
    }

    // MARK: - libdeflate

    /// Hands one filtered row on: kept whole, or added to the streamed image's current part.
    private func write(_ row: [UInt8]) throws(GraphicsError) {
        if let whole {
            guard whole.append(row) else { throw .encodingFailed("PNG (more rows than the image holds)") }
        } else if let chain {
            try chain.append(row) { collect($0) }
        }
    }

    /// Part of a kept image's rows.
    enum RowSegment: Sendable {
        /// Filtered rows kept in ``whole``, at these offsets; `shared`: rows of ``sharedRows``.
        case kept(Range<Int>, shared: Bool)
        /// This many rows equal to the row above (Up-filtered: the filter byte 2 and zeros).
        case repeats(Int)
    }

    /// Runs of rows equal to the row above from this long are not handed to libdeflate (nor kept,
    /// in an image kept whole): ``DeflateJoin`` writes them, for a tenth of the time. Shorter ones
    /// are written as rows, as a block's header would cost more than they do.
    static let shortestRepeatRun = 8

    /// Ends the span being kept (an image kept whole) before the next row, after settling the
    /// pending repeated rows: the shared rows (``sharedRows``) are compressed on their own, so
    /// their bytes are the same in every image that holds them, whatever is above and below.
    private func endSpan(_ repeated: [UInt8]) throws(GraphicsError) {
        try keepRepeats(repeated)
        if let whole, whole.count > spanStart {
            segments.append(.kept(spanStart..<whole.count, shared: inSharedRows))
            spanStart = whole.count
        }
        inSharedRows = sharedRows?.contains(rowsWritten) ?? false
    }

    /// Settles the pending repeated rows: a run of ``shortestRepeatRun`` or more ends the span
    /// being kept (or the streamed image's part) and is written as a block of its own; fewer are
    /// written as `repeated` rows.
    private func keepRepeats(_ repeated: [UInt8]) throws(GraphicsError) {
        guard pendingRepeats > 0 else { return }
        if pendingRepeats >= Self.shortestRepeatRun {
            if let whole {
                if whole.count > spanStart { segments.append(.kept(spanStart..<whole.count, shared: inSharedRows)) }
                segments.append(.repeats(pendingRepeats))
                spanStart = whole.count
            } else if let chain {
                try chain.appendRepeatedRows(count: pendingRepeats, rowLength: repeated.count) { collect($0) }
            }
        } else {
            for _ in 0..<pendingRepeats { try write(repeated) }
        }
        pendingRepeats = 0
    }

    /// Takes a streamed image's compressed bytes, written out in IDAT chunks of ``chunkSize``.
    private func collect(_ bytes: UnsafeRawBufferPointer) {
        pendingIDAT.append(bytes.assumingMemoryBound(to: UInt8.self))
        let ready = pendingIDAT.count / Self.chunkSize * Self.chunkSize
        guard ready > 0 else { return }
        pendingIDAT.withUnsafeBytes { pending in
            var start = 0
            while start < ready {
                writeChunk("IDAT", UnsafeRawBufferPointer(rebasing: pending[start..<start + Self.chunkSize]))
                start += Self.chunkSize
            }
        }
        pendingIDAT = Data(pendingIDAT.dropFirst(ready))
    }

    /// The kept rows compressed at the chosen level, their spans by libdeflate and their runs of
    /// repeated rows written directly, as one stream (``DeflateChain``) written out in IDAT
    /// chunks; the rows are released before this returns.
    private func compress(_ rows: MappedBytes) throws(GraphicsError) {
        if let photographicLevel, isPhotographic { chosenLevel = photographicLevel }
        defer {
            whole = nil
            BufferShelf.shared.give(rows)
        }
        if rows.count > spanStart { segments.append(.kept(spanStart..<rows.count, shared: inSharedRows)) }
        let chain = DeflateChain(level: chosenLevel, shelvedFor: rows.capacity, memo: spans)
        for segment in segments {
            switch segment {
            case .kept(let span, let shared):
                try rows.withWritten { all throws(GraphicsError) in
                    try chain.appendPart(UnsafeRawBufferPointer(rebasing: all[span]), sharing: shared) { collect($0) }
                }
            case .repeats(let count):
                try chain.appendRepeatedRows(count: count, rowLength: 1 + width * 3) { collect($0) }
            }
        }
        try chain.finish { collect($0) }
    }

    private func writeChunk(_ type: String, _ body: Data) {
        body.withUnsafeBytes { writeChunk(type, $0) }
    }

    /// Writes a chunk straight into the output, or hands it to the sink as one piece.
    private func writeChunk(_ type: String, _ body: UnsafeRawBufferPointer) {
        if sink == nil {
            Self.append(chunk: type, body, to: &output)
        } else {
            var chunk = Data(capacity: 12 + body.count)
            Self.append(chunk: type, body, to: &chunk)
            emit(chunk)
        }
    }

    private static func append(chunk type: String, _ body: UnsafeRawBufferPointer, to data: inout Data) {
        let name = Array(type.utf8)
        data.appendBigEndian(UInt32(body.count))
        data.append(contentsOf: name)
        data.append(body.assumingMemoryBound(to: UInt8.self))
        // The CRC covers the type and the body: everything after the length.
        var crc = crc32(0, name, uInt(name.count))
        if let base = body.baseAddress {
            crc = crc32(crc, base.assumingMemoryBound(to: Bytef.self), uInt(body.count))
        }
        data.appendBigEndian(UInt32(crc))
    }

    private func emit(_ bytes: Data) {
        if let sink { sink(bytes) } else { output.append(bytes) }
    }
}

extension Data {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ])
    }
}
