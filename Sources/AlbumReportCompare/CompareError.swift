import AlbumReportCore

/// Why a comparison could not be made at all (exit code 2).
public enum CompareError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(String)
    case kindMismatch(expected: String, actual: String)
    case writeFailed(path: String, detail: String)
    /// The report's template cannot be used (`detail` is a clause saying why).
    case template(path: String, detail: String)
    /// `--update` would write through `link`, a symbolic link inside the goldens folder.
    case linkedGolden(link: String)
    /// The report folder is an input folder, or an input folder is where its images go.
    case reportOverlapsInput(report: String, input: String)
    /// A folder or file the comparison would write to is not allowed (`/`, a mount point, a
    /// folder of other files, a missing parent folder): `reason` says which.
    case outputRefused(path: String, reason: String)
    /// `--mask-element` names that neither report's manifest places; `known` are those it does.
    case unknownMaskElements([String], known: [String])
    /// `--mask-element` without the goldens' manifest to place elements from (two files, or a
    /// goldens folder albumreport did not write).
    case maskElementsNeedReports
    /// Rules whose glob matches no file of either folder (a config entry, a scoped `--mask`),
    /// each named as the user wrote it: such a rule changes nothing, so a typo in one meant to
    /// make files stricter would leave them as they were.
    case unmatchedGlobs([String])

    /// The user-facing sentence.
    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(Excerpt.location(path)) does not exist. Pass two PNG files or two folders of PNG files."
        case .kindMismatch(let expected, let actual):
            return
                "\(Excerpt.location(expected)) and \(Excerpt.location(actual)) are not both files or both folders. Pass two PNG files or two folders of PNG files."
        case .writeFailed(let path, let detail):
            return
                "\(Excerpt.location(path)) could not be written (\(detail)). Check that the folder is writable, or pass another --diff-dir."
        case .template(let path, let detail):
            return
                "The report template \(Excerpt.location(path)) cannot be used: \(detail). Fix it, or remove compare.mustache from --templates to use the built-in one."
        case .linkedGolden(let link):
            return
                "\(Excerpt.location(link)) is a symbolic link inside the goldens folder, and --update does not write through links (it could overwrite a file elsewhere). Replace the link with a real folder, or update the folder it points to directly."
        case .reportOverlapsInput(let report, let input):
            return
                "The report folder \(Excerpt.location(report)) overlaps \(Excerpt.location(input)), a folder being compared, so the comparison would read its own output. Pass a --report-dir outside both folders compared."
        case .outputRefused(let path, let reason):
            return "\(Excerpt.location(path)) \(reason)"
        case .unknownMaskElements(let names, let known):
            let listed = names.map { "'\(Excerpt.printable($0))'" }.joined(separator: ", ")
            let isAre = names.count == 1 ? "is not an element" : "are not elements"
            return
                "--mask-element \(listed) \(isAre) of the goldens' report. Its manifest names: \(known.joined(separator: ", "))."
        case .unmatchedGlobs(let rules):
            let one = rules.count == 1
            return
                "\(rules.joined(separator: "; ")) \(one ? "matches" : "match") no file in either folder, so \(one ? "it changes" : "they change") nothing (a rule meant to make files stricter would leave them as they were). Fix the glob — `*` stays within a name, `**/` takes any folders, none included — or remove the rule."
        case .maskElementsNeedReports:
            return
                "--mask-element places elements from the goldens' manifest.json (the expected folder's: the side under test is never trusted for masks), and there is none. Compare folders written by albumreport generate, goldens with their manifest.json, or mask a region with --mask x,y,w,h."
        }
    }
}
