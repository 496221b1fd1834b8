import YardstickFonts
/// What HarfBuzz made of one run of text in one face, kept in font units so the same result
/// serves every point size: the glyphs for a renderer, and per-cluster advances for the line
/// breaker (overlong words, truncation, letter spacing).
///
/// Offsets are UTF-8 bytes relative to the start of the run's text. Immutable; shared between
/// threads through the `ShapingCache`'s store. Two arrays: glyphs and clusters.
public final class ShapedRun: Sendable {
    /// Index of the face in its `FontCollection`.
    public let face: FaceIndex
    public let isRightToLeft: Bool
    /// Length of the shaped text in UTF-8 bytes.
    public let byteCount: Int32
    /// Glyphs in visual order (left to right), as HarfBuzz returns them.
    public let glyphs: [ShapedGlyph]
    /// Breakable clusters in logical order; the first starts at 0.
    public let clusters: [ShapedCluster]
    /// Sum of all advances, font units.
    public let totalAdvance: Int64
    /// Where trailing hanging whitespace begins (== byteCount when there is none).
    public let trailingWhitespaceStart: Int32
    /// Advance of the trailing whitespace, font units.
    public let trailingAdvance: Int64
    /// Clusters in the trailing whitespace.
    public let trailingClusterCount: Int32

    public init(face: FaceIndex, isRightToLeft: Bool, byteCount: Int32, glyphs: [ShapedGlyph], clusters: [ShapedCluster],
                trailingWhitespaceStart: Int32) {
        self.face = face
        self.isRightToLeft = isRightToLeft
        self.byteCount = byteCount
        self.glyphs = glyphs
        self.clusters = clusters
        var total: Int64 = 0
        for g in glyphs { total += Int64(g.xAdvance) }
        self.totalAdvance = total
        self.trailingWhitespaceStart = trailingWhitespaceStart
        var trailing: Int64 = 0
        var trailingCount: Int32 = 0
        for c in clusters where c.start >= trailingWhitespaceStart {
            trailing += c.advance
            trailingCount += 1
        }
        self.trailingAdvance = trailing
        self.trailingClusterCount = trailingCount
    }

    /// Number of breakable clusters.
    public var clusterCount: Int32 { Int32(clusters.count) }
    /// True when the run is nothing but hanging whitespace.
    public var isAllWhitespace: Bool { trailingWhitespaceStart == 0 }
}

/// One glyph as HarfBuzz placed it, in font units.
public struct ShapedGlyph: Hashable, Sendable {
    public var id: UInt32
    /// UTF-8 offset (in the run) of the first character of the glyph's cluster.
    public var cluster: UInt32
    public var xAdvance: Int32
    public var xOffset: Int32
    public var yOffset: Int32

    public init(id: UInt32, cluster: UInt32, xAdvance: Int32, xOffset: Int32, yOffset: Int32) {
        self.id = id
        self.cluster = cluster
        self.xAdvance = xAdvance
        self.xOffset = xOffset
        self.yOffset = yOffset
    }
}

/// One breakable cluster: HarfBuzz clusters merged so that none starts inside a grapheme cluster.
/// 16 bytes: the advance and the flags share a word, as every shaped cluster is kept.
public struct ShapedCluster: Hashable, Sendable {
    /// UTF-8 offset in the run.
    public var start: Int32
    /// The part of `advance` that kerns the cluster against the next one in the run (font
    /// units; 0 for the last, and in right-to-left runs): a line that ends after this cluster,
    /// inside a word, ends without it.
    public var kerning: Int32
    /// The advance (the upper 56 bits, signed) and the flags (the low 8 bits).
    private var advanceAndFlags: Int64

    /// The most an advance can be, in font units (±2⁵⁵; a longer one is held at it): far
    /// beyond any text a line limit lets in (64 MiB of glyphs at 2¹⁵ units each is 2⁴¹).
    public static let advanceLimit: Int64 = 1 << 55 - 1

    /// Advance, font units (a cluster of many glyphs never wraps around).
    public var advance: Int64 {
        @inline(__always) get { advanceAndFlags >> 8 }
        @inline(__always) set {
            advanceAndFlags = min(max(newValue, -Self.advanceLimit), Self.advanceLimit) << 8 | (advanceAndFlags & 0xFF)
        }
    }

    /// `ClusterFlags` bits.
    public var flags: UInt8 {
        @inline(__always) get { UInt8(truncatingIfNeeded: advanceAndFlags) }
        @inline(__always) set { advanceAndFlags = advanceAndFlags & ~0xFF | Int64(newValue) }
    }

    public init(start: Int32, advance: Int64, flags: UInt8, kerning: Int32 = 0) {
        self.start = start
        self.kerning = kerning
        self.advanceAndFlags = min(max(advance, -Self.advanceLimit), Self.advanceLimit) << 8 | Int64(flags)
    }
}

/// Bits of `ShapedCluster.flags`. A word broken between clusters A and B gets a hyphen when
/// A ends with a letter of a script that hyphenates and B continues the word (Pango 1.50's
/// `break_inserts_hyphen`: not at a UAX #29 word boundary, not next to a space or hyphen, not
/// after Han, Hangul, Hiragana, Katakana or Common characters).
public enum ClusterFlags {
    /// The cluster ends with a letter of a hyphenating script.
    public static let endsHyphenatingLetter: UInt8 = 1
    /// The cluster continues a word: it starts with a letter, mark or digit, or with a
    /// mid-word separator (. : ' ’ ·) followed by a letter.
    public static let continuesWord: UInt8 = 2
}
