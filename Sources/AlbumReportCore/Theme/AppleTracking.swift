/// Apple's tracking for SF Pro by point size, as published in the Human Interface Guidelines
/// (Typography, "Tracking values", iOS): the space iOS adds after each character of a text
/// style. albumreport applies it to SF Pro families (and families it does not know); Inter and
/// Inter Display take their own (``FontTracking``); a theme may give a style its own `tracking`.
public enum AppleTracking {
    /// (size, tracking) in points, sizes ascending.
    static let table: [(size: Double, tracking: Double)] = [
        (6, 0.24), (7, 0.23), (8, 0.21), (9, 0.17), (10, 0.12), (11, 0.06), (12, 0), (13, -0.08), (14, -0.15),
        (15, -0.23), (16, -0.31), (17, -0.43), (18, -0.44), (19, -0.45), (20, -0.45), (21, -0.36), (22, -0.26),
        (23, -0.1), (24, 0.07), (25, 0.15), (26, 0.22), (27, 0.29), (28, 0.38), (29, 0.4), (30, 0.4), (31, 0.39),
        (32, 0.41), (33, 0.4), (34, 0.4), (35, 0.38), (36, 0.37), (40, 0.37), (48, 0.35), (56, 0.3), (64, 0.22),
        (72, 0.14), (80, 0),
    ]

    /// The tracking at `size` points, interpolated between the table's sizes (its end values beyond them).
    public static func points(forSize size: Double) -> Double {
        guard let first = table.first, let last = table.last, size.isFinite else { return 0 }
        if size <= first.size { return first.tracking }
        if size >= last.size { return last.tracking }
        for (lower, upper) in zip(table, table.dropFirst()) where size <= upper.size {
            let t = (size - lower.size) / (upper.size - lower.size)
            return lower.tracking + t * (upper.tracking - lower.tracking)
        }
        return 0
    }
}
