import CGD

extension GraphicsRuntime {
    /// Inflates the zlib stream of `inputCount` bytes at `input` into exactly `outputCount` bytes
    /// at `output` with libdeflate (about twice zlib's speed, the stream inflated at once): 0 when
    /// it gave exactly that many bytes, 1 when the stream is damaged, 2 when it gives fewer, 3
    /// more. The shape of `compare`'s whole-stream inflater (CPNG's `ar_png_inflater`), which the
    /// command line installs; a library host keeps zlib's.
    public static func inflateZlib(
        _ input: UnsafePointer<UInt8>?, _ inputCount: Int, _ output: UnsafeMutablePointer<UInt8>?, _ outputCount: Int
    ) -> Int32 {
        guard let input, let output, let decompressor = libdeflate_alloc_decompressor() else { return 1 }
        defer { libdeflate_free_decompressor(decompressor) }
        var written = 0
        switch libdeflate_zlib_decompress(decompressor, input, inputCount, output, outputCount, &written) {
        case LIBDEFLATE_SUCCESS: return written == outputCount ? 0 : 2
        case LIBDEFLATE_SHORT_OUTPUT: return 2
        case LIBDEFLATE_INSUFFICIENT_SPACE: return 3
        default: return 1
        }
    }
}
