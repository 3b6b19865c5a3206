import Foundation

/// Seconds spent laying out, drawing and encoding, for the summary's breakdown.
struct RenderTimings: Sendable {
    var layout = 0.0
    var render = 0.0
    var encode = 0.0

    static func + (lhs: RenderTimings, rhs: RenderTimings) -> RenderTimings {
        RenderTimings(layout: lhs.layout + rhs.layout, render: lhs.render + rhs.render, encode: lhs.encode + rhs.encode)
    }

    /// Runs `body` and adds its duration through `keyPath`.
    mutating func time<T, E: Error>(
        _ keyPath: WritableKeyPath<RenderTimings, Double>, _ body: () throws(E) -> T
    ) throws(E) -> T {
        let start = ContinuousClock.now
        defer { self[keyPath: keyPath] += (ContinuousClock.now - start).seconds }
        return try body()
    }

    var figures: [ReportSummary.StageFigure] {
        [
            ReportSummary.StageFigure(name: "layout", seconds: layout, detail: "summed over tasks"),
            ReportSummary.StageFigure(
                name: "render", seconds: render,
                detail:
                    "drawing and PNG row filtering (the sheet's compression too: its strips stream), summed over tasks"
            ),
            ReportSummary.StageFigure(
                name: "encode", seconds: encode, detail: "compressing the cards' filtered rows, summed over tasks"),
        ]
    }
}
