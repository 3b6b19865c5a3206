import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// Why one piece of artwork could not be drawn: a sentence for people (``reason``, a clause
/// inside the item's warning) and a key for statistics (``statisticsKey``). The key never
/// depends on the wording.
public enum ArtworkFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The feed gives no artwork URL for an album.
    case noURL
    /// The URL breaks the scheme policy (a `file:` URL in a remote feed, a path outside the feed's folder, …).
    case refused(ArtworkRefusal)
    /// The download (or the local file read) failed.
    case fetch(FetchError)
    /// Zero bytes.
    case empty(source: String)
    /// Not a PNG, JPEG, GIF or WebP; `markup` when it starts like an HTML or XML page.
    case notAnImage(source: String, markup: Bool)
    /// An image in a format the renderer does not draw (BMP, TIFF, HEIC, …).
    case unsupportedFormat(source: String, format: String)
    /// A header declaring a width or height of zero.
    case emptyImage(source: String, width: Int, height: Int)
    /// A header declaring more pixels than are ever decoded.
    case tooManyPixels(source: String, width: Int, height: Int, limit: Int)
    /// A JPEG without its end marker (a cut-off download).
    case truncatedJPEG(source: String)
    /// A PNG with an ancillary chunk that claims more than the file holds or than is allowed
    /// (`problem` says which), refused from the chunk headers before anything is decoded.
    case damagedPNG(source: String, problem: String)
    /// The bytes passed the header checks but did not decode.
    case undecodable(GraphicsError)

    /// The clause for the warning ("https://… answered HTTP 404").
    public var reason: String {
        switch self {
        case .noURL: "the feed gives no artwork URL"
        case .refused(let refusal): refusal.description
        case .fetch(let error): error.description
        case .empty(let source): "\(Excerpt.location(source)) is empty (0 bytes)"
        case .notAnImage(let source, let markup):
            "\(Excerpt.location(source)) is not an image\(markup ? " (it is an HTML or XML page)" : "")"
        case .unsupportedFormat(let source, let format):
            "\(Excerpt.location(source)) is a \(format) image, a format albumreport does not draw (PNG, JPEG, GIF and WebP are)"
        case .emptyImage(let source, let width, let height):
            "\(Excerpt.location(source)) declares an empty \(width) × \(height) image"
        case .tooManyPixels(let source, let width, let height, let limit):
            "\(Excerpt.location(source)) declares \(width) × \(height) pixels, more than the \(limit) × \(limit) allowed"
        case .truncatedJPEG(let source): "\(Excerpt.location(source)) is a truncated JPEG (it has no end marker)"
        case .damagedPNG(let source, let problem):
            "\(Excerpt.location(source)) is a PNG refused before decoding: \(problem)"
        case .undecodable(let error): error.description
        }
    }

    /// The failure's name in the run's statistics ("http-404", "timeout", "not-an-image", …).
    public var statisticsKey: String {
        switch self {
        case .noURL: return "no-url"
        case .refused: return "refused"
        case .fetch(let error): return error.statisticsKey
        case .empty: return "empty"
        case .notAnImage: return "not-an-image"
        case .unsupportedFormat: return "unsupported-format"
        case .emptyImage: return "empty-image"
        case .tooManyPixels: return "too-many-pixels"
        case .truncatedJPEG: return "truncated"
        case .damagedPNG: return "damaged-png"
        case .undecodable: return "undecodable"
        }
    }

    /// What several items' failures have in common, when it concerns a whole host, `--offline`
    /// or the address rule (see ``FetchError/sharedCause``).
    public var sharedCause: String? {
        if case .fetch(let error) = self { return error.sharedCause }
        return nil
    }

    public var description: String { reason }
}
