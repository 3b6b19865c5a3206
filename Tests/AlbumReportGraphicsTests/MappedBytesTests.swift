import AlbumReportCore
import AlbumReportGraphics
import CGD
import Foundation
import Testing

@Suite("Memory handed back to the system")
struct MappedBytesTests {
    @Test("a mapped buffer keeps what is appended, in order, and refuses what does not fit")
    func appendsWithinCapacity() throws {
        let buffer = try MappedBytes(capacity: 10)
        #expect(buffer.append([1, 2, 3]))
        #expect(buffer.append([4, 5, 6, 7]))
        // Four more would make 11: refused whole, nothing written.
        #expect(!buffer.append([8, 9, 10, 11]))
        #expect(buffer.append([8, 9, 10]))
        #expect(!buffer.append([11]))
        #expect(buffer.withWritten { Array($0) } == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    }

    @Test("a shelf hands back the smallest kept buffer in the size asked for, never a smaller or larger one")
    func shelfSizes() throws {
        let shelf = BufferShelf(limit: 3)
        let kept = try [200, 120, 100].map { try MappedBytes(capacity: $0) }
        for buffer in kept {
            _ = buffer.append([1, 2, 3])
            shelf.give(buffer)
        }
        let first = try shelf.take(capacity: 100, upTo: 125)
        #expect(first === kept[2] && first.withWritten { $0.isEmpty }, "the smallest that fits, with nothing written")
        #expect(try shelf.take(capacity: 100, upTo: 125) === kept[1])
        let third = try shelf.take(capacity: 100, upTo: 125)
        #expect(!kept.contains { $0 === third } && third.capacity == 100, "200 is too large: a new one")
        #expect(try shelf.take(capacity: 200) === kept[0])
        // Past its limit, the buffer kept longest goes.
        let more = try (0..<4).map { _ in try MappedBytes(capacity: 64) }
        for buffer in more { shelf.give(buffer) }
        let back = try (0..<3).map { _ in try shelf.take(capacity: 64) }
        #expect(back.allSatisfy { taken in more.dropFirst().contains { $0 === taken } })
        #expect(!more.contains { $0 === (try? shelf.take(capacity: 64)) })
    }

    @Test("a fill counts only what fits, and a populated mapping starts as zeros")
    func fillsWithinCapacity() throws {
        let buffer = try MappedBytes(capacity: 4096 * 3 + 5, populate: true)
        #expect(buffer.withWritten { $0.count } == 0)
        let claimed = buffer.fill { base, capacity in
            #expect(UnsafeRawBufferPointer(start: base, count: capacity).allSatisfy { $0 == 0 })
            base.storeBytes(of: 0xAB, as: UInt8.self)
            return capacity + 100
        }
        #expect(claimed == 4096 * 3 + 5)
        #expect(buffer.fill { _, _ in -1 } == 0)
        #expect(buffer.fill { _, _ in 1 } == 1)
        #expect(buffer.withWritten { Array($0) } == [0xAB])
    }

    @Test("an encoded PNG is the same whether its rows arrive in one strip or many")
    func stripsMakeTheSameBytes() throws {
        let image = try GDImage(width: 97, height: 64, background: RGBA(red: 240, green: 240, blue: 240))
        image.fillRoundedRect(
            x: 10, y: 8, width: 60, height: 40, radius: 12, color: RGBA(red: 200, green: 30, blue: 90))
        let whole = try PNGStreamEncoder.encode(image, compressionLevel: 6)
        let encoder = try PNGStreamEncoder(width: 97, height: 64, compressionLevel: 6)
        for top in stride(from: 0, to: 64, by: 16) {
            try encoder.append(image.cropped(to: PixelRect(x: 0, y: top, width: 97, height: 16)))
        }
        #expect(try encoder.finish() == whole)
        #expect(try GDImage(decoding: whole).pixelBuffer() == image.pixelBuffer())
    }

    #if canImport(Glibc) && compiler(>=6.2)
        /// In a process of its own (an exit test, Swift 6.2 and later), so that no other test's
        /// blocks sit free in its heaps: malloc serves a block from free heap space before any
        /// threshold applies. (Not under the address sanitizer, `make test-asan`: its own allocator
        /// replaces glibc's.)
        @Test(
            "after keepResidentMemorySteady, a 2 MB block is mapped on its own, to go back when freed",
            .disabled(if: ProcessInfo.processInfo.environment["ALBUMREPORT_SANITIZER"] == "address"))
        func largeBlocksAreMapped() async {
            await #expect(processExitsWith: .success) {
                /// glibc marks a block it mapped by itself with bit 1 of the size word before it.
                func mappedAlone(_ block: UnsafeMutableRawPointer) -> Bool {
                    (block - MemoryLayout<Int>.size).load(as: Int.self) & 2 != 0
                }
                // malloc and free called through pointers looked up at run time: an optimizing
                // build would otherwise remove a block it can prove unused, with its free.
                typealias Allocate = @convention(c) (Int) -> UnsafeMutableRawPointer?
                typealias Release = @convention(c) (UnsafeMutableRawPointer?) -> Void
                guard let mallocSymbol = dlsym(nil, "malloc"),
                    let freeSymbol = dlsym(nil, "free")
                else { exit(2) }
                let allocate = unsafeBitCast(mallocSymbol, to: Allocate.self)
                let release = unsafeBitCast(freeSymbol, to: Release.self)
                // A mapped 8 MB block, written and freed: glibc raises its own threshold to 8 MB.
                guard let large = allocate(8 << 20) else { exit(2) }
                memset(large, 1, 8 << 20)
                guard malloc_usable_size(large) >= 8 << 20 else { exit(2) }
                release(large)
                // The control: by default 2 MB now grow a heap (kept, so its space is not free).
                guard let before = allocate(2 << 20) else { exit(2) }
                if mappedAlone(before) { exit(3) }
                guard GraphicsRuntime.keepResidentMemorySteady(), let after = allocate(2 << 20) else { exit(2) }
                exit(mappedAlone(after) ? 0 : 1)
            }
        }
    #endif
}
