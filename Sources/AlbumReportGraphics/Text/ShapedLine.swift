import AlbumReportCore
import CGD

/// One line of text after bidi ordering, font fallback and shaping: glyphs in visual order
/// (left to right on the page), positioned in points from the line's origin on the baseline.
public struct ShapedLine: Sendable {
    /// One positioned glyph.
    public struct Glyph: Sendable {
        /// The glyph's id in its font (0 is `.notdef`, the "missing glyph" box).
        public var id: UInt32
        /// The x of the glyph's origin, in points from the line's left edge.
        public var x: Double
        /// How far the glyph is raised above the baseline (a mark's offset), in points.
        public var y: Double
        /// The pen advance, in points.
        public var advance: Double
        /// The index (in Unicode scalars of the line) of the first scalar of the cluster this
        /// glyph belongs to.
        public var cluster: Int
        /// The family of the face that drew it.
        public var fontFamily: String { face.family }
        /// Whether the glyph is a colour bitmap (an emoji picture).
        public var isColor: Bool { face.isColorBitmap }
        let face: FontFace
    }

    /// The glyphs in visual order.
    public var glyphs: [Glyph]
    /// The line's advance width in points.
    public var width: Double
    /// The paragraph direction the line was ordered in.
    public var direction: TextDirection
    /// Characters no installed font has; each cluster holding one is drawn as U+FFFD.
    public var undrawable: [Unicode.Scalar]
}

/// Turns a line of text into a ``ShapedLine``: FriBidi resolves embedding levels (UAX #9), the
/// text is split into runs of one face, one bidi level and one script, HarfBuzz shapes each run
/// (joining, conjuncts, marks, ligatures, emoji sequences) and the runs are put in visual order
/// (UAX #9 L2).
struct LineShaper {
    let fallback: FontFallback

    /// A run to shape: a stretch of the line's code points in one face, bidi level and script.
    private struct Run {
        var face: FontFace
        var level: Int8
        var script: hb_script_t
        /// Where the run starts in the line's code points, and how many it has.
        var start: Int
        var count: Int
    }

    /// The line after font assignment: its code points (a cluster no font can draw replaced by
    /// U+FFFD), for each the index of its cluster's first scalar in the text, and the runs.
    private struct Items {
        var codes: [UInt32] = []
        var clusters: [Int] = []
        var runs: [Run] = []
        var undrawable: [Unicode.Scalar] = []
    }

    /// Shapes `text` as one line. `levels` are its bidi embedding levels (one per Unicode scalar)
    /// when they were resolved over the whole paragraph; without them the line is resolved alone,
    /// in `direction` (from its first strong character when nil).
    func shape(
        _ text: String, font: FontStyle, primary: FontFace, direction: TextDirection?, levels: [Int8]? = nil,
        language: String
    ) -> ShapedLine {
        let base: Int32 = direction.map { $0 == .rightToLeft ? 1 : 0 } ?? -1
        var paragraph: TextDirection = direction ?? .leftToRight
        var resolvedLevels: [Int8]
        if let levels {
            resolvedLevels = levels
        } else {
            (paragraph, resolvedLevels) = Self.bidiLevels(of: text, base: base)
        }
        let items = itemize(text, levels: resolvedLevels, font: font, primary: primary, language: language)
        var glyphs: [ShapedLine.Glyph] = []
        var pen = 0.0
        let tracking = font.effectiveTracking
        var trailingTracking = 0.0
        for run in Self.visualOrder(items.runs) {
            let scale = font.size / run.face.unitsPerEm
            // Tracking goes between grapheme clusters, never inside one, and never into a
            // joining script, whose letters must touch.
            let tracked = tracking != 0 && !Self.isJoining(run.script)
            let shaped = Self.shape(run, of: items.codes, language: language)
            for (index, glyph) in shaped.enumerated() {
                glyphs.append(
                    ShapedLine.Glyph(
                        id: glyph.glyph, x: pen + Double(glyph.xOffset) * scale, y: Double(glyph.yOffset) * scale,
                        advance: Double(glyph.xAdvance) * scale, cluster: items.clusters[Int(glyph.cluster)],
                        face: run.face))
                pen += Double(glyph.xAdvance) * scale
                trailingTracking = 0
                if tracked && (index + 1 == shaped.count || shaped[index + 1].cluster != glyph.cluster) {
                    pen += tracking
                    trailingTracking = tracking
                }
            }
        }
        // No tracking after the line's last character: centred text stays centred.
        pen -= trailingTracking
        return ShapedLine(glyphs: glyphs, width: pen, direction: paragraph, undrawable: items.undrawable)
    }

    /// FriBidi's embedding level of each Unicode scalar of `text` (UAX #9), and the paragraph's
    /// direction; `base` 0 or 1 forces the paragraph direction, -1 takes the first strong character's.
    static func bidiLevels(of text: String, base: Int32) -> (TextDirection, [Int8]) {
        let codes = text.unicodeScalars.map(\.value)
        var levels = [Int8](repeating: 0, count: codes.count)
        let resolved = ar_bidi_levels(codes, Int32(codes.count), base, &levels)
        if resolved < 0 {
            // FriBidi could not allocate: everything at the paragraph's level.
            return (base == 1 ? .rightToLeft : .leftToRight, [Int8](repeating: base == 1 ? 1 : 0, count: codes.count))
        }
        return (resolved == 1 ? .rightToLeft : .leftToRight, levels)
    }

    /// Assigns a face to each grapheme cluster and splits the line into runs of one face, bidi
    /// level and script.
    private func itemize(_ text: String, levels: [Int8], font: FontStyle, primary: FontFace, language: String) -> Items
    {
        let unicode = hb_unicode_funcs_get_default()
        var items = Items()
        var offset = 0
        for cluster in text {
            let scalars = Array(cluster.unicodeScalars)
            defer { offset += scalars.count }
            var codes = scalars.map(\.value)
            var (face, missing) = fallback.assignment(
                for: cluster, primary: primary, weight: font.weight, language: language)
            if !missing.isEmpty {
                // A visible replacement takes the whole cluster's place, so that what is drawn is
                // what the manifest and the warning say.
                items.undrawable += missing
                codes = [0xFFFD]
                face = fallback.face(for: "\u{FFFD}", primary: primary, weight: font.weight, language: language)
            }
            guard let face = face ?? (missing.isEmpty ? nil : primary) else { continue }
            let level = levels.indices.contains(offset) ? levels[offset] : 0
            let script =
                codes.lazy.map { hb_unicode_script(unicode, $0) }.first { !Self.isNeutral($0) } ?? HB_SCRIPT_COMMON
            let start = items.codes.count
            items.codes += codes
            items.clusters += repeatElement(offset, count: codes.count)
            if let last = items.runs.last, last.face === face, last.level == level,
                Self.isNeutral(script) || Self.isNeutral(last.script) || last.script == script
            {
                if Self.isNeutral(last.script) { items.runs[items.runs.count - 1].script = script }
                items.runs[items.runs.count - 1].count += codes.count
            } else {
                items.runs.append(Run(face: face, level: level, script: script, start: start, count: codes.count))
            }
        }
        return items
    }

    private static func isNeutral(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
    }

    /// Scripts whose letters join (tracking would break them apart).
    static func isJoining(_ script: hb_script_t) -> Bool {
        [HB_SCRIPT_ARABIC, HB_SCRIPT_SYRIAC, HB_SCRIPT_NKO, HB_SCRIPT_MONGOLIAN, HB_SCRIPT_MANDAIC, HB_SCRIPT_ADLAM]
            .contains(script) || script == HB_SCRIPT_DEVANAGARI || script == HB_SCRIPT_BENGALI
    }

    /// UAX #9 rule L2: from the highest level down to the lowest odd one, every sequence of runs
    /// at that level or higher is reversed.
    private static func visualOrder(_ runs: [Run]) -> [Run] {
        guard let highest = runs.map(\.level).max() else { return runs }
        guard let lowestOdd = runs.map(\.level).filter({ $0 % 2 == 1 }).min() else { return runs }
        var ordered = runs
        var current = highest
        while current >= lowestOdd {
            var index = 0
            while index < ordered.count {
                guard ordered[index].level >= current else {
                    index += 1
                    continue
                }
                var end = index
                while end < ordered.count && ordered[end].level >= current { end += 1 }
                ordered[index..<end].reverse()
                index = end
            }
            current -= 1
        }
        return ordered
    }

    /// A glyph as HarfBuzz placed it, in font units.
    private struct HBGlyph {
        var glyph: UInt32
        var cluster: UInt32
        var xAdvance: Int32
        var xOffset: Int32
        var yOffset: Int32
    }

    /// HarfBuzz's shaping of one run, in visual order, with the rest of the line as context (so
    /// that, say, Arabic joins across a change of font). Clusters index `codes`.
    private static func shape(_ run: Run, of codes: [UInt32], language: String) -> [HBGlyph] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf32(buffer, codes, Int32(codes.count), UInt32(run.start), Int32(run.count))
        hb_buffer_set_direction(buffer, run.level % 2 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if !isNeutral(run.script) { hb_buffer_set_script(buffer, run.script) }
        hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(run.face.shapingFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        let last = UInt32(max(codes.count - 1, 0))
        return (0..<Int(count)).map { index in
            HBGlyph(
                glyph: infos[index].codepoint, cluster: min(infos[index].cluster, last),
                xAdvance: positions[index].x_advance, xOffset: positions[index].x_offset,
                yOffset: positions[index].y_offset)
        }
    }
}
