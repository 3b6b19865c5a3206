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

    /// The shipped `index.mustache`, the template of `index.html`.
    public static var indexTemplate: URL? {
        Bundle.module.url(forResource: "index", withExtension: "mustache")
    }

    /// The shipped `compare.mustache`, the template of `compare`'s HTML report.
    public static var compareTemplate: URL? {
        Bundle.module.url(forResource: "compare", withExtension: "mustache")
    }
}
