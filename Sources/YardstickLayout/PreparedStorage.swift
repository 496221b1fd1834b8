#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import YardstickFonts
import YardstickLineBreaking
import YardstickShaping

/// The memory behind a batch of `PreparedText`s: the paragraphs, break segments and shaped
/// pieces of every text in the batch, each kind in one contiguous array.
///
/// A batch is prepared by one thread (`TextEngine` uses batches of 64 texts), so re-laying out
/// a column of cells walks memory in order instead of chasing one allocation per cell, and a
/// thread working on its batch never shares a reference count with another thread.
/// Indices inside (paragraph → segments, segment → pieces) are absolute in the batch; UTF-8
/// offsets are relative to each text. Immutable once built; the storage adopts the memory the
/// batch was built in (no copy), so reading it costs no reference counting.
final class PreparedStorage: @unchecked Sendable {
    struct Paragraph: Sendable {
        var start: Int32
        var end: Int32
        var next: Int32
        var firstSegment: Int32
        var endSegment: Int32
        var baseLevel: UInt8
        /// The paragraph on one line: its width in em without the last trailing whitespace
        /// (infinity when a segment has a negative width, or there are no segments), the
        /// clusters that letter spacing adds to, and its faces. Measuring a paragraph that
        /// surely fits reads this instead of every segment (`PreparedText.measure`).
        var oneLineWidth: Double
        var oneLineClusters: Int32
        var oneLineMetricsMask: UInt64

        /// A paragraph over `segments[firstSegment..<endSegment]`, with its one-line summary.
        init(start: Int32, end: Int32, next: Int32, firstSegment: Int32, endSegment: Int32, baseLevel: UInt8,
             segments: UnsafeBufferPointer<BreakSegment>) {
            self.start = start
            self.end = end
            self.next = next
            self.firstSegment = firstSegment
            self.endSegment = endSegment
            self.baseLevel = baseLevel
            // All segments on one line: every width and trailing width but the last trailing one.
            // A trailing width is negative where a segment is kerned against the next
            // (`SegmentJoins`); the breaker's running width still only grows while each such
            // trailing width and the next segment's width add up to no less than zero.
            var width = 0.0, clusters: Int64 = 0, mask: UInt64 = 0, lowest = 0.0
            if let last = segments.last {
                for (k, segment) in segments.dropLast().enumerated() {
                    width += segment.width + segment.trailingWidth
                    clusters += Int64(segment.clusterCount) + Int64(segment.trailingClusterCount)
                    mask |= segment.metricsMask
                    lowest = min(lowest, min(segment.width, segment.trailingWidth + segments[k + 1].width))
                }
                width += last.width
                clusters += Int64(last.clusterCount)
                mask |= last.metricsMask
                lowest = min(lowest, last.width)
            }
            let nonNegative = !segments.isEmpty && lowest >= 0
            let usable = nonNegative && clusters <= Int64(Int32.max)
            oneLineWidth = usable ? width : .infinity
            oneLineClusters = usable ? Int32(clusters) : 0
            oneLineMetricsMask = mask
        }

        /// Whether the paragraph surely fits on one line of `maxWidth` points (what
        /// `LineBreaker.breakParagraph` decides, with a margin far above the rounding of its
        /// sums); false when unsure, or when it does not fit.
        @inline(__always)
        func surelyFitsOneLine(maxWidth: Double, size: Double, letterSpacing: Double) -> Bool {
            // Non-negative steps (a negative trailing width is never larger than the next width),
            // so the breaker's running width only grows and its last test is the largest; the
            // terms' magnitudes add up to at most three times the sum, so rounding stays within
            // about 3n·2⁻⁵³ of it: under 10⁻⁹ relative for fewer than 2²⁰ segments, both here and
            // in the breaker. (Cluster counts are never negative.)
            guard letterSpacing >= 0, endSegment - firstSegment < 1 << 20 else { return false }
            let bound = size * oneLineWidth + letterSpacing * Double(oneLineClusters)
            return bound <= (maxWidth + LineBreaker.epsilon) * (1 - 1e-9)
        }
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
    /// The texts with clusters no face covers (few or none), by index in the batch.
    let missingGlyphs: [(text: Int32, glyphs: MissingGlyphs)]
    /// Where a segment ends in a soft hyphen (text, UTF-8 offset after it, face): a line that
    /// ends there shows a hyphen (`SoftHyphens`).
    let softHyphens: [(text: Int32, end: Int32, face: PackedFaceIndex)]
    let primaryFace: FaceIndex
    /// The engine's rules as the layout reads them. A line's metrics are those of
    /// `faces & keptFaces | addedFaces` (the sizing rule):
    /// the line's own faces (Pango), the primary face's alone (typographic), or both (oversize).
    let keptFaces: UInt64
    let addedFaces: UInt64
    /// `.pushOut`: a paragraph's last line of one word takes one from the line before.
    let pushesOut: Bool
    let metrics: FaceMetricsTable
    let fonts: FontCollection
    let runs: ShapedRunAccess

    /// Adopts the builder's memory (no copy); the builder is left empty.
    init(_ b: inout Builder, fontStyle: FontStyle, primaryFace: FaceIndex, rules: LabelRules, metrics: FaceMetricsTable, fonts: FontCollection,
         runs: ShapedRunAccess) {
        self.fontStyle = fontStyle
        keptFaces = rules.sizingRule == .typographic ? 0 : ~0
        addedFaces = rules.sizingRule == .pango ? 0 : fonts.metricsBits[primaryFace]
        pushesOut = rules.lineBreakStrategy.contains(.pushOut)
        paragraphs = b.paragraphs.take()
        segments = b.segments.take()
        pieces = b.pieces.take()
        textParagraphs = b.textParagraphs.take()
        textPieces = b.textPieces.take()
        utf8Counts = b.utf8Counts.take()
        missingGlyphs = b.missingGlyphs
        b.missingGlyphs = []
        softHyphens = b.softHyphens
        b.softHyphens = []
        self.primaryFace = primaryFace
        self.metrics = metrics
        self.fonts = fonts
        self.runs = runs
    }

    deinit {
        for buffer in [UnsafeRawPointer(paragraphs.baseAddress), UnsafeRawPointer(segments.baseAddress), UnsafeRawPointer(pieces.baseAddress),
                       UnsafeRawPointer(textParagraphs.baseAddress), UnsafeRawPointer(textPieces.baseAddress),
                       UnsafeRawPointer(utf8Counts.baseAddress)] {
            buffer.map { free(UnsafeMutableRawPointer(mutating: $0)) }
        }
    }

    /// Collects texts as they are prepared, in buffers the storage adopts when the batch is
    /// done. Call `free()` if it is dropped without becoming a storage.
    struct Builder {
        var paragraphs: RecordBuffer<Paragraph>
        var segments: RecordBuffer<BreakSegment>
        var pieces: RecordBuffer<ShapedPiece>
        var textParagraphs: RecordBuffer<Int32>
        var textPieces: RecordBuffer<Int32>
        var utf8Counts: RecordBuffer<Int32>
        var missingGlyphs: [(text: Int32, glyphs: MissingGlyphs)] = []
        var softHyphens: [(text: Int32, end: Int32, face: PackedFaceIndex)] = []

        /// - Parameter texts: how many texts the batch will hold. Room is made for a paragraph
        ///   and 16 segments and pieces per text (a cell of about 60 bytes has 8 to 10), so a
        ///   batch rarely grows (each growth copies); `PreparedStorage` gives back what is unused.
        init(texts: Int) {
            paragraphs = RecordBuffer(capacity: texts + 4)
            segments = RecordBuffer(capacity: texts * 16)
            pieces = RecordBuffer(capacity: texts * 16)
            textParagraphs = RecordBuffer(capacity: texts + 1)
            textPieces = RecordBuffer(capacity: texts + 1)
            utf8Counts = RecordBuffer(capacity: texts)
            textParagraphs.append(0)
            textPieces.append(0)
        }

        /// Closes the text whose paragraphs, segments and pieces were appended last.
        mutating func finishText(utf8Count: Int) {
            textParagraphs.append(Int32(paragraphs.count))
            textPieces.append(Int32(pieces.count))
            utf8Counts.append(Int32(utf8Count))
        }

        func free() {
            paragraphs.free(); segments.free(); pieces.free(); textParagraphs.free(); textPieces.free(); utf8Counts.free()
        }
    }
}
