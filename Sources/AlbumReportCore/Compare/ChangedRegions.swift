/// Where a comparison's differences are: the rectangles a reader should look at.
///
/// The regions are the bounding boxes of the 8-connected clusters of differing pixels (not
/// anti-aliased, not masked), merged while any two boxes are within ``mergeDistance`` pixels of
/// each other (at most that many pixels between them horizontally and vertically, see
/// ``near(_:_:)``), until no two are. Of those, the ``limit`` largest by area are kept, the largest
/// first; equal areas go top to bottom, then left to right. Coordinates are the expected image's.
///
/// The merged boxes do not depend on the order of the clusters: merging only grows boxes, so two
/// boxes that could merge still can after either grows.
public enum ChangedRegions {
    /// Boxes with at most this many pixels between them become one region: a word's letters, a
    /// button's top and bottom edge, belong together.
    public static let mergeDistance = 8
    /// At most this many regions are reported (the largest).
    public static let limit = 64

    /// The changed regions of a `width` × `height` comparison whose differing pixels are
    /// `indices` (y × width + x, in any order, each at most once), found by the same
    /// ``ClusterTracker`` the comparison streams its rows through.
    public static func find(differing indices: [Int], width: Int, height: Int) -> [PixelRect] {
        guard width > 0, height > 0, !indices.isEmpty else { return [] }
        // The pixels as the streaming comparison sees them: runs, row by row, left to right.
        var runs: [DifferingRun] = []
        for index in indices.sorted() {
            let (y, x) = index.quotientAndRemainder(dividingBy: width)
            if let last = runs.last, last.y == y, last.end == x {
                runs[runs.count - 1].end = x + 1
            } else {
                runs.append(DifferingRun(y: y, start: x, end: x + 1))
            }
        }
        var tracker = ClusterTracker(minimumCluster: 1)
        tracker.add(runs)
        var difference = PixelDifference(comparedPixels: 0, differentPixels: 0, antialiasedPixels: 0, maskedPixels: 0)
        tracker.finish(into: &difference)
        return difference.changedRegions
    }

    /// The ``limit`` largest of `boxes`, the largest first; equal areas top to bottom, then left
    /// to right.
    static func largest(_ boxes: [PixelRect]) -> [PixelRect] {
        let ordered = boxes.sorted {
            let (a, b) = ($0.width * $0.height, $1.width * $1.height)
            if a != b { return a > b }
            return ($0.y, $0.x) < ($1.y, $1.x)
        }
        return Array(ordered.prefix(limit))
    }

    /// Whether `a` and `b` are within ``mergeDistance`` of each other: at most that many pixels
    /// lie between them horizontally and vertically (touching or overlapping boxes have none).
    public static func near(_ a: PixelRect, _ b: PixelRect) -> Bool {
        let gapX = max(0, b.x - a.maxX, a.x - b.maxX)
        let gapY = max(0, b.y - a.maxY, a.y - b.maxY)
        return gapX <= mergeDistance && gapY <= mergeDistance
    }

    // MARK: - Merging boxes

    /// `boxes` merged until no two are ``near(_:_:)``. Each pass finds candidate pairs through a
    /// grid of cells (a box is listed in every cell its surroundings touch, so near boxes share
    /// one), joins every near pair, and replaces each group by its bounding box.
    static func merged(_ boxes: [PixelRect]) -> [PixelRect] {
        var boxes = boxes
        let cell = 64
        while boxes.count > 1 {
            var sets = DisjointSets(count: boxes.count)
            var grid: [Int: [Int]] = [:]
            for (index, box) in boxes.enumerated() {
                let columns = max(box.x - mergeDistance, 0) / cell...(box.maxX + mergeDistance) / cell
                let rows = max(box.y - mergeDistance, 0) / cell...(box.maxY + mergeDistance) / cell
                for row in rows {
                    for column in columns { grid[row << 32 | column, default: []].append(index) }
                }
            }
            var joined = false
            for members in grid.values where members.count > 1 {
                for (offset, first) in members.enumerated() {
                    for second in members[(offset + 1)...] where near(boxes[first], boxes[second]) {
                        if sets.join(first, second) { joined = true }
                    }
                }
            }
            guard joined else { break }
            var groups: [Int: PixelRect] = [:]
            for (index, box) in boxes.enumerated() {
                let root = sets.root(index)
                groups[root] = groups[root].map { union($0, box) } ?? box
            }
            boxes = groups.keys.sorted().compactMap { groups[$0] }
        }
        return boxes
    }

    /// The smallest rectangle holding `a` and `b`.
    static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x = min(a.x, b.x)
        let y = min(a.y, b.y)
        return PixelRect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
    }
}
