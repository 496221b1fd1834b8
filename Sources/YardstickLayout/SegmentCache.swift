#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import YardstickAnalysis
import YardstickLineBreaking

/// A preparer's memory of break segments (a word and its trailing spaces) it has already
/// resolved: their script runs, font runs and shaped pieces, so a word met again in another
/// cell costs one hash and a copy instead of script resolution, font fallback and a shaping
/// lookup per piece.
///
/// A segment's pieces depend on its bytes, the style, its bidi level, and two things it
/// inherits from the text before it in the paragraph: the last real script (what Common
/// characters such as digits and spaces take) and the face of the previous cluster (where a
/// space stays). All are part of the key, and each entry records the script and face it hands
/// on, so a paragraph resolved segment by segment gets exactly the pieces a whole-paragraph
/// pass gives (`TextPreparer` uses it for paragraphs whose segments each have one bidi level
/// and start and end at grapheme-cluster boundaries).
///
/// Per thread, no locks. Open addressing with linear probing over a power-of-two slot table
/// kept at most half full; lookups O(segment length). Entries, bytes and pieces live in arenas
/// that are emptied when they pass about 16 MB, so memory stays bounded; results never depend
/// on what is remembered.
final class SegmentCache {
    struct Entry {
        var hash: UInt64
        var byteStart: Int32
        var byteCount: Int32
        var scriptIn: UInt32
        var faceIn: Int16
        var style: UInt8
        /// The bidi level of the whole segment (0 in a paragraph with nothing right to left).
        var level: UInt8
        /// What the key's bytes are: `Kind.segment`, or a chunk (`Kind.chunk`, `Kind.chunkAfterOpenSpaces`).
        var kind: UInt8
        var faceOut: Int16
        /// The last real script of the segment, or `scriptIn` if it has none.
        var scriptOut: UInt32
        /// The first real script of the segment, Common if it has none.
        var firstScript: UInt32
        var pieceStart: Int32
        /// The entry's segments (one for a segment, one or more for a chunk) in `segments`,
        /// with offsets relative to the entry's start and pieces counted from `pieceStart`.
        var segmentStart: Int32
        var segmentCount: Int32
        /// A chunk's edges (for the break before the next chunk); unused for a segment.
        var chunk: LineBreakChunk
    }

    /// Kinds of keys: a break segment, or a chunk of a paragraph (a run of non-spaces and the
    /// spaces after it), keyed apart when it follows an opening mark and spaces (LB20a).
    enum Kind {
        static let segment: UInt8 = 0
        static let chunk: UInt8 = 1
        static let chunkAfterOpenSpaces: UInt8 = 2
    }

    /// Entries, bytes and pieces in memory this cache owns (plain values, grown by doubling), so
    /// reading them costs no reference counting or uniqueness checks.
    private(set) var entries = Arena<Entry>()
    private var bytes = Arena<UInt8>()
    /// Pieces with `start` relative to their entry's start.
    private(set) var pieces = Arena<ShapedPiece>()
    private(set) var segments = Arena<BreakSegment>()
    private var slots: [Int32] = [Int32](repeating: -1, count: 1 << 12)
    private static let arenaLimit = 16 << 20

    /// A growable buffer of trivial values.
    struct Arena<T> {
        private(set) var base: UnsafeMutablePointer<T>
        private(set) var count = 0
        private var capacity: Int

        init() {
            capacity = 1024
            base = .allocate(capacity: capacity)
        }

        func free() { base.deallocate() }

        @inline(__always) subscript(i: Int) -> T { base[i] }

        mutating func append(_ items: UnsafeBufferPointer<T>) {
            reserve(count + items.count)
            if let source = items.baseAddress { (base + count).initialize(from: source, count: items.count) }
            count += items.count
        }

        mutating func append(_ item: T) {
            reserve(count + 1)
            (base + count).initialize(to: item)
            count += 1
        }

        mutating func removeAll() { count = 0 }

        private mutating func reserve(_ n: Int) {
            guard n > capacity else { return }
            while capacity < n { capacity *= 2 }
            let grown = UnsafeMutablePointer<T>.allocate(capacity: capacity)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
        }
    }

    deinit {
        entries.free(); bytes.free(); pieces.free(); segments.free()
    }

    static func hash(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: UInt8, level: UInt8, kind: UInt8 = Kind.segment,
                     scriptIn: UInt32, faceIn: Int16) -> UInt64 {
        var h: UInt64 = 0x243F_6A88_85A3_08D3 ^ (UInt64(style) | UInt64(UInt16(bitPattern: faceIn)) << 8 | UInt64(scriptIn) << 24
            | UInt64(level) << 56 | UInt64(kind) << 62)
        h = mix(h, UInt64(range.count))
        let base = UnsafeRawPointer(text.baseAddress!) + range.lowerBound
        var i = 0
        let n = range.count
        while i + 8 <= n {
            h = mix(h, base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        if i < n {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < n { tail |= UInt64(base.load(fromByteOffset: i, as: UInt8.self)) << shift; shift += 8; i += 1 }
            h = mix(h, tail)
        }
        return h
    }

    @inline(__always) private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let m = (a ^ 0x9E37_79B9_7F4A_7C15).multipliedFullWidth(by: b ^ 0xD6E8_FEB8_6659_FD93)
        return m.high ^ m.low
    }

    /// The index of the entry for this key, or nil.
    func find(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hash: UInt64, style: UInt8, level: UInt8, kind: UInt8 = Kind.segment,
              scriptIn: UInt32, faceIn: Int16) -> Int? {
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: hash) & mask
        return slots.withUnsafeBufferPointer { slots in
            while true {
                let e = Int(slots[s])
                if e < 0 { return nil }
                let entry = entries.base + e
                if entry.pointee.hash == hash, entry.pointee.byteCount == Int32(range.count), entry.pointee.scriptIn == scriptIn,
                   entry.pointee.faceIn == faceIn, entry.pointee.style == style, entry.pointee.level == level, entry.pointee.kind == kind,
                   memcmp(bytes.base + Int(entry.pointee.byteStart), text.baseAddress! + range.lowerBound, range.count) == 0 {
                    return e
                }
                s = (s + 1) & mask
            }
        }
    }

    /// Remembers a segment or chunk (its segments and pieces relative to its start, pieces
    /// counted from 0) and returns its entry index.
    func insert(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hash: UInt64, style: UInt8, level: UInt8, kind: UInt8 = Kind.segment,
                scriptIn: UInt32, faceIn: Int16, faceOut: Int16, scriptOut: UInt32, firstScript: UInt32,
                chunk: LineBreakChunk = .paragraphStart, newSegments: UnsafeBufferPointer<BreakSegment>, newPieces: ArraySlice<ShapedPiece>) -> Int {
        if bytes.count > Self.arenaLimit || pieces.count * MemoryLayout<ShapedPiece>.stride > Self.arenaLimit
            || entries.count * MemoryLayout<Entry>.stride > Self.arenaLimit || segments.count * MemoryLayout<BreakSegment>.stride > Self.arenaLimit {
            bytes.removeAll(); pieces.removeAll(); entries.removeAll(); segments.removeAll()
            for i in slots.indices { slots[i] = -1 }
        }
        if (entries.count + 1) * 2 > slots.count { grow() }
        let index = entries.count
        entries.append(Entry(hash: hash, byteStart: Int32(bytes.count), byteCount: Int32(range.count), scriptIn: scriptIn, faceIn: faceIn,
                             style: style, level: level, kind: kind, faceOut: faceOut, scriptOut: scriptOut, firstScript: firstScript,
                             pieceStart: Int32(pieces.count), segmentStart: Int32(segments.count), segmentCount: Int32(newSegments.count),
                             chunk: chunk))
        bytes.append(UnsafeBufferPointer(rebasing: text[range]))
        newPieces.withUnsafeBufferPointer { pieces.append($0) }
        segments.append(newSegments)
        place(index, hash: hash)
        return index
    }

    private func place(_ index: Int, hash: UInt64) {
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: hash) & mask
        while slots[s] >= 0 { s = (s + 1) & mask }
        slots[s] = Int32(index)
    }

    private func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for i in 0..<entries.count { place(i, hash: entries[i].hash) }
    }
}
