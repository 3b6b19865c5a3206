import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder of the current user's under the temporary folder (`<name>-<uid>`, mode 0700), for
/// the images a failed golden assertion leaves: one shared world-readable folder would let every
/// user of the machine read (and replace) another's failure images.
public enum PrivateTemporaryFolder {
    /// The folder, created when missing; an error sentence when the name is taken by another
    /// user's folder, a symbolic link or a file.
    public static func url(named name: String) throws(CompareError) -> URL {
        let user = getuid()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(user)", isDirectory: true)
        if mkdir(url.path, 0o700) == 0 { return url }
        let created = errno
        var status = stat()
        guard lstat(url.path, &status) == 0 else {
            throw .outputRefused(
                path: url.path,
                reason:
                    "cannot be created (\(String(cString: strerror(created)))). Set ALBUMREPORT_ARTIFACTS to a folder of yours."
            )
        }
        guard status.st_mode & S_IFMT == S_IFDIR, status.st_uid == user else {
            throw .outputRefused(
                path: url.path,
                reason:
                    "is not a folder of this user's (a link, a file or another user's folder), so failure images are not written there. Remove it, or set ALBUMREPORT_ARTIFACTS to a folder of yours."
            )
        }
        if status.st_mode & 0o077 != 0 { _ = chmod(url.path, 0o700) }
        return url
    }
}
