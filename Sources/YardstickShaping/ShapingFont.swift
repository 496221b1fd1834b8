import CHarfBuzz

/// A HarfBuzz font to shape with: a sub-font of a face's font that answers HarfBuzz's
/// character-to-glyph questions for U+0000–U+07FF, and its advance questions for the first
/// 2,048 glyphs, from tables filled from the parent font (the face's cmap and hmtx) as they are
/// first asked. HarfBuzz asks once per character and glyph of every run it shapes, and a
/// format-4 cmap answers with a binary search; the answers are the parent's (at the same
/// scale), so the glyphs and advances are the same. Everything else (other characters and
/// glyphs, variation selectors, extents) goes to the parent.
///
/// One per face per `Shaper`: the tables are written while they fill, so they are never
/// shared between threads. 16 KB; O(1) per lookup once filled.
final class ShapingFont {
    /// The sub-font (owned).
    let font: OpaquePointer
    /// Per character: glyph + 1, 0 while not asked yet, `noGlyph` when the face has none; then
    /// per glyph: its advance, `unknownAdvance` while not asked yet.
    private let table: UnsafeMutablePointer<UInt32>
    private static let tableSize = 0x800
    private static let noGlyph = UInt32.max
    private static let unknownAdvance = UInt32.max

    init(parent: OpaquePointer) {
        table = .allocate(capacity: 2 * Self.tableSize)
        table.initialize(repeating: 0, count: Self.tableSize)
        (table + Self.tableSize).initialize(repeating: Self.unknownAdvance, count: Self.tableSize)
        font = hb_font_create_sub_font(parent)
        // The font frees the table when its last reference goes.
        hb_font_set_funcs(font, Self.funcs, UnsafeMutableRawPointer(table)) { $0?.deallocate() }
    }

    deinit { hb_font_destroy(font) }

    /// Shared by every cache; HarfBuzz takes its own reference for each font.
    private static let funcs: OpaquePointer = {
        let funcs = hb_font_funcs_create()!
        hb_font_funcs_set_nominal_glyph_func(funcs, { font, data, unicode, glyph, _ in
            ShapingFont.glyph(font!, data!.assumingMemoryBound(to: UInt32.self), unicode, glyph!) ? 1 : 0
        }, nil, nil)
        hb_font_funcs_set_nominal_glyphs_func(funcs, { font, data, count, firstUnicode, unicodeStride, firstGlyph, glyphStride, _ in
            guard count > 0 else { return 0 }
            let table = data!.assumingMemoryBound(to: UInt32.self)
            var unicode = UnsafeRawPointer(firstUnicode!)
            var glyph = UnsafeMutableRawPointer(firstGlyph!)
            for k in 0..<count {
                guard ShapingFont.glyph(font!, table, unicode.load(as: hb_codepoint_t.self),
                                              glyph.assumingMemoryBound(to: hb_codepoint_t.self)) else { return k }
                unicode += Int(unicodeStride)
                glyph += Int(glyphStride)
            }
            return count
        }, nil, nil)
        hb_font_funcs_set_glyph_h_advances_func(funcs, { font, data, count, firstGlyph, glyphStride, firstAdvance, advanceStride, _ in
            guard count > 0 else { return }
            let advances = data!.assumingMemoryBound(to: UInt32.self) + ShapingFont.tableSize
            var glyph = UnsafeRawPointer(firstGlyph!)
            var advance = UnsafeMutableRawPointer(firstAdvance!)
            for _ in 0..<count {
                let g = glyph.load(as: hb_codepoint_t.self)
                var value: hb_position_t
                if g < ShapingFont.tableSize {
                    let known = advances[Int(g)]
                    if known != ShapingFont.unknownAdvance {
                        value = hb_position_t(bitPattern: known)
                    } else {
                        value = hb_font_get_glyph_h_advance(hb_font_get_parent(font), g)
                        if UInt32(bitPattern: value) != ShapingFont.unknownAdvance { advances[Int(g)] = UInt32(bitPattern: value) }
                    }
                } else {
                    value = hb_font_get_glyph_h_advance(hb_font_get_parent(font), g)
                }
                advance.storeBytes(of: value, as: hb_position_t.self)
                glyph += Int(glyphStride)
                advance += Int(advanceStride)
            }
        }, nil, nil)
        hb_font_funcs_make_immutable(funcs)
        return funcs
    }()

    @inline(__always)
    private static func glyph(_ font: OpaquePointer, _ table: UnsafeMutablePointer<UInt32>, _ unicode: hb_codepoint_t,
                              _ glyph: UnsafeMutablePointer<hb_codepoint_t>) -> Bool {
        guard unicode < tableSize else { return hb_font_get_nominal_glyph(hb_font_get_parent(font), unicode, glyph) != 0 }
        var entry = table[Int(unicode)]
        if entry == 0 {
            var found: hb_codepoint_t = 0
            entry = hb_font_get_nominal_glyph(hb_font_get_parent(font), unicode, &found) != 0 && found < noGlyph - 1 ? found + 1 : noGlyph
            table[Int(unicode)] = entry
        }
        guard entry != noGlyph else { return false }
        glyph.pointee = entry - 1
        return true
    }
}
