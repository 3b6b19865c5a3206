import AlbumReportCore
import Testing

@Suite("Pixel comparison maths")
struct PixelComparatorTests {
    let white = RGBA(red: 255, green: 255, blue: 255)
    let blue = PixelBuffer.pack(RGBA(red: 0x00, green: 0x7A, blue: 0xFF))

    /// An opaque colour written 0xRRGGBB, packed.
    func color(_ hex: UInt32) -> UInt32 {
        PixelBuffer.pack(RGBA(red: UInt8(hex >> 16 & 0xFF), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF)))
    }

    @Test(
        "a pixel with more than two neighbours of its value is never anti-aliased: the shortcut agrees with the test everywhere"
    )
    func flatShortcut() throws {
        // Small images of three colours (many equal neighbours, many edges), every pixel, both ways round.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let palette = [color(0xFFFFFF), color(0x000000), color(0x808080)]
        var flatCount = 0
        for _ in 0..<200 {
            let (width, height) = (Int(next() % 9) + 1, Int(next() % 9) + 1)
            let one = try #require(
                PixelBuffer(
                    width: width, height: height, pixels: (0..<(width * height)).map { _ in palette[Int(next() % 3)] }))
            let two = try #require(
                PixelBuffer(
                    width: width, height: height, pixels: (0..<(width * height)).map { _ in palette[Int(next() % 3)] }))
            let (a, b) = (
                PixelComparator.Plane(one, width: width, height: height),
                PixelComparator.Plane(two, width: width, height: height)
            )
            one.pixels.withUnsafeBufferPointer { first in
                two.pixels.withUnsafeBufferPointer { second in
                    guard let first = first.baseAddress, let second = second.baseAddress else { return }
                    let (viewA, viewB) = (PixelComparator.View(a, base: first), PixelComparator.View(b, base: second))
                    var flat = [Bool](repeating: false, count: width)
                    for y in 0..<height {
                        flat.withUnsafeMutableBufferPointer { PixelComparator.markFlat(viewA, row: y, into: $0) }
                        for x in 0..<width {
                            // The shortcut is pixelmatch's own sibling rule, computed a row at a time.
                            #expect(flat[x] == PixelComparator.hasManySiblings(viewA, x, y))
                        }
                        for x in 0..<width where flat[x] {
                            flatCount += 1
                            #expect(
                                !PixelComparator.antialiased(viewA, x, y, other: viewB),
                                "\(width)×\(height) at \(x),\(y)")
                        }
                    }
                }
            }
        }
        #expect(flatCount > 1000, "the images must have flat pixels to test")
    }

    @Test("a NaN threshold passes every pixel, as pixelmatch's `delta > maxDelta` does")
    func notANumberThreshold() {
        var moved = buttonLike()
        for y in 10..<30 { moved[50, y] = moved[10, y] }
        let (difference, _) = PixelComparator.compareSynchronously(
            buttonLike(), moved, options: CompareOptions(threshold: .nan))
        #expect(difference.differentPixels == 0 && difference.antialiasedPixels == 0)
        #expect(PixelComparator.compareSynchronously(buttonLike(), moved).difference.differentPixels > 0)
    }

    func buttonLike(width: Int = 60, height: Int = 40) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, fill: white)
        for y in 10..<30 {
            for x in 10..<50 { buffer[x, y] = blue }
        }
        return buffer
    }

    @Test("identical images have no differing pixels, in one band or many")
    func identical() async {
        for bands in [1, 3, 8] {
            let (difference, diff) = await PixelComparator.compare(
                buttonLike(), buttonLike(), diffImage: true, bands: bands)
            #expect(difference.differentPixels == 0)
            #expect(difference.antialiasedPixels == 0)
            #expect(difference.comparedPixels == 60 * 40)
            #expect(difference.matches(CompareOptions()))
            #expect(diff?.pixels.contains(PixelComparator.differenceColor) == false)
        }
    }

    @Test("the synchronous comparison gives the figures and the diff image of the concurrent one")
    func synchronous() async {
        var changed = buttonLike()
        for y in 12..<20 { changed[30, y] = color(0x34_C759) }
        changed[5, 5] = color(0x000000)
        let options = CompareOptions(masks: [PixelRect(x: 40, y: 0, width: 5, height: 40)], minimumCluster: 4)
        let concurrent = await PixelComparator.compare(
            buttonLike(), changed, options: options, diffImage: true, bands: 3)
        let serial = PixelComparator.compareSynchronously(buttonLike(), changed, options: options, diffImage: true)
        #expect(serial.difference == concurrent.difference)
        #expect(serial.difference.differentPixels == 9)
        #expect(serial.difference.speckPixels == 1)
        #expect(serial.diff == concurrent.diff)
    }

    @Test("a colour change in a 3 × 3 block fails, and the diff image marks exactly that block")
    func block() async {
        var changed = buttonLike()
        for y in 15..<18 {
            for x in 20..<23 { changed[x, y] = color(0x34_C759) }
        }
        let (difference, diff) = await PixelComparator.compare(buttonLike(), changed, diffImage: true, bands: 4)
        #expect(difference.differentPixels == 9)
        #expect(difference.antialiasedPixels == 0)
        #expect(!difference.matches(CompareOptions()))
        let marked = (diff?.pixels.indices ?? 0..<0).filter { diff?.pixels[$0] == PixelComparator.differenceColor }
        #expect(
            marked.map { ($0 % 60, $0 / 60) }.map { "\($0.0),\($0.1)" }.sorted()
                == (15..<18).flatMap { y in (20..<23).map { "\($0),\(y)" } }.sorted())
    }

    @Test("a one-pixel-wide column of a slightly different colour in a button fails")
    func oneColumn() async {
        var changed = buttonLike()
        for y in 10..<30 { changed[30, y] = color(0x00_60D0) }
        let (difference, _) = await PixelComparator.compare(buttonLike(), changed)
        #expect(difference.differentPixels == 20)
        #expect(!difference.matches(CompareOptions()))
    }

    @Test("differences below the threshold are not counted")
    func threshold() async {
        var changed = buttonLike()
        for y in 10..<30 { changed[30, y] = color(0x01_7BFE) }
        let (difference, _) = await PixelComparator.compare(buttonLike(), changed)
        #expect(difference.differentPixels == 0)
        let (strict, _) = await PixelComparator.compare(buttonLike(), changed, options: CompareOptions(threshold: 0))
        #expect(strict.differentPixels + strict.antialiasedPixels == 20)
        #expect(strict.differentPixels >= 18)
    }

    @Test("images of different sizes are a mismatch, with the overlap still compared")
    func sizes() async {
        let taller = buttonLike(width: 60, height: 55)
        let (difference, diff) = await PixelComparator.compare(buttonLike(), taller, diffImage: true)
        #expect(difference.sizeMismatch != nil)
        #expect(difference.summary.hasPrefix("expected 60×40, got 60×55"))
        #expect(difference.comparedPixels == 60 * 40)
        #expect(difference.differentPixels == 0)
        #expect(!difference.matches(CompareOptions()))
        #expect(diff?.width == 60 && diff?.height == 55)
        #expect(diff?[5, 50] == PixelComparator.differenceColor)
    }

    @Test("masked regions are ignored, and the allowance options loosen the verdict")
    func masksAndAllowances() async {
        var changed = buttonLike()
        for y in 15..<18 {
            for x in 20..<23 { changed[x, y] = color(0xFF_0000) }
        }
        let masked = CompareOptions(masks: [PixelRect(x: 19, y: 14, width: 5, height: 5)])
        let (difference, _) = await PixelComparator.compare(buttonLike(), changed, options: masked)
        #expect(difference.differentPixels == 0)
        #expect(difference.maskedPixels == 25)
        let (plain, _) = await PixelComparator.compare(buttonLike(), changed)
        #expect(plain.matches(CompareOptions(maxDiffPixels: 9)))
        #expect(!plain.matches(CompareOptions(maxDiffPixels: 8)))
        #expect(plain.matches(CompareOptions(maxDiffRatio: 0.01)))
    }

    @Test(
        "every differing pixel fails by default, a lone one too; minimumCluster 4 makes smaller clusters specks that pass, counted apart"
    )
    func specks() async {
        var changed = buttonLike()
        changed[2, 2] = color(0x00_0000)
        changed[3, 3] = color(0x00_0000)  // diagonal neighbour: one cluster of two
        changed[55, 35] = color(0x00_0000)
        let tolerant = CompareOptions(minimumCluster: 4)
        let (difference, _) = await PixelComparator.compare(buttonLike(), changed, options: tolerant)
        #expect(difference.differentPixels == 3)
        #expect(difference.speckPixels == 3)
        #expect(difference.matches(tolerant))
        #expect(difference.summary.contains("(3 in specks, ignored)"))
        let (strict, _) = await PixelComparator.compare(buttonLike(), changed)
        #expect(strict.differentPixels == 3 && strict.speckPixels == 0)
        #expect(!strict.matches(CompareOptions()))
        var one = buttonLike()
        one[30, 20] = color(0x00_0000)
        let (single, _) = await PixelComparator.compare(buttonLike(), one)
        #expect(single.differentPixels == 1 && !single.matches(CompareOptions()), "one black pixel fails by default")

        var cluster = buttonLike()
        for (x, y) in [(2, 2), (3, 2), (2, 3), (3, 3)] { cluster[x, y] = color(0x00_0000) }
        let (four, _) = await PixelComparator.compare(buttonLike(), cluster, options: tolerant, bands: 3)
        #expect(four.differentPixels == 4 && four.speckPixels == 0)
        #expect(!four.matches(tolerant))
    }
}
