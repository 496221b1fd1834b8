import CFreeType
import YardstickFonts

/// Glyph images from FreeType: outlines rendered unhinted (so they sit where the measured,
/// unhinted advances put them) at a quarter-pixel horizontal phase, color bitmaps (Noto Color
/// Emoji's CBDT strikes) scaled to the size. Each glyph is rendered once per size and phase.
///
/// Opens its own FreeType faces (the shaping faces keep none), so drawing changes nothing the
/// engine shares. One thread at a time; every FreeType object is freed in `deinit`.
package final class GlyphRasterizer {
    /// A glyph's image, placed from the pen position on the baseline: `left` pixels to the
    /// right, `top` pixels up to its first row.
    package struct Image {
        package var width = 0, height = 0, left = 0, top = 0
        /// Coverage (1 byte a pixel) or, for color glyphs, premultiplied BGRA (4 bytes a pixel).
        package var pixels: [UInt8] = []
        package var isColor = false
    }

    private struct Key: Hashable {
        var face: Int
        var glyph: UInt32
        var size: Int // 1/64 pixel
        var phase: Int
    }

    /// Horizontal positions are rounded to 1/`phases` pixel.
    package static var phases: Int { 4 }

    private var library: FT_Library?
    private var faces: [FT_Face?] = []
    /// By the face object's identity; `held` keeps each alive, so no identity is reused.
    private var faceIndex: [ObjectIdentifier: Int] = [:]
    private var held: [FontCollection.Face] = []
    private var images: [Key: Image?] = [:]

    package init() throws(FontError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0 else { throw FontError.unreadable(path: "", reason: "FreeType could not start") }
        self.library = library
    }

    deinit {
        for face in faces where face != nil { FT_Done_Face(face) }
        FT_Done_FreeType(library)
    }

    /// The image of glyph `id` of `face` at `pixelSize` pixels an em, at horizontal phase
    /// `phase` (0 ..< `phases`); nil when it has none (a space) or can't be loaded.
    package func image(face: FontCollection.Face, glyph id: UInt32, pixelSize: Double, phase: Int) -> Image? {
        let f = open(face)
        let key = Key(face: f, glyph: id, size: Int((pixelSize * 64).rounded()), phase: face.hasColorGlyphs ? 0 : phase)
        if let cached = images[key] { return cached }
        let made = faces[f].flatMap { render($0, id, pixelSize: pixelSize, phase: key.phase, color: face.hasColorGlyphs) }
        images[key] = made
        return made
    }

    private func open(_ face: FontCollection.Face) -> Int {
        let name = ObjectIdentifier(face)
        if let i = faceIndex[name] { return i }
        var ft: FT_Face?
        if FT_New_Face(library, face.path, FT_Long(face.indexInFile), &ft) != 0 { ft = nil }
        if let ft, !face.variations.isEmpty { Self.setVariations(ft, face.variations) }
        faces.append(ft)
        held.append(face)
        faceIndex[name] = faces.count - 1
        return faces.count - 1
    }

    /// Sets a variable face to an instance's axis values (glyphs drawn as they were measured).
    private static func setVariations(_ face: FT_Face, _ variations: [Variation]) {
        var mm: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &mm) == 0, let mm else { return }
        defer { FT_Done_MM_Var(face.pointee.glyph.pointee.library, mm) }
        var coordinates: [FT_Fixed] = (0..<Int(mm.pointee.num_axis)).map { k in
            let axis = mm.pointee.axis[k]
            let tag = FontFeature.tagString(UInt32(axis.tag))
            return variations.first { $0.tag == tag }.map { FT_Fixed(($0.value * 65536).rounded()) } ?? axis.def
        }
        _ = FT_Set_Var_Design_Coordinates(face, FT_UInt(coordinates.count), &coordinates)
    }

    private func render(_ face: FT_Face, _ id: UInt32, pixelSize: Double, phase: Int, color: Bool) -> Image? {
        if color { return colorImage(face, id, pixelSize: pixelSize) }
        guard FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) == 0,
              FT_Load_Glyph(face, id, Int32(1 << 1 | 1 << 3)) == 0, // FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP
              let slot = face.pointee.glyph else { return nil }
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phase * 64 / Self.phases), 0)
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bitmap = slot.pointee.bitmap
        guard bitmap.width > 0, bitmap.rows > 0, let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return nil }
        var image = Image(width: Int(bitmap.width), height: Int(bitmap.rows), left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top))
        image.pixels.reserveCapacity(image.width * image.height)
        let pitch = Int(bitmap.pitch)
        for row in 0..<image.height {
            let start = pitch >= 0 ? row * pitch : (image.height - 1 - row) * -pitch
            image.pixels.append(contentsOf: UnsafeBufferPointer(start: buffer + start, count: image.width))
        }
        return image
    }

    /// A color bitmap glyph: the strike nearest above the size, scaled by area averaging.
    private func colorImage(_ face: FT_Face, _ id: UInt32, pixelSize: Double) -> Image? {
        let count = Int(face.pointee.num_fixed_sizes)
        guard count > 0, let sizes = face.pointee.available_sizes else { return nil }
        var best = 0
        for i in 0..<count {
            let ppem = Double(sizes[i].y_ppem) / 64, bestPPEM = Double(sizes[best].y_ppem) / 64
            if (ppem >= pixelSize && (bestPPEM < pixelSize || ppem < bestPPEM)) || (bestPPEM < pixelSize && ppem > bestPPEM) { best = i }
        }
        guard FT_Select_Size(face, Int32(best)) == 0, FT_Load_Glyph(face, id, Int32(1 << 20)) == 0, // FT_LOAD_COLOR
              let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        guard bitmap.width > 0, bitmap.rows > 0, let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else { return nil }
        let scale = pixelSize / (Double(sizes[best].y_ppem) / 64)
        let sw = Int(bitmap.width), sh = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        let dw = max(1, Int((Double(sw) * scale).rounded())), dh = max(1, Int((Double(sh) * scale).rounded()))
        var image = Image(width: dw, height: dh, left: Int((Double(slot.pointee.bitmap_left) * scale).rounded()),
                          top: Int((Double(slot.pointee.bitmap_top) * scale).rounded()), isColor: true)
        image.pixels = [UInt8](repeating: 0, count: dw * dh * 4)
        let fx = Double(sw) / Double(dw), fy = Double(sh) / Double(dh)
        for y in 0..<dh {
            let y0 = Int(Double(y) * fy), y1 = max(y0 + 1, min(sh, Int((Double(y + 1) * fy).rounded(.up))))
            for x in 0..<dw {
                let x0 = Int(Double(x) * fx), x1 = max(x0 + 1, min(sw, Int((Double(x + 1) * fx).rounded(.up))))
                var sum = (0, 0, 0, 0)
                for sy in y0..<y1 {
                    let row = buffer + sy * pitch
                    for sx in x0..<x1 {
                        sum.0 += Int(row[sx * 4]); sum.1 += Int(row[sx * 4 + 1]); sum.2 += Int(row[sx * 4 + 2]); sum.3 += Int(row[sx * 4 + 3])
                    }
                }
                let n = (y1 - y0) * (x1 - x0), d = (y * dw + x) * 4
                image.pixels[d] = UInt8(sum.0 / n); image.pixels[d + 1] = UInt8(sum.1 / n)
                image.pixels[d + 2] = UInt8(sum.2 / n); image.pixels[d + 3] = UInt8(sum.3 / n)
            }
        }
        return image
    }
}
