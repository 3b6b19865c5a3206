import AlbumReportCore
import Foundation

extension MatrixAxis {
    /// What a combination's report `manifest.json` records for this axis, spelt as
    /// ``recordedSpelling(of:)`` spells a value; nil when it records nothing for it (the screen
    /// options of a report without accessibility settings, the language of the English UI).
    ///
    /// A theme is recorded by the name inside its file, which a value need not be, so `merge`
    /// checks themes by other means (``MatrixShardVerifier``).
    func recorded(in report: Manifest) -> String? {
        switch self {
        case .devices: return report.device.id
        case .orientations: return report.device.orientation.rawValue
        case .themes: return report.theme
        case .styles: return report.screen?.style.rawValue
        case .titleStyles: return report.screen?.titleStyle.rawValue
        case .fits: return report.screen?.fit.rawValue
        case .buttons: return report.screen?.button.rawValue
        case .statusBars: return report.screen?.statusBar.rawValue
        // A report records its screen options only with an accessibility setting on: without
        // them, the content size is iOS's default.
        case .contentSizes: return (report.screen?.contentSizeCategory ?? .l).rawValue
        case .languages: return report.language?.lowercased()
        }
    }

    /// `value` as ``recorded(in:)`` spells it: a device alias as its preset's id, a content size
    /// by its short name, a language in lower case.
    func recordedSpelling(of value: String) -> String {
        switch self {
        case .devices: return Device.preset(id: value)?.id ?? value
        case .contentSizes: return folderName(value)
        case .languages: return value.lowercased()
        default: return value
        }
    }
}
