import YardstickFonts
import YardstickShaping

/// The unit of line breaking: the text from one UAX #14 break opportunity to the next, with its
/// widths per point of font size (em), so wrapping at any width and size is arithmetic.
///
/// Width excludes the segment's trailing hanging whitespace, which is kept apart in
/// `trailingWidth`: at a line end it hangs past the edge; inside a line it counts.
package struct BreakSegment: Sendable {
    /// UTF-8 offsets, absolute in the text. `end` is the next break opportunity.
    package var start: Int32
    package var end: Int32
    /// Advance of everything before the trailing whitespace, per point of font size.
    package var width: Double
    /// Advance of the trailing whitespace, per point of font size.
    package var trailingWidth: Double
    /// Clusters before / in the trailing whitespace (letter spacing is added per cluster).
    package var clusterCount: Int32
    package var trailingClusterCount: Int32
    /// The vertical metrics of the faces used, one bit each (`FontCollection.metricsBits`): line
    /// metrics come from the faces a line uses.
    package var metricsMask: UInt64
    /// The shaped pieces of this segment: `pieces[firstPiece..<endPiece]`.
    package var firstPiece: Int32
    package var endPiece: Int32

    package init(start: Int32, end: Int32, width: Double, trailingWidth: Double, clusterCount: Int32, trailingClusterCount: Int32,
                metricsMask: UInt64, firstPiece: Int32, endPiece: Int32) {
        self.start = start
        self.end = end
        self.width = width
        self.trailingWidth = trailingWidth
        self.clusterCount = clusterCount
        self.trailingClusterCount = trailingClusterCount
        self.metricsMask = metricsMask
        self.firstPiece = firstPiece
        self.endPiece = endPiece
    }

    /// Width in points at a font size with letter spacing (points per cluster).
    @inline(__always) package func width(size: Double, letterSpacing: Double) -> Double {
        size * width + letterSpacing * Double(clusterCount)
    }

    @inline(__always) package func trailing(size: Double, letterSpacing: Double) -> Double {
        size * trailingWidth + letterSpacing * Double(trailingClusterCount)
    }

    /// The segment moved `bytes` along its text and `pieces` along its piece list: records copied
    /// between a text, a cache entry and a batch are stored relative to where they start.
    @inlinable package func moved(bytes: Int32, pieces: Int32) -> BreakSegment {
        var segment = self
        segment.start += bytes
        segment.end += bytes
        segment.firstPiece += pieces
        segment.endPiece += pieces
        return segment
    }
}

/// One shaped run inside a segment: the id of a `ShapedRun` in the cache's store (shared,
/// immutable), placed at a text offset, with its face and bidi level. Plain values: building and
/// copying pieces never touches a reference count.
package struct ShapedPiece: Sendable {
    package var start: Int32
    package var byteCount: Int32
    package var runID: UInt32
    package var face: PackedFaceIndex
    package var level: UInt8

    package init(start: Int32, byteCount: Int32, runID: UInt32, face: PackedFaceIndex, level: UInt8) {
        self.start = start
        self.byteCount = byteCount
        self.runID = runID
        self.face = face
        self.level = level
    }

    package var end: Int32 { start + byteCount }

    /// The piece moved `bytes` along its text (see `BreakSegment.moved`).
    @inlinable package func moved(bytes: Int32) -> ShapedPiece {
        var piece = self
        piece.start += bytes
        return piece
    }
}

/// How the line breaker reaches full shaped runs when it needs cluster advances (an overlong
/// word, a truncated line): the store the pieces' ids point into, and each face's em per unit.
package struct ShapedRunAccess: Sendable {
    package let store: ShapedRunStore
    package let emPerUnit: [Double]
    /// Per face: its bit in a line's `metricsMask` (`FontCollection.metricsBits`).
    package let metricsBits: [UInt64]

    package init(store: ShapedRunStore, emPerUnit: [Double], metricsBits: [UInt64]) {
        self.store = store
        self.emPerUnit = emPerUnit
        self.metricsBits = metricsBits
    }
}
