import YardstickAnalysis
import YardstickFonts

/// The grapheme clusters of a text that no face of its fallback chain can draw: they are
/// measured with the `.notdef` glyph ("tofu"), so their width, and maybe the height, is not
/// what any real font gives. Reported so that it is never silent.
///
/// A cluster counts when one of its characters is mapped by no face of the chain (line breaks,
/// tabs and default-ignorable characters such as joiners and variation selectors never count).
/// A cluster whose characters are each in some face, but not all in one, is not counted.
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
        let asciiCovered = fonts.chainCoversPrintableASCII(style)
        var i = 0
        let n = bytes.count
        var firstMissing = -1
        while i < n {
            if asciiCovered && i + 8 <= n {
                let word = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
                // No byte ≥ 0x80 and none < 0x20 or 0x7F: eight printable ASCII characters.
                let high = word & 0x8080_8080_8080_8080
                let control = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
                let delete = ((word ^ 0x7F7F_7F7F_7F7F_7F7F) &- 0x0101_0101_0101_0101) & ~(word ^ 0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080
                if high | control | delete == 0 { i += 8; continue }
            }
            let (scalar, length) = UTF8Decoding.decode(bytes, at: i, end: n)
            if isMissing(scalar, style: style, fonts: fonts) { firstMissing = i; break }
            i += length
        }
        guard firstMissing >= 0 else { return .none }
        var count = 0
        var found = Set<UInt32>()
        var start = 0
        for end in graphemes() {
            var k = max(start, 0)
            var missing = false
            while k < Int(end) {
                let (scalar, length) = UTF8Decoding.decode(bytes, at: k, end: Int(end))
                if k >= firstMissing && isMissing(scalar, style: style, fonts: fonts) { missing = true; found.insert(scalar) }
                k += length
            }
            if missing { count += 1 }
            start = Int(end)
        }
        let sample = found.sorted().prefix(sampleLimit).compactMap(Unicode.Scalar.init)
        return MissingGlyphs(clusterCount: count, scalars: Array(sample))
    }

    @inline(__always)
    private static func isMissing(_ scalar: UInt32, style: FontStyle, fonts: FontCollection) -> Bool {
        switch scalar {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return false // tabs are shaped as spaces; the rest break lines
        default: return !CharacterProperties.isDefaultIgnorable(scalar) && !fonts.chainCovers(style, scalar)
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
