import AlbumReportCore
import Foundation

/// Vector shapes for the iOS chrome (status-bar symbols, badges, the sheet's corners), drawn by
/// coverage from signed distances like the shapes in `GDImage+Drawing.swift`. Coordinates are in
/// picture pixels (y down); a strip's ``GDImage/originY`` is taken into account.
extension GDImage {
    /// Fills the shape whose signed distance (negative inside, in pixels) `distance` gives, over
    /// the bounding box `minX…maxX`, `minY…maxY`.
    public func fillShape(
        minX: Double, minY: Double, maxX: Double, maxY: Double, color: RGBA,
        distance: (_ x: Double, _ y: Double) -> Double
    ) {
        let offset = Double(originY)
        fillCoverage(minX: minX - 1, minY: minY - offset - 1, maxX: maxX + 1, maxY: maxY - offset + 1, color: color) {
            px, py in min(max(0.5 - distance(px, py + offset), 0), 1)
        }
    }

    /// A rounded rectangle whose top and bottom corners may be square (a group's middle rows).
    public func fillRoundedRect(
        x: Double, y: Double, width: Double, height: Double, radius: Double, roundsTop: Bool, roundsBottom: Bool,
        color: RGBA
    ) {
        let centerX = x + width / 2
        let centerY = y + height / 2
        let full = max(0, min(radius, width / 2, height / 2))
        fillShape(minX: x, minY: y, maxX: x + width, maxY: y + height, color: color) { px, py in
            let r = (py < centerY ? roundsTop : roundsBottom) ? full : 0
            return Self.roundedBoxDistance(
                px - centerX, py - centerY, halfWidth: width / 2, halfHeight: height / 2, radius: r)
        }
    }

    /// The outline of a rounded rectangle, `lineWidth` pixels wide, centred on its edge.
    public func strokeRoundedRect(
        x: Double, y: Double, width: Double, height: Double, radius: Double, lineWidth: Double, color: RGBA
    ) {
        let centerX = x + width / 2
        let centerY = y + height / 2
        let r = max(0, min(radius, width / 2, height / 2))
        fillShape(
            minX: x - lineWidth, minY: y - lineWidth, maxX: x + width + lineWidth, maxY: y + height + lineWidth,
            color: color
        ) { px, py in
            abs(
                Self.roundedBoxDistance(
                    px - centerX, py - centerY, halfWidth: width / 2, halfHeight: height / 2, radius: r))
                - lineWidth / 2
        }
    }

    /// A circle.
    public func fillCircle(centerX: Double, centerY: Double, radius: Double, color: RGBA) {
        fillShape(
            minX: centerX - radius, minY: centerY - radius, maxX: centerX + radius, maxY: centerY + radius,
            color: color
        ) { px, py in ((px - centerX) * (px - centerX) + (py - centerY) * (py - centerY)).squareRoot() - radius }
    }

    /// An arc of a circle, `lineWidth` wide with round caps, from `startAngle` to `endAngle`
    /// (radians, clockwise on the picture, 0 pointing right, -π/2 up).
    public func strokeArc(
        centerX: Double, centerY: Double, radius: Double, startAngle: Double, endAngle: Double, lineWidth: Double,
        color: RGBA
    ) {
        let span = endAngle - startAngle
        let half = lineWidth / 2
        let ends = [startAngle, endAngle].map { (centerX + radius * cos($0), centerY + radius * sin($0)) }
        fillShape(
            minX: centerX - radius - half, minY: centerY - radius - half, maxX: centerX + radius + half,
            maxY: centerY + radius + half, color: color
        ) { px, py in
            let dx = px - centerX
            let dy = py - centerY
            var angle = atan2(dy, dx) - startAngle
            angle = angle - 2 * Double.pi * (angle / (2 * Double.pi)).rounded(.down)
            if angle <= span {
                return abs((dx * dx + dy * dy).squareRoot() - radius) - half
            }
            let toEnds = ends.map { ((px - $0.0) * (px - $0.0) + (py - $0.1) * (py - $0.1)).squareRoot() }
            return (toEnds.min() ?? 0) - half
        }
    }

    /// A convex polygon (an arrowhead, a mountain), its points in order.
    public func fillConvexPolygon(_ points: [(x: Double, y: Double)], color: RGBA) {
        guard points.count >= 3 else { return }
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        // The sign that makes the inside negative, whichever way the points turn.
        var area = 0.0
        for (a, b) in zip(points, points.dropFirst() + [points[0]]) { area += a.x * b.y - b.x * a.y }
        let orientation = area >= 0 ? 1.0 : -1.0
        let edges = zip(points, points.dropFirst() + [points[0]]).map { a, b -> (Double, Double, Double) in
            let length = max(((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot(), 1e-9)
            // Outward normal for a clockwise-on-screen (positive area) polygon.
            let nx = orientation * (b.y - a.y) / length
            let ny = orientation * -(b.x - a.x) / length
            return (nx, ny, -(nx * a.x + ny * a.y))
        }
        fillShape(
            minX: xs.min() ?? 0, minY: ys.min() ?? 0, maxX: xs.max() ?? 0, maxY: ys.max() ?? 0, color: color
        ) { px, py in
            edges.map { $0.0 * px + $0.1 * py + $0.2 }.max() ?? 0
        }
    }

    /// The pixels of `rect` as a new image (aspect-fill: the centre of a photograph of another shape).
    public func cropped(to rect: PixelRect) throws(GraphicsError) -> GDImage {
        let x = min(max(rect.x, 0), width - 1)
        let y = min(max(rect.y, 0), height - 1)
        let cropWidth = max(min(rect.width, width - x), 1)
        let cropHeight = max(min(rect.height, height - y), 1)
        let copy = try GDImage(width: cropWidth, height: cropHeight, background: RGBA(red: 0, green: 0, blue: 0))
        for row in 0..<cropHeight {
            _ = withRow(y + row) { source in
                _ = copy.withRow(row) { target in
                    for column in 0..<cropWidth { target[column] = source[x + column] }
                }
            }
        }
        return copy
    }

    /// The signed distance from a point (relative to the box's centre) to a rounded box.
    static func roundedBoxDistance(
        _ px: Double, _ py: Double, halfWidth: Double, halfHeight: Double, radius: Double
    ) -> Double {
        let qx = abs(px) - (halfWidth - radius)
        let qy = abs(py) - (halfHeight - radius)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - radius
    }
}
