import YardstickFonts
import Foundation
import YardstickLineBreaking
import YardstickShaping

/// A preparer's memory of texts it prepared recently, so a value repeated down a column (a
/// status, a name, a category) is analysed and shaped once: a hit copies the text's
/// paragraphs, segments and pieces into the batch being built.
///
/// Per thread (no locks). Direct-mapped: 4,096 slots keyed by a hash of (style, bytes), a hit
/// confirmed by comparing the bytes; a text is stored the second time it is prepared, so
/// values met once cost nothing. Records live in arenas that are emptied when they pass
/// about 8 MB, so memory stays bounded. Lookup O(length); a hit costs a copy of the text's
/// records. Results are identical with or without it (it stores exactly what was prepared).
struct TextMemo {
    private struct Slot {
        var hash: UInt64 = 0
        var byteStart: Int32 = -1
        var byteCount: Int32 = 0
        var paragraphStart: Int32 = 0
        var paragraphCount: Int32 = 0
        var segmentStart: Int32 = 0
        var segmentCount: Int32 = 0
        var pieceStart: Int32 = 0
        var pieceCount: Int32 = 0
        /// The hash of the last text that missed here: a text is remembered when it misses a
        /// second time, so texts seen once (most long ones) cost no copy and no memory.
        var seenHash: UInt64 = 0
        /// The text has clusters no face covers: its `MissingGlyphs` are in `missingGlyphs`.
        var hasMissingGlyphs = false
        /// The text has segments ending in a soft hyphen: they are in `softHyphens`.
        var hasSoftHyphens = false
    }

    private static let slotCount = 4096
    private var slots = [Slot](repeating: Slot(), count: TextMemo.slotCount)
    private var bytes: [UInt8] = []
    private var paragraphs: [PreparedStorage.Paragraph] = []
    private var segments: [BreakSegment] = []
    private var pieces: [ShapedPiece] = []
    /// The missing glyphs of the remembered texts that have some, by slot.
    private var missingGlyphs: [Int: MissingGlyphs] = [:]
    /// The soft-hyphen ends of the remembered texts that have some, by slot.
    private var softHyphens: [Int: [(end: Int32, face: PackedFaceIndex)]] = [:]
    /// Texts longer than this are not remembered (long notes rarely repeat).
    private static let maxTextBytes = 256
    private static let arenaLimit = 8 << 20

    static func hash(_ text: UnsafeBufferPointer<UInt8>, style: Int) -> UInt64 {
        ByteHash.hash(UnsafeRawPointer(text.baseAddress), count: text.count,
                      seed: 0x243F_6A88_85A3_08D3 &+ UInt64(style) &+ UInt64(text.count) << 8)
    }

    /// Copies a remembered text into `builder`; false when it is not remembered.
    mutating func copy(_ text: UnsafeBufferPointer<UInt8>, hash: UInt64, into builder: inout PreparedStorage.Builder) -> Bool {
        guard text.count <= Self.maxTextBytes else { return false }
        let slot = slots[Int(truncatingIfNeeded: hash) & (Self.slotCount - 1)]
        guard slot.byteStart >= 0, slot.hash == hash, Int(slot.byteCount) == text.count,
              bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress! + Int(slot.byteStart), text.baseAddress!, text.count) == 0 }) || text.count == 0
        else { return false }
        let segmentBase = Int32(builder.segments.count) - slot.segmentStart
        let pieceBase = Int32(builder.pieces.count) - slot.pieceStart
        paragraphs.withUnsafeBufferPointer { paragraphs in
            let out = builder.paragraphs.appendUninitialized(Int(slot.paragraphCount))
            for k in 0..<Int(slot.paragraphCount) {
                var para = paragraphs[Int(slot.paragraphStart) + k]
                para.firstSegment += segmentBase
                para.endSegment += segmentBase
                (out + k).initialize(to: para)
            }
        }
        segments.withUnsafeBufferPointer { segments in
            let out = builder.segments.appendUninitialized(Int(slot.segmentCount))
            for k in 0..<Int(slot.segmentCount) {
                (out + k).initialize(to: segments[Int(slot.segmentStart) + k].moved(bytes: 0, pieces: pieceBase))
            }
        }
        pieces.withUnsafeBufferPointer {
            builder.pieces.append(contentsOf: UnsafeBufferPointer(rebasing: $0[Int(slot.pieceStart)..<Int(slot.pieceStart + slot.pieceCount)]))
        }
        if slot.hasMissingGlyphs, let missing = missingGlyphs[Int(truncatingIfNeeded: hash) & (Self.slotCount - 1)] {
            builder.missingGlyphs.append((Int32(builder.utf8Counts.count), missing))
        }
        if slot.hasSoftHyphens, let ends = softHyphens[Int(truncatingIfNeeded: hash) & (Self.slotCount - 1)] {
            for e in ends { builder.softHyphens.append((Int32(builder.utf8Counts.count), e.end, e.face)) }
        }
        builder.finishText(utf8Count: text.count)
        return true
    }

    /// Remembers the text just appended to `builder` (its records are the builder's last ones)
    /// if this is the second time in a row it missed its slot; otherwise only marks it as seen.
    mutating func remember(_ text: UnsafeBufferPointer<UInt8>, hash: UInt64, from builder: PreparedStorage.Builder) {
        guard text.count <= Self.maxTextBytes else { return }
        let index = Int(truncatingIfNeeded: hash) & (Self.slotCount - 1)
        guard slots[index].seenHash == hash else {
            slots[index].seenHash = hash
            return
        }
        if bytes.count > Self.arenaLimit || segments.count * MemoryLayout<BreakSegment>.stride > Self.arenaLimit {
            bytes.removeAll(keepingCapacity: true); paragraphs.removeAll(keepingCapacity: true)
            segments.removeAll(keepingCapacity: true); pieces.removeAll(keepingCapacity: true)
            for i in slots.indices { slots[i].byteStart = -1 }
        }
        let t = builder.utf8Counts.count - 1
        let p0 = Int(builder.textParagraphs[t]), p1 = Int(builder.textParagraphs[t + 1])
        let q0 = Int(builder.textPieces[t]), q1 = Int(builder.textPieces[t + 1])
        let s0 = p0 < p1 ? Int(builder.paragraphs[p0].firstSegment) : builder.segments.count
        let s1 = p0 < p1 ? Int(builder.paragraphs[p1 - 1].endSegment) : builder.segments.count
        var slot = Slot(hash: hash, byteStart: Int32(bytes.count), byteCount: Int32(text.count),
                        paragraphStart: Int32(paragraphs.count), paragraphCount: Int32(p1 - p0),
                        segmentStart: Int32(segments.count), segmentCount: Int32(s1 - s0),
                        pieceStart: Int32(pieces.count), pieceCount: Int32(q1 - q0))
        bytes.append(contentsOf: text)
        let segmentShift = Int32(segments.count - s0)
        let pieceShift = Int32(pieces.count - q0)
        for p in p0..<p1 {
            var para = builder.paragraphs[p]
            para.firstSegment += segmentShift
            para.endSegment += segmentShift
            paragraphs.append(para)
        }
        for s in s0..<s1 { segments.append(builder.segments[s].moved(bytes: 0, pieces: pieceShift)) }
        pieces.append(contentsOf: UnsafeBufferPointer(rebasing: builder.pieces.elements[q0..<q1]))
        if text.count == 0 { slot.byteStart = Int32(bytes.count) }
        slot.seenHash = hash
        if let last = builder.missingGlyphs.last, last.text == Int32(t) {
            slot.hasMissingGlyphs = true
            missingGlyphs[index] = last.glyphs
        }
        if let last = builder.softHyphens.last, last.text == Int32(t) {
            slot.hasSoftHyphens = true
            softHyphens[index] = builder.softHyphens.filter { $0.text == Int32(t) }.map { ($0.end, $0.face) }
        }
        slots[index] = slot
    }
}
