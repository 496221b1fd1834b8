import YardstickFonts
import YardstickLineBreaking

/// The memory behind a batch of `PreparedText`s: the paragraphs, break segments and shaped
/// pieces of every text in the batch, each kind in one contiguous array.
///
/// A batch is prepared by one thread (`TextEngine` uses batches of 64 texts), so re-laying out
/// a column of cells walks memory in order instead of chasing one allocation per cell, and a
/// thread working on its batch never shares a reference count with another thread.
/// Indices inside (paragraph → segments, segment → pieces) are absolute in the batch; UTF-8
/// offsets are relative to each text. Immutable once built.
final class PreparedStorage: Sendable {
    struct Paragraph: Sendable {
        var start: Int32
        var end: Int32
        var next: Int32
        var firstSegment: Int32
        var endSegment: Int32
        var baseLevel: UInt8
    }

    let fontStyle: FontStyle
    let paragraphs: [Paragraph]
    let segments: [BreakSegment]
    let pieces: [ShapedPiece]
    /// Text i has paragraphs `textParagraphs[i]..<textParagraphs[i + 1]` and pieces
    /// `textPieces[i]..<textPieces[i + 1]`.
    let textParagraphs: [Int32]
    let textPieces: [Int32]
    let utf8Counts: [Int32]
    let primaryFace: Int
    let metrics: FaceMetricsTable
    let fonts: FontCollection
    let runs: ShapedRunAccess

    init(_ b: Builder, fontStyle: FontStyle, primaryFace: Int, metrics: FaceMetricsTable, fonts: FontCollection, runs: ShapedRunAccess) {
        self.fontStyle = fontStyle
        paragraphs = b.paragraphs
        segments = b.segments
        pieces = b.pieces
        textParagraphs = b.textParagraphs
        textPieces = b.textPieces
        utf8Counts = b.utf8Counts
        self.primaryFace = primaryFace
        self.metrics = metrics
        self.fonts = fonts
        self.runs = runs
    }

    var count: Int { utf8Counts.count }

    /// Collects texts as they are prepared.
    struct Builder {
        var paragraphs: [Paragraph] = []
        var segments: [BreakSegment] = []
        var pieces: [ShapedPiece] = []
        var textParagraphs: [Int32] = [0]
        var textPieces: [Int32] = [0]
        var utf8Counts: [Int32] = []

        init(expectedBytes: Int = 0) {
            segments.reserveCapacity(expectedBytes / 5 + 1)
            pieces.reserveCapacity(expectedBytes / 5 + 1)
        }

        /// Closes the text whose paragraphs, segments and pieces were appended last.
        mutating func finishText(utf8Count: Int) {
            textParagraphs.append(Int32(paragraphs.count))
            textPieces.append(Int32(pieces.count))
            utf8Counts.append(Int32(utf8Count))
        }
    }
}
