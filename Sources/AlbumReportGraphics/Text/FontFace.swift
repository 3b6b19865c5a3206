import CGD
import Foundation
import Synchronization

/// One font face (a file, and the face's index inside a collection such as Noto Sans CJK's
/// `.ttc`), loaded once per process: a HarfBuzz font for coverage and shaping (immutable, so
/// safe to share) and a FreeType face for rasterising (which FreeType does not allow from two
/// threads at once, so it sits behind a lock).
final class FontFace: @unchecked Sendable {
    /// The face's file.
    let file: String
    /// The face's index in its file.
    let index: Int
    /// The family name the face reports ("Noto Sans CJK JP").
    let family: String
    /// Design units per em (HarfBuzz shapes at this scale; positions are scaled to points).
    let unitsPerEm: Double
    /// A bitmap-only colour font (Noto Color Emoji): drawn from its largest strike, scaled.
    let isColorBitmap: Bool
    /// An outline font (TrueType, CFF), drawn at any size.
    let isScalable: Bool
    /// The pixels per em of the strike a colour bitmap font draws from.
    let strikePixelsPerEm: Double
    private let strikeIndex: Int32
    /// HarfBuzz's font (`hb_font_t *`), made immutable.
    let shapingFont: OpaquePointer
    private let rasterFace: FT_Face
    private let rasterLock = Mutex(())

    private init?(file: String, index: Int, library: FT_Library) {
        var loaded: FT_Face?
        guard FT_New_Face(library, file, index, &loaded) == 0, let face = loaded else { return nil }
        guard let font = Self.shapingFont(file: file, index: index) else {
            FT_Done_Face(face)
            return nil
        }
        self.file = file
        self.index = index
        family = face.pointee.family_name.map { String(cString: $0) } ?? URL(fileURLWithPath: file).lastPathComponent
        unitsPerEm = Double(max(hb_face_get_upem(hb_font_get_face(font)), 1))
        isScalable = ar_ft_is_scalable(face) != 0
        isColorBitmap = ar_ft_has_color(face) != 0 && !isScalable
        var best: (index: Int32, ppem: Double) = (0, 0)
        if isColorBitmap, let sizes = face.pointee.available_sizes {
            for strike in 0..<Int(face.pointee.num_fixed_sizes) {
                let ppem = Double(sizes[strike].y_ppem) / 64
                if ppem > best.ppem { best = (Int32(strike), ppem) }
            }
        }
        strikeIndex = best.index
        strikePixelsPerEm = best.ppem
        shapingFont = font
        rasterFace = face
    }

    deinit {
        hb_font_destroy(shapingFont)
        FT_Done_Face(rasterFace)
    }

    /// An immutable HarfBuzz font for face `index` of `file`; nil when the file is empty or has
    /// no such face. The blob and face it is made from are released here whatever happens (the
    /// font keeps its own references).
    private static func shapingFont(file: String, index: Int) -> OpaquePointer? {
        guard let blob = hb_blob_create_from_file(file) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard hb_blob_get_length(blob) > 0, index < hb_face_count(blob), let face = hb_face_create(blob, UInt32(index))
        else { return nil }
        defer { hb_face_destroy(face) }
        guard let font = hb_font_create(face) else { return nil }
        hb_font_make_immutable(font)
        return font
    }

    /// The glyph `scalar` maps to in this face, or nil when the face does not have it.
    func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(shapingFont, scalar.value, &glyph) != 0 && glyph != 0 ? glyph : nil
    }

    /// Whether this face can draw every scalar of `scalars` (a bitmap font without colour can
    /// draw nothing at an arbitrary size).
    func covers(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
        (isScalable || isColorBitmap) && scalars.allSatisfy { glyph(for: $0) != nil }
    }

    /// Whether the letters of “Aa0” this face has draw ink: a face whose table lengths are
    /// corrupt loads, maps every letter to a glyph, and draws each glyph empty. A colour bitmap
    /// font (emoji) is not asked; a face without Latin letters leaves them to the fallback.
    var drawsLetters: Bool {
        guard !isColorBitmap else { return true }
        return "Aa0".unicodeScalars.compactMap { glyph(for: $0) }.allSatisfy { glyph in
            rasterize(glyph, pixelSize: 32, phase: 0)?.pixels.contains { $0 > 0 } ?? false
        }
    }

    /// Characters some faces draw as small superscripts, each with the sign it should match in
    /// size: ℗ (sound recording copyright) like ©, as SF Pro draws it.
    static let textSizeSigns: [Unicode.Scalar: Unicode.Scalar] = ["\u{2117}": "\u{00A9}"]

    /// Whether this face draws `scalar` at text size: true for all but ``textSizeSigns``,
    /// which must be at least 85 % as tall as their partner sign in this face (Inter's ℗ is 76 %).
    func drawsAtTextSize(_ scalar: Unicode.Scalar) -> Bool {
        guard let partner = Self.textSizeSigns[scalar] else { return true }
        guard let height = inkHeight(of: scalar), let partnerHeight = inkHeight(of: partner) else { return true }
        return height >= 0.85 * partnerHeight
    }

    /// The height of `scalar`'s drawn glyph in font units, or nil when the face lacks it.
    func inkHeight(of scalar: Unicode.Scalar) -> Double? {
        guard let glyph = glyph(for: scalar) else { return nil }
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(shapingFont, glyph, &extents) != 0 else { return nil }
        return Double(abs(extents.height))
    }

    /// Ascender and descender (positive) per em, from the face's horizontal header.
    var verticalMetrics: (ascender: Double, descender: Double) {
        rasterLock.withLock { _ in
            let face = rasterFace
            return (Double(ar_ft_ascender(face)) / unitsPerEm, -Double(ar_ft_descender(face)) / unitsPerEm)
        }
    }

    /// Rasterises `glyph` at `pixelSize`, shifted right by `phase` quarter pixels.
    func rasterize(_ glyph: UInt32, pixelSize: Double, phase: Int) -> GlyphBitmap? {
        rasterLock.withLock { _ -> GlyphBitmap? in
            let face = rasterFace
            if isColorBitmap {
                guard FT_Select_Size(face, strikeIndex) == 0,
                    FT_Load_Glyph(face, glyph, Int32(ar_ft_load_color())) == 0
                else { return nil }
                return GlyphBitmap.scaled(face.pointee.glyph, by: pixelSize / max(strikePixelsPerEm, 1))
            }
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) == 0 else { return nil }
            var shift = FT_Vector(x: FT_Pos(phase * 16), y: 0)
            FT_Set_Transform(face, nil, &shift)
            defer { FT_Set_Transform(face, nil, nil) }
            let flags = Int32(ar_ft_load_no_hinting() | ar_ft_load_no_bitmap())
            guard FT_Load_Glyph(face, glyph, flags) == 0, let slot = face.pointee.glyph,
                FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0
            else { return nil }
            return GlyphBitmap.coverage(slot)
        }
    }

    // MARK: - The process's faces

    private struct Key: Hashable {
        var file: String
        var index: Int
    }

    private struct Store: ~Copyable {
        var library: FT_Library?
        var faces: [Key: FontFace] = [:]
    }

    private static let store = Mutex(Store())

    /// The face at `index` of `file`, loaded on first use; nil when FreeType or HarfBuzz cannot
    /// read it. Faces live as long as the process (a run uses a handful).
    static func load(file: String, index: Int = 0) -> FontFace? {
        store.withLock { store -> FontFace? in
            let key = Key(file: file, index: index)
            if let face = store.faces[key] { return face }
            if store.library == nil {
                var library: FT_Library?
                guard FT_Init_FreeType(&library) == 0 else { return nil }
                store.library = library
            }
            guard let library = store.library, let face = FontFace(file: file, index: index, library: library) else {
                return nil
            }
            store.faces[key] = face
            return face
        }
    }
}

/// Where row `row` (0 at the top) of a FreeType bitmap starts in its buffer: a negative pitch
/// means the rows are stored bottom-up.
private func rowOffset(_ row: Int, rows: Int, pitch: Int) -> Int {
    pitch >= 0 ? row * pitch : (rows - 1 - row) * -pitch
}

/// A rasterised glyph: an 8-bit coverage mask drawn in the text colour, or premultiplied RGBA
/// pixels of a colour emoji. `left` and `top` place it from the pen position on the baseline.
struct GlyphBitmap: Sendable {
    var width: Int
    var height: Int
    var left: Int
    var top: Int
    /// Coverage (one byte a pixel) or premultiplied RGBA (four bytes a pixel).
    var pixels: [UInt8]
    var isColor: Bool

    /// The coverage mask FreeType rendered into `slot`.
    static func coverage(_ slot: FT_GlyphSlot) -> GlyphBitmap {
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        var pixels = [UInt8](repeating: 0, count: width * height)
        if let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            for row in 0..<height {
                let source = buffer.advanced(by: rowOffset(row, rows: height, pitch: Int(bitmap.pitch)))
                for column in 0..<width { pixels[row * width + column] = source[column] }
            }
        }
        return GlyphBitmap(
            width: width, height: height, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            pixels: pixels, isColor: false)
    }

    /// The BGRA bitmap in `slot` (a colour emoji strike) scaled by `factor` with an area
    /// average, as premultiplied RGBA.
    static func scaled(_ slot: FT_GlyphSlot?, by factor: Double) -> GlyphBitmap? {
        guard let slot, let buffer = slot.pointee.bitmap.buffer,
            slot.pointee.bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), factor > 0
        else { return nil }
        let bitmap = slot.pointee.bitmap
        let sourceWidth = Int(bitmap.width)
        let sourceHeight = Int(bitmap.rows)
        let pitch = Int(bitmap.pitch)
        let width = max(Int((Double(sourceWidth) * factor).rounded()), 1)
        let height = max(Int((Double(sourceHeight) * factor).rounded()), 1)
        let stepX = Double(sourceWidth) / Double(width)
        let stepY = Double(sourceHeight) / Double(height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let top = Double(y) * stepY
            let bottom = top + stepY
            for x in 0..<width {
                let left = Double(x) * stepX
                let right = left + stepX
                var sum = (0.0, 0.0, 0.0, 0.0)
                var total = 0.0
                for sourceY in Int(top)..<min(Int(bottom.rounded(.up)), sourceHeight) {
                    let weightY = min(bottom, Double(sourceY + 1)) - max(top, Double(sourceY))
                    let row = buffer.advanced(by: rowOffset(sourceY, rows: sourceHeight, pitch: pitch))
                    for sourceX in Int(left)..<min(Int(right.rounded(.up)), sourceWidth) {
                        let weight = weightY * (min(right, Double(sourceX + 1)) - max(left, Double(sourceX)))
                        let pixel = row.advanced(by: sourceX * 4)
                        sum.0 += Double(pixel[2]) * weight
                        sum.1 += Double(pixel[1]) * weight
                        sum.2 += Double(pixel[0]) * weight
                        sum.3 += Double(pixel[3]) * weight
                        total += weight
                    }
                }
                guard total > 0 else { continue }
                let offset = (y * width + x) * 4
                pixels[offset] = UInt8(min(sum.0 / total, 255).rounded())
                pixels[offset + 1] = UInt8(min(sum.1 / total, 255).rounded())
                pixels[offset + 2] = UInt8(min(sum.2 / total, 255).rounded())
                pixels[offset + 3] = UInt8(min(sum.3 / total, 255).rounded())
            }
        }
        return GlyphBitmap(
            width: width, height: height, left: Int((Double(slot.pointee.bitmap_left) * factor).rounded()),
            top: Int((Double(slot.pointee.bitmap_top) * factor).rounded()), pixels: pixels, isColor: true)
    }
}
