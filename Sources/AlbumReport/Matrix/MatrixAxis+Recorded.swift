import AlbumReportCore
import Foundation

extension MatrixAxis {
    /// What a combination's report `manifest.json` records for this axis, in the canonical form
    /// ``canonical(_:)`` gives a value: its `settings` record, or the setting's default where the
    /// record leaves it out.
    func recorded(in report: Manifest) -> String? {
        RenderSettings.values(recorded: report.settings)[setting.property]
    }
}
