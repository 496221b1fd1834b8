import YardstickAnalysis
import YardstickFonts
import YardstickLineBreaking
import YardstickShaping

/// Kerning across a break opportunity that has no space: Pango, Chromium and CoreText shape a
/// run whole and break it afterwards, so two segments on one line are kerned against each other
/// (a tsheg `་` and the next Tibetan syllable, `-` and the letter after it). Yardstick shapes
/// the text between break opportunities apart, which is what its caches key on; this adds the
/// difference back: HarfBuzz's advance for the last cluster of a segment followed by the first
/// cluster of the next, minus the two shaped alone. It goes into the first segment's trailing
/// width, which counts only when the next segment follows it on the same line.
///
/// Ideographs, kana and Hangul are skipped (their fonts have no kerning between them, and every
/// one of them is a break opportunity); so are joins between faces, directions or levels.
/// Per preparer, with a memo of the pairs seen: O(1) per segment boundary after the first.
struct SegmentJoins {
    /// (face, script, direction, text of the two clusters) → the join's difference, font units.
    private var memo: [JoinKey: Int32] = [:]

    private struct JoinKey: Hashable {
        var hash: UInt64
        var count: Int32
    }

    /// Adds the join kerning of `builder.segments[segments]` into their trailing widths.
    mutating func apply(_ bytes: UnsafeBufferPointer<UInt8>, segments: Range<Int>, builder: inout PreparedStorage.Builder,
                        store: ShapedRunStore, emPerUnit: [Double], shaper: Shaper, analyzer: TextAnalyzer) {
        guard segments.count > 1 else { return }
        for s in segments.lowerBound..<(segments.upperBound - 1) {
            let a = builder.segments[s], b = builder.segments[s + 1]
            guard a.trailingClusterCount == 0, a.endPiece > a.firstPiece, b.endPiece > b.firstPiece else { continue }
            let pa = builder.pieces[Int(a.endPiece) - 1], pb = builder.pieces[Int(b.firstPiece)]
            guard pa.face == pb.face, pa.level == pb.level, pa.end == pb.start, pa.byteCount > 0, pb.byteCount > 0 else { continue }
            let joinMiddle = Int(pb.start)
            var lead = joinMiddle - 1
            while lead > Int(pa.start) && bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
            guard !Self.isIdeographic(bytes, at: joinMiddle, end: Int(pb.end)), !Self.isIdeographic(bytes, at: lead, end: joinMiddle) else { continue }
            let runA = store[pa.runID], runB = store[pb.runID]
            guard let lastA = runA.clusters.last else { continue }
            let joinStart = Int(pa.start + lastA.start)
            let joinEnd = Int(pb.start + (runB.clusters.count > 1 ? runB.clusters[1].start : runB.byteCount))
            let delta = difference(bytes, joinStart..<joinMiddle, joinMiddle..<joinEnd, face: FaceIndex(pa.face), rightToLeft: pa.level & 1 == 1,
                                   shaper: shaper, analyzer: analyzer)
            if delta != 0 { builder.segments[s].trailingWidth += Double(delta) * emPerUnit[Int(pa.face)] }
        }
    }

    private mutating func difference(_ bytes: UnsafeBufferPointer<UInt8>, _ first: Range<Int>, _ second: Range<Int>, face: FaceIndex, rightToLeft: Bool,
                                     shaper: Shaper, analyzer: TextAnalyzer) -> Int32 {
        let whole = first.lowerBound..<second.upperBound
        let script = analyzer.firstRealScript(bytes, range: whole)
        let seed = UInt64(face) << 40 ^ UInt64(script) << 8 ^ (rightToLeft ? 1 : 0) ^ UInt64(first.count) << 56
        let key = JoinKey(hash: ByteHash.hash(bytes.baseAddress! + whole.lowerBound, count: whole.count, seed: seed), count: Int32(whole.count))
        if let known = memo[key] { return known }
        func advance(_ range: Range<Int>) -> Int64 {
            shaper.shapeUncached(UnsafeBufferPointer(rebasing: bytes[range]), face: face, script: script, rightToLeft: rightToLeft).totalAdvance
        }
        let delta = Int32(clamping: advance(whole) - advance(first) - advance(second))
        if memo.count >= 1 << 16 { memo.removeAll(keepingCapacity: true) } // bounded; recomputed values are identical
        memo[key] = delta
        return delta
    }

    /// Whether the character at `offset` is an ideograph, kana, Hangul or a CJK symbol.
    @inline(__always)
    private static func isIdeographic(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, end: Int) -> Bool {
        guard bytes[offset] >= 0xE2 else { return false }
        let scalar = UTF8Decoding.decode(bytes, at: offset, end: end).0
        return (scalar >= 0x2E80 && scalar <= 0xD7FF) || (scalar >= 0xF900 && scalar <= 0xFAFF) || (scalar >= 0xFF00 && scalar <= 0xFFEF)
            || (scalar >= 0x20000 && scalar <= 0x3FFFF)
    }
}
