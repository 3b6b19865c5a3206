import Foundation

/// Why a file cannot be read or written, as a clause a user can act on, from what the system
/// says (never Foundation's raw error text: "NSCocoaErrorDomain error 256" says nothing).
public enum FileProblem {
    /// Why `path` cannot be read as a regular file, or nil when it can be (checked before reading,
    /// so that a FIFO never blocks the run and a device is never read).
    public static func reading(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return clause(errno: errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "it is a folder, not a file"
        case S_IFIFO: return "it is a FIFO (a named pipe), not a regular file"
        case S_IFSOCK: return "it is a socket, not a regular file"
        case S_IFCHR, S_IFBLK: return "it is a device, not a regular file"
        default: return "it is not a regular file"
        }
        return access(path, R_OK) == 0 ? nil : clause(errno: errno)
    }

    /// The clause for an error thrown while reading or writing a file.
    public static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return clause(errno: Int32(nsError.code)) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return clause(errno: Int32(underlying.code))
        }
        switch CocoaError.Code(rawValue: nsError.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return clause(errno: ENOENT)
        case .fileReadNoPermission, .fileWriteNoPermission: return clause(errno: EACCES)
        case .fileWriteOutOfSpace: return clause(errno: ENOSPC)
        case .fileWriteVolumeReadOnly: return clause(errno: EROFS)
        case .fileReadTooLarge: return "it is too large to read"
        case .fileReadCorruptFile, .fileReadInapplicableStringEncoding: return "its bytes could not be read as text"
        default: return "the system reported error \(nsError.code) (\(nsError.domain))"
        }
    }

    /// The clause for a system error number.
    public static func clause(errno code: Int32) -> String {
        switch code {
        case ENOENT: return "it does not exist"
        case EACCES, EPERM: return "permission denied (check the file's and its folders' permissions)"
        case ENOSPC: return "there is no space left on the device"
        case EROFS: return "the file system is read-only"
        case EISDIR: return "it is a folder, not a file"
        case ENOTDIR: return "a part of the path is not a folder"
        case ENAMETOOLONG: return "the path is too long"
        case ELOOP: return "it is a loop of symbolic links"
        case EIO: return "the device reported an input/output error"
        case EXDEV: return "it is on another file system (a mount point) than the folder it was to be moved from"
        case EBUSY: return "it is in use (a mount point, or open elsewhere)"
        case ENOTEMPTY: return "it is a folder that is not empty"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
