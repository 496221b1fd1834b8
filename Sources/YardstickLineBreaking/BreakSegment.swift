import YardstickFonts
import YardstickShaping

/// The unit of line breaking: the text from one UAX #14 break opportunity to the next, with its
/// widths per point of font size (em), so wrapping at any width and size is arithmetic.
///
/// Width excludes the segment's trailing hanging whitespace, which is kept apart in
/// `trailingWidth`: at a line end it hangs past the edge; inside a line it counts.
public struct BreakSegment: Sendable {
    /// UTF-8 offsets, absolute in the text. `end` is the next break opportunity.
    public var start: Int32
    public var end: Int32
    /// Advance of everything before the trailing whitespace, per point of font size.
    public var width: Double
    /// Advance of the trailing whitespace, per point of font size.
    public var trailingWidth: Double
    /// Clusters before / in the trailing whitespace (letter spacing is added per cluster).
    public var clusterCount: Int32
    public var trailingClusterCount: Int32
    /// The vertical metrics of the faces used, one bit each (`FontCollection.metricsBits`): line
    /// metrics come from the faces a line uses.
    public var metricsMask: UInt64
    /// The shaped pieces of this segment: `pieces[firstPiece..<endPiece]`.
    public var firstPiece: Int32
    public var endPiece: Int32

    public init(start: Int32, end: Int32, width: Double, trailingWidth: Double, clusterCount: Int32, trailingClusterCount: Int32,
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
    @inline(__always) public func width(size: Double, letterSpacing: Double) -> Double {
        size * width + letterSpacing * Double(clusterCount)
    }

    @inline(__always) public func trailing(size: Double, letterSpacing: Double) -> Double {
        size * trailingWidth + letterSpacing * Double(trailingClusterCount)
    }

    /// The segment moved `bytes` along its text and `pieces` along its piece list: records copied
    /// between a text, a cache entry and a batch are stored relative to where they start.
    @inlinable public func moved(bytes: Int32, pieces: Int32) -> BreakSegment {
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
public struct ShapedPiece: Sendable {
    public var start: Int32
    public var byteCount: Int32
    public var runID: UInt32
    public var face: PackedFaceIndex
    public var level: UInt8

    public init(start: Int32, byteCount: Int32, runID: UInt32, face: PackedFaceIndex, level: UInt8) {
        self.start = start
        self.byteCount = byteCount
        self.runID = runID
        self.face = face
        self.level = level
    }

    public var end: Int32 { start + byteCount }

    /// The piece moved `bytes` along its text (see `BreakSegment.moved`).
    @inlinable public func moved(bytes: Int32) -> ShapedPiece {
        var piece = self
        piece.start += bytes
        return piece
    }
}

/// How the line breaker reaches full shaped runs when it needs cluster advances (an overlong
/// word, a truncated line): the store the pieces' ids point into, and each face's em per unit.
public struct ShapedRunAccess: Sendable {
    public let store: ShapedRunStore
    public let emPerUnit: [Double]
    /// Per face: its bit in a line's `metricsMask` (`FontCollection.metricsBits`).
    public let metricsBits: [UInt64]

    public init(store: ShapedRunStore, emPerUnit: [Double], metricsBits: [UInt64]) {
        self.store = store
        self.emPerUnit = emPerUnit
        self.metricsBits = metricsBits
    }
}
