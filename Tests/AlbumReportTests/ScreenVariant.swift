import AlbumReport
import AlbumReportCore
import Foundation
import Testing

/// A device in one orientation with a theme: what a parameterised golden test renders, named
/// as its golden files are (`iphone-15-portrait-light`).
struct ScreenVariant: Sendable, CustomTestStringConvertible {
    var device: Device
    var theme: String
    var name: String { "\(device.id)-\(device.orientation.rawValue)-\(theme)" }
    var testDescription: String { name }

    /// Every preset in both orientations, in each of `themes`.
    static func everyPreset(themes: [String]) -> [ScreenVariant] {
        Device.presets.flatMap { device in
            [Orientation.portrait, .landscape].flatMap { orientation in
                themes.map { ScreenVariant(device: device.oriented(orientation), theme: $0) }
            }
        }
    }
}

/// Runs the pipeline with `options` (a real HTTP transport, shut down after) and reads the
/// report's manifest.
func renderReport(_ options: GenerateOptions) async throws -> Manifest {
    var options = options
    // Loopback answers in milliseconds; a long timeout only keeps a machine busy with the rest of
    // the suite from failing a golden test on a request (the default 10 s was hit under load).
    options.timeout = .seconds(3600)
    let transport = AsyncHTTPTransport(limits: options.limitsForTests)
    defer { Task { await transport.shutdown() } }
    _ = try await ReportPipeline(transport: transport).run(options)
    return try JSONDecoder().decode(
        Manifest.self, from: Data(contentsOf: options.output.appendingPathComponent("manifest.json")))
}
