import Foundation

/// Artwork outcomes by URL text, shared by the combinations of a matrix so that each image is
/// downloaded (or read) once however many devices, themes and styles draw it. The first caller
/// for a URL loads it in its own task; callers that ask while that load is in flight wait for its
/// outcome instead of starting another.
///
/// It holds every image the matrix draws until the run ends: at most one thumbnail and one large
/// image per rendered item.
actor ArtworkMemo {
    private enum Entry {
        case loading([CheckedContinuation<ArtworkOutcome, Never>])
        case done(ArtworkOutcome)
    }

    private var entries: [String: Entry] = [:]

    /// The outcome of `url`: `load`'s, run once, by the first caller.
    func outcome(for url: String, load: @Sendable () async -> ArtworkOutcome) async -> ArtworkOutcome {
        switch entries[url] {
        case .done(let outcome)?:
            return outcome
        case .loading?:
            return await withCheckedContinuation { continuation in
                if case .loading(let waiting)? = entries[url] {
                    entries[url] = .loading(waiting + [continuation])
                } else if case .done(let outcome)? = entries[url] {
                    continuation.resume(returning: outcome)
                }
            }
        case nil:
            entries[url] = .loading([])
            let outcome = await load()
            if case .loading(let waiting)? = entries[url] {
                for continuation in waiting { continuation.resume(returning: outcome) }
            }
            entries[url] = .done(outcome)
            return outcome
        }
    }
}
