import AlbumReportCore
import CGD
import Foundation

/// One zlib stream made by libdeflate a part at a time: for an image too tall to hold whole (a
/// 1,000-row sheet's filtered rows are 850 MB at @3x), and for an image kept whole, whose spans
/// between runs of repeated rows are its parts.
///
/// libdeflate compresses about twice as fast as zlib at the same level, and a little smaller,
/// but only whole buffers. So each part (``partSize`` bytes gathered by ``append(_:to:)``, or a
/// span handed whole to ``appendPart(_:to:)``) is compressed on its own and joined to the stream
/// where its bits end (``DeflateJoin``, its final-block flag cleared), runs of repeated rows are
/// written as blocks of their own (``appendRepeatedRows(count:rowLength:to:)``), and the Adler-32
/// of all the data closes the stream. A part starts with no history: at 1 MiB, that costs about
/// 0.05 % of a sheet's bytes.
package final class DeflateChain {
    /// The data compressed at a time: 1 MiB, resident while the image is made.
    package static let partSize = 1 << 20

    /// The compression level (libdeflate's 0–12; zlib's 0–9 mean the same trade-offs). Settled
    /// by the first part compressed (and the zlib header's hint by the first bytes handed on):
    /// set it before any data.
    package var level: Int
    private var compressor: OpaquePointer?
    private let partSize: Int
    /// The part being gathered by ``append(_:to:)``, mapped at its first bytes.
    private var part: MappedBytes?
    /// libdeflate's output for one part, mapped once and written again for every part.
    private var compressed: MappedBytes?
    /// The input size the output buffer is made for when it comes from (and goes back to) the
    /// ``BufferShelf``; nil: a buffer of its own for a part of ``partSize``.
    private let shelvedFor: Int?
    private var join = DeflateJoin()
    private var adler: UInt32 = 1
    private var started = false
    private var finished = false
    /// Spans compressed before, by this chain or another (``appendPart(_:sharing:to:)`` only).
    private let memo: any SpanMemo

    /// A stream at `level`. With `shelvedFor`, the output buffer suits parts up to that many
    /// bytes, and is taken from the ``BufferShelf`` and given back when the stream is finished, so
    /// that images of one size share it (a card's, kept whole, about 9 MB at @3x).
    package init(
        level: Int, partSize: Int = DeflateChain.partSize, shelvedFor: Int? = nil, memo: any SpanMemo = .none
    ) {
        self.memo = memo
        self.level = level
        self.partSize = max(partSize, 1)
        self.shelvedFor = shelvedFor
    }

    deinit {
        if let compressor { libdeflate_free_compressor(compressor) }
    }

    /// Adds `bytes` to the stream, handing `output` the stream's bytes as parts are finished.
    package func append(_ bytes: [UInt8], to output: (UnsafeRawBufferPointer) -> Void) throws(GraphicsError) {
        let part: MappedBytes
        if let existing = self.part {
            part = existing
        } else {
            part = try MappedBytes(capacity: partSize, populate: true)
            self.part = part
        }
        var start = 0
        while start < bytes.count {
            start += bytes.withUnsafeBytes { all in
                part.append(upTo: UnsafeRawBufferPointer(rebasing: all[start...]))
            }
            if part.isFull { try compressPart(to: output) }
        }
    }

    /// Adds `bytes` as a part of their own, compressed where they are (after the part being
    /// gathered), handing `output` the stream's bytes so far.
    /// With `sharing`, the part's stream is taken from the memo when it holds these very bytes,
    /// and offered to it otherwise.
    package func appendPart(
        _ bytes: UnsafeRawBufferPointer, sharing: Bool = false, to output: (UnsafeRawBufferPointer) -> Void
    )
        throws(GraphicsError)
    {
        try compressPart(to: output)
        guard !bytes.isEmpty else { return }
        if sharing {
            var joined = true
            let found = memo.withStream(of: bytes, level: level) { stream, extent in
                joined = join.append(stream: stream, extent: extent)
            }
            if found {
                guard joined else {
                    throw .encodingFailed("PNG (a kept compressed span could not be joined to the stream)")
                }
                adler = libdeflate_adler32(adler, bytes.baseAddress, bytes.count)
                drain(to: output)
                return
            }
        }
        try compress(bytes, to: output, keeping: sharing ? memo : nil)
    }

    /// Adds `count` rows of `rowLength` bytes, each the filter byte 2 (Up) and zeros (rows equal
    /// to the row above), as one block written directly: the data before them is compressed first.
    package func appendRepeatedRows(
        count: Int, rowLength: Int, to output: (UnsafeRawBufferPointer) -> Void
    )
        throws(GraphicsError)
    {
        guard count > 0, rowLength > 0 else { return }
        try compressPart(to: output)
        var row = [UInt8](repeating: 0, count: rowLength)
        row[0] = 2
        row.withUnsafeBytes { row in
            for _ in 0..<count { adler = libdeflate_adler32(adler, row.baseAddress, row.count) }
        }
        join.appendRepeatedRows(count: count, rowLength: rowLength)
        drain(to: output)
    }

    /// Ends the stream: the last part, the final block, then the Adler-32 of all the data.
    package func finish(to output: (UnsafeRawBufferPointer) -> Void) throws(GraphicsError) {
        try compressPart(to: output)
        drain(to: output)
        finished = true
        if shelvedFor != nil, let compressed {
            self.compressed = nil
            BufferShelf.shared.give(compressed)
        }
        join.finish().withUnsafeBytes(output)
        [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
            .withUnsafeBytes(output)
    }

    /// The two bytes that start a zlib stream at `level`: 32 KiB window, DEFLATE, and the level
    /// hint zlib writes (no preset dictionary), checked so the pair is a multiple of 31.
    package static func zlibHeader(level: Int) -> [UInt8] {
        let hint: UInt16 = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3
        var header: UInt16 = 0x7800 | hint << 6
        header += 31 - header % 31
        return [UInt8(header >> 8), UInt8(header & 0xFF)]
    }

    /// Hands on the stream's whole bytes so far, after its header the first time.
    private func drain(to output: (UnsafeRawBufferPointer) -> Void) {
        if !started {
            started = true
            Self.zlibHeader(level: level).withUnsafeBytes(output)
        }
        join.drain(output)
    }

    /// Compresses the part being gathered, if it holds anything.
    private func compressPart(to output: (UnsafeRawBufferPointer) -> Void) throws(GraphicsError) {
        guard !finished else { throw .encodingFailed("PNG (more data after the image was finished)") }
        guard let part, part.count > 0 else { return }
        try part.withWritten { data throws(GraphicsError) in try compress(data, to: output) }
        part.removeAll()
    }

    /// Compresses `data` as one DEFLATE stream, joins it to the stream and hands the bytes on.
    private func compress(
        _ data: UnsafeRawBufferPointer, to output: (UnsafeRawBufferPointer) -> Void,
        keeping memo: (any SpanMemo)? = nil
    )
        throws(GraphicsError)
    {
        guard !finished else { throw .encodingFailed("PNG (more data after the image was finished)") }
        let compressor: OpaquePointer
        if let existing = self.compressor {
            compressor = existing
        } else {
            guard let made = libdeflate_alloc_compressor(Int32(min(max(level, 0), 12))) else {
                throw .encodingFailed("PNG (libdeflate could not start)")
            }
            self.compressor = made
            compressor = made
        }
        let target: MappedBytes
        if let compressed, compressed.capacity >= libdeflate_deflate_compress_bound(compressor, data.count) {
            target = compressed
        } else if let shelvedFor {
            target = try BufferShelf.shared.take(
                capacity: libdeflate_deflate_compress_bound(compressor, max(shelvedFor, data.count)))
            if let compressed { BufferShelf.shared.give(compressed) }
            compressed = target
        } else {
            // Touched only where written: a part's output is a fraction of the bound.
            target = try MappedBytes(
                capacity: libdeflate_deflate_compress_bound(compressor, max(partSize, data.count)))
            compressed = target
        }
        adler = libdeflate_adler32(adler, data.baseAddress, data.count)
        let written = target.fill { base, capacity in
            libdeflate_deflate_compress(compressor, data.baseAddress, data.count, base, capacity)
        }
        guard written > 0 else { throw .encodingFailed("PNG (libdeflate ran out of room)") }
        let joined = target.withWritten { stream -> Bool in
            guard let extent = DeflateBlocks.extent(of: stream) else { return false }
            memo?.keep(span: data, level: level, stream: stream, extent: extent)
            return join.append(stream: stream, extent: extent)
        }
        guard joined else {
            throw .encodingFailed("PNG (libdeflate's output for one part of the image could not be joined to the next)")
        }
        drain(to: output)
    }
}
