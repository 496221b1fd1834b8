import YardstickAnalysis
import YardstickFonts

/// Numbers, identifiers and amounts ("#12,345.67") shaped without HarfBuzz when a face shapes
/// their characters independently of each other.
///
/// A table of unique order numbers or IDs asks HarfBuzz once per row, for text whose glyphs are
/// each character's own glyph, side by side: in a 1M-row table that was most of HarfBuzz's
/// time. For a bundled face with its printable-ASCII plan (left to right, Latin or Common, no
/// features set), each of `characters` is shaped alone and every pair of them is shaped and
/// compared with the two glyphs side by side, once per face and script per shaper (169 calls);
/// only when all pairs agree are such runs put together from the single glyphs. `ShaperTests`
/// compares them with HarfBuzz on random strings for every bundled face.
extension Shaper {
    /// The characters a number run is made of.
    static let numberCharacters: [UInt8] = Array("0123456789#.,".utf8)

    /// For each byte below 128, its index in `numberCharacters`, or -1.
    static let numberIndex: [Int8] = (0..<128).map { b in Int8(numberCharacters.firstIndex(of: UInt8(b)) ?? -1) }

    /// `run`'s glyphs put together from single-character shapes, or nil when the run is not a
    /// number run or the face does not shape those characters independently.
    func composedNumber(_ run: UnsafeBufferPointer<UInt8>, face: FaceIndex, script: UInt32) -> [ShapedGlyph]? {
        guard run.count >= 2, run.count <= 64, composesNumbers else { return nil }
        for b in run where b >= 128 || Self.numberIndex[Int(b)] < 0 { return nil }
        guard let singles = numberGlyphs(face: face, script: script) else { return nil }
        return [ShapedGlyph](unsafeUninitializedCapacity: run.count) { out, initialized in
            for (i, b) in run.enumerated() {
                var glyph = singles[Int(Self.numberIndex[Int(b)])]
                glyph.cluster = UInt32(i)
                out[i] = glyph
            }
            initialized = run.count
        }
    }

    /// The single glyph of each of `numberCharacters` in a face and script, when every pair
    /// of them shapes as the two glyphs side by side; nil otherwise. Worked out once.
    private func numberGlyphs(face: FaceIndex, script: UInt32) -> [ShapedGlyph]? {
        let key = UInt64(UInt32(truncatingIfNeeded: face)) << 32 | UInt64(script)
        if let known = numberShapes[key] { return known }
        var singles: [ShapedGlyph]? = []
        for c in Self.numberCharacters {
            let glyphs = [c].withUnsafeBufferPointer {
                shapeChunk($0, 0..<1, face: face, script: script, rightToLeft: false, continuation: false, printableASCII: true)
            }
            guard glyphs.count == 1, glyphs[0].cluster == 0 else { singles = nil; break }
            singles!.append(glyphs[0])
        }
        if let s = singles {
            pairs: for (i, a) in Self.numberCharacters.enumerated() {
                for (j, b) in Self.numberCharacters.enumerated() {
                    let glyphs = [a, b].withUnsafeBufferPointer {
                        shapeChunk($0, 0..<2, face: face, script: script, rightToLeft: false, continuation: false, printableASCII: true)
                    }
                    var second = s[j]
                    second.cluster = 1
                    guard glyphs == [s[i], second] else { singles = nil; break pairs }
                }
            }
        }
        numberShapes[key] = .some(singles)
        return singles
    }
}
