import YardstickFonts
import YardstickLineBreaking
import YardstickShaping

/// Soft hyphens (U+00AD): invisible unless a line breaks at one, where a hyphen shows, as in
/// UIKit, Pango and browsers. A segment ending in one is as wide as its text plus a hyphen of
/// its last face when the line ends there, and as its text alone when the next segment follows
/// on the same line (its trailing width takes the hyphen off again); the storage remembers
/// where, so a layout shows the hyphen (`TextLayout.Line.hyphenFace`).
struct SoftHyphens {
    /// Per face: its hyphen's width in em (`FaceMetricsTable.hyphenWidths`, the engine's; set
    /// for each batch, which the table outlives).
    var widths = UnsafeBufferPointer<Double>(start: nil, count: 0)

    func apply(_ bytes: UnsafeBufferPointer<UInt8>, segments: Range<Int>, builder: inout PreparedStorage.Builder) {
        guard segments.count > 1 else { return } // (the paragraph's last segment never breaks)
        for s in segments.lowerBound..<(segments.upperBound - 1) {
            let segment = builder.segments[s]
            let end = Int(segment.end)
            guard end >= 2, bytes[end - 1] == 0xAD, bytes[end - 2] == 0xC2, segment.trailingClusterCount == 0,
                  segment.endPiece > segment.firstPiece else { continue }
            let face = Int(builder.pieces[Int(segment.endPiece) - 1].face)
            let em = face < widths.count ? widths[face] : 0
            guard em > 0 else { continue }
            builder.segments[s].width += em
            builder.segments[s].trailingWidth -= em
            builder.softHyphens.append((Int32(builder.utf8Counts.count), Int32(end), PackedFaceIndex(face)))
        }
    }
}
