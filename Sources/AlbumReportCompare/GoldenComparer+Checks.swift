import AlbumReportCore
import Foundation

/// The checks a comparison makes of its rules before it compares anything.
extension GoldenComparer {
    /// Refuses rules whose glob matches none of `names` (the config's entries, the scoped masks):
    /// a rule that matches nothing cannot tighten anything, and a typo must not turn a run green.
    static func checkGlobs(_ options: CompareOptions, match names: [String]) throws(CompareError) {
        let entries = options.paths.enumerated().filter { _, entry in !names.contains { Glob.matches(entry.glob, $0) } }
            .map { "The compare config's paths[\($0.offset)] (glob \"\(Excerpt.printable($0.element.glob))\")" }
        let masks = options.scopedMasks.filter { mask in !names.contains { mask.applies(to: $0) } }.map {
            "--mask \(Excerpt.printable($0.pattern)):\($0.rect.x),\($0.rect.y),\($0.rect.width),\($0.rect.height)"
        }
        if !(entries + masks).isEmpty { throw .unmatchedGlobs(entries + masks) }
    }

    /// The goldens' report facts `--mask-element` places elements with: nil without element
    /// masks; refused when the goldens have no manifest (the actual side's alone is never
    /// trusted), or a name that their manifest does not have (a misspelt name would otherwise mask
    /// nothing, silently). A goldens folder that does not exist yet (`--update`) masks nothing.
    static func checkMaskElements(
        _ names: [String], goldens: ReportFacts?, expectedExists: Bool
    ) throws(CompareError) -> ReportFacts? {
        guard !names.isEmpty, expectedExists else { return nil }
        guard let goldens else { throw .maskElementsNeedReports }
        let known = goldens.elementNames
        let unknown = names.filter { !known.contains($0) }
        if !unknown.isEmpty { throw .unknownMaskElements(unknown, known: known.sorted()) }
        return goldens
    }
}
