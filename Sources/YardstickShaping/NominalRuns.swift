import YardstickAnalysis
import YardstickFonts

/// One character as its nominal glyph (the cmap's glyph at its horizontal advance), without
/// HarfBuzz.
///
/// A process makes an engine, and the engine the hyphen of every face (shown where a word
/// breaks between letters): shaped, that took a shape plan per face and the loading of each
/// face's GSUB and GPOS tables, a quarter of a one-record `layout` (20.6 → 15.9 ms). A face
/// whose tables neither replace nor move that glyph alone gives the same run either way;
/// `NominalRunsTests` checks that for the hyphens of every bundled face, so a bundled face's
/// hyphen is made here and any other face's is shaped.
extension Shaper {
    /// The run of `scalar` alone, left to right, from its nominal glyph; nil when the face has none.
    package func nominalRun(_ scalar: Unicode.Scalar, face: FaceIndex) -> ShapedRun? {
        let font = fonts.faces[face]
        guard let id = font.glyph(for: scalar) else { return nil }
        let bytes = Array(String(scalar).utf8)
        let glyph = ShapedGlyph(id: id, cluster: 0, xAdvance: font.advance(ofGlyph: id), xOffset: 0, yOffset: 0)
        var clusters = [ShapedCluster(start: 0, advance: Int64(glyph.xAdvance), flags: 0)]
        bytes.withUnsafeBufferPointer { Shaper.setClusterFlags($0, &clusters) }
        let hangs = CharacterProperties.isHangingWhitespace(scalar.value)
        return ShapedRun(face: face, isRightToLeft: false, byteCount: Int32(bytes.count), glyphs: [glyph], clusters: clusters,
                         trailingWhitespaceStart: hangs ? 0 : Int32(bytes.count))
    }
}
