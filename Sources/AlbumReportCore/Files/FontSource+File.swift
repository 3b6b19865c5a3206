import Foundation

extension FontSource {
    /// The existing file for `weight`: ``path(for:)``, or the file in its folder whose name is
    /// the same but for case; nil for a family name or when there is none.
    public func existingFile(for weight: FontWeight) -> String? {
        guard let path = path(for: weight) else { return nil }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) { return isDirectory.boolValue ? nil : path }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let wanted = url.lastPathComponent.lowercased()
        let names = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().first { $0.lowercased() == wanted }.map { folder.appendingPathComponent($0).path }
    }
}
