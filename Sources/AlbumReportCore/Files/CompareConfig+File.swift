import Foundation

extension CompareConfig {
    /// The entries of `paths` in the file at `url`, or a sentence naming the file and what is
    /// wrong with it.
    public static func load(_ url: URL) throws(Problem) -> [PathSettings] {
        let source = "The compare config \(Excerpt.location(url.path))"
        if let problem = FileProblem.reading(url.path) {
            throw Problem(
                clause: "\(source) cannot be read: \(problem). Pass a JSON file (schemas/compare-config.schema.json).")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= maximumBytes, let data = try? Data(contentsOf: url) else {
            throw Problem(
                clause: "\(source) is larger than 1 MB or cannot be read; a compare config lists a few globs.")
        }
        do {
            return try paths(data)
        } catch {
            throw Problem(clause: "\(source) cannot be used: \(error.clause)")
        }
    }
}
