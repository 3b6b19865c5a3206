import Foundation

/// The default themes, shipped inside the binary so that it runs from any folder.
///
/// This file makes the top-level `Templates/` folder a SwiftPM resource target: the JSON files
/// next to it are the single source of the defaults, and `--templates DIR` points at a user's own.
public enum DefaultTemplates {
    /// The folder holding the shipped `light.json` and `dark.json`.
    public static var directory: URL? {
        Bundle.module.url(forResource: "light", withExtension: "json")?.deletingLastPathComponent()
    }

    /// The template `name` (`index.mustache`, `compare.mustache`): the user's in `directory`
    /// (`--templates DIR`) when it holds one, else the shipped one; nil when neither exists.
    public static func template(named name: String, preferring directory: URL?) -> URL? {
        if let custom = directory?.appendingPathComponent(name), FileManager.default.fileExists(atPath: custom.path) {
            return custom
        }
        let file = URL(fileURLWithPath: name)
        return Bundle.module.url(
            forResource: file.deletingPathExtension().lastPathComponent, withExtension: file.pathExtension)
    }
}
