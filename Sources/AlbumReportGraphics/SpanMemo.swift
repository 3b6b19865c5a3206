import AlbumReportCore

/// Where a PNG encoder may find a span of rows already compressed: a matrix's cards share the
/// artwork rows other combinations compressed (``DeflateSpanMemo``); a single image compresses
/// every span itself (``none``). A memo only ever hands back the stream of the very bytes asked
/// for, so the PNG is the same bytes either way.
public protocol SpanMemo: Sendable {
    /// Hands `body` the kept stream of exactly `span` at `level`, and where its blocks end; false
    /// when none is kept.
    func withStream(
        of span: UnsafeRawBufferPointer, level: Int, _ body: (UnsafeRawBufferPointer, DeflateBlocks.Extent) -> Void
    ) -> Bool
    /// Offers `stream`, libdeflate's output for `span` at `level` whose blocks end at `extent`.
    func keep(span: UnsafeRawBufferPointer, level: Int, stream: UnsafeRawBufferPointer, extent: DeflateBlocks.Extent)
}

/// No memo: every span is compressed.
public struct NoSpanMemo: SpanMemo {
    /// No memo.
    public init() {}
    public func withStream(
        of span: UnsafeRawBufferPointer, level: Int, _ body: (UnsafeRawBufferPointer, DeflateBlocks.Extent) -> Void
    ) -> Bool { false }
    public func keep(
        span: UnsafeRawBufferPointer, level: Int, stream: UnsafeRawBufferPointer, extent: DeflateBlocks.Extent
    ) {}
}

extension SpanMemo where Self == NoSpanMemo {
    /// No memo: every span is compressed.
    public static var none: NoSpanMemo { NoSpanMemo() }
}
