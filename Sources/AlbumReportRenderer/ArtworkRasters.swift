import AlbumReportCore
import AlbumReportGraphics
import Foundation
import Synchronization

/// Artwork decoded and resampled to a slot's pixel size, kept for the screens that draw the same
/// image at the same size: every theme, language and text size of a matrix draws an album's card
/// artwork at one size per device, and decoding and resampling it were a fifth of a matrix's
/// work. Keyed by the image's digest and the size, so only identical bytes share; only opaque
/// pictures are kept (`GDImage.resampledRaster(_:width:height:)`), whose pixels do not depend
/// on what they are drawn over. Bounded by ``budget`` bytes, the least recently used going first.
/// A single run has none.
///
/// Why: measured on the matrix benchmark (24 combinations of the sample), the matrix without it
/// took 17 % longer (52.1 s against 44.7 s, one run each, alternating).
public final class ArtworkRasters: PictureMemo {
    /// One kept picture. Never drawn into after it is made, so it is read by any task.
    private final class Raster: @unchecked Sendable {
        let image: GDImage
        init(_ image: GDImage) { self.image = image }
    }

    private struct Key: Hashable {
        var digest: String
        var width: Int
        var height: Int
    }

    private let state: Mutex<KeptEntries<Key, Raster>>
    private let digest: @Sendable (Data) -> String
    /// The most the kept pictures may take (4 bytes a pixel).
    public let budget: Int

    /// A memo of at most `budget` bytes; `digest` names an image's bytes (SHA-256).
    public init(budget: Int = 24 << 20, digest: @escaping @Sendable (Data) -> String) {
        self.budget = budget
        self.digest = digest
        state = Mutex(KeptEntries(budget: budget))
    }

    /// How many draws found their picture kept, and how many made it.
    public var figures: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    /// Draws `data` resampled into `rect` of `image` with rounded corners, from the kept picture,
    /// or decoded by `decode` (and kept when it may be): the pixels `GDImage.draw(_:in:cornerRadius:background:)`
    /// draws of the decoded image. Returns nil when it is drawn, else the decoded image for the
    /// caller to draw itself (a picture that cannot be kept, or a slot not wholly on the canvas);
    /// a decoding error is thrown, with nothing drawn.
    public func draw(
        _ data: Data, in rect: PixelRect, on image: GDImage, cornerRadius: Double, background: RGBA,
        decode: (Data) throws(GraphicsError) -> GDImage
    ) throws(GraphicsError) -> GDImage? {
        guard image.holdsWhole(rect) else { return try decode(data) }
        let key = Key(digest: digest(data), width: rect.width, height: rect.height)
        if let kept = take(key), image.place(kept.image, in: rect, cornerRadius: cornerRadius, background: background) {
            return nil
        }
        let source = try decode(data)
        // A picture that cannot be kept (or the memory for it had) is drawn as a single run draws it.
        guard let made = (try? GDImage.resampledRaster(source, width: rect.width, height: rect.height)) ?? nil,
            image.place(made, in: rect, cornerRadius: cornerRadius, background: background)
        else { return source }
        keep(Raster(made), as: key)
        return nil
    }

    private func take(_ key: Key) -> Raster? {
        state.withLock { state in
            guard let kept = state.entries(under: key).first else {
                state.missed()
                return nil
            }
            state.found(kept, under: key)
            return kept
        }
    }

    private func keep(_ raster: Raster, as key: Key) {
        var dropped = state.withLock { state -> [Raster] in
            guard state.entries(under: key).isEmpty else { return [] }
            return state.keep(raster, size: raster.image.width * raster.image.height * 4, under: key)
        }
        // Released outside the lock: a raster let go frees its image.
        dropped.removeAll()
    }
}

/// Where a screen's artwork pictures come from: decoded and resampled for every draw (``none``),
/// or kept for the screens drawn together (``ArtworkRasters``). Either way the pixels drawn are
/// those `GDImage.draw(_:in:cornerRadius:background:)` draws of the decoded image.
public protocol PictureMemo: Sendable {
    /// Draws `data` resampled into `rect` of `image`; returns nil when it is drawn, else the
    /// image `decode` made of `data` for the caller to draw itself. A decoding error is thrown.
    func draw(
        _ data: Data, in rect: PixelRect, on image: GDImage, cornerRadius: Double, background: RGBA,
        decode: (Data) throws(GraphicsError) -> GDImage
    ) throws(GraphicsError) -> GDImage?
}

/// No memo: every picture is decoded for its caller to draw.
public struct NoPictureMemo: PictureMemo {
    /// No memo.
    public init() {}
    public func draw(
        _ data: Data, in rect: PixelRect, on image: GDImage, cornerRadius: Double, background: RGBA,
        decode: (Data) throws(GraphicsError) -> GDImage
    ) throws(GraphicsError) -> GDImage? { try decode(data) }
}

extension PictureMemo where Self == NoPictureMemo {
    /// No memo: every picture is decoded for its caller to draw.
    public static var none: NoPictureMemo { NoPictureMemo() }
}

/// What the screens of several runs share while they are drawn together (a matrix's
/// combinations): pictures resampled once, and card spans compressed once; a single run's
/// share nothing (``none``).
public struct ScreenSharing: Sendable {
    /// Artwork resampled to a slot's size.
    public var pictures: any PictureMemo
    /// Compressed spans of card rows.
    public var spans: any SpanMemo

    /// Sharing through `pictures` and `spans`.
    public init(pictures: any PictureMemo, spans: any SpanMemo) {
        self.pictures = pictures
        self.spans = spans
    }

    /// Nothing shared: a single run's screens.
    public static let none = ScreenSharing(pictures: NoPictureMemo(), spans: NoSpanMemo())
}
