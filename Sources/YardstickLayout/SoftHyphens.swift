import YardstickFonts
import YardstickLineBreaking
import YardstickShaping

/// Soft hyphens (U+00AD): invisible unless a line breaks at one, where a hyphen shows, as in
/// UIKit, Pango and browsers. A segment ending in one is as wide as its text plus a hyphen of
/// its last face when the line ends there, and as its text alone when the next segment follows
/// on the same line (its trailing width takes the hyphen off again); the storage remembers
/// where, so a layout shows the hyphen (`TextLayout.Line.hyphenFace`).
struct SoftHyphens {
    /// Per face: its hyphen's width in em (`ExtraRun.hyphen`, the one a broken word shows; 0
    /// without one).
    private var widths: [Int: Double] = [:]

    mutating func apply(_ bytes: UnsafeBufferPointer<UInt8>, segments: Range<Int>, builder: inout PreparedStorage.Builder,
                        shaper: Shaper) {
        guard segments.count > 1 else { return } // (the paragraph's last segment never breaks)
        for s in segments.lowerBound..<(segments.upperBound - 1) {
            let segment = builder.segments[s]
            let end = Int(segment.end)
            guard end >= 2, bytes[end - 1] == 0xAD, bytes[end - 2] == 0xC2, segment.trailingClusterCount == 0,
                  segment.endPiece > segment.firstPiece else { continue }
            let face = Int(builder.pieces[Int(segment.endPiece) - 1].face)
            let em = width(face: face, shaper: shaper)
            guard em > 0 else { continue }
            builder.segments[s].width += em
            builder.segments[s].trailingWidth -= em
            builder.softHyphens.append((Int32(builder.utf8Counts.count), Int32(end), PackedFaceIndex(face)))
        }
    }

    private mutating func width(face: FaceIndex, shaper: Shaper) -> Double {
        if let known = widths[face] { return known }
        let em = ExtraRun.hyphen(face: face, shaper: shaper)?.width ?? 0
        widths[face] = em
        return em
    }
}
