import AlbumReport
import AlbumReportCore

extension RenderSettings {
    /// Draws on `device` as the tests hold it (a preset already turned, at its own scale): its
    /// preset and its orientation.
    mutating func draw(on device: Device) {
        self.device = device
        orientation = device.orientation
        scale = nil
    }
}
