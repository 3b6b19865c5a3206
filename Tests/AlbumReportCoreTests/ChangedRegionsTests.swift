import AlbumReportCore
import Testing

/// The semantics of `PixelDifference.changedRegions`, which any implementation (whole-image or
/// streaming) must keep: 8-connected clusters, boxes with at most 8 pixels between them merged
/// until none are, at most 64, the largest area first, then top to bottom, left to right.
@Suite("Changed regions: where the differing pixels are")
struct ChangedRegionsTests {
    /// The regions of the pixels at `points` in a `width` × `height` image.
    func regions(_ points: [(Int, Int)], width: Int = 100, height: Int = 100) -> [PixelRect] {
        ChangedRegions.find(differing: points.map { $0.1 * width + $0.0 }, width: width, height: height)
    }

    func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> PixelRect {
        PixelRect(x: x, y: y, width: width, height: height)
    }

    @Test("no differing pixel, no region; one pixel is a 1 × 1 region where it is")
    func single() {
        #expect(regions([]).isEmpty)
        #expect(regions([(37, 52)]) == [rect(37, 52, 1, 1)])
        #expect(regions([(0, 0)]) == [rect(0, 0, 1, 1)])
        #expect(regions([(99, 99)]) == [rect(99, 99, 1, 1)])
    }

    @Test("a diagonal line is one 8-connected cluster: one box around it")
    func diagonal() {
        #expect(regions((10..<20).map { ($0, $0) }) == [rect(10, 10, 10, 10)])
    }

    @Test(
        "boxes with at most 8 pixels between them merge, horizontally, vertically and diagonally; 9 pixels apart they do not",
        arguments: [
            ((0, 0), (9, 0), true), ((0, 0), (10, 0), false), ((0, 0), (0, 9), true), ((0, 0), (0, 10), false),
            ((0, 0), (9, 9), true), ((0, 0), (10, 9), false), ((9, 0), (0, 9), true), ((9, 0), (0, 10), false),
        ])
    func mergeDistance(first: (Int, Int), second: (Int, Int), merges: Bool) {
        let found = regions([(first.0 + 20, first.1 + 20), (second.0 + 20, second.1 + 20)])
        if merges {
            let x = min(first.0, second.0) + 20
            let y = min(first.1, second.1) + 20
            #expect(found == [rect(x, y, abs(first.0 - second.0) + 1, abs(first.1 - second.1) + 1)])
        } else {
            #expect(found.count == 2)
        }
    }

    @Test("merging repeats until no two boxes are near: a box grown by a merge takes in a third")
    func transitive() {
        // (9,0) and (18,9) merge into 9…18 × 0…9; (0,18) is near that box (8 pixels left of it
        // and 8 below) although it is 17 pixels from either pixel alone.
        #expect(regions([(9, 0), (0, 18)]).count == 2)
        #expect(regions([(18, 9), (0, 18)]).count == 2)
        #expect(regions([(9, 0), (18, 9), (0, 18)]) == [rect(0, 0, 19, 19)])
    }

    @Test("overlapping boxes of separate clusters merge: two interleaved L shapes are one region")
    func overlapping() {
        let first = (0..<30).map { (10, 10 + $0) } + (0..<30).map { (10 + $0, 39) }
        let second = (0..<30).map { (50, 15 + $0) } + (0..<30).map { (21 + $0, 15) }
        #expect(regions(first + second) == [rect(10, 10, 41, 35)])
    }

    @Test("regions come largest area first; equal areas top to bottom, then left to right")
    func ordering() {
        let small = [(80, 80)]
        let square = [(10, 60), (11, 60), (10, 61), (11, 61)]
        let line = (0..<9).map { (40 + $0, 5) }
        let twin = [(70, 20), (71, 20), (70, 21), (71, 21)]
        let tied = [(5, 20), (6, 20), (5, 21), (6, 21)]
        #expect(
            regions(small + square + line + twin + tied) == [
                rect(40, 5, 9, 1), rect(5, 20, 2, 2), rect(70, 20, 2, 2), rect(10, 60, 2, 2), rect(80, 80, 1, 1),
            ])
    }

    @Test("at most 64 regions: the largest are kept")
    func cap() {
        // 100 blobs 20 pixels apart on a 10 × 10 grid; blob i is a (1 + i % 5)-pixel-wide line.
        var points: [(Int, Int)] = []
        for index in 0..<100 {
            let (x, y) = (index % 10 * 20, index / 10 * 20)
            for dx in 0...(index % 5) { points.append((x + dx, y)) }
        }
        let found = regions(points, width: 200, height: 200)
        #expect(found.count == ChangedRegions.limit)
        #expect(found.count == 64)
        let widths = found.map(\.width)
        // 20 blobs each of widths 5, 4, 3 (60), then the first 4 of width 2, top to bottom.
        #expect(
            widths == Array(repeating: 5, count: 20) + Array(repeating: 4, count: 20)
                + Array(repeating: 3, count: 20) + Array(repeating: 2, count: 4))
        #expect(found[60...].map(\.y) == [0, 0, 20, 20])
        #expect(found[60...].map(\.x) == [20, 120, 20, 120])
    }

    @Test("noise over the whole image (a pixel in every seven) is one region")
    func noise() {
        let (width, height) = (1179, 800)
        let indices = stride(from: 0, to: width * height, by: 7).map { $0 }
        #expect(
            ChangedRegions.find(differing: indices, width: width, height: height) == [rect(0, 0, width, height)])
    }

    @Test("agrees with merging every cluster's box pairwise, on random sparse images")
    func reference() {
        var generator = SplitMix(seed: 24)
        for _ in 0..<40 {
            let width = Int.random(in: 1...90, using: &generator)
            let height = Int.random(in: 1...90, using: &generator)
            let count = Int.random(in: 0...(width * height / 12 + 1), using: &generator)
            let indices = Array(Set((0..<count).map { _ in Int.random(in: 0..<(width * height), using: &generator) }))
            let expected = Self.referenceRegions(indices, width: width, height: height)
            #expect(ChangedRegions.find(differing: indices, width: width, height: height) == expected)
        }
    }

    @Test("the comparator reports the regions of differing pixels, not of masked ones, in expected coordinates")
    func comparator() {
        let white = RGBA(red: 255, green: 255, blue: 255)
        let expected = PixelBuffer(width: 80, height: 60, fill: white)
        var actual = PixelBuffer(width: 90, height: 60, fill: white)
        let black = PixelBuffer.pack(RGBA(red: 0, green: 0, blue: 0))
        for y in 20..<24 {
            for x in 30..<40 { actual[x, y] = black }
        }
        actual[70, 50] = black
        let masked = CompareOptions(masks: [PixelRect(x: 60, y: 40, width: 20, height: 20)])
        let difference = PixelComparator.compareSynchronously(expected, actual, options: masked).difference
        #expect(difference.changedRegions == [rect(30, 20, 10, 4)])
        let unmasked = PixelComparator.compareSynchronously(expected, actual).difference
        #expect(unmasked.changedRegions == [rect(30, 20, 10, 4), rect(70, 50, 1, 1)])
        #expect(PixelComparator.compareSynchronously(expected, expected).difference.changedRegions.isEmpty)
    }

    // MARK: - Reference

    /// The definition, slowly: 8-connected clusters by flood fill, then any two boxes within the
    /// merge distance merged until none are.
    static func referenceRegions(_ indices: [Int], width: Int, height: Int) -> [PixelRect] {
        var marked = Set(indices)
        var boxes: [PixelRect] = []
        for start in indices.sorted() where marked.contains(start) {
            marked.remove(start)
            var stack = [start]
            var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
            while let index = stack.popLast() {
                let (x, y) = (index % width, index / width)
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                for ny in max(y - 1, 0)...min(y + 1, height - 1) {
                    for nx in max(x - 1, 0)...min(x + 1, width - 1) where marked.contains(ny * width + nx) {
                        marked.remove(ny * width + nx)
                        stack.append(ny * width + nx)
                    }
                }
            }
            boxes.append(PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1))
        }
        var merging = true
        while merging {
            merging = false
            search: for i in boxes.indices {
                for j in boxes.indices where j > i && ChangedRegions.near(boxes[i], boxes[j]) {
                    let (a, b) = (boxes[i], boxes[j])
                    let x = min(a.x, b.x)
                    let y = min(a.y, b.y)
                    boxes[i] = PixelRect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
                    boxes.remove(at: j)
                    merging = true
                    break search
                }
            }
        }
        let sorted = boxes.sorted {
            $0.width * $0.height != $1.width * $1.height
                ? $0.width * $0.height > $1.width * $1.height : ($0.y, $0.x) < ($1.y, $1.x)
        }
        return Array(sorted.prefix(64))
    }
}

/// A small seeded generator, so the random cases are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
