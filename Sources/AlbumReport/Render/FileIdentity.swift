import Foundation

/// One state of one regular file, told from `stat` without reading it: its device, inode, size,
/// and modification and status-change times to the nanosecond.
///
/// The status-change time (ctime) is what makes it a proof: the kernel sets it to the current
/// time whenever the file's bytes or metadata change, and no user process can set it (`utimes`
/// sets the modification time back, never the change time). So a file written in place, a file
/// replaced by another (a new inode, or a reused inode number with a later ctime) and a file whose
/// modification time was restored after an edit all have an identity other than the one recorded
/// before. Linking and unlinking the file also change its ctime, which the render cache allows for
/// (see ``RenderCache``).
struct FileIdentity: Sendable, Equatable {
    /// A time to the nanosecond.
    struct Time: Sendable, Equatable, Comparable {
        var seconds: Int64
        var nanoseconds: Int64

        static func < (lhs: Time, rhs: Time) -> Bool {
            (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
        }
    }

    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Time
    var changed: Time
}

extension FileIdentity {
    /// The identity `info` describes, when it is a regular file's.
    init?(_ info: stat) {
        guard info.st_mode & S_IFMT == S_IFREG else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if os(macOS)
            modified = Time(seconds: Int64(info.st_mtimespec.tv_sec), nanoseconds: Int64(info.st_mtimespec.tv_nsec))
            changed = Time(seconds: Int64(info.st_ctimespec.tv_sec), nanoseconds: Int64(info.st_ctimespec.tv_nsec))
        #else
            modified = Time(seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
            changed = Time(seconds: Int64(info.st_ctim.tv_sec), nanoseconds: Int64(info.st_ctim.tv_nsec))
        #endif
    }

    /// The identity of the regular file at `path`, without following a symbolic link there; nil
    /// for anything else (a link, a folder, a FIFO, nothing).
    static func of(path: String) -> FileIdentity? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileIdentity(info)
    }

    /// The identity of the regular file open as `descriptor`.
    static func of(descriptor: Int32) -> FileIdentity? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return FileIdentity(info)
    }

    /// Whether `other` is this file with the same size and modification time: everything but the
    /// change time, which linking the file into a new report and unlinking it from the old one
    /// move on.
    func isSameFile(as other: FileIdentity) -> Bool {
        device == other.device && inode == other.inode && size == other.size && modified == other.modified
    }

    // MARK: - As recorded

    /// `DEVICE INODE SIZE MSECONDS.MNANOS CSECONDS.CNANOS`, all decimal.
    var recorded: String {
        "\(device) \(inode) \(size) \(modified.seconds).\(modified.nanoseconds) \(changed.seconds).\(changed.nanoseconds)"
    }

    /// The identity ``recorded`` wrote; nil for anything else.
    init?(recorded text: Substring) {
        let fields = text.split(separator: " ")
        func time(_ field: Substring) -> Time? {
            let parts = field.split(separator: ".")
            guard parts.count == 2, let seconds = Int64(parts[0]), let nanoseconds = Int64(parts[1]),
                (0..<1_000_000_000).contains(nanoseconds)
            else { return nil }
            return Time(seconds: seconds, nanoseconds: nanoseconds)
        }
        guard fields.count == 5, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
            let size = Int64(fields[2]), size >= 0, let modified = time(fields[3]), let changed = time(fields[4])
        else { return nil }
        self.init(device: device, inode: inode, size: size, modified: modified, changed: changed)
    }
}
