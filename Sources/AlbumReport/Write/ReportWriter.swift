import AlbumReportCore
import CFileSwap
import Foundation
import Synchronization

/// Writes a report atomically: the whole new report is built in a hidden folder next to the
/// output folder (`.Output.albumreport-PID-XXXXXXXX`) and swapped in with one atomic exchange
/// once it is complete, so a run that fails or is killed leaves the previous report as it was.
///
/// Only files the tool wrote are ever removed: before the swap, every entry of the output folder
/// that the previous manifest does not list (the user's own files) is hard-linked into the new
/// report, so it survives the swap unchanged.
public struct ReportWriter: Sendable {
    /// The output folder.
    public let output: URL
    /// Where this run's files wait until the report is complete.
    public let staging: URL
    /// Whether the staging folder is inside the output folder (no atomic swap possible).
    let inPlace: Bool
    /// The stop latch and commit count of the run this writer belongs to.
    let control: RunControl
    /// Whether ``commit(manifest:page:)`` flushes the staged report to its device before the swap;
    /// false for a matrix's combination, staged inside the matrix's own folder, which the
    /// matrix's writer flushes once for all of them.
    var flushes = true

    /// The manifest's file name.
    public static let manifestName = ManifestFile.name
    /// Files every report has besides those its manifest lists.
    static let reportFiles: Set<String> = [manifestName, GalleryPage.fileName]

    /// Whether `name`, in any case (file systems that ignore case), is one a report writes at its
    /// top level: `manifest.json`, `index.html`, `cards`, `sheet.png` or `sheet-NNN.png`. A matrix's
    /// folder may not be named so: the report over it, or the plain report it replaces, would
    /// collide with it.
    static func isReportName(_ name: String) -> Bool {
        let name = name.lowercased()
        return reportFiles.contains(name) || name == ReportLayout.cardsFolder || ReportLayout.isSheet(name)
    }

    /// The names ``isReportName(_:)`` refuses, for messages.
    static let reportNamesText =
        (reportFiles.sorted() + [ReportLayout.cardsFolder, ReportLayout.sheetPath(page: nil), "sheet-NNN.png"])
        .joined(separator: ", ")

    /// The checks of `prepare(output:force:holdsReport:)` alone, so a run can fail before it
    /// downloads anything. `known` is whether the folder holds a report of ours, when the caller
    /// has just read its manifest (a large report's manifest is most of a refresh's start-up).
    public static func checkOutput(_ output: URL, force: Bool, holdsReport known: Bool? = nil) throws(ReportError) {
        let output = resolved(output)
        let manager = FileManager.default
        guard output.path != "/", !output.path.isEmpty else {
            throw .output("The output folder cannot be / (the tool replaces the folder it writes). Pass --output DIR.")
        }
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: output.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .output(
                    "\(Excerpt.location(output.path)) is a file, not a folder. Pass --output with a folder's path.")
            }
            if !force, !(known ?? holdsReport(output)), !visibleEntries(of: output).isEmpty {
                throw .output(
                    "\(Excerpt.location(output.path)) is not empty and holds no albumreport report (no manifest.json of ours). Pass --force to write the report into it anyway (your files are kept), or choose another --output folder."
                )
            }
        }
    }

    /// Checks the output folder and creates the staging folder next to it.
    ///
    /// Refuses `/`, a path that is not a folder, and (unless `force`) a folder that holds files
    /// but no report of ours. Hidden entries such as `.gitkeep` do not count as files.
    public static func prepare(
        output: URL, force: Bool = false, holdsReport known: Bool? = nil, control: RunControl = RunControl()
    ) throws(ReportError) -> ReportWriter {
        let output = resolved(output)
        try checkOutput(output, force: force, holdsReport: known)
        let manager = FileManager.default
        // A folder we may not write (a read-only mount, no permission) is said so now, before
        // anything is drawn, instead of as the rename that fails at the end.
        if manager.fileExists(atPath: output.path), access(output.path, W_OK) != 0 {
            throw .write(path: output.path, detail: FileProblem.clause(errno: errno))
        }
        let parent = output.deletingLastPathComponent()
        // The swap needs a staging folder on the same file system as the output folder, in a
        // parent we may write. A mount point (a Docker volume) or a read-only parent gets the
        // staging folder inside the output folder instead, replaced file by file.
        let inPlace =
            manager.fileExists(atPath: output.path)
            && (access(parent.path, W_OK) != 0 || device(of: parent) != device(of: output))
        let base = inPlace ? output : parent
        removeAbandonedStaging(in: base, name: output.lastPathComponent)
        let staging = base.appendingPathComponent(
            ".\(output.lastPathComponent).albumreport-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())")
        try ReportError.writing(base.path) {
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
            try Data().write(to: staging.appendingPathComponent(stagingMarker))
        }
        return ReportWriter(output: output, staging: staging, inPlace: inPlace, control: control)
    }

    /// Marks a folder as this tool's staging folder, so that cleaning up never removes a user's.
    static let stagingMarker = ".albumreport-staging"

    /// `url` with symbolic links resolved: a linked output folder is written through its link.
    static func resolved(_ url: URL) -> URL {
        url.standardizedFileURL.resolvingSymlinksInPath()
    }

    private static func device(of url: URL) -> UInt64? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return UInt64(info.st_dev)
    }

    /// Writes `data` to `relativePath` in the staging folder and returns its size and SHA-256
    /// (`knownSHA256` when the caller has just verified it).
    public func stage(
        _ data: Data, at relativePath: String, knownSHA256: String? = nil
    ) throws(ReportError) -> (bytes: Int, sha256: String) {
        let url = try prepare(relativePath)
        do {
            try Self.writeStaged(data, to: url)
        } catch {
            throw .write(path: url.path, detail: FileProblem.clause(errno: error.code.rawValue))
        }
        return (data.count, knownSHA256 ?? Digest.sha256Hex(data))
    }

    /// Hard-links `previous`, a file of the previous report whose bytes were verified while it was
    /// the file `identity` names, at `relativePath` in the staging folder (a refresh then writes no
    /// PNG bytes at all). Returns false, leaving nothing staged, when the writer cannot link
    /// (in-place staging replaces files one by one, so a link would alias the file it replaces; a
    /// file system without hard links) or when the file linked is not that file any more (one
    /// put in its place since, or changed): the caller then stages verified bytes instead.
    func linkReused(
        _ previous: URL, at relativePath: String, sameFileAs identity: FileIdentity
    ) throws(ReportError) -> Bool {
        guard !inPlace else { return false }
        let url = try prepare(relativePath)
        guard link(previous.path, url.path) == 0 else { return false }
        if let linked = FileIdentity.of(path: url.path), linked.isSameFile(as: identity) { return true }
        // Never left staged: writing the verified bytes over it would write through the link.
        guard unlink(url.path) == 0 else {
            throw .write(path: url.path, detail: FileProblem.clause(errno: errno))
        }
        return false
    }

    /// Opens `relativePath` in the staging folder for writing piece by piece.
    public func stageStream(at relativePath: String) throws(ReportError) -> StagedFile {
        let url = try prepare(relativePath)
        return try ReportError.writing(url.path) {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown)
            }
            return StagedFile(url: url, handle: try FileHandle(forWritingTo: url))
        }
    }

    /// The staged file's URL, with its folder created; throws once staging is closed.
    private func prepare(_ relativePath: String) throws(ReportError) -> URL {
        try control.checkOpen()
        let url = staging.appendingPathComponent(relativePath)
        try ReportError.writing(url.path) {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        return url
    }

    /// Finishes the report: writes the manifest (nil: already staged, as a stream) and page,
    /// carries the user's own files over from the output folder, swaps the new report in and
    /// removes the old one.
    public func commit(manifest: Data?, page: Data?) throws(ReportError) {
        if let manifest { _ = try stage(manifest, at: Self.manifestName) }
        if let page { _ = try stage(page, at: GalleryPage.fileName) }
        // The new report is on its device before the old one is replaced: a power failure after
        // the swap never leaves empty files where both reports were. Before the commit's window,
        // which an interrupt waits for: a slow disk's flush may be interrupted, the swap not.
        if flushes, albumreport_flush_file_system(staging.path) != 0 {
            throw .output(
                "The new report for \(Excerpt.location(output.path)) could not be written to its device (\(FileProblem.clause(errno: errno))); the previous report was left as it was. Check the disk, then run again."
            )
        }
        try control.checkOpen()
        control.beginCommit()
        defer { control.endCommit() }
        let manager = FileManager.default
        let marker = output.appendingPathComponent(Self.stagingMarker)
        guard manager.fileExists(atPath: output.path) else {
            try Self.rename(staging, to: output)
            try? manager.removeItem(at: marker)
            return
        }
        // The files of an earlier report of ours may be replaced or removed; nothing else may.
        // Read again now, not at start-up: the folder is what it is at the moment of the swap.
        let previousReport = PreviousReport(in: output)
        let previous = previousReport.map { Set($0.files.keys).union($0.otherPaths).union(Self.reportFiles) } ?? []
        try refuseCollisions(previous: previous)
        if inPlace {
            try replaceFileByFile(previous: previous)
            return
        }
        // Folders that held only the previous report's files are not carried over as empty
        // folders: a matrix's combinations it no longer has, a plain report's `cards/` under a
        // matrix or a `--no-cards` report.
        let pruning = previousReport != nil
        try carryOver(from: output, into: staging, relativePath: "", previous: previous, pruning: pruning)
        Self.copyAttributes(from: output, to: staging)
        try swap(previous: previous, pruning: pruning)
    }

    /// Exchanges the staging folder with the output (atomically, where the file system can), then
    /// moves over what the user added to the old report meanwhile and removes the rest.
    private func swap(previous: Set<String>, pruning: Bool) throws(ReportError) {
        let manager = FileManager.default
        let marker = output.appendingPathComponent(Self.stagingMarker)
        // The old report's folder is marked before the swap, so that from the moment it becomes a
        // staging folder it is one the next run removes (a run killed right after the swap left
        // it, unmarked, beside the output for good). A run killed before the swap leaves the
        // marker file in the output, which is never carried over.
        let oldMarker = FileManager.default.createFile(atPath: marker.path, contents: Data())
        if albumreport_exchange_paths(staging.path, output.path) == 0 {
            FaultInjection.point(.afterSwap)
            // The new report's marker (the staging folder's) goes; the old report's stays with it.
            try? manager.removeItem(at: marker)
            if !oldMarker {
                _ = manager.createFile(
                    atPath: staging.appendingPathComponent(Self.stagingMarker).path, contents: Data())
            }
            // `staging` now holds the old report. Anything the user added to it during the run
            // is moved over; the rest was ours and goes — unless a move failed, in which case the
            // old folder is left where it is rather than lose a file.
            do {
                try carryOver(
                    from: staging, into: output, relativePath: "", previous: previous, move: true, pruning: pruning)
                abandon()
            } catch {
                try? FileManager.default.removeItem(at: staging.appendingPathComponent(Self.stagingMarker))
            }
        } else {
            // No atomic exchange on this file system: replace file by file (each rename atomic).
            if oldMarker { try? manager.removeItem(at: marker) }
            try replaceFileByFile(previous: previous)
        }
    }

    /// A file of the user's (not from an earlier report) where the report puts one of its own is
    /// never replaced: the run stops before anything is swapped.
    private func refuseCollisions(previous: Set<String>) throws(ReportError) {
        let manager = FileManager.default
        let staged = (manager.enumerator(atPath: staging.path)?.allObjects as? [String] ?? []).sorted()
        for path in staged where !previous.contains(path) && path != Self.stagingMarker {
            var stagedIsDirectory: ObjCBool = false
            var existingIsDirectory: ObjCBool = false
            guard
                manager.fileExists(atPath: staging.appendingPathComponent(path).path, isDirectory: &stagedIsDirectory),
                manager.fileExists(atPath: output.appendingPathComponent(path).path, isDirectory: &existingIsDirectory)
            else { continue }
            if stagedIsDirectory.boolValue && existingIsDirectory.boolValue { continue }
            throw .output(
                "\(Excerpt.location(output.appendingPathComponent(path).path)) is not from an earlier report, and the new report would replace it. Move it away or choose another --output folder; nothing was changed."
            )
        }
    }

    /// Removes the staging folder (after a failure, or once committed).
    public func abandon() {
        try? FileManager.default.removeItem(at: staging)
    }

    // MARK: - Steps

    /// Links (or, with `move`, renames) every entry under `source` that is not one of the report's
    /// own files and does not exist under `target`.
    private func carryOver(
        from source: URL, into target: URL, relativePath: String, previous: Set<String>, move: Bool = false,
        pruning: Bool = false
    ) throws(ReportError) {
        let manager = FileManager.default
        let folder = relativePath.isEmpty ? source : source.appendingPathComponent(relativePath)
        for name in try Self.names(in: folder) {
            let path = relativePath.isEmpty ? name : relativePath + "/" + name
            if relativePath.isEmpty, isStagingEntry(name) { continue }
            if previous.contains(path) { continue }
            let from = source.appendingPathComponent(path)
            let to = target.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            let isLink = (try? from.resourceValues(forKeys: [.isSymbolicLinkKey]).isSymbolicLink) == true
            if !isLink, manager.fileExists(atPath: from.path, isDirectory: &isDirectory), isDirectory.boolValue {
                var created = false
                if !manager.fileExists(atPath: to.path) {
                    // A whole folder moves at once, unless it may hold a matrix's stale files.
                    if move && !pruning {
                        try Self.rename(from, to: to)
                        continue
                    }
                    try ReportError.writing(to.path) {
                        try manager.createDirectory(at: to, withIntermediateDirectories: true)
                    }
                    Self.copyAttributes(from: from, to: to)
                    created = true
                }
                try carryOver(
                    from: source, into: target, relativePath: path, previous: previous, move: move, pruning: pruning)
                // Emptied of our own files, it goes; a folder the user left empty stays.
                if pruning, created, (try? manager.contentsOfDirectory(atPath: to.path))?.isEmpty == true,
                    (try? manager.contentsOfDirectory(atPath: from.path))?.isEmpty == false
                {
                    _ = rmdir(to.path)
                }
            } else if !manager.fileExists(atPath: to.path), !isSymbolicLink(to) {
                try Self.carryFile(from, to: to, move: move)
            }
        }
    }

    /// The sorted names in `folder`, whose files are the user's to keep.
    private static func names(in folder: URL) throws(ReportError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw .write(
                path: folder.path,
                detail:
                    "it cannot be read, so your files in it could not be kept (\(FileProblem.describe(error))); nothing was changed"
            )
        }
    }

    /// Whether `name`, at the top of the output folder, is albumreport's own staging (a staged
    /// report, a staging folder or its marker), never carried over.
    private func isStagingEntry(_ name: String) -> Bool {
        name.hasPrefix(".\(output.lastPathComponent).albumreport-") || name.hasPrefix(".albumreport-staging-")
            || name == Self.stagingMarker
    }

    /// One file carried over: renamed with `move`, else hard-linked, or copied where it cannot be.
    private static func carryFile(_ from: URL, to: URL, move: Bool) throws(ReportError) {
        if move {
            try rename(from, to: to)
        } else if link(from.path, to.path) != 0 {
            try ReportError.writing(to.path) { try FileManager.default.copyItem(at: from, to: to) }
            // A user's file copied (its folder cannot hold a link) is on the device before the
            // original goes with the old report.
            let descriptor = open(to.path, O_RDONLY | O_CLOEXEC)
            let synced = descriptor >= 0 && fsync(descriptor) == 0
            let code = errno
            if descriptor >= 0 { close(descriptor) }
            guard synced else { throw .write(path: to.path, detail: FileProblem.clause(errno: code)) }
        }
    }

    private func isSymbolicLink(_ url: URL) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
    }

    /// The fallback commit: each staged file renamed over its target, stale files of the
    /// previous report removed.
    private func replaceFileByFile(previous: Set<String>) throws(ReportError) {
        let manager = FileManager.default
        // The page and the manifest go last, so they never describe PNGs that are not in place.
        let staged = (manager.enumerator(atPath: staging.path)?.allObjects as? [String] ?? []).sorted {
            (Self.reportFiles.contains($0) ? 1 : 0, $0) < (Self.reportFiles.contains($1) ? 1 : 0, $1)
        }
        let current = Set(staged)
        for path in staged where !path.hasSuffix("/") && path != Self.stagingMarker {
            let source = staging.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: source.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            let target = output.appendingPathComponent(path)
            try? manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Self.rename(source, to: target)
        }
        var emptied = Set<String>()
        for stale in previous where !current.contains(stale) && Self.isSafeRelativePath(stale) {
            try? manager.removeItem(at: output.appendingPathComponent(stale))
            var folder = (stale as NSString).deletingLastPathComponent
            while !folder.isEmpty {
                emptied.insert(folder)
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        // The folders that held them go too once empty (`rmdir` leaves a folder with anything in it).
        for folder in emptied.sorted(by: { $0.count > $1.count }) {
            _ = rmdir(output.appendingPathComponent(folder).path)
        }
        abandon()
    }

}
