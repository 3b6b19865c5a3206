import AlbumReportCore
import Foundation

/// Artwork bytes that passed every check before decoding, or why there are none.
public enum ArtworkOutcome: Sendable {
    /// Bytes whose header names a supported format within the size limit.
    case image(Data, ImageHeader)
    /// Why not.
    case failed(ArtworkFailure)

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
    /// Outcomes already had in this process, by URL text (a matrix's combinations share them).
    var memo: ArtworkMemo?
    /// The run's downloads in flight, shared with its other loaders (nil: only `concurrency` bounds them).
    var slots: DownloadSlots?
    /// How this loader's downloads queue for ``slots``: thumbnails before large images.
    var slotPriority = DownloadSlots.Priority.first

    /// The same loader counting its requests under `stage` (`Stage/artwork` for thumbnails,
    /// `Stage/cards` for large images).
    public func counting(as stage: Stage) -> ArtworkLoader {
        var copy = self
        copy.fetcher = fetcher.counting(as: stage)
        return copy
    }

    /// Loads each distinct URL text in `urls`, `concurrency` at a time, and keeps nothing: each
    /// outcome is only handed to `arrived` (a report's thumbnail bytes are let go once drawn).
    /// With `edge`, each URL that names a size is asked for at that size first
    /// (``load(_:edge:)``); outcomes are still keyed by the URL as given.
    func loadEach(
        _ urls: [String], concurrency: Int, edge: Int? = nil,
        progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in },
        arrived: (_ url: String, _ outcome: ArtworkOutcome) -> Void
    ) async {
        var seen = Set<String>()
        let unique = urls.filter { seen.insert($0).inserted }
        var done = 0
        // Only a cancellation throws (a load never does): what arrived before it was handed on.
        try? await BoundedTaskGroup.forEach(
            unique, limit: concurrency,
            arrived: { index, outcome in
                done += 1
                arrived(unique[index], outcome)
                progress(done, unique.count)
            }
        ) { url in await load(url, edge: edge) }
    }

    /// Loads one artwork URL text; every failure is counted by its key in the fetch stats.
    public func load(_ raw: String) async -> ArtworkOutcome {
        await load(raw, countsFailure: true)
    }

    /// Loads one artwork URL text; a failure is counted in the fetch stats when `countsFailure`
    /// (an attempt that another URL backs up is not: the album fails once, or not at all).
    func load(_ raw: String, countsFailure: Bool) async -> ArtworkOutcome {
        if let memo { return await memo.outcome(for: raw) { await loadCounted(raw, countsFailure: countsFailure) } }
        return await loadCounted(raw, countsFailure: countsFailure)
    }

    /// Loads `raw` at `edge` pixels when its URL names a size (`ArtworkURL/large(for:edge:)`),
    /// falling back to `raw` as it is when that size cannot be had; only the fallback's failure
    /// is counted and returned. Without a size in the URL (or without `edge`), loads `raw`.
    public func load(_ raw: String, edge: Int?) async -> ArtworkOutcome {
        guard let edge, let sized = ArtworkURL.large(for: raw, edge: edge) else { return await load(raw) }
        let outcome = await load(sized, countsFailure: false)
        if case .image = outcome { return outcome }
        if case .failed(.fetch(.cancelled)) = outcome { return outcome }
        return await load(raw)
    }

    private func loadCounted(_ raw: String, countsFailure: Bool) async -> ArtworkOutcome {
        let outcome: ArtworkOutcome
        if let slots {
            // A task cancelled while it waits for a slot sends nothing; the run ends cancelled.
            outcome = await slots.withSlot(slotPriority) { await loadUncounted(raw) } ?? .failed(.fetch(.cancelled))
        } else {
            outcome = await loadUncounted(raw)
        }
        if countsFailure, case .failed(let failure) = outcome {
            fetcher.stats.recordFailure(fetcher.stage, key: failure.statisticsKey)
        }
        return outcome
    }

    private func loadUncounted(_ raw: String) async -> ArtworkOutcome {
        let reference: ArtworkReference
        switch policy.resolve(raw) {
        case .success(let resolved): reference = resolved
        case .failure(let refusal): return .failed(.refused(refusal))
        }
        let data: Data
        switch reference {
        case .remote(let url):
            do {
                let response = try await fetcher.get(url, cache: cache, allowFresh: false).response
                guard (200...299).contains(response.status) else {
                    return .failed(.fetch(.httpStatus(url: url.absoluteString, status: response.status)))
                }
                data = response.body
            } catch {
                return .failed(.fetch(error))
            }
        case .inline(let bytes):
            data = bytes
        case .file(let url):
            switch readConfinedFile(url) {
            case .success(let bytes): data = bytes
            case .failure(let failure): return .failed(failure)
            }
        }
        return Self.check(data, source: reference.description)
    }

    /// Header checks: a known image format, no more than ``maximumEdge`` on either side, for
    /// JPEG an end marker (a cut-off download has none), and for PNG no ancillary chunk that
    /// claims more than the file holds or 8 MB (libgd's PNG reader takes no limits of ours).
    static func check(_ data: Data, source: String) -> ArtworkOutcome {
        guard !data.isEmpty else { return .failed(.empty(source: source)) }
        guard let header = ImageHeader.read(data) else {
            if let format = ImageHeader.unsupportedFormat(of: data) {
                return .failed(.unsupportedFormat(source: source, format: format))
            }
            let markup = data.prefix(16).first.map { $0 == UInt8(ascii: "<") } ?? false
            return .failed(.notAnImage(source: source, markup: markup))
        }
        guard header.width > 0, header.height > 0 else {
            return .failed(.emptyImage(source: source, width: header.width, height: header.height))
        }
        guard header.width <= maximumEdge, header.height <= maximumEdge else {
            return .failed(
                .tooManyPixels(source: source, width: header.width, height: header.height, limit: maximumEdge))
        }
        if header.format == .jpeg, !ImageHeader.jpegIsComplete(data) {
            return .failed(.truncatedJPEG(source: source))
        }
        if header.format == .png, let problem = ImageHeader.pngChunkProblem(data) {
            return .failed(.damagedPNG(source: source, problem: problem))
        }
        return .image(data, header)
    }

    /// Reads a local artwork file, refusing one whose real path (symbolic links resolved) leaves
    /// the feed's folder.
    private func readConfinedFile(_ url: URL) -> Result<Data, ArtworkFailure> {
        guard let directory = policy.localFeedDirectory else {
            return .failure(.refused(.localFromRemoteFeed(url.path)))
        }
        let realBase = directory.resolvingSymlinksInPath().path
        let realPath = url.resolvingSymlinksInPath().path
        guard realPath.hasPrefix(realBase.hasSuffix("/") ? realBase : realBase + "/") else {
            return .failure(.refused(.outsideFeedFolder(url.path)))
        }
        guard FileManager.default.fileExists(atPath: realPath) else {
            return .failure(.fetch(.fileNotFound(path: url.path)))
        }
        if let problem = FileProblem.reading(realPath) {
            return .failure(.fetch(.fileUnreadable(path: url.path, detail: problem)))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: realPath)[.size] as? Int) ?? 0
        guard size <= fetcher.limits.maximumBytes else {
            return .failure(.fetch(.tooLarge(url: url.path, limit: fetcher.limits.maximumBytes)))
        }
        do {
            return .success(try Data(contentsOf: URL(fileURLWithPath: realPath)))
        } catch {
            return .failure(.fetch(.fileUnreadable(path: url.path, detail: FileProblem.describe(error))))
        }
    }
}

extension ArtworkLoader {
    /// Creates a loader.
    public init(fetcher: HTTPFetcher, policy: ArtworkPolicy, cache: HTTPCache? = nil) {
        self.init(fetcher: fetcher, policy: policy, cache: cache, memo: nil)
    }
}
