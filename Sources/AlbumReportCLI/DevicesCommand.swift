import AlbumReportCore
import ArgumentParser

/// `albumreport devices`: the device presets.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract:
            "List the device presets with their sizes, scale, safe-area insets and the App Store Connect screenshot size each is accepted as.",
        discussion: """
            Sizes App Store Connect accepts are listed per Apple's screenshot specifications (either orientation);             a changed --scale makes a size App Store Connect does not accept. Aliases:             appstore-6.9 = iphone-16-pro-max, appstore-6.5 = iphone-14-plus, appstore-13 = ipad-pro-13.
            """)

    func run() {
        let header = [
            "id", "name", "points", "scale", "pixels", "safe area (top/bottom)", "status bar", "App Store Connect",
        ]
        let rows = Device.presets.map { device -> [String] in
            let points = "\(Int(device.size.width)) × \(Int(device.size.height))"
            let pixels = "\(Int(device.size.width * device.scale)) × \(Int(device.size.height * device.scale))"
            let insets = "\(Int(device.safeArea.top)) / \(Int(device.safeArea.bottom))"
            let statusBar = "\(Int(device.statusBarHeight)) pt"
            return [
                device.id, device.name, points, "@\(Int(device.scale))x", pixels, insets, statusBar,
                device.appStoreSlot ?? "not accepted",
            ]
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
