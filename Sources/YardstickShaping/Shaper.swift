import CHarfBuzz
import YardstickAnalysis
import YardstickFonts

/// Shapes runs of text with HarfBuzz, through a `ShapingCache`.
///
/// One shaper per thread: it owns a reusable `hb_buffer_t`. The fonts and the cache are shared.
/// A cache hit costs one hash of the run's bytes; a miss costs one HarfBuzz call (a kept plan's
/// `hb_shape_plan_execute` for the bundled fonts, `hb_shape` for others) plus a pass over the
/// glyphs (and, for non-ASCII text, a grapheme scan so no cluster starts inside a grapheme
/// cluster). Tabs are shaped as spaces (no tab stops).
public final class Shaper {
    public let fonts: FontCollection
    public let cache: ShapingCache
    public let features: [FontFeature]
    private let hbFeatures: [hb_feature_t]
    private var buffer: OpaquePointer
    @exclusivity(unchecked) private var scratch: [UInt8] = []
    /// The plans for bundled faces (see `shapeChunk`).
    @exclusivity(unchecked) private var plans = ShapePlanTable()
    /// Text shaped through kept plans since the buffer's work budget was last reset. The budget
    /// (HarfBuzz's default, 2^29 operations) allows hundreds of nested lookups per byte of this.
    @exclusivity(unchecked) private var bytesSinceBudgetReset = 0
    /// Per face and script: each number character's glyph, or nil when they do not shape
    /// independently (`NumberShapes.swift`).
    @exclusivity(unchecked) var numberShapes: [UInt64: [ShapedGlyph]?] = [:]
    /// Whether number runs may be put together without HarfBuzz (off only to test that they
    /// match what HarfBuzz gives).
    package var composesNumbers = true
    private static let bytesPerBudget = 1 << 20
    /// What shaping needs of each face, copied per shaper: reading it touches no reference
    /// count of the `FontCollection.Face` objects every thread shares.
    private let faceHandles: UnsafeMutablePointer<FaceHandle>
    /// The fonts shaped with (kept alive here; `faceHandles` points at them).
    private let shapingFonts: [ShapingFont]

    private struct FaceHandle {
        let hbFont: OpaquePointer
        let hbFace: OpaquePointer
        let isBundled: Bool
        /// Printable-ASCII runs in Latin or Common, left to right, take `asciiFeatures`.
        let hasASCIIPlans: Bool
    }
    /// What a bundled face's plan for printable-ASCII runs leaves out (with no features set):
    /// glyph composition and mark positioning, which act on combining marks, and fractions,
    /// which HarfBuzz applies only around U+2044 FRACTION SLASH; so they cannot change such a
    /// run (`ShaperTests` checks it for every bundled face that covers ASCII, over every one-
    /// and two-character string, random strings and the sample's words), but HarfBuzz still
    /// runs their lookups over every glyph: a third of its work on an English word.
    static let asciiFeatures: [hb_feature_t] = ["-ccmp", "-mark", "-mkmk", "-frac", "-numr", "-dnom"].map { name in
        var feature = hb_feature_t()
        _ = hb_feature_from_string(name, -1, &feature)
        return feature
    }
    private let korean = hb_language_from_string("ko", -1)
    private let japanese = hb_language_from_string("ja", -1)

    public init(fonts: FontCollection, features: [FontFeature] = [], cache: ShapingCache) {
        self.fonts = fonts
        self.cache = cache
        self.features = features
        self.hbFeatures = features.map(\.hbFeature)
        self.buffer = hb_buffer_create()
        faceHandles = .allocate(capacity: fonts.faces.count)
        shapingFonts = fonts.faces.map { ShapingFont(parent: $0.hbFont) }
        for (k, face) in fonts.faces.enumerated() {
            (faceHandles + k).initialize(to: FaceHandle(hbFont: shapingFonts[k].font, hbFace: face.hbFace, isBundled: face.isBundled,
                                                        hasASCIIPlans: face.isBundled && features.isEmpty && fonts.coversPrintableASCII(k)))
        }
    }

    deinit {
        plans.releaseAll() // before the faces can go
        hb_buffer_destroy(buffer)
        faceHandles.deinitialize(count: fonts.faces.count)
        faceHandles.deallocate()
        local.deinitialize(count: Shaper.localSize)
        local.deallocate()
    }

    /// The language implied by a script, where the language changes glyphs or widths (the CJK
    /// fonts' `locl`: Korean text gets Korean spacing and punctuation). Other scripts shape with
    /// no language set, so results never depend on the process locale.
    @inline(__always)
    private func language(for script: UInt32) -> hb_language_t? {
        switch script {
        case 0x4861_6E67: korean // Hang
        case 0x4869_7261, 0x4B61_6E61: japanese // Hira, Kana
        default: nil
        }
    }

    /// The shaped form of `bytes[range]` (valid UTF-8, one face, one script, one direction), as
    /// a summary whose `id` finds the full run in `cache.store`.
    @inline(__always)
    package func shape(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, face: FaceIndex, script: UInt32, rightToLeft: Bool) -> ShapedRunSummary {
        // Emoji take the script of the text around them, but a complex-script shaper (Khmer's)
        // would break a sequence apart (👍🏽 as two glyphs): a color face shapes as Common.
        let script = fonts.isColor(face) ? ScriptTag.common : script
        let run = UnsafeBufferPointer(rebasing: bytes[range])
        let probe = ShapingKey(bytes: run, face: face, script: script, rightToLeft: rightToLeft, keepsTail: false)
        guard cache.isEnabled else {
            return cache.summary(for: probe) { shapeUncached(run, face: face, script: script, rightToLeft: rightToLeft) } // (key unused)
        }
        // Private direct-mapped table first: no lock, no shared cache line, no allocation; an
        // entry (summary and key together, 96 bytes) spans at most two cache lines.
        let entry = local + (Int(truncatingIfNeeded: probe.hash) & (Shaper.localSize - 1))
        if entry.pointee.key.isKey(of: run, probe: probe) { return entry.pointee.summary }
        let key = probe.keepingTail(of: run)
        let summary = cache.summary(for: key) { shapeUncached(run, face: face, script: script, rightToLeft: rightToLeft) }
        entry.pointee = LocalEntry(summary: summary, key: key)
        return summary
    }

    private struct LocalEntry {
        var summary: ShapedRunSummary
        var key: ShapingKey
    }

    /// 1,024 entries, 96 KB: shaping is asked only on segment-cache misses, so a bigger table
    /// (16,384 entries were tried) answered hardly more and cost a new engine 1.5 MB per thread.
    private static let localSize = 1 << 10
    private let local: UnsafeMutablePointer<LocalEntry> = {
        let p = UnsafeMutablePointer<LocalEntry>.allocate(capacity: localSize)
        let empty = ShapingKey(bytes: UnsafeBufferPointer(start: nil, count: 0), face: 0xFFFF, script: 0, rightToLeft: false)
        p.initialize(repeating: LocalEntry(summary: ShapedRunSummary(), key: empty), count: localSize) // (no run has that face)
        return p
    }()

    /// Calls HarfBuzz, bypassing the cache.
    package func shapeUncached(_ run: UnsafeBufferPointer<UInt8>, face: FaceIndex, script: UInt32, rightToLeft: Bool) -> ShapedRun {
        precondition(face >= 0 && face < fonts.faces.count, "no face \(face) in the collection")
        let n = run.count
        var hasTab = false
        var ascii = true
        var printable = true // (printable ASCII once tabs are spaces)
        for b in run {
            if b == 0x09 { hasTab = true } else if b < 0x20 || b >= 0x7F { printable = false }
            if b >= 0x80 { ascii = false }
        }
        if hasTab {
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: run.lazy.map { $0 == 0x09 ? 0x20 : $0 })
        }
        // Runs of more than 30 combining characters are shaped 30 at a time (with the text
        // around them as context): HarfBuzz reorders marks in quadratic time, so one cluster of
        // thousands of marks would otherwise take seconds (the Stream-Safe Text Format's bound).
        // (31 combining characters take at least 62 bytes: shorter runs are one call.)
        let chunkStarts = ascii || n < 62 ? [] : Shaper.chunkStarts(run)
        var glyphs: [ShapedGlyph]
        if printable && !hasTab && !rightToLeft && faceHandles[face].hasASCIIPlans && (script == ScriptTag.latin || script == ScriptTag.common),
           let composed = composedNumber(run, face: face, script: script) {
            glyphs = composed
        } else if chunkStarts.count <= 1 {
            glyphs = hasTab
                ? scratch.withUnsafeBufferPointer {
                    shapeChunk($0, 0..<n, face: face, script: script, rightToLeft: rightToLeft, continuation: false, printableASCII: printable)
                }
                : shapeChunk(run, 0..<n, face: face, script: script, rightToLeft: rightToLeft, continuation: false, printableASCII: printable)
        } else {
            glyphs = []
            let order = rightToLeft ? Array(chunkStarts.indices.reversed()) : Array(chunkStarts.indices)
            for k in order {
                let start = chunkStarts[k]
                let end = k + 1 < chunkStarts.count ? chunkStarts[k + 1] : n
                if hasTab {
                    glyphs += scratch.withUnsafeBufferPointer {
                        shapeChunk($0, start..<end, face: face, script: script, rightToLeft: rightToLeft, continuation: k > 0)
                    }
                } else {
                    glyphs += shapeChunk(run, start..<end, face: face, script: script, rightToLeft: rightToLeft, continuation: k > 0)
                }
            }
        }
        let g = glyphs.count

        // Per-cluster advances in logical order (HarfBuzz clusters are monotone).
        var clusters: [ShapedCluster] = []
        clusters.reserveCapacity(g)
        for k in 0..<g {
            let glyph = glyphs[rightToLeft ? g - 1 - k : k]
            let c = Int32(glyph.cluster)
            if let last = clusters.last, c <= last.start {
                clusters[clusters.count - 1].advance += Int64(glyph.xAdvance) // same cluster (or non-monotone: keep it in the current one)
            } else {
                clusters.append(ShapedCluster(start: c, advance: Int64(glyph.xAdvance), flags: 0))
            }
        }
        if clusters.isEmpty { clusters = [ShapedCluster(start: 0, advance: 0, flags: 0)] } else { clusters[0].start = 0 }
        if !ascii, !Shaper.clustersStartOnGraphemeBoundaries(run, clusters) { mergeInsideGraphemes(run, &clusters) }
        Shaper.setClusterFlags(run, &clusters)
        if !rightToLeft && clusters.count > 1 { Shaper.setKerning(glyphs, &clusters, font: fonts.faces[face].hbFont) }

        // Trailing hanging whitespace.
        var trailingStart: Int32 = 0 // end of the last non-whitespace character
        var i = 0
        while i < n {
            let (scalar, length) = UTF8Decoding.decode(run, at: i, end: n)
            if !CharacterProperties.isHangingWhitespace(scalar) { trailingStart = Int32(i + length) }
            i += length
        }

        return ShapedRun(face: face, isRightToLeft: rightToLeft, byteCount: Int32(n), glyphs: glyphs, clusters: clusters,
                         trailingWhitespaceStart: trailingStart)
    }

    /// One `hb_shape` call over `text[range]`, the rest of `text` given as context. Glyph
    /// clusters are byte offsets into `text`.
    func shapeChunk(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, face: FaceIndex, script: UInt32, rightToLeft: Bool,
                            continuation: Bool, printableASCII: Bool = false) -> [ShapedGlyph] {
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_from_iso15924_tag(script))
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        hb_buffer_set_flags(buffer, continuation ? HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE : HB_BUFFER_FLAG_DEFAULT)
        if let language = language(for: script) { hb_buffer_set_language(buffer, language) }
        if !range.isEmpty {
            text.withMemoryRebound(to: CChar.self) {
                hb_buffer_add_utf8(buffer, $0.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
            }
        }
        let fontFace = faceHandles[face]
        hbFeatures.withUnsafeBufferPointer { features in
            if fontFace.isBundled && bytesSinceBudgetReset < Self.bytesPerBudget {
                // A kept plan: `hb_shape` would look it up in the face's list on every call (1.6%
                // of a cold pass's instructions). What `hb_shape` adds besides is a per-call bound
                // on the buffer's growth and work, a guard against hostile fonts (the bundled ones
                // are not), and, on leaving, a reset of the buffer's work budget, which nested
                // lookups spend and nothing else refills: one call in `bytesPerBudget` bytes of
                // text goes through `hb_shape` for that, long before the budget could run out.
                bytesSinceBudgetReset += range.count
                if printableASCII && fontFace.hasASCIIPlans && !rightToLeft && (script == ScriptTag.latin || script == ScriptTag.common) {
                    let plan = shapePlan(fontFace, face: face, script: script, rightToLeft: false, printableASCII: true)
                    _ = Self.asciiFeatures.withUnsafeBufferPointer {
                        hb_shape_plan_execute(plan, fontFace.hbFont, buffer, $0.baseAddress, UInt32($0.count))
                    }
                } else {
                    let plan = shapePlan(fontFace, face: face, script: script, rightToLeft: rightToLeft)
                    hb_shape_plan_execute(plan, fontFace.hbFont, buffer, features.baseAddress, UInt32(features.count))
                }
            } else {
                bytesSinceBudgetReset = 0
                hb_shape(fontFace.hbFont, buffer, features.baseAddress, UInt32(features.count))
            }
        }
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        let g = Int(count)
        let glyphs = [ShapedGlyph](unsafeUninitializedCapacity: g) { out, initialized in
            for i in 0..<g {
                out[i] = ShapedGlyph(id: infos![i].codepoint, cluster: infos![i].cluster, xAdvance: positions![i].x_advance,
                                     xOffset: positions![i].x_offset, yOffset: positions![i].y_offset)
            }
            initialized = g
        }
        // The buffer keeps its arrays (about 50 bytes a glyph) for the next call: after a huge
        // run (one unbreakable word of megabytes), a new one gives that memory back.
        if g > Self.largestKeptBuffer {
            hb_buffer_destroy(buffer)
            buffer = hb_buffer_create()
        }
        return glyphs
    }

    /// The most glyphs a buffer may have held and still be reused (3 MB of HarfBuzz arrays).
    static let largestKeptBuffer = 1 << 16

    /// The shape plan for the buffer's properties as `shapeChunk` set them.
    @inline(__always)
    private func shapePlan(_ fontFace: FaceHandle, face: FaceIndex, script: UInt32, rightToLeft: Bool, printableASCII: Bool = false) -> OpaquePointer {
        plans.plan(for: ShapePlanTable.key(face: face, script: script, rightToLeft: rightToLeft, printableASCII: printableASCII)) {
            var props = hb_segment_properties_t()
            hb_buffer_get_segment_properties(buffer, &props)
            return (printableASCII ? Self.asciiFeatures : hbFeatures).withUnsafeBufferPointer {
                hb_shape_plan_create_cached(fontFace.hbFace, &props, $0.baseAddress, UInt32($0.count), nil)!
            }
        }
    }

    /// Where to split a run so that no shaping call holds more than 30 combining characters in a row.
    static func chunkStarts(_ run: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        var i = 0
        var marks = 0
        while i < run.count {
            let (scalar, length) = UTF8Decoding.decode(run, at: i, end: run.count)
            if scalar >= 0x300 && CharacterProperties.continuesGraphemeCluster(scalar) {
                marks += 1
                if marks > 30 { starts.append(i); marks = 1 }
            } else {
                marks = 0
            }
            i += length
        }
        return starts
    }

    /// Sets the `ClusterFlags` of each cluster of a run.
    static func setClusterFlags(_ run: UnsafeBufferPointer<UInt8>, _ clusters: inout [ShapedCluster]) {
        let n = run.count
        let count = clusters.count
        clusters.withUnsafeMutableBufferPointer { clusters in
            for c in 0..<count {
                let start = Int(clusters[c].start)
                let end = c + 1 < count ? Int(clusters[c + 1].start) : n
                guard start < end else { continue }
                clusters[c].flags = flags(run, start, end)
            }
        }
    }

    /// The flags of the cluster `run[start..<end]`.
    @inline(__always)
    private static func flags(_ run: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt8 {
        let n = run.count
        let b = run[start]
        if b < 0x80 && end == start + 1 {
            // One ASCII character: letters and digits continue a word, and letters (Latin) hyphenate.
            let lower = b | 0x20
            if lower >= 0x61 && lower <= 0x7A { return ClusterFlags.continuesWord | ClusterFlags.endsHyphenatingLetter }
            if b >= 0x30 && b <= 0x39 { return ClusterFlags.continuesWord }
            if (b == 0x2E || b == 0x3A || b == 0x27) && start + 1 < n
                && CharacterProperties.isLetter(UTF8Decoding.decode(run, at: start + 1, end: n).0) {
                return ClusterFlags.continuesWord
            }
            return 0
        }
        let (first, firstLength) = UTF8Decoding.decode(run, at: start, end: n)
        var f: UInt8 = 0
        if CharacterProperties.isWordCharacter(first) {
            f |= ClusterFlags.continuesWord
        } else if first == 0x2E || first == 0x3A || first == 0x27 || first == 0x2019 || first == 0xB7, start + firstLength < n,
                  CharacterProperties.isLetter(UTF8Decoding.decode(run, at: start + firstLength, end: n).0) {
            f |= ClusterFlags.continuesWord
        }
        // Last character of the cluster that is not a mark.
        var i = start
        var lastBase = first
        while i < end {
            let (scalar, length) = UTF8Decoding.decode(run, at: i, end: end)
            if !CharacterProperties.isMark(scalar) { lastBase = scalar }
            i += length
        }
        if CharacterProperties.isLetter(lastBase) {
            let script = CharacterProperties.icuScriptCode(lastBase)
            // Common, Inherited, Han, Hangul, Hiragana, Katakana do not hyphenate.
            if script > 1 && script != 17 && script != 18 && script != 20 && script != 22 { f |= ClusterFlags.endsHyphenatingLetter }
        }
        return f
    }

    /// Whether every cluster surely starts a grapheme cluster, so `mergeInsideGraphemes` would
    /// change nothing. Conservative: a start right after a mark may be inside a conjunct (GB9c,
    /// which Swift's segmentation follows), so it sends the run to the full check.
    static func clustersStartOnGraphemeBoundaries(_ run: UnsafeBufferPointer<UInt8>, _ clusters: [ShapedCluster]) -> Bool {
        let n = run.count
        for cluster in clusters.dropFirst() {
            let start = Int(cluster.start)
            guard start > 0 && start < n else { continue }
            if !GraphemeRules.mayStartCluster(run, at: start, in: 0..<n) { return false }
            var p = start - 1
            while p > 0 && run[p] & 0xC0 == 0x80 { p -= 1 }
            if CharacterProperties.continuesGraphemeCluster(UTF8Decoding.decode(run, at: p, end: start).0) { return false }
        }
        return true
    }

    /// Merges clusters that start inside an extended grapheme cluster (Swift's UAX #29) into the one before.
    private func mergeInsideGraphemes(_ run: UnsafeBufferPointer<UInt8>, _ clusters: inout [ShapedCluster]) {
        guard clusters.count > 1 else { return }
        let text = String(decoding: run, as: UTF8.self)
        var out: [ShapedCluster] = []
        out.reserveCapacity(clusters.count)
        var boundary = text.startIndex
        var boundaryOffset: Int32 = 0
        for cluster in clusters {
            // Advance to the first grapheme boundary at or after the cluster start (both ascend).
            while boundaryOffset < cluster.start && boundary < text.endIndex {
                boundary = text.index(after: boundary)
                boundaryOffset = Int32(text.utf8.distance(from: text.startIndex, to: boundary))
            }
            if out.isEmpty || boundaryOffset == cluster.start {
                out.append(cluster)
            } else {
                out[out.count - 1].advance += cluster.advance
            }
        }
        clusters = out
    }

    /// The kerning of each cluster's last glyph against the next cluster: its advance less the
    /// font's own (`hmtx`) advance. Glyphs HarfBuzz gives no advance (marks) have none.
    static func setKerning(_ glyphs: [ShapedGlyph], _ clusters: inout [ShapedCluster], font: OpaquePointer) {
        var c = 0
        for k in glyphs.indices {
            let start = Int32(glyphs[k].cluster)
            while c + 1 < clusters.count && start >= clusters[c + 1].start { c += 1 }
            guard c + 1 < clusters.count else { return }
            let lastOfCluster = k + 1 == glyphs.count || Int32(glyphs[k + 1].cluster) >= clusters[c + 1].start
            guard lastOfCluster, glyphs[k].xAdvance != 0 else { continue }
            let nominal = hb_font_get_glyph_h_advance(font, glyphs[k].id)
            clusters[c].kerning = nominal != 0 ? glyphs[k].xAdvance - nominal : 0
        }
    }

}
