import Foundation

/// The one reader of a report's `manifest.json`: its bytes read from a folder, decoded as the
/// whole ``Manifest`` or as a caller's own partial schema (so a caller that needs only the files
/// skips the items and frames of a large manifest).
public enum ManifestFile {
    /// The manifest's file name inside a report folder.
    public static let name = "manifest.json"

    /// Why a folder's manifest could not be had.
    public enum Problem: Error, Sendable, Equatable {
        /// There is no readable `manifest.json` in the folder.
        case missing
        /// `manifest.json` is a symbolic link (refused when links are not followed).
        case link(URL)
        /// It is not JSON of the schema asked for: a clause saying where (``DecodingProblem``).
        case undecodable(String)
    }

    /// The manifest in `folder` decoded as `schema`. Without `followingLinks`, a `manifest.json`
    /// that is a symbolic link is refused rather than read.
    public static func read<Schema: Decodable>(
        _ schema: Schema.Type, in folder: URL, followingLinks: Bool = true
    ) -> Result<Schema, Problem> {
        let data: Data
        if followingLinks {
            guard let bytes = try? Data(contentsOf: folder.appendingPathComponent(name)) else {
                return .failure(.missing)
            }
            data = bytes
        } else {
            switch ContainedPath.read(name, under: folder) {
            case .success(let bytes): data = bytes
            case .failure(.link(let link)): return .failure(.link(link))
            case .failure: return .failure(.missing)
            }
        }
        do {
            return .success(try JSONDecoder().decode(schema, from: data))
        } catch {
            return .failure(.undecodable(DecodingProblem.clause(error, data: data)))
        }
    }
}
