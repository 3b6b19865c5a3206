import Foundation

/// Files below a folder, reached without following any symbolic link below it: every component
/// of the relative path is checked with `lstat`, so that a link in a shard or a golden folder can
/// never make a read or a write land outside that folder. The folder itself may be a link (the
/// user named it); only what is inside it is checked.
public enum ContainedPath {
    /// What is at a path, without following a link there.
    public enum Kind: Sendable, Equatable {
        case file
        case folder
        case link
        /// A FIFO, a socket, a device: nothing a report or a comparison reads.
        case other
        case missing
    }

    /// What `url` is, without following it if it is a link.
    public static func kind(of url: URL) -> Kind {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        default: return .other
        }
    }

    /// The first path below `root` on the way to `relative` (itself included) that is a symbolic
    /// link; nil when there is none (missing components are not links).
    public static func firstLink(under root: URL, relative: String) -> URL? {
        var url = root
        for component in relative.split(separator: "/") where !component.isEmpty {
            url = url.appendingPathComponent(String(component))
            switch kind(of: url) {
            case .link: return url
            case .missing: return nil
            default: continue
            }
        }
        return nil
    }

    /// Why a file below a folder cannot be read: it is missing, a link, or not a regular file.
    public enum Problem: Error, Sendable, Equatable {
        case missing(URL)
        /// `link` is a symbolic link on the way to the file (or the file itself).
        case link(URL)
        case notAFile(URL)
        case unreadable(URL, String)
    }

    /// The bytes of the regular file `relative` below `root`, read without following a link
    /// below `root`.
    public static func read(_ relative: String, under root: URL) -> Result<Data, Problem> {
        let url = root.appendingPathComponent(relative)
        if let link = firstLink(under: root, relative: relative) { return .failure(.link(link)) }
        switch kind(of: url) {
        case .missing: return .failure(.missing(url))
        case .link: return .failure(.link(url))
        case .folder, .other: return .failure(.notAFile(url))
        case .file: break
        }
        do {
            return .success(try Data(contentsOf: url))
        } catch {
            return .failure(.unreadable(url, error.localizedDescription))
        }
    }
}
