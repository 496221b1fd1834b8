import YardstickFonts
import YardstickLineBreaking

/// The memory behind a batch of `PreparedText`s: the paragraphs, break segments and shaped
/// pieces of every text in the batch, each kind in one contiguous array.
///
/// A batch is prepared by one thread (`TextEngine` uses batches of 64 texts), so re-laying out
/// a column of cells walks memory in order instead of chasing one allocation per cell, and a
/// thread working on its batch never shares a reference count with another thread.
/// Indices inside (paragraph → segments, segment → pieces) are absolute in the batch; UTF-8
/// offsets are relative to each text. Immutable once built; the arrays are copied once into
/// memory the storage owns, so reading them costs no reference counting.
final class PreparedStorage: @unchecked Sendable {
    struct Paragraph: Sendable {
        var start: Int32
        var end: Int32
        var next: Int32
        var firstSegment: Int32
        var endSegment: Int32
        var baseLevel: UInt8
    }

    let fontStyle: FontStyle
    let paragraphs: UnsafeBufferPointer<Paragraph>
    let segments: UnsafeBufferPointer<BreakSegment>
    let pieces: UnsafeBufferPointer<ShapedPiece>
    /// Text i has paragraphs `textParagraphs[i]..<textParagraphs[i + 1]` and pieces
    /// `textPieces[i]..<textPieces[i + 1]`.
    let textParagraphs: UnsafeBufferPointer<Int32>
    let textPieces: UnsafeBufferPointer<Int32>
    let utf8Counts: UnsafeBufferPointer<Int32>
    let primaryFace: Int
    let metrics: FaceMetricsTable
    let fonts: FontCollection
    let runs: ShapedRunAccess

    init(_ b: Builder, fontStyle: FontStyle, primaryFace: Int, metrics: FaceMetricsTable, fonts: FontCollection, runs: ShapedRunAccess) {
        self.fontStyle = fontStyle
        paragraphs = Self.copy(b.paragraphs)
        segments = Self.copy(b.segments)
        pieces = Self.copy(b.pieces)
        textParagraphs = Self.copy(b.textParagraphs)
        textPieces = Self.copy(b.textPieces)
        utf8Counts = Self.copy(b.utf8Counts)
        self.primaryFace = primaryFace
        self.metrics = metrics
        self.fonts = fonts
        self.runs = runs
    }

    deinit {
        for buffer in [UnsafeRawPointer(paragraphs.baseAddress), UnsafeRawPointer(segments.baseAddress), UnsafeRawPointer(pieces.baseAddress),
                       UnsafeRawPointer(textParagraphs.baseAddress), UnsafeRawPointer(textPieces.baseAddress),
                       UnsafeRawPointer(utf8Counts.baseAddress)] {
            buffer.map { UnsafeMutableRawPointer(mutating: $0).deallocate() }
        }
    }

    /// A copy of plain values in memory this storage owns (elements are trivial: no deinitialisation needed).
    private static func copy<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, array.count))
        _ = buffer.initialize(from: array)
        return UnsafeBufferPointer(rebasing: buffer[0..<array.count])
    }

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
