/// The grapheme clusters of a text that no face of its fallback chain can draw: they are
/// measured with the `.notdef` glyph ("tofu"), so their width, and maybe the height, is not
/// what any real font gives. Reported so that it is never silent.
///
/// A cluster counts when no face of the chain maps all of its characters: one of them is in no
/// face, or a mark is in no face with its base (`a` + U+0E48, a Bengali letter + U+0301), which
/// fallback then draws from the face of the base. Line breaks, tabs and the characters HarfBuzz
/// hides (its default-ignorable characters, such as U+200B and U+FE0F) never count.
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
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
