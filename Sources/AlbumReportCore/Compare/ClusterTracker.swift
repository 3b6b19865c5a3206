/// The 8-connected clusters of differing pixels, found in one pass over the rows in order
/// (union-find over each row's runs and the clusters still open in the row above), so that
/// memory follows the widest row's runs, never the image: clusters smaller than the minimum are
/// counted as specks, and every cluster's bounding box becomes a changed region.
///
/// A cluster is finished when a row has none of its pixels; its box is then kept. Boxes near each
/// other are merged into one as ``ChangedRegions`` says, which also says how many are reported. Should more than ``pendingLimit`` boxes stay apart even after
/// merging (noise all over an image), the smallest are dropped before more arrive.
public struct ClusterTracker: Sendable {
    /// The most separate boxes kept while the pass runs.
    public static let pendingLimit = 4096

    /// One cluster while it is open: its size and bounding box (max edges exclusive).
    private struct Cluster {
        var size: Int
        var minX: Int
        var minY: Int
        var maxX: Int
        var maxY: Int

        mutating func absorb(_ other: Cluster) {
            size += other.size
            minX = min(minX, other.minX)
            minY = min(minY, other.minY)
            maxX = max(maxX, other.maxX)
            maxY = max(maxY, other.maxY)
        }
    }

    private let minimumCluster: Int
    /// The runs of the last row seen, with the index of their cluster in `open`.
    private var previous: [(start: Int, end: Int, cluster: Int)] = []
    private var previousRow = -2
    private var open: [Cluster] = []
    /// The runs of the row being collected.
    private var current: [(start: Int, end: Int)] = []
    private var currentRow = -1
    private var specks = 0
    private var boxes: [PixelRect] = []

    /// Creates a tracker; clusters smaller than `minimumCluster` pixels are specks.
    public init(minimumCluster: Int) {
        self.minimumCluster = minimumCluster
    }

    /// Adds runs, in row order (rows ascending, runs left to right within a row), continuing
    /// from those added before.
    public mutating func add(_ runs: [DifferingRun]) {
        for run in runs {
            if run.y != currentRow {
                closeRow()
                currentRow = run.y
            }
            current.append((run.start, run.end))
        }
    }

    /// Finishes the pass: sets `difference`'s speck count and changed regions.
    public mutating func finish(into difference: inout PixelDifference) {
        closeRow()
        link(row: Int.max, runs: [])
        boxes = ChangedRegions.merged(boxes)
        difference.speckPixels = minimumCluster > 1 ? specks : 0
        difference.changedRegions = ChangedRegions.largest(boxes)
    }

    // MARK: - Rows

    private mutating func closeRow() {
        guard currentRow >= 0 else { return }
        let runs = current
        current = []
        link(row: currentRow, runs: runs)
    }

    /// Joins `runs` of row `row` to the open clusters they touch; clusters they do not touch are
    /// finished.
    private mutating func link(row: Int, runs: [(start: Int, end: Int)]) {
        let adjacent = row - 1 == previousRow
        let count = open.count
        var sets = DisjointSets(count: count + runs.count)
        if adjacent {
            // Runs in both rows are sorted and apart, so one sweep finds every touching pair
            // (8-connected: columns within one of each other).
            var first = 0
            for (index, run) in runs.enumerated() {
                while first < previous.count && previous[first].end < run.start { first += 1 }
                var other = first
                while other < previous.count && previous[other].start <= run.end {
                    sets.join(previous[other].cluster, count + index)
                    other += 1
                }
            }
        }
        let nodes = count + runs.count
        let empty = Cluster(size: 0, minX: .max, minY: .max, maxX: .min, maxY: .min)
        var merged = [Cluster](repeating: empty, count: nodes)
        var hasRun = [Bool](repeating: false, count: nodes)
        for node in 0..<count { merged[sets.root(node)].absorb(open[node]) }
        for (offset, run) in runs.enumerated() {
            let node = sets.root(count + offset)
            hasRun[node] = true
            merged[node].absorb(
                Cluster(size: run.end - run.start, minX: run.start, minY: row, maxX: run.end, maxY: row + 1))
        }
        // Finished clusters, in the order of their first member (deterministic).
        var next: [Cluster] = []
        var index = [Int](repeating: -1, count: nodes)
        for node in 0..<nodes where sets.isRoot(node) {
            if hasRun[node] {
                index[node] = next.count
                next.append(merged[node])
            } else {
                finish(merged[node])
            }
        }
        previous = runs.enumerated().map { offset, run in (run.start, run.end, index[sets.root(count + offset)]) }
        open = next
        previousRow = row
    }

    private mutating func finish(_ cluster: Cluster) {
        if cluster.size < minimumCluster { specks += cluster.size }
        boxes.append(
            PixelRect(
                x: cluster.minX, y: cluster.minY, width: cluster.maxX - cluster.minX,
                height: cluster.maxY - cluster.minY))
        if boxes.count >= Self.pendingLimit {
            boxes = ChangedRegions.merged(boxes)
            if boxes.count > Self.pendingLimit / 2 {
                boxes = Array(
                    boxes.sorted { $0.width * $0.height > $1.width * $1.height }.prefix(Self.pendingLimit / 2))
            }
        }
    }
}
