import YardstickAnalysis
import YardstickFonts

/// The grapheme clusters of a text that no face of its fallback chain can draw: they are
/// measured with the `.notdef` glyph ("tofu"), so their width, and maybe the height, is not
/// what any real font gives. Reported so that it is never silent.
///
/// A cluster counts when no face of the chain maps all of its characters: one of them is in no
/// face, or a mark is in no face with its base (`a` + U+0E48, a Bengali letter + U+0301), which
/// fallback then draws from the face of the base. Line breaks, tabs and the characters HarfBuzz
/// hides (`CharacterProperties.isDefaultIgnorable`) never count.
public struct MissingGlyphs: Equatable, Sendable, CustomStringConvertible {
    /// Clusters measured as missing glyphs.
    public var clusterCount: Int
    /// The distinct characters no face maps, in code point order: the smallest
    /// `MissingGlyphs.sampleLimit` of them (the same whatever order texts were measured in).
    public var scalars: [Unicode.Scalar]

    /// How many characters `scalars` keeps.
    public static let sampleLimit = 8
    /// Nothing missing.
    public static let none = MissingGlyphs(clusterCount: 0, scalars: [])

    public init(clusterCount: Int, scalars: [Unicode.Scalar]) {
        self.clusterCount = clusterCount
        self.scalars = scalars
    }

    public var isEmpty: Bool { clusterCount == 0 }

    /// Adds another text's count and characters. O(`sampleLimit`).
    public mutating func formUnion(_ other: MissingGlyphs) {
        guard !other.isEmpty else { return }
        clusterCount += other.clusterCount
        scalars = Array(Set(scalars + other.scalars).sorted { $0.value < $1.value }.prefix(Self.sampleLimit))
    }

    /// "3 clusters (U+0D9A U+0DCF)": the count and the first few characters.
    public var description: String {
        let list = scalars.prefix(5).map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
        return "\(clusterCount) cluster\(clusterCount == 1 ? "" : "s") (\(list.joined(separator: " "))\(scalars.count > 5 ? " …" : ""))"
    }

    /// The clusters of `bytes` that no face of `style`'s chain covers. One pass over the bytes
    /// (eight ASCII bytes at a time) when every character is covered, the common case;
    /// `graphemes` (the cluster ends, as `FontFallback` takes them) is called only otherwise.
    public static func find(in bytes: UnsafeBufferPointer<UInt8>, style: FontStyle, fonts: FontCollection,
                            graphemes: () -> [Int32]) -> MissingGlyphs {
        let chain = fonts.chainElements(for: style)
        let primary = chain[0]
        let asciiCovered = fonts.chainCoversPrintableASCII(style)
        let asciiInPrimary = fonts.coversPrintableASCII(primary)
        var i = 0
        let n = bytes.count
        var baseInPrimary = true
        var needsClusters = false
        while i < n {
            if asciiCovered && i + 8 <= n {
                let word = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
                // No byte ≥ 0x80 and none < 0x20 or 0x7F: eight printable ASCII characters.
                let high = word & 0x8080_8080_8080_8080
                let control = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
                let delete = ((word ^ 0x7F7F_7F7F_7F7F_7F7F) &- 0x0101_0101_0101_0101) & ~(word ^ 0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080
                if high | control | delete == 0 { i += 8; baseInPrimary = asciiInPrimary; continue }
            }
            let (scalar, length) = UTF8Decoding.decode(bytes, at: i, end: n)
            if isMissing(scalar, style: style, fonts: fonts) { needsClusters = true; break }
            if scalar >= 0x300 && CharacterProperties.isGraphemeExtend(scalar) {
                // A mark (or modifier, or joiner) the base's face may not have.
                if !(baseInPrimary && (CharacterProperties.isDefaultIgnorable(scalar) || fonts.covers(primary, scalar))) { needsClusters = true; break }
            } else {
                baseInPrimary = fonts.covers(primary, scalar == 0x09 ? 0x20 : scalar) || CharacterProperties.isDefaultIgnorable(scalar)
            }
            i += length
        }
        guard needsClusters else { return .none }
        var count = 0
        var found = Set<UInt32>()
        var start = 0
        for end in graphemes() {
            if let missing = missingScalars(bytes, start..<Int(end), style: style, fonts: fonts, chain: chain) {
                count += 1
                found.formUnion(missing)
            }
            start = Int(end)
        }
        let sample = found.sorted().prefix(sampleLimit).compactMap(Unicode.Scalar.init)
        return MissingGlyphs(clusterCount: count, scalars: Array(sample))
    }

    /// The characters of a cluster drawn as .notdef, or nil when a face maps them all: those no
    /// face maps, else those the face of its first character lacks.
    private static func missingScalars(_ bytes: UnsafeBufferPointer<UInt8>, _ cluster: Range<Int>, style: FontStyle, fonts: FontCollection,
                                       chain: UnsafeBufferPointer<Int>) -> [UInt32]? {
        var scalars: [UInt32] = []
        var k = cluster.lowerBound
        while k < cluster.upperBound {
            let (scalar, length) = UTF8Decoding.decode(bytes, at: k, end: cluster.upperBound)
            if !isIgnored(scalar) { scalars.append(scalar == 0x09 ? 0x20 : scalar) }
            k += length
        }
        guard let first = scalars.first else { return nil }
        let nowhere = scalars.filter { !fonts.chainCovers(style, $0) }
        if !nowhere.isEmpty { return nowhere }
        guard scalars.count > 1 else { return nil }
        let skip = fonts.firstCandidate(in: style, for: first)
        if skip < chain.count {
            for p in skip..<chain.count where scalars.allSatisfy({ fonts.covers(chain[p], $0) }) { return nil }
        }
        guard let base = chain.first(where: { fonts.covers($0, first) }) else { return [first] }
        return scalars.filter { !fonts.covers(base, $0) }
    }

    @inline(__always)
    private static func isMissing(_ scalar: UInt32, style: FontStyle, fonts: FontCollection) -> Bool {
        !isIgnored(scalar) && !fonts.chainCovers(style, scalar == 0x09 ? 0x20 : scalar)
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

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
