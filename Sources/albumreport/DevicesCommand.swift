import AlbumReportCore
import ArgumentParser

/// `albumreport devices`: the device presets.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "List the device presets with their sizes, scale and safe-area insets.")

    func run() {
        let header = ["id", "name", "points", "scale", "pixels", "safe area (top/bottom)"]
        let rows = Device.presets.map { device -> [String] in
            let points = "\(Int(device.size.width)) × \(Int(device.size.height))"
            let pixels = "\(Int(device.size.width * device.scale)) × \(Int(device.size.height * device.scale))"
            let insets = "\(Int(device.safeArea.top)) / \(Int(device.safeArea.bottom))"
            return [device.id, device.name, points, "@\(Int(device.scale))x", pixels, insets]
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        for row in [header] + rows {
            let padded = row.enumerated().map { column, cell in
                cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            print(padded.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
    }
}
