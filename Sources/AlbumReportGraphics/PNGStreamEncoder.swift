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
    /// Spans of an image kept whole that other images compressed before (a matrix's cards).
    private let spans: DeflateSpanMemo?
    /// The rows other images may hold too (a card's artwork): only spans of rows that overlap
    /// them are looked for in, and kept in, ``spans``.
    public var sharedRows: Range<Int>?
    /// Whether the span being kept is of ``sharedRows``.
    private var inSharedRows = false
    /// Bands of ``sharedRows`` other images filtered before (a matrix's cards).
    private let bands: FilteredBandMemo?
    /// What the band being filtered started from, to keep in ``bands`` once it is done.
    private var recording: BandStart?

    private struct BandStart {
        var key: FilteredBandMemo.Key
        /// The strip's row above the band.
        var above: Int
        var kept: Int
        var segments: Int
        var rowsPerFilter: [Int]
        var sampled: Int
        var busy: Int
    }
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
    private var sampled = 0
    private var busy = 0
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

    /// How rows are filtered before deflating.
    public enum RowFilter: Sendable {
        /// The cheapest of None, Sub, Up, Average and Paeth per row, scored on every pixel
        /// (libpng's heuristic): smallest files.
        case adaptive
        /// Always Up: nearly free to compute, and as good on flat screens whose rows repeat.
        case up
        /// Per row, the cheapest of the five filters scored on one run of 16 bytes in every
        /// ``sampleStep`` runs: a quarter of the adaptive heuristic's work, nearly its bytes.
        case sampled
    }

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
    /// leaves its own there: the same bytes as compressing it. With `bands`, the filtering of
    /// ``sharedRows`` is replayed when another image filtered the very same pixels there (and in
    /// the row above): the same bytes as filtering them.
    public init(
        width: Int, height: Int, compressionLevel: Int, photographicLevel: Int? = nil, filter: RowFilter = .adaptive,
        sink: ((Data) -> Void)? = nil, spans: DeflateSpanMemo? = nil, bands: FilteredBandMemo? = nil
    ) throws(GraphicsError) {
        rowFilter = filter
        self.spans = spans
        self.bands = bands
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
        let judgingRows = judging && chain == nil
        var raw = [UInt8](repeating: 0, count: width * 3)
        var filtered = [UInt8](repeating: 0, count: 1 + width * 3)
        // What every filter choice makes of a row equal to the one above: Up, all zeros.
        var repeated = [UInt8](repeating: 0, count: 1 + width * 3)
        repeated[0] = 2
        let stripStart = rowsWritten
        var skipUntil = 0
        for y in 0..<strip.height where rowsWritten < height {
            if y < skipUntil { continue }
            if let sharedRows, rowsWritten == sharedRows.lowerBound || rowsWritten == sharedRows.upperBound {
                if rowsWritten == sharedRows.upperBound { keepBand(of: strip) }
                try endSpan(repeated)
                // The band of shared rows, and the row above it, wholly in a strip that starts the
                // image: replayed when another image filtered the very same pixels.
                // The band ends inside this strip (so it is kept from this strip's rows) and inside
                // the image, and the strip is the image's width.
                if rowsWritten == sharedRows.lowerBound, let bands, let whole, stripStart == 0, y >= 1,
                    !sharedRows.isEmpty, y + sharedRows.count < strip.height, sharedRows.upperBound <= height,
                    strip.width == width
                {
                    let (record, key) = bands.record(
                        of: strip, rows: y - 1, count: sharedRows.count + 1, band: sharedRows, filter: rowFilter,
                        judging: judgingRows)
                    if let record {
                        try replay(record, into: whole)
                        skipUntil = y + sharedRows.count
                        continue
                    }
                    recording = BandStart(
                        key: key, above: y - 1, kept: whole.count, segments: segments.count,
                        rowsPerFilter: rowsPerFilter, sampled: sampled, busy: busy)
                }
            }
            // A row that repeats the one above (backgrounds, bars, flat art) needs no conversion
            // and no scoring: its filtered bytes are known, and the row above stays the previous.
            if y > 0, strip.rowRepeatsRowAbove(y) {
                rowsPerFilter[2] += 1
                // Every sampled pixel of a repeated row equals the one above.
                if judgingRows, rowsWritten % Self.sampledRowStep == 1 { sampled += (width + 6) / 8 }
                pendingRepeats += 1
                rowsWritten += 1
                continue
            }
            let columns = width
            raw.withUnsafeMutableBufferPointer { out in
                _ = strip.withRow(y) { row in
                    guard let base = UnsafeMutableRawPointer(out.baseAddress) else { return }
                    let count = min(columns, row.count, out.count / 3)
                    // One 4-byte store a pixel (R, G, B and a byte the next pixel overwrites)
                    // rather than three, for all but the last.
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
            // A strip's first row is compared once converted, so that runs are found, and bytes
            // made, the same however an opaque image is cut into strips (within a strip, a row
            // whose gd alpha alone differs from the row above's is not taken for a repeat).
            if y == 0, rowsWritten > 0, raw == previousRow {
                rowsPerFilter[2] += 1
                if judgingRows, rowsWritten % Self.sampledRowStep == 1 { sampled += (width + 6) / 8 }
                pendingRepeats += 1
                rowsWritten += 1
                continue
            }
            try keepRepeats(repeated)
            if judgingRows, rowsWritten % Self.sampledRowStep == 1 { sample(raw, above: previousRow) }
            Self.filter(raw, previous: previousRow, into: &filtered, strategy: rowFilter)
            rowsPerFilter[Int(filtered[0])] += 1
            try write(filtered)
            swap(&previousRow, &raw)
            rowsWritten += 1
        }
        // A band is only recorded when it ends in the strip that started it.
        recording = nil
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

    /// Keeps what filtering the band of ``sharedRows`` made (``recording``), now that it is done.
    private func keepBand(of strip: GDImage) {
        guard let start = recording, let bands, let whole, let sharedRows else { return }
        recording = nil
        // Without the memory for a copy, the band is simply not kept.
        guard let kept = try? bands.shelf.take(capacity: sharedRows.count * (1 + width * 3), populate: true),
            let pixels = try? bands.pixels(of: strip, rows: start.above, count: sharedRows.count + 1)
        else { return }
        let copied = whole.withWritten { all in kept.append(upTo: UnsafeRawBufferPointer(rebasing: all[start.kept...]))
        }
        guard copied == whole.count - start.kept else {
            bands.shelf.give(kept)
            bands.shelf.give(pixels)
            return
        }
        let made = segments[start.segments...].map { segment -> RowSegment in
            guard case .kept(let span, let shared) = segment else { return segment }
            return .kept(span.lowerBound - start.kept..<span.upperBound - start.kept, shared: shared)
        }
        bands.keep(
            FilteredBandMemo.Record(
                key: start.key, pixels: pixels,
                kept: kept, segments: made, spanStart: spanStart - start.kept, pendingRepeats: pendingRepeats,
                rowsPerFilter: zip(rowsPerFilter, start.rowsPerFilter).map { $0 - $1 },
                sampled: sampled - start.sampled,
                busy: busy - start.busy, previousRow: previousRow, shelf: bands.shelf))
    }

    /// Does what filtering the band `record` holds did: its kept bytes and segments, its counts,
    /// and the row above the next.
    private func replay(_ record: FilteredBandMemo.Record, into whole: MappedBytes) throws(GraphicsError) {
        let base = whole.count
        let copied = record.kept.withWritten { kept in whole.append(upTo: kept) }
        guard copied == record.kept.count else { throw .encodingFailed("PNG (more rows than the image holds)") }
        segments += record.segments.map { segment in
            guard case .kept(let span, let shared) = segment else { return segment }
            return .kept(span.lowerBound + base..<span.upperBound + base, shared: shared)
        }
        spanStart = base + record.spanStart
        pendingRepeats = record.pendingRepeats
        for index in rowsPerFilter.indices where index < record.rowsPerFilter.count {
            rowsPerFilter[index] += record.rowsPerFilter[index]
        }
        sampled += record.sampled
        busy += record.busy
        previousRow = record.previousRow
        rowsWritten += record.key.band.count
    }

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

    // MARK: - What the image is

    private var isPhotographic: Bool {
        sampled > 0 && Double(busy) >= Self.photographicShare * Double(sampled)
    }

    /// The summed channel difference from the pixel above from which a sampled pixel is busy.
    static let busyDifference: Int32 = 3

    /// Images are sampled on every this many rows (rows 1, 5, 9, …), and every eighth column.
    static let sampledRowStep = 4

    /// Counts, on every eighth pixel of `row` (pixels 1, 9, 17, …; RGB bytes), those that differ
    /// from the pixel above by ``busyDifference`` or more summed over the channels.
    private func sample(_ row: [UInt8], above: [UInt8]) {
        row.withUnsafeBufferPointer { row in
            above.withUnsafeBufferPointer { above in
                var index = 3
                while index + 2 < min(row.count, above.count) {
                    let difference =
                        abs(Int32(row[index]) - Int32(above[index]))
                        + abs(Int32(row[index + 1]) - Int32(above[index + 1]))
                        + abs(Int32(row[index + 2]) - Int32(above[index + 2]))
                    if difference >= Self.busyDifference { busy += 1 }
                    sampled += 1
                    index += 24
                }
            }
        }
    }

    /// Counts, on every fourth row and every eighth column of a streamed image's first strip, the
    /// pixels that differ from the pixel above by ``busyDifference`` or more summed over the
    /// channels (a 32nd of the pixels), as rows kept whole are counted one by one.
    private func sample(_ strip: GDImage) {
        var y = 1
        while y < strip.height {
            _ = strip.withRow(y - 1) { above in
                strip.withRow(y) { row in
                    var x = 1
                    while x < min(row.count, above.count) {
                        let a = row[x]
                        let b = above[x]
                        let difference =
                            abs((a >> 16) & 0xFF - (b >> 16) & 0xFF) + abs((a >> 8) & 0xFF - (b >> 8) & 0xFF)
                            + abs(a & 0xFF - b & 0xFF)
                        if difference >= Self.busyDifference { busy += 1 }
                        sampled += 1
                        x += 8
                    }
                }
            }
            y += Self.sampledRowStep
        }
    }

    // MARK: - Filtering

    /// Writes `row` filtered against `previous` into `output` (the filter byte, then the row), with
    /// the filter `strategy` picks. Rows equal to the one above are Up (all zeros) without scoring.
    static func filter(
        _ row: [UInt8], previous: [UInt8], into output: inout [UInt8], strategy: RowFilter
    ) {
        row.withUnsafeBufferPointer { raw in
            previous.withUnsafeBufferPointer { above in
                output.withUnsafeMutableBufferPointer { target in
                    guard let r = raw.baseAddress, let a = above.baseAddress, let o = target.baseAddress,
                        above.count >= raw.count, target.count > raw.count
                    else { return }
                    let count = raw.count
                    let type: UInt8
                    switch strategy {
                    case .up: type = 2
                    case .adaptive, .sampled:
                        if memcmp(r, a, count) == 0 {
                            type = 2
                        } else {
                            type = cheapest(r, a, count: count, step: strategy == .adaptive ? 1 : sampleStep)
                        }
                    }
                    o[0] = type
                    apply(type, r, a, o + 1, count: count)
                }
            }
        }
    }

    /// `.sampled` scores one run of 16 bytes in every this many (a quarter of the row).
    static let sampleStep = 4

    /// The filter type (0–4) whose residuals have the smallest sum of absolute values (libpng's
    /// heuristic) over every byte after the first pixel (`step` 1), or over one run of 16 bytes
    /// in every `step`; ties go to Up, then Sub, Average, Paeth, None. Contiguous runs of plain
    /// scalar code, which the optimiser turns into SIMD lanes on every processor (a sample of
    /// one pixel in four, as before, could not be) and which stay cheap in debug builds (the
    /// standard library's SIMD types are generic calls there, tens of times slower).
    @inline(__always)
    static func cheapest(_ r: UnsafePointer<UInt8>, _ a: UnsafePointer<UInt8>, count: Int, step: Int) -> UInt8 {
        var none: UInt32 = 0
        var sub: UInt32 = 0
        var up: UInt32 = 0
        var average: UInt32 = 0
        var paeth: UInt32 = 0
        let step = max(step, 1)
        let run = step == 1 ? max(count - 3, 1) : 16
        var start = 3
        while start < count {
            let end = min(start + run, count)
            var i = start
            while i < end {
                let value = r[i]
                let left = r[i &- 3]
                let above = a[i]
                // (left + above) >> 1 without a ninth bit.
                let mean = (left & above) &+ ((left ^ above) >> 1)
                none &+= magnitude(value)
                sub &+= magnitude(value &- left)
                up &+= magnitude(value &- above)
                average &+= magnitude(value &- mean)
                paeth &+= magnitude(value &- predictPaeth(left, above, a[i &- 3]))
                i &+= 1
            }
            start += run * step
        }
        var type: UInt8 = 2
        var best = up
        if sub < best { (type, best) = (1, sub) }
        if average < best { (type, best) = (3, average) }
        if paeth < best { (type, best) = (4, paeth) }
        if none < best { type = 0 }
        return type
    }

    /// Writes `count` bytes of `r` filtered with `type` against `a` to `o`. (Plain `while` loops:
    /// a `switch` over `for` ranges with `update(from:count:)` here made the Swift 6.3.1 release
    /// build throw a garbage error from the encoder, which debug builds never showed.)
    static func apply(
        _ type: UInt8, _ r: UnsafePointer<UInt8>, _ a: UnsafePointer<UInt8>, _ o: UnsafeMutablePointer<UInt8>,
        count: Int
    ) {
        let head = min(3, count)
        var i = 0
        if type == 1 {
            while i < head {
                o[i] = r[i]
                i += 1
            }
            while i < count {
                o[i] = r[i] &- r[i - 3]
                i += 1
            }
        } else if type == 2 {
            while i < count {
                o[i] = r[i] &- a[i]
                i += 1
            }
        } else if type == 3 {
            while i < head {
                o[i] = r[i] &- (a[i] >> 1)
                i += 1
            }
            while i < count {
                o[i] = r[i] &- UInt8(truncatingIfNeeded: (UInt16(r[i - 3]) &+ UInt16(a[i])) >> 1)
                i += 1
            }
        } else if type == 4 {
            // Paeth with no left or upper-left neighbour predicts the byte above.
            while i < head {
                o[i] = r[i] &- a[i]
                i += 1
            }
            while i < count {
                o[i] = r[i] &- predictPaeth(r[i - 3], a[i], a[i - 3])
                i += 1
            }
        } else {
            while i < count {
                o[i] = r[i]
                i += 1
            }
        }
    }

    /// The filtered byte's distance from zero, as a signed byte.
    @inline(__always)
    private static func magnitude(_ residual: UInt8) -> UInt32 {
        // min(r, −r): 0x80 is 128, as the signed byte's magnitude.
        UInt32(min(residual, 0 &- residual))
    }

    /// The Paeth predictor of the PNG specification, without branches (so loops over it vectorise).
    @inline(__always)
    static func predictPaeth(_ left: UInt8, _ above: UInt8, _ upperLeft: UInt8) -> UInt8 {
        let a = Int16(left)
        let b = Int16(above)
        let c = Int16(upperLeft)
        let pa = absolute(b &- c)
        let pb = absolute(a &- c)
        let pc = absolute(a &+ b &- c &- c)
        let chosen = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        return UInt8(truncatingIfNeeded: chosen)
    }

    @inline(__always)
    private static func absolute(_ value: Int16) -> Int16 {
        let sign = value >> 15
        return (value ^ sign) &- sign
    }
}

extension Data {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ])
    }
}
