import AlbumReportCore
import Foundation

/// `--mask-element`'s masks for one file, taken from the reviewed side: the goldens' manifest
/// places each element (the goldens are what was reviewed and committed; the actual side is the
/// side under test — a pull request's render, a team's screenshot job — and its manifest is taken
/// on trust only as far as it agrees). Where the layout moved, the actual frame is masked too, so
/// a moved element is masked in both pictures — when it still overlaps the golden's frame and is
/// no larger than it beyond ``margin(of:)``. Any other actual frame (larger, moved off its golden
/// frame, or one the goldens do not have) is not used: the pixels it would hide are compared, and
/// a failure's message says why.
///
/// Why: with the actual manifest trusted, a manifest that widened `statusBar` to the whole screen
/// made a card with a changed pixel pass.
enum ElementMasks {
    /// How much larger than the golden's an actual frame may be, in pixels, per side: 4 px or 5 %
    /// of the golden's, whichever is more (text that wraps to one more line is a new golden).
    static func margin(of length: Int) -> Int { max(4, (length + 19) / 20) }

    /// The masks of `names` on the screen in `file`, and a sentence naming the actual frames that
    /// were not used (nil when every one was).
    static func masks(
        for file: String, names: [String], goldens: ReportFacts, actual: ReportFacts?
    ) -> (masks: [PixelRect], untrusted: String?) {
        var masks: [PixelRect] = []
        var refused: [String] = []
        let golden = goldens.frames[file] ?? [:]
        let drawn = actual?.frames[file] ?? [:]
        for name in names {
            let expected = golden[name] ?? []
            let actual = drawn[name] ?? []
            masks += expected
            for (index, frame) in actual.enumerated() {
                if index < expected.count, fits(frame, within: expected[index]) {
                    if frame != expected[index] { masks.append(frame) }
                } else {
                    let theirs = index < expected.count ? "the goldens' \(describe(expected[index]))" : "no such frame"
                    refused.append("\(name) at \(describe(frame)) (the goldens have \(theirs))")
                }
            }
        }
        guard !refused.isEmpty else { return (masks, nil) }
        return (
            masks,
            "The actual folder's manifest.json places \(refused.joined(separator: "; ")): element masks come from the goldens' manifest, and an actual frame larger than the golden's, or away from it, is not used, so the pixels it covers were compared. If the layout changed on purpose, record the goldens again."
        )
    }

    /// Whether `frame` is no larger than `golden` beyond the margin and still overlaps it (a
    /// move, not a mask put elsewhere).
    static func fits(_ frame: PixelRect, within golden: PixelRect) -> Bool {
        frame.width <= golden.width + margin(of: golden.width)
            && frame.height <= golden.height + margin(of: golden.height)
            && frame.x < golden.maxX && golden.x < frame.maxX && frame.y < golden.maxY && golden.y < frame.maxY
    }

    private static func describe(_ frame: PixelRect) -> String {
        "\(frame.x),\(frame.y) \(frame.width)×\(frame.height) px"
    }
}
