/// The set of Unicode scalars a face maps to glyphs (its cmap), as the nonzero words of a bitset.
///
/// A face maps a few thousand scalars spread over a few hundred 64-scalar blocks, so only those
/// blocks' words are kept (a flat bitset would be 139 KB a face, written and copied at every
/// start). `FontCollection` lays them into its flat, lock-free lookup table. `contains` is
/// O(log blocks); building is O(scalars).
package struct CodepointCoverage: Sendable {
    /// The indices (scalar >> 6) of the blocks holding a mapped scalar, ascending.
    package let blockIndices: [UInt32]
    /// Each of those blocks' 64 bits (bit `scalar & 63`).
    package let blockWords: [UInt64]
    /// 64-bit words of a flat bitset over every scalar up to U+10FFFF.
    package static let wordCount = 0x110000 / 64

    /// From scalars in any order (scalars past U+10FFFF are left out).
    package init(_ scalars: some Sequence<UInt32>) {
        self.init(ranges: scalars.sorted().map { $0...$0 })
    }

    /// From ascending, non-overlapping ranges of scalars (as a cmap's set lists them).
    package init(ranges: some Sequence<ClosedRange<UInt32>>) {
        var indices: [UInt32] = []
        var words: [UInt64] = []
        for range in ranges where range.lowerBound < 0x110000 {
            var s = range.lowerBound
            let last = min(range.upperBound, 0x10FFFF)
            while s <= last {
                let block = s >> 6
                let end = min(last, block << 6 | 63) // the range's last scalar in this block
                let width = end - s + 1
                let bits: UInt64 = (width == 64 ? .max : (1 << UInt64(width)) - 1) << UInt64(s & 63)
                if indices.last == block { words[words.count - 1] |= bits } else { indices.append(block); words.append(bits) }
                if end == 0x10FFFF { break }
                s = end + 1
            }
        }
        self.blockIndices = indices
        self.blockWords = words
    }

    package func contains(_ scalar: UInt32) -> Bool {
        guard scalar < 0x110000 else { return false }
        let block = scalar >> 6
        var low = 0, high = blockIndices.count
        while low < high {
            let mid = (low + high) / 2
            if blockIndices[mid] < block { low = mid + 1 } else { high = mid }
        }
        return low < blockIndices.count && blockIndices[low] == block && (blockWords[low] >> UInt64(scalar & 63)) & 1 != 0
    }

    /// Number of covered scalars.
    package var count: Int { blockWords.reduce(0) { $0 + $1.nonzeroBitCount } }
}
