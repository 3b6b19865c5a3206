import AlbumReport
import AlbumReportCore
import AlbumReportGraphics
import AlbumReportRenderer
import Foundation
import Synchronization
import Testing

/// What a matrix's combinations share while they are drawn together: artwork resampled once, the
/// compressed rows of identical card spans, and the turns that keep them in step. Sharing must
/// never change a pixel or a byte; the end-to-end check is `MatrixTests` ("each combination is
/// byte for byte a single run"), which runs without sharing on one side.
@Suite("What a matrix's combinations share", .timeLimit(.minutes(45)))
struct MatrixSharingTests {
    /// The embedded sample's first album cover, a 600 px photograph.
    static func cover() throws -> Data {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try Data(
            contentsOf: root.appendingPathComponent(
                "Sources/AlbumReport/Resources/Sample/artwork/1065946325/600x600bb.png"))
    }

    static func pixels(_ image: GDImage) -> [Int32] {
        (0..<image.height).flatMap { y in image.withRow(y) { Array($0) } ?? [] }
    }

    @Test(
        "a picture resampled once and placed is what drawing it draws, corners and all; a translucent one is not kept")
    func placedIsDrawn() throws {
        let source = try GDImage(decoding: Self.cover())
        let white = RGBA(red: 255, green: 255, blue: 255)
        let behind = RGBA(red: 28, green: 28, blue: 30)
        // An enlargement (the sample's 600 px in an iPhone card's 1,059 px slot) and a reduction.
        for size in [1059, 360] {
            let rect = PixelRect(x: 37, y: 51, width: size, height: size)
            let drawn = try GDImage(width: size + 80, height: size + 100, background: white)
            drawn.draw(source, in: rect, cornerRadius: 30, background: behind)
            let placed = try GDImage(width: size + 80, height: size + 100, background: white)
            let raster = try #require(try GDImage.resampledRaster(source, width: size, height: size))
            #expect(placed.place(raster, in: rect, cornerRadius: 30, background: behind))
            #expect(Self.pixels(placed) == Self.pixels(drawn), "\(size) px")
            // Partly off the canvas, or another size: not placed, nothing drawn.
            let untouched = Self.pixels(placed)
            #expect(
                !placed.place(
                    raster, in: PixelRect(x: 100, y: 51, width: size, height: size), cornerRadius: 0, background: behind
                ))
            #expect(
                !placed.place(
                    raster, in: PixelRect(x: 0, y: 0, width: size - 1, height: size), cornerRadius: 0,
                    background: behind))
            #expect(Self.pixels(placed) == untouched)
        }
        // A large reduction needs gd's area sampling; a translucent pixel blends over the slot.
        #expect(try GDImage.resampledRaster(source, width: 200, height: 200) == nil)
        _ = source.withRow(10) { $0[10] = 0x4000_0000 | $0[10] & 0xFF_FFFF }
        #expect(!source.isOpaque)
        #expect(try GDImage.resampledRaster(source, width: 600, height: 600) == nil)
    }

    @Test(
        "cards drawn through shared pictures are pixel for pixel the cards drawn alone; the second draw is a kept one")
    func rastersThroughTheMemo() throws {
        let cover = try Self.cover()
        let rasters = ArtworkRasters(digest: { Digest.sha256Hex($0) })
        let slot = PixelRect(x: 60, y: 369, width: 1059, height: 1059)
        func card(_ memo: ArtworkRasters?, background: RGBA) throws -> [Int32] {
            let image = try GDImage(width: 1179, height: 1500, background: background)
            if let memo {
                let left = try memo.draw(
                    cover, in: slot, on: image, cornerRadius: 30, background: background,
                    decode: { (data: Data) throws(GraphicsError) in try GDImage(decoding: data) })
                #expect(left == nil)
            } else {
                image.draw(try GDImage(decoding: cover), in: slot, cornerRadius: 30, background: background)
            }
            return Self.pixels(image)
        }
        let light = RGBA(red: 255, green: 255, blue: 255)
        let dark = RGBA(red: 0, green: 0, blue: 0)
        #expect(try card(rasters, background: light) == card(nil, background: light))
        #expect(try card(rasters, background: dark) == card(nil, background: dark))
        #expect(rasters.figures.hits == 1 && rasters.figures.misses == 1)
        // Other bytes are another picture, however alike.
        var other = cover
        other.append(0)
        _ = try? rasters.draw(
            other, in: slot, on: GDImage(width: 1179, height: 1500, background: light), cornerRadius: 0,
            background: light, decode: { (data: Data) throws(GraphicsError) in try GDImage(decoding: data) })
        #expect(rasters.figures.misses == 2)
    }

    /// A card-like picture: white above and below, and between them `band` rows of grain around
    /// the pixel `(x, y)` set to `marked`.
    static func image(marked: Int32) throws -> GDImage {
        let image = try GDImage(width: 300, height: 700, background: RGBA(red: 255, green: 255, blue: 255))
        var state: UInt64 = 42
        for y in 100..<600 {
            _ = image.withRow(y) { row in
                for x in 20..<280 {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    row[x] = Int32(truncatingIfNeeded: state >> 40) & 0x00FF_FFFF
                }
            }
        }
        _ = image.withRow(333) { $0[151] = marked }
        return image
    }

    static func png(
        _ image: GDImage, spans: (any SpanMemo)?, filter: PNGStreamEncoder.RowFilter = .sampled,
        photographicLevel: Int? = nil
    ) throws -> Data {
        let encoder = try PNGStreamEncoder(
            width: image.width, height: image.height, compressionLevel: 1, photographicLevel: photographicLevel,
            filter: filter, spans: spans ?? .none)
        encoder.sharedRows = 100..<600
        try encoder.append(image)
        return try encoder.finish()
    }

    @Test(
        "a card's rows through the span memo are the bytes compressed alone; another picture's are its own; the same again is taken from the memo"
    )
    func spansThroughTheMemo() throws {
        let memo = DeflateSpanMemo(minimumSpan: 1024)
        let first = try Self.image(marked: 0x0012_3456)
        let second = try Self.image(marked: 0x0065_4321)
        let alone = try Self.png(first, spans: nil)
        #expect(try Self.png(first, spans: memo) == alone)
        #expect(memo.figures == (hits: 0, misses: 1))
        let otherPNG = try Self.png(second, spans: memo)
        #expect(memo.figures == (hits: 0, misses: 2))
        #expect(otherPNG == (try Self.png(second, spans: nil)))
        #expect(try GDImage(decoding: otherPNG).withRow(333) { $0[151] & 0xFF_FFFF } == 0x0065_4321)
        #expect(try Self.png(first, spans: memo) == alone)
        #expect(memo.figures.hits == 1)
    }

    /// Yields until a card waits for a turn (a bounded number of times: the test then fails).
    static func untilOneWaits(_ turns: RenderTurns) async {
        for _ in 0..<100_000 where turns.waiting == 0 { await Task.yield() }
    }

    @Test(
        "turns go to the lowest rank waiting, and no run draws more than the lead of ranks ahead of another that has joined"
    )
    func turnsKeepRunsInStep() async throws {
        let turns = RenderTurns(1)
        let ranks = Array(1...(RenderTurns.lead + 3))
        let ahead = turns.join(ranks: ranks)
        let behind = turns.join(ranks: ranks)
        // Ranks 1 to 1 + lead are within the lead of the run behind (still at 1): drawn at once.
        for rank in 1...(1 + RenderTurns.lead) {
            #expect(await turns.withTurn(rank: rank, member: ahead) { rank } == rank)
        }
        let next = 2 + RenderTurns.lead
        let drawn = Mutex<[String]>([])
        let held = Task {
            await turns.withTurn(rank: next, member: ahead) { drawn.withLock { $0.append("ahead \(next)") } }
        }
        await Self.untilOneWaits(turns)
        #expect(turns.waiting == 1, "rank \(next) waits for the run behind")
        #expect(drawn.withLock { $0.isEmpty })
        _ = await turns.withTurn(rank: 1, member: behind) { drawn.withLock { $0.append("behind 1") } }
        _ = await held.value
        #expect(drawn.withLock { $0 } == ["behind 1", "ahead \(next)"])
        // A run that leaves holds nobody back.
        turns.leave(behind)
        #expect(await turns.withTurn(rank: next + 1, member: ahead) { next + 1 } == next + 1)
        turns.leave(ahead)
        #expect(turns.waiting == 0)
    }

    @Test(
        "a run that asks for its cards out of rank order is held back by others' next cards only, and never waits on itself"
    )
    func turnsInARunsOwnOrder() async throws {
        let turns = RenderTurns(1)
        let shuffled = turns.join(ranks: [9, 1])
        let plain = turns.join(ranks: [1, 2])
        let drawn = Mutex<[String]>([])
        let nine = Task { await turns.withTurn(rank: 9, member: shuffled) { drawn.withLock { $0.append("9") } } }
        await Self.untilOneWaits(turns)
        #expect(turns.waiting == 1, "rank 9 is more than the lead ahead of the other run's next card")
        for rank in [1, 2] {
            _ = await turns.withTurn(rank: rank, member: plain) { drawn.withLock { $0.append("\(rank)") } }
        }
        _ = await nine.value
        _ = await turns.withTurn(rank: 1, member: shuffled) { drawn.withLock { $0.append("1 after 9") } }
        #expect(drawn.withLock { $0 } == ["1", "2", "9", "1 after 9"])
        turns.leave(plain)
        turns.leave(shuffled)
    }

    @Test(
        "combinations that draw artwork at the same sizes start together: styles and devices make families, themes do not"
    )
    func familiesStartTogether() throws {
        let spec = try MatrixSpec.parse(
            "themes=light,dark;styles=uikit,swiftui", relativeTo: URL(fileURLWithPath: NSTemporaryDirectory()))
        let combinations = spec.combinations
        let folders = combinations.map(\.folder)
        #expect(folders == ["light/uikit", "light/swiftui", "dark/uikit", "dark/swiftui"])
        let (order, together, family) = MatrixPipeline.schedule(combinations, jobs: 2)
        #expect(order.map { folders[$0] } == ["light/uikit", "dark/uikit", "light/swiftui", "dark/swiftui"])
        #expect(together == 2)
        #expect(family == [0, 1, 0, 1])
        #expect(MatrixPipeline.schedule(combinations, jobs: 1).together == 1)
        let wide = try MatrixSpec.parse(
            "devices=iphone-15,ipad-10;themes=light,dark;contentSizes=s,l,ax3;languages=en,ar",
            relativeTo: URL(fileURLWithPath: NSTemporaryDirectory()))
        let (wideOrder, wideTogether, wideFamily) = MatrixPipeline.schedule(wide.combinations, jobs: 2)
        #expect(wideFamily == Array(repeating: 0, count: 12) + Array(repeating: 1, count: 12))
        #expect(wideOrder == Array(0..<24))
        #expect(wideTogether == 12)
    }
}
