/// What HarfBuzz made of one run of text in one face, kept in font units so the same result
/// serves every point size: the glyphs for a renderer, and per-cluster advances for the line
/// breaker (overlong words, truncation, letter spacing).
///
/// Offsets are UTF-8 bytes relative to the start of the run's text. Clusters are the run's
/// breakable units: HarfBuzz clusters merged so that none starts inside a grapheme cluster.
/// Immutable; shared between threads through the `ShapingCache`.
public final class ShapedRun: Sendable {
    /// Index of the face in its `FontCollection`.
    public let face: Int
    public let isRightToLeft: Bool
    /// Length of the shaped text in UTF-8 bytes.
    public let byteCount: Int32

    /// Glyphs in visual order (left to right), as HarfBuzz returns them.
    public let glyphIDs: [UInt32]
    public let xAdvances: [Int32]
    public let xOffsets: [Int32]
    public let yOffsets: [Int32]
    /// Each glyph's cluster: the UTF-8 offset of the first character it came from.
    public let glyphClusters: [UInt32]

    /// Breakable cluster starts, ascending (logical order); the first is 0.
    public let clusterStarts: [Int32]
    /// Advance of each cluster in `clusterStarts`, font units.
    public let clusterAdvances: [Int32]
    /// Sum of all advances, font units.
    public let totalAdvance: Int32
    /// Where trailing hanging whitespace begins (== byteCount when there is none).
    public let trailingWhitespaceStart: Int32
    /// Advance of the trailing whitespace, font units.
    public let trailingAdvance: Int32
    /// Clusters in the trailing whitespace.
    public let trailingClusterCount: Int32
    /// Per cluster: `ClusterFlags` bits used to decide where a broken word gets a hyphen.
    public let clusterFlags: [UInt8]

    public init(face: Int, isRightToLeft: Bool, byteCount: Int32, glyphIDs: [UInt32], xAdvances: [Int32],
                xOffsets: [Int32], yOffsets: [Int32], glyphClusters: [UInt32], clusterStarts: [Int32],
                clusterAdvances: [Int32], clusterFlags: [UInt8], trailingWhitespaceStart: Int32) {
        self.face = face
        self.isRightToLeft = isRightToLeft
        self.byteCount = byteCount
        self.glyphIDs = glyphIDs
        self.xAdvances = xAdvances
        self.xOffsets = xOffsets
        self.yOffsets = yOffsets
        self.glyphClusters = glyphClusters
        self.clusterStarts = clusterStarts
        self.clusterAdvances = clusterAdvances
        self.clusterFlags = clusterFlags
        self.clusterCount = Int32(clusterStarts.count)
        var total: Int32 = 0
        for a in xAdvances { total &+= a }
        self.totalAdvance = total
        self.trailingWhitespaceStart = trailingWhitespaceStart
        var trailing: Int32 = 0
        var trailingCount: Int32 = 0
        for (i, start) in clusterStarts.enumerated() where start >= trailingWhitespaceStart {
            trailing &+= clusterAdvances[i]
            trailingCount += 1
        }
        self.trailingAdvance = trailing
        self.trailingClusterCount = trailingCount
    }

    /// Number of breakable clusters.
    public let clusterCount: Int32
    /// True when the run is nothing but hanging whitespace.
    public var isAllWhitespace: Bool { trailingWhitespaceStart == 0 }
}

/// Bits of `ShapedRun.clusterFlags`. A word broken between clusters A and B gets a hyphen when
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
