import YardstickAnalysis
import YardstickFonts

/// A stretch of text drawn with one face. UTF-8 offsets from the start of the whole text.
public struct FontRun: Equatable, Sendable {
    public var start: Int32
    public var end: Int32
    public var face: FaceIndex

    public init(start: Int32, end: Int32, face: FaceIndex) {
        self.start = start
        self.end = end
        self.face = face
    }
}

/// Picks a face for every grapheme cluster of a paragraph by cmap coverage.
///
/// Rule, per cluster: the first face of the style's chain that covers every character of the
/// cluster (joiners, variation selectors and other default-ignorables are not asked for);
/// emoji-presentation clusters (U+FE0F, keycaps, flags, skin tones, Emoji_Presentation
/// characters) try the color faces of the chain first, and a text-presentation symbol (U+2764
/// without U+FE0F) takes the first face that covers it, a text face when one does; if no face
/// covers the whole cluster, the first face that covers its first character; if none does, the
/// chain's first face (HarfBuzz draws .notdef). Where the collection has a language variant of
/// the chosen face for the cluster's first character (Noto Sans CJK KR for Hangul), the variant
/// is used.
///
/// Neighbourhood: a space takes the first face of the chain that has it, wherever it stands
/// (the primary face's space between Sinhala or Japanese words too), as Chromium does and
/// CoreText's cascade (fallback only for characters the font lacks) should; Pango keeps it in
/// the face before it instead. A cluster of Common or Inherited
/// characters (punctuation, symbols, digits of no script) that the chain's first face lacks
/// stays in the text face before it when that face covers it (the danda after Bengali, the
/// Arabic comma after Arabic, U+3001 after Han), as Pango does; after a color (emoji) cluster
/// nothing stays. See Fonts/README.md for each rule against Pango and Chromium.
///
/// Fast path: when the chain's first face covers every character and nothing asks for emoji
/// presentation, the paragraph is one run and no grapheme scan happens. O(n) either way.
/// A paragraph may also be resolved in stretches that start and end at grapheme-cluster
/// boundaries, handing each stretch the face the one before ended in: the runs are the same.
public enum FontFallback {
    /// Appends the font runs of `bytes[paragraph]` to `runs`.
    /// - Parameters:
    ///   - graphemes: grapheme boundaries of the paragraph (absolute offsets after its start,
    ///     ending with its end); called only when the fast path does not apply.
    ///   - previousFace: the face of the cluster before `paragraph` when it is a stretch of a
    ///     longer paragraph, -1 at a paragraph's start.
    /// - Returns: the face of the last cluster (`previousFace` when the range is empty).
    @discardableResult
    package static func resolve(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, style: FontStyle, fonts: FontCollection,
                               previousFace: FaceIndex = -1, graphemes: () -> [Int32], into runs: inout [FontRun]) -> Int {
        resolve(bytes, paragraph: paragraph, chain: fonts.chainIndex(for: style), fonts: fonts, previousFace: previousFace,
                graphemes: graphemes, into: &runs)
    }

    /// `resolve(_:paragraph:style:…)` by the style's chain (`FontCollection.chainIndex(for:)`).
    @discardableResult
    package static func resolve(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, chain chainIndex: Int, fonts: FontCollection,
                               previousFace: FaceIndex = -1, graphemes: () -> [Int32], into runs: inout [FontRun]) -> Int {
        guard !paragraph.isEmpty else { return previousFace }
        let chain = fonts.chainElements(chain: chainIndex)
        let primary = chain[0]
        var fast = previousFace < 0 || previousFace == primary
        // (A face the user put first may lack Latin: then every character is asked about.)
        let coversASCII = fonts.coversPrintableASCII(primary)
        var i = paragraph.lowerBound
        while fast && i < paragraph.upperBound {
            let b = bytes[i]
            if b < 0x80 {
                if coversASCII && (b >= 0x20 && b != 0x7F || b == 0x09) { i += 1; continue }
                if !fonts.covers(primary, b == 0x09 ? 0x20 : UInt32(b)) { fast = false; break } // (tabs are shaped as spaces)
                i += 1; continue
            }
            let (scalar, length) = UTF8Decoding.decode(bytes, at: i, end: paragraph.upperBound)
            if scalar == 0xFE0F || scalar == 0x20E3 || (!CharacterProperties.isDefaultIgnorable(scalar) && !fonts.covers(primary, scalar))
                || CharacterProperties.isEmojiPresentation(scalar) {
                fast = false; break
            }
            i += length
        }
        if fast {
            runs.append(FontRun(start: Int32(paragraph.lowerBound), end: Int32(paragraph.upperBound), face: chain[0]))
            return chain[0]
        }

        let emojiChain = fonts.chainElements(chain: chainIndex, emojiFirst: true)
        var clusterStart = paragraph.lowerBound
        var previousFace = previousFace
        for boundary in graphemes() {
            let end = Int(boundary)
            let face = pickFace(bytes, clusterStart..<end, chainIndex: chainIndex, chain: chain, emojiChain: emojiChain, previous: previousFace, fonts: fonts)
            if let last = runs.last, last.face == face, last.end == Int32(clusterStart) {
                runs[runs.count - 1].end = Int32(end)
            } else {
                runs.append(FontRun(start: Int32(clusterStart), end: Int32(end), face: face))
            }
            previousFace = face
            clusterStart = end
        }
        return previousFace
    }

    /// A scalar as fallback sees it: a tab is shaped as a space, so it asks for a space.
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> (UInt32, Int) {
        if bytes[i] == 0x09 { return (0x20, 1) }
        return UTF8Decoding.decode(bytes, at: i, end: end)
    }

    private static func pickFace(_ bytes: UnsafeBufferPointer<UInt8>, _ cluster: Range<Int>, chainIndex: Int, chain: UnsafeBufferPointer<Int>,
                                 emojiChain: UnsafeBufferPointer<Int>,
                                 previous: Int, fonts: FontCollection) -> Int {
        // One pass for what the cluster is; coverage is then checked by re-decoding (no allocation).
        var i = cluster.lowerBound
        var emoji = false
        var textPresentation = false
        var first: UInt32? = nil
        var allCommon = true
        while i < cluster.upperBound {
            let (scalar, length) = Self.decode(bytes, at: i, end: cluster.upperBound)
            if scalar == 0xFE0F || scalar == 0x20E3 || (scalar >= 0x1F1E6 && scalar <= 0x1F1FF) || (scalar >= 0x1F3FB && scalar <= 0x1F3FF) {
                emoji = true
            }
            if scalar == 0xFE0E { textPresentation = true }
            if !CharacterProperties.isDefaultIgnorable(scalar) {
                if first == nil {
                    first = scalar
                    if CharacterProperties.isEmojiPresentation(scalar) { emoji = true }
                }
                // 0 Common, 1 Inherited; ASCII letters are Latin.
                if allCommon && (scalar >= 0x80 ? CharacterProperties.icuScriptCode(scalar) > 1 : (scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A) {
                    allCommon = false
                }
            }
            i += length
        }
        guard let first else { return previous >= 0 ? previous : chain[0] }
        let single = cluster.count == UTF8Decoding.decode(bytes, at: cluster.lowerBound, end: cluster.upperBound).1
        func covers(_ face: FaceIndex) -> Bool {
            if single { return fonts.covers(face, first) }
            var i = cluster.lowerBound
            while i < cluster.upperBound {
                let (scalar, length) = Self.decode(bytes, at: i, end: cluster.upperBound)
                if !CharacterProperties.isDefaultIgnorable(scalar) && !fonts.covers(face, scalar) { return false }
                i += length
            }
            return true
        }
        let useEmoji = emoji && !textPresentation
        if previous >= 0, !fonts.isColor(previous) {
            if allCommon, !useEmoji, previous != chain[0], !covers(chain[0]), covers(previous) { return previous }
        }
        let order = useEmoji ? emojiChain : chain
        // Faces before `skip` map nothing in the first character's block, so they cannot cover the cluster.
        let skip = useEmoji ? 0 : fonts.firstCandidate(chain: chainIndex, for: first)
        if skip < order.count {
            for k in skip..<order.count where covers(order[k]) {
                let face = order[k]
                if let v = fonts.variant(of: face, for: first), covers(v) { return v }
                return face
            }
            for k in skip..<order.count where fonts.covers(order[k], first) { return order[k] }
        }
        return chain[0]
    }
}
