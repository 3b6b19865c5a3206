import AlbumReportCore
import CGD
import Foundation

/// One zlib stream made by libdeflate a part at a time, for an image too tall to hold whole (a
/// 1,000-row sheet's filtered rows are 850 MB at @3x).
///
/// libdeflate compresses about twice as fast as zlib at the same level, and a little smaller,
/// but only whole buffers. So each part of ``partSize`` bytes is compressed on its own; every
/// part but the last has its final-block flag cleared and an empty stored block written after
/// it (the bytes zlib's sync flush writes), so the next part starts on a byte boundary; and the
/// Adler-32 of all the data closes the stream. Where those bits are comes from walking the
/// part's blocks (``DeflateBlocks``). A part starts with no history: at 1 MiB, that costs about
/// 0.05 % of a sheet's bytes.
final class DeflateChain {
    /// The data compressed at a time: 1 MiB, resident while the image is made.
    static let partSize = 1 << 20

    /// The compression level (libdeflate's 0–12; zlib's 0–9 mean the same trade-offs). Settled
    /// by the first part: a change after it has no effect.
    var level: Int
    private var compressor: OpaquePointer?
    private let part: MappedBytes
    /// libdeflate's output for one part, mapped once and written again for every part.
    private var compressed: MappedBytes?
    private var adler: UInt32 = 1
    private var started = false
    private var finished = false

    init(level: Int, partSize: Int = DeflateChain.partSize) throws(GraphicsError) {
        self.level = level
        part = try MappedBytes(capacity: max(partSize, 1), populate: true)
    }

    deinit {
        if let compressor { libdeflate_free_compressor(compressor) }
    }

    /// Adds `bytes` to the stream, handing `output` the stream's bytes as parts are finished.
    func append(_ bytes: [UInt8], to output: (UnsafeRawBufferPointer) -> Void) throws(GraphicsError) {
        var start = 0
        while start < bytes.count {
            start += bytes.withUnsafeBytes { all in
                part.append(upTo: UnsafeRawBufferPointer(rebasing: all[start...]))
            }
            if part.isFull { try compressPart(final: false, to: output) }
        }
    }

    /// Ends the stream: the last part, then the Adler-32 of all the data.
    func finish(to output: (UnsafeRawBufferPointer) -> Void) throws(GraphicsError) {
        try compressPart(final: true, to: output)
    }

    /// The two bytes that start a zlib stream at `level`: 32 KiB window, DEFLATE, and the level
    /// hint zlib writes (no preset dictionary), checked so the pair is a multiple of 31.
    static func zlibHeader(level: Int) -> [UInt8] {
        let hint: UInt16 = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3
        var header: UInt16 = 0x7800 | hint << 6
        header += 31 - header % 31
        return [UInt8(header >> 8), UInt8(header & 0xFF)]
    }

    private func compressPart(final: Bool, to output: (UnsafeRawBufferPointer) -> Void) throws(GraphicsError) {
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
        if let compressed {
            target = compressed
        } else {
            // Touched only where written: a part's output is a fraction of the bound.
            target = try MappedBytes(capacity: libdeflate_deflate_compress_bound(compressor, part.capacity))
            compressed = target
        }
        let written = part.withWritten { data in
            adler = libdeflate_adler32(adler, data.baseAddress, data.count)
            return target.fill { base, capacity in
                libdeflate_deflate_compress(compressor, data.baseAddress, data.count, base, capacity)
            }
        }
        guard written > 0 else { throw .encodingFailed("PNG (libdeflate ran out of room)") }
        part.removeAll()
        if !started {
            started = true
            Self.zlibHeader(level: level).withUnsafeBytes(output)
        }
        if final {
            finished = true
            target.withWritten(output)
            [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
                .withUnsafeBytes(output)
            return
        }
        guard let extent = target.withWritten({ DeflateBlocks.extent(of: $0) }) else {
            throw .encodingFailed("PNG (libdeflate's output for one part of the image could not be joined to the next)")
        }
        let flag = target.base + (extent.lastBlockStart >> 3)
        flag.storeBytes(of: flag.load(as: UInt8.self) & ~(1 << UInt8(extent.lastBlockStart & 7)), as: UInt8.self)
        let whole = extent.end >> 3
        let spare = extent.end & 7
        output(UnsafeRawBufferPointer(start: target.base, count: whole))
        var tail: [UInt8] = []
        if spare > 0 { tail.append(target.base.load(fromByteOffset: whole, as: UInt8.self) & UInt8((1 << spare) - 1)) }
        // An empty stored block: its 3 header bits (not final, stored) are zeros after the last
        // code, in the same byte when they fit; then the pad to the byte boundary, length 0 and
        // its complement.
        if spare == 0 || spare > 5 { tail.append(0) }
        tail += [0, 0, 0xFF, 0xFF]
        tail.withUnsafeBytes(output)
    }
}
