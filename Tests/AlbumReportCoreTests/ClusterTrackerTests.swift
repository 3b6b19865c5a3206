import AlbumReportCore
import Testing

@Suite("Clusters of differing pixels: specks and changed regions")
struct ClusterTrackerTests {
    /// The figures a tracker gives for the differing pixels drawn as `rows` ("#" differs).
    func track(_ rows: [String], minimumCluster: Int = 4) -> PixelDifference {
        var runs: [DifferingRun] = []
        for (y, row) in rows.enumerated() {
            var start = -1
            for (x, character) in Array(row + " ").enumerated() {
                if character == "#" {
                    if start < 0 { start = x }
                } else if start >= 0 {
                    runs.append(DifferingRun(y: y, start: start, end: x))
                    start = -1
                }
            }
        }
        var tracker = ClusterTracker(minimumCluster: minimumCluster)
        // Added in two parts, as bands arrive.
        let half = runs.count / 2
        tracker.add(Array(runs[..<half]))
        tracker.add(Array(runs[half...]))
        var difference = PixelDifference(comparedPixels: 0, differentPixels: 0, antialiasedPixels: 0, maskedPixels: 0)
        tracker.finish(into: &difference)
        return difference
    }

    @Test("diagonal neighbours join a cluster; a U joined only at its bottom is one cluster")
    func connectivity() {
        let difference = track([
            "#...........#..............................",
            ".#..........#..............................",
            "..#.........#..............................",
            "............#..............................",
            "#.#.........####...........................",
            "#.#........................................",
            "###.......................................#",
        ])
        // Specks: the diagonal (3 pixels) and the lone pixel; the U's arms (2 pixels each) are
        // one cluster of 7 with its bottom, joined only in its last row.
        #expect(difference.speckPixels == 3 + 1)
        // The diagonal's box and the U's are 1 row apart and merge; the line is 9 columns away.
        #expect(
            difference.changedRegions == [
                PixelRect(x: 0, y: 0, width: 3, height: 7), PixelRect(x: 12, y: 0, width: 4, height: 5),
                PixelRect(x: 42, y: 6, width: 1, height: 1),
            ])
    }

    @Test("boxes at most 8 pixels apart merge; 9 apart they stay two, largest first")
    func merging() {
        let near = track(["##" + String(repeating: ".", count: 8) + "##"], minimumCluster: 1)
        #expect(near.changedRegions == [PixelRect(x: 0, y: 0, width: 12, height: 1)])
        #expect(near.speckPixels == 0)
        let apart = track(["##" + String(repeating: ".", count: 9) + "###"], minimumCluster: 1)
        #expect(
            apart.changedRegions == [
                PixelRect(x: 11, y: 0, width: 3, height: 1), PixelRect(x: 0, y: 0, width: 2, height: 1),
            ]
        )
    }

    @Test("at most 64 regions, the largest")
    func limit() {
        let row = (0..<100).map { index in
            String(repeating: "#", count: 1 + index % 3) + String(repeating: ".", count: 10)
        }
        .joined()
        let difference = track([row], minimumCluster: 1)
        #expect(difference.changedRegions.count == ChangedRegions.limit)
        #expect(difference.changedRegions.allSatisfy { $0.width >= 2 })
    }
}
