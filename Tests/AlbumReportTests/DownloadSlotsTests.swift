import Testing

@testable import AlbumReport

@Suite("Download slots shared by thumbnails and large images")
struct DownloadSlotsTests {
    @Test(
        "with --concurrency 1 a large image may download before every thumbnail is in (a thumbnail may be waiting on it)"
    )
    func singleSlotIsNeverKept() async {
        let slots = DownloadSlots(1)
        // Before the fix the only slot was kept for thumbnails, and this waited for ever.
        let value = await slots.withSlot(.later) { 7 }
        #expect(value == 7)
    }

    @Test("with two or more slots one is kept for thumbnails until they are all in")
    func oneSlotKeptForThumbnails() async {
        let slots = DownloadSlots(2)
        // One large image takes the free slot; the kept one still serves a thumbnail at once.
        let both = await slots.withSlot(.later) {
            await slots.withSlot(.first) { "thumbnail" }
        }
        #expect(both == "thumbnail")
        slots.thumbnailsDone()
        let two = await slots.withSlot(.later) { await slots.withSlot(.later) { 2 } }
        #expect(two == 2)
    }
}
