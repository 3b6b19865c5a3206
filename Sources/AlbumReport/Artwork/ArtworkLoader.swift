import AlbumReportCore
import Foundation

/// Artwork bytes that passed every check before decoding, or why there are none.
public enum ArtworkOutcome: Sendable {
    /// Bytes whose header names a supported format within the size limit.
    case image(Data, ImageHeader)
    /// A sentence-ending reason ("…answered HTTP 404").
    case failed(String)

    /// The bytes, when loaded.
    public var data: Data? {
        if case .image(let data, _) = self { return data }
        return nil
    }
}

/// Loads artwork from `http(s)` URLs or the local feed's folder, under the scheme policy, checking
/// each image's header (format and dimensions) before anything decodes it. Many URLs are loaded
/// concurrently, never more than `concurrency` at once, each URL once.
public struct ArtworkLoader: Sendable {
    /// The largest width or height accepted.
    public static let maximumEdge = 4096

    var fetcher: HTTPFetcher
    var policy: ArtworkPolicy
    /// Downloaded artwork is kept here and revalidated next time (nil: no cache).
    var cache: HTTPCache?

    /// Creates a loader.
    public init(fetcher: HTTPFetcher, policy: ArtworkPolicy, cache: HTTPCache? = nil) {
        self.fetcher = fetcher
        self.policy = policy
        self.cache = cache
    }

    /// The same loader counting its requests under `stage` ("artwork" for thumbnails, "cards").
    public func counting(as stage: String) -> ArtworkLoader {
        var copy = self
        copy.fetcher = fetcher.counting(as: stage)
        return copy
    }

    /// Loads each distinct URL text in `urls`, `concurrency` at a time. Results are keyed by the
    /// URL text, so their order never depends on timing.
    public func loadAll(
        _ urls: [String], concurrency: Int, progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) async -> [String: ArtworkOutcome] {
        var seen = Set<String>()
        let unique = urls.filter { seen.insert($0).inserted }
        var results: [String: ArtworkOutcome] = [:]
        await withTaskGroup(of: (String, ArtworkOutcome).self) { group in
            var pending = unique.makeIterator()
            for _ in 0..<max(concurrency, 1) {
                guard let url = pending.next() else { break }
                group.addTask { (url, await load(url)) }
            }
            for await (url, outcome) in group {
                results[url] = outcome
                progress(results.count, unique.count)
                if Task.isCancelled { continue }
                if let url = pending.next() {
                    group.addTask { (url, await load(url)) }
                }
            }
        }
        return results
    }

    /// Loads one artwork URL text; every failure is counted by reason in the fetch stats.
    public func load(_ raw: String) async -> ArtworkOutcome {
        let outcome = await loadUncounted(raw)
        if case .failed(let reason) = outcome {
            fetcher.stats.record(fetcher.stage) { $0.failures[Self.kind(of: reason), default: 0] += 1 }
        }
        return outcome
    }

    private func loadUncounted(_ raw: String) async -> ArtworkOutcome {
        let reference: ArtworkReference
        switch policy.resolve(raw) {
        case .success(let resolved): reference = resolved
        case .failure(let refusal): return .failed(refusal.description)
        }
        let data: Data
        switch reference {
        case .remote(let url):
            do {
                let response = try await fetcher.get(url, cache: cache, allowFresh: false)
                guard (200...299).contains(response.status) else {
                    return .failed(FetchError.httpStatus(url: url.absoluteString, status: response.status).description)
                }
                data = response.body
            } catch {
                return .failed(error.description)
            }
        case .inline(let bytes):
            data = bytes
        case .file(let url):
            switch readConfinedFile(url) {
            case .success(let bytes): data = bytes
            case .failure(let failure): return .failed(failure.reason)
            }
        }
        return Self.check(data, source: reference.description)
    }

    /// A short name for the reason of a failure, for the stats: "http-404", "timeout", …
    static func kind(of reason: String) -> String {
        if let range = reason.range(of: "answered HTTP ") {
            return "http-" + reason[range.upperBound...].prefix { $0.isNumber }
        }
        let kinds: [(String, String)] = [
            ("timed out", "timeout"), ("MiB (the limit)", "too-large"), ("redirected too many", "redirects"),
            ("could not be reached", "connection"), ("is empty", "empty"), ("is not an image", "not-an-image"),
            ("more than the", "too-many-pixels"), ("truncated", "truncated"), ("cut off", "truncated"),
            ("corrupt", "undecodable"),
            ("scheme", "refused"), ("artwork URLs are not allowed", "refused"), ("inline data", "refused"),
            ("local path", "refused"), ("outside the feed", "refused"),
            ("does not exist", "missing-file"),
        ]
        return kinds.first { reason.contains($0.0) }?.1 ?? "other"
    }

    /// Header checks: a known image format, no more than ``maximumEdge`` on either side, and for
    /// JPEG an end marker (a cut-off download has none).
    static func check(_ data: Data, source: String) -> ArtworkOutcome {
        guard !data.isEmpty else { return .failed("\(source) is empty (0 bytes)") }
        guard let header = ImageHeader.read(data) else {
            let start = data.prefix(16).first.map { $0 == UInt8(ascii: "<") } ?? false
            return .failed("\(source) is not an image\(start ? " (it is an HTML or XML page)" : "")")
        }
        guard header.width > 0, header.height > 0 else {
            return .failed("\(source) declares an empty \(header.width) × \(header.height) image")
        }
        guard header.width <= maximumEdge, header.height <= maximumEdge else {
            return .failed(
                "\(source) declares \(header.width) × \(header.height) pixels, more than the \(maximumEdge) × \(maximumEdge) allowed"
            )
        }
        if header.format == .jpeg, !ImageHeader.jpegIsComplete(data) {
            return .failed("\(source) is a truncated JPEG (it has no end marker)")
        }
        return .image(data, header)
    }

    /// Reads a local artwork file, refusing one whose real path (symbolic links resolved) leaves
    /// the feed's folder.
    private func readConfinedFile(_ url: URL) -> Result<Data, ArtworkFailure> {
        guard let directory = policy.localFeedDirectory else {
            return .failure(
                ArtworkFailure(
                    reason: "'\(url.path)' is a local path, which only a feed read from a local file may use"))
        }
        let realBase = directory.resolvingSymlinksInPath().path
        let realPath = url.resolvingSymlinksInPath().path
        guard realPath.hasPrefix(realBase.hasSuffix("/") ? realBase : realBase + "/") else {
            return .failure(ArtworkFailure(reason: "'\(url.path)' points outside the feed file's folder"))
        }
        guard FileManager.default.fileExists(atPath: realPath) else {
            return .failure(ArtworkFailure(reason: FetchError.fileNotFound(path: url.path).description))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: realPath)[.size] as? Int) ?? 0
        guard size <= fetcher.limits.maximumBytes else {
            return .failure(
                ArtworkFailure(
                    reason: FetchError.tooLarge(url: url.path, limit: fetcher.limits.maximumBytes).description))
        }
        do {
            return .success(try Data(contentsOf: URL(fileURLWithPath: realPath)))
        } catch {
            return .failure(
                ArtworkFailure(
                    reason: FetchError.fileUnreadable(path: url.path, detail: error.localizedDescription).description))
        }
    }
}

/// Why one piece of artwork could not be loaded, as a clause for a warning.
struct ArtworkFailure: Error {
    var reason: String
}
