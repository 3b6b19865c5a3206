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
    /// `indices` (y × width + x, in any order, each at most once).
    public static func find(differing indices: [Int], width: Int, height: Int) -> [PixelRect] {
        guard width > 0, height > 0, !indices.isEmpty else { return [] }
        let boxes = merged(neighbourhoodBoxes(indices, width: width, height: height))
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

    // MARK: - Clusters

    /// The bounding boxes of groups of differing pixels that certainly end up in one region: the
    /// 8-connected components of the differing pixels dilated by half the merge distance. Two
    /// differing pixels at most `mergeDistance + 1` apart (Chebyshev) have at most
    /// `mergeDistance` pixels between them, so their clusters merge anyway; grouping them first
    /// keeps noise (thousands of tiny clusters) from reaching the box merge.
    static func neighbourhoodBoxes(_ indices: [Int], width: Int, height: Int) -> [PixelRect] {
        let differing: UInt8 = 1
        let widened: UInt8 = 2
        let dilated: UInt8 = 4
        let visited: UInt8 = 8
        let radius = mergeDistance / 2
        var state = [UInt8](repeating: 0, count: width * height)
        for index in indices { state[index] |= differing }
        for index in indices {
            let y = index / width
            let x = index % width
            for nx in max(x - radius, 0)...min(x + radius, width - 1) { state[y * width + nx] |= widened }
        }
        for index in state.indices where state[index] & widened != 0 {
            let y = index / width
            let x = index % width
            for ny in max(y - radius, 0)...min(y + radius, height - 1) { state[ny * width + x] |= dilated }
        }
        var boxes: [PixelRect] = []
        var stack: [Int] = []
        for start in indices where state[start] & visited == 0 {
            state[start] |= visited
            stack.append(start)
            var (minX, minY, maxX, maxY) = (width, height, -1, -1)
            while let index = stack.popLast() {
                let x = index % width
                let y = index / width
                if state[index] & differing != 0 {
                    (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                }
                for ny in max(y - 1, 0)...min(y + 1, height - 1) {
                    for nx in max(x - 1, 0)...min(x + 1, width - 1) {
                        let next = ny * width + nx
                        guard state[next] & dilated != 0, state[next] & visited == 0 else { continue }
                        state[next] |= visited
                        stack.append(next)
                    }
                }
            }
            boxes.append(PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1))
        }
        return boxes
    }

    // MARK: - Merging boxes

    /// `boxes` merged until no two are ``near(_:_:)``. Each pass finds candidate pairs through a
    /// grid of cells (a box is listed in every cell its surroundings touch, so near boxes share
    /// one), joins every near pair, and replaces each group by its bounding box.
    static func merged(_ boxes: [PixelRect]) -> [PixelRect] {
        var boxes = boxes
        let cell = 64
        while boxes.count > 1 {
            var parent = Array(boxes.indices)
            func root(_ index: Int) -> Int {
                var index = index
                while parent[index] != index {
                    parent[index] = parent[parent[index]]
                    index = parent[index]
                }
                return index
            }
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
                        let (a, b) = (root(first), root(second))
                        if a != b {
                            parent[max(a, b)] = min(a, b)
                            joined = true
                        }
                    }
                }
            }
            guard joined else { break }
            var groups: [Int: PixelRect] = [:]
            for (index, box) in boxes.enumerated() {
                groups[root(index)] = groups[root(index)].map { union($0, box) } ?? box
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
