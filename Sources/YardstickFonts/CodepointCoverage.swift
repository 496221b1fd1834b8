/// The set of Unicode scalars a face maps to glyphs (its cmap), as a flat bitset.
///
/// Fallback asks "does this face cover U+xxxx?" for every character it places, so the test is a
/// shift and a mask: O(1), no locks, safe to read from any thread. 139 KB per face.
package struct CodepointCoverage: Sendable {
    @usableFromInline let words: [UInt64]
    /// 64-bit words per face: one bit per scalar up to U+10FFFF.
    package static let wordCount = 0x110000 / 64

    package init(_ scalars: some Sequence<UInt32>) {
        var words = [UInt64](repeating: 0, count: Self.wordCount)
        for s in scalars where s < 0x110000 {
            words[Int(s >> 6)] |= 1 << UInt64(s & 63)
        }
        self.words = words
    }

    @inlinable package func contains(_ scalar: UInt32) -> Bool {
        guard scalar < 0x110000 else { return false }
        return words.withUnsafeBufferPointer { ($0[Int(scalar >> 6)] >> UInt64(scalar & 63)) & 1 != 0 }
    }

    /// Number of covered scalars.
    package var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
}
