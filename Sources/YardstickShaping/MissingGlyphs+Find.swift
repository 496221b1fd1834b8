import YardstickAnalysis
import YardstickFonts

/// Finding what no face covers: one pass over the bytes (see `MissingGlyphs`).
extension MissingGlyphs {
    /// The clusters of `bytes` that no face of `style`'s chain covers. One pass over the bytes,
    /// eight ASCII bytes at a time, no allocation unless something is missing. A cluster here is
    /// a character with the marks, modifiers and joiners after it (Grapheme_Cluster_Break
    /// Extend, SpacingMark, ZWJ): the units fallback cannot split.
    package static func find(in bytes: UnsafeBufferPointer<UInt8>, style: FontStyle, fonts: FontCollection) -> MissingGlyphs {
        find(in: bytes, chain: fonts.chainIndex(for: style), fonts: fonts)
    }

    /// `find(in:style:fonts:)` by the style's chain (`FontCollection.chainIndex(for:)`).
    package static func find(in bytes: UnsafeBufferPointer<UInt8>, chain chainIndex: Int, fonts: FontCollection) -> MissingGlyphs {
        let chain = fonts.chainElements(chain: chainIndex)
        let primary = chain[0]
        let asciiCovered = fonts.chainCoversPrintableASCII(chain: chainIndex)
        let asciiInPrimary = fonts.coversPrintableASCII(primary)
        let union = fonts.chainCoverageWords(chain: chainIndex), primaryWords = fonts.coverageWords(face: primary)
        @inline(__always) func has(_ words: UnsafePointer<UInt64>, _ s: UInt32) -> Bool {
            s < 0x110000 && (words[Int(s >> 6)] >> UInt64(s & 63)) & 1 != 0
        }
        // The clusters found missing so far, and the smallest of their characters (at most
        // `sampleLimit`, in order: bounded however much is missing).
        var smallest: [UInt32] = []
        var count = 0
        // The open cluster: where it starts, whether a character of it is in no face, whether
        // its marks may need another face than the primary.
        var clusterStart = -1
        var clusterMissing = false
        var clusterMixed = false
        var baseInPrimary = true
        @inline(never) func check(_ cluster: Range<Int>, knownMissing: Bool, count: inout Int, smallest: inout [UInt32]) {
            guard cluster.lowerBound >= 0,
                  let missing = missingScalars(bytes, cluster, chainIndex: chainIndex, fonts: fonts, chain: chain, knownMissing: knownMissing) else { return }
            count += 1
            for scalar in missing where !smallest.contains(scalar) {
                if smallest.count == sampleLimit { guard scalar < smallest[sampleLimit - 1] else { continue }; smallest.removeLast() }
                smallest.insert(scalar, at: smallest.firstIndex { $0 > scalar } ?? smallest.count)
            }
        }
        var i = 0
        let n = bytes.count
        while i < n {
            if asciiCovered && i + 8 <= n {
                let word = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
                // No byte ≥ 0x80 and none < 0x20 or 0x7F: eight printable ASCII characters, each
                // a cluster of its own (a mark after the last one joins it).
                let high = word & 0x8080_8080_8080_8080
                let control = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
                let delete = ((word ^ 0x7F7F_7F7F_7F7F_7F7F) &- 0x0101_0101_0101_0101) & ~(word ^ 0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080
                if high | control | delete == 0 {
                    if clusterMissing || clusterMixed { check(clusterStart..<i, knownMissing: clusterMissing, count: &count, smallest: &smallest) }
                    clusterStart = i + 7; clusterMissing = false; clusterMixed = false; baseInPrimary = asciiInPrimary
                    i += 8
                    continue
                }
            }
            let byte = bytes[i]
            if asciiCovered && byte >= 0x20 && byte < 0x7F {
                if clusterMissing || clusterMixed { check(clusterStart..<i, knownMissing: clusterMissing, count: &count, smallest: &smallest) }
                clusterStart = i; clusterMissing = false; clusterMixed = false; baseInPrimary = asciiInPrimary
                i += 1
                continue
            }
            let (decoded, length) = UTF8Decoding.decode(bytes, at: i, end: n)
            let scalar = decoded == 0x09 ? 0x20 : decoded // (a tab is shaped as a space)
            let ignored = isIgnored(scalar)
            let missing = !ignored && !has(union, scalar)
            if clusterStart >= 0 && scalar >= 0x300 && CharacterProperties.continuesGraphemeCluster(scalar) {
                clusterMissing = clusterMissing || missing
                if !baseInPrimary || !(ignored || has(primaryWords, scalar)) { clusterMixed = true }
            } else {
                if clusterMissing || clusterMixed { check(clusterStart..<i, knownMissing: clusterMissing, count: &count, smallest: &smallest) }
                clusterStart = i; clusterMissing = missing; clusterMixed = false
                baseInPrimary = ignored || has(primaryWords, scalar)
            }
            i += length
        }
        if clusterMissing || clusterMixed { check(clusterStart..<n, knownMissing: clusterMissing, count: &count, smallest: &smallest) }
        guard count > 0 else { return .none }
        return MissingGlyphs(clusterCount: count, scalars: smallest.compactMap(Unicode.Scalar.init))
    }

    /// The characters of a cluster drawn as .notdef, or nil when a face maps them all: those no
    /// face maps, else those the face of its first character lacks. Allocates only for a
    /// cluster that is missing something.
    private static func missingScalars(_ bytes: UnsafeBufferPointer<UInt8>, _ cluster: Range<Int>, chainIndex: Int, fonts: FontCollection,
                                       chain: UnsafeBufferPointer<Int>, knownMissing: Bool) -> [UInt32]? {
        func scalars(where keep: (UInt32) -> Bool) -> [UInt32] {
            var out: [UInt32] = []
            var k = cluster.lowerBound
            while k < cluster.upperBound {
                let (scalar, length) = UTF8Decoding.decode(bytes, at: k, end: cluster.upperBound)
                if !isIgnored(scalar) && keep(scalar == 0x09 ? 0x20 : scalar) { out.append(scalar == 0x09 ? 0x20 : scalar) }
                k += length
            }
            return out
        }
        if knownMissing { return scalars { !fonts.chainCovers(chain: chainIndex, $0) } }
        func coversAll(_ face: FaceIndex) -> Bool {
            var k = cluster.lowerBound
            while k < cluster.upperBound {
                let (scalar, length) = UTF8Decoding.decode(bytes, at: k, end: cluster.upperBound)
                if !isIgnored(scalar) && !fonts.covers(face, scalar == 0x09 ? 0x20 : scalar) { return false }
                k += length
            }
            return true
        }
        var k = cluster.lowerBound
        var first: UInt32? = nil
        while k < cluster.upperBound, first == nil {
            let (scalar, length) = UTF8Decoding.decode(bytes, at: k, end: cluster.upperBound)
            if !isIgnored(scalar) { first = scalar == 0x09 ? 0x20 : scalar }
            k += length
        }
        guard let first else { return nil }
        let skip = fonts.firstCandidate(chain: chainIndex, for: first)
        if skip < chain.count {
            for p in skip..<chain.count where coversAll(chain[p]) { return nil }
        }
        guard let base = chain.first(where: { fonts.covers($0, first) }) else { return [first] }
        return scalars { !fonts.covers(base, $0) }
    }

    /// Line breaks and the characters HarfBuzz hides need no glyph. (A tab is shaped as a space.)
    @inline(__always)
    private static func isIgnored(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return CharacterProperties.isDefaultIgnorable(scalar)
        }
    }
}
