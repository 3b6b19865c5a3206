import AlbumReportCore
import AlbumReportGraphics

/// Why `generate` could not produce a report. Each case names the stage, what went wrong and
/// what to try next; the CLI maps them to its documented exit codes (1, or 130/143 when a
/// signal cancelled the run).
public enum ReportError: Error, Sendable, CustomStringConvertible {
    /// The feed from `source` could not be had.
    case fetch(source: String, FetchError)
    /// The feed's body is not a feed albumreport reads.
    case decode(FeedError)
    /// The theme could not be found or read.
    case theme(ThemeError)
    /// A font the theme names could not be loaded.
    case fonts(GraphicsError)
    /// Drawing `what` failed in `Stage`.
    case render(Stage, what: String, GraphicsError)
    /// A file of the report could not be written at `path`.
    case write(path: String, detail: String)
    /// A page template could not be read or rendered.
    case template(path: String, detail: String)
    /// The output folder (or a shard to merge) cannot be used; the sentence says why.
    case output(String)
    /// The run was cancelled (a signal, or a failure elsewhere).
    case cancelled
    /// Something no stage expected; the sentence is the underlying error's.
    case unexpected(String)

    /// `error` as a report error: itself when it is one, ``cancelled`` for a cancellation (a task
    /// group's child, a sleep), else ``unexpected`` with its description. For the untyped `catch`
    /// around a task group, whose children throw only these.
    init(mapping error: any Error) {
        if let error = error as? ReportError {
            self = error
        } else if error is CancellationError {
            self = .cancelled
        } else {
            self = .unexpected(String(describing: error))
        }
    }

    /// `body`'s value; whatever it throws becomes a failure to write `path`.
    static func writing<T>(_ path: String, _ body: () throws -> T) throws(ReportError) -> T {
        do { return try body() } catch { throw .write(path: path, detail: FileProblem.describe(error)) }
    }

    /// The stage that failed, as printed before the message (`[fetch] …`); nil for a
    /// cancelled run and an internal error.
    public var stage: Stage? {
        switch self {
        case .fetch: return .fetch
        case .decode: return .decode
        case .theme, .fonts, .template: return .setup
        case .output: return .write
        case .render(let stage, _, _): return stage
        case .write: return .write
        case .cancelled, .unexpected: return nil
        }
    }

    /// The user-facing sentence.
    public var description: String {
        switch self {
        case .fetch(let source, .offline):
            "\(source) was not fetched: with --offline the feed must come from the cache or a file, and there is no cached copy. Run once without --offline to cache it, or pass --feed PATH."
        case .fetch(let source, .fileNotFound(let path)):
            "\(source) could not be read: the file \(Excerpt.location(path)) does not exist. Check the path, or pass another --feed."
        case .fetch(let source, .fileUnreadable(_, let detail)):
            "\(source) could not be read: \(detail). Pass another --feed."
        case .fetch(let source, let error):
            "\(source) could not be fetched: \(error). Check the address and your connection, or pass --feed PATH."
        case .decode(let error):
            error.description
        case .theme(let error):
            error.description
        case .fonts(let error):
            error.description
        case .render(_, let what, let error):
            "Rendering \(what) failed: \(error)."
        case .unexpected(let detail):
            "An unexpected error stopped the run (\(Excerpt.printable(detail, limit: 200))). Please report it with the command you ran."
        case .template(let path, let detail):
            "The page template \(Excerpt.location(path)) cannot be used: \(detail). Fix the template or remove it from --templates to use the built-in one."
        case .output(let message):
            message
        case .cancelled:
            "The run was cancelled before the report was complete; the previous report was left as it was."
        case .write(let path, let detail):
            "The report could not be written to \(Excerpt.location(path)): \(detail). Check that the folder is writable and the disk has space, or pass --output DIR."
        }
    }
}
