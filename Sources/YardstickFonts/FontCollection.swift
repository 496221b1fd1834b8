import Foundation

/// The ordered set of faces text is measured with, and the fallback chain used for each style.
///
/// Faces come in families (the user's files grouped by family name, a fontconfig family, each
/// bundled script family); for a style, each family gives the face CSS Fonts 4 §5.2 picks
/// (`FamilyMatch`), a variable face set to the style's weight. Styles whose faces come out the
/// same share one chain, so the bundled fonts' nine weights and two slants make four chains.
///
/// Fallback order (documented in Fonts/README.md): the user's font files and folders in the
/// order given (faces whose own style matches the requested style first), then the family
/// resolved through fontconfig, then the bundled Noto Sans face of the style and the bundled
/// script, symbol and emoji faces in fontconfig's order, then (with `systemFallback`) installed
/// faces that cover what no other face does. The shaping stage picks, per grapheme cluster, the
/// first face in the chain whose cmap covers the cluster.
///
/// Faces are indexed by their position in `faces`; a chain is a list of such indices. At most
/// 256 faces. A line's height depends only on the vertical metrics of its faces, and faces with
/// equal metrics share one bit of a 64-bit line key, so at most 64 distinct metrics.
/// Immutable and thread-safe once built. Loading opens each font file once (FreeType and
/// HarfBuzz objects per face, freed with the collection) and builds a coverage bitmap per face
/// (about 136 KB each); lookups of a face for a character are O(1).
public final class FontCollection: @unchecked Sendable { // immutable after init; coverageBits is owned and read-only
    /// Every loaded face, each once.
    public let faces: [FontCollection.Face]
    /// The distinct chains, each a list of faces; styles point at them through `chainTable`.
    private let chains: [[FaceIndex]]
    /// Per optical size band (none, then each of `opticalSizes`), per weight 1…1000 (× 2:
    /// upright, italic): its chain. A weight the collection was not made for takes the chain of
    /// the nearest weight it was made for, as CSS picks among them; a size, the nearest size's.
    /// Raw memory, not an array: `chainIndex(for:)` is inlined into the stages above, where an
    /// array read of a shared class would cost reference counting.
    @usableFromInline let chainTable: UnsafeMutablePointer<UInt8>
    /// Whether there are bands beside the first (no optical size).
    @usableFromInline let hasOpticalBands: Bool
    /// The optical size bands, ascending: the point sizes the collection has instances of its
    /// `opsz` faces for, and either side of where a family switches files (Inter Display from
    /// 20 pt); empty when neither is there (a style's optical size is then of no account).
    public let opticalSizes: [Double]
    /// The weights the collection was made for (each with a chain of its own faces).
    public let weights: [FontWeight]
    /// Per family: its name, the first family of every chain being the one a style asks for.
    private let primaryFamily: String
    private let emojiChains: [[Int]]
    /// Per style, per block of 64 scalars: the first position in the chain whose face maps any
    /// scalar of the block (`chain.count` if none) — fallback skips the faces before it.
    @usableFromInline let chainSkips: [[UInt8]]
    /// Every face's cmap bitset, back to back (`Self.coverageWordCount` words per face):
    /// fallback tests coverage per character, so this is read without touching reference counts.
    private let coverageBits: UnsafeMutablePointer<UInt64>
    /// Whether `coverageBits` are mapped pages or calloc's memory (see `zeroedWords`).
    private let coverageBitsMapped: Bool
    /// Every style's chain, then every style's emoji-first chain, back to back (each at its
    /// `chainOffsets` entry): fallback walks them without touching the reference counts of
    /// arrays every thread shares.
    @usableFromInline let chainStorage: UnsafeMutablePointer<Int>
    @usableFromInline let chainOffsets: UnsafeMutablePointer<(start: Int, count: Int)>
    /// `chains.count`, kept apart so the inlined look-ups read no array.
    @usableFromInline let distinctChainCount: Int
    /// Per style: the union of its chain's cmaps (`Self.coverageWordCount` words each), so
    /// "can any face draw this?" is one bit test.
    @usableFromInline let chainCoverageBits: UnsafeMutablePointer<UInt64>
    /// Whether `chainCoverageBits` are mapped pages or calloc's memory.
    private let chainCoverageBitsMapped: Bool
    /// Per face: a color (emoji) face.
    private let colorFaces: UnsafeMutablePointer<Bool>
    /// Language variants: where a chain reaches the key face, a cluster starting with one of
    /// the variant's characters uses the variant face instead (when it covers the cluster).
    package let variants: [Int: [(scalars: [ClosedRange<UInt32>], face: FaceIndex)]]
    private let hasVariants: [Bool]
    /// `variants` flattened: (base face, scalar range, variant face).
    private let variantList: [(base: Int, scalars: ClosedRange<UInt32>, face: FaceIndex)]

    /// Per face: its bit in a line's set of vertical metrics (faces with equal ascender,
    /// descender and line gap per em share one).
    package let metricsBits: [UInt64]
    /// The distinct vertical metrics of the faces, in bit order.
    package let distinctMetrics: [FontMetrics]

    /// Installed faces a system fallback found but left out: one more would have passed
    /// `maximumFaces` or the 64 distinct line metrics a collection holds (0 without system fallback).
    public internal(set) var leftOutSystemFaces = 0

    /// `CodepointCoverage.wordCount`, for the inlined look-ups.
    @usableFromInline static var coverageWordCount: Int { 0x110000 / 64 }

    /// The most faces one collection holds.
    public static let maximumFaces = 256
    /// The most distinct vertical metrics one collection holds (a line's set is a 64-bit mask).
    package static let maximumDistinctMetrics = 64

    /// Assembles a collection from faces and a fallback chain per style: `chains[style]` for
    /// every weight of `weights`, upright and italic (the four basic styles at least).
    package init(faces: [FontCollection.Face], chains styleChains: [FontStyle: [FaceIndex]], primaryFamily: String = "",
                 variants: [Int: [(scalars: [ClosedRange<UInt32>], face: FaceIndex)]] = [:]) throws {
        guard !faces.isEmpty, FontStyle.basic.allSatisfy({ styleChains[$0] != nil }),
              styleChains.values.allSatisfy({ !$0.isEmpty && $0.allSatisfy { faces.indices.contains($0) } }) else {
            throw FontError.emptyCollection
        }
        let weights = Set(styleChains.keys.map(\.weight)).sorted()
        let sizes = Set(styleChains.keys.compactMap(\.opticalSize)).sorted()
        let bands: [Double?] = [nil] + sizes
        guard bands.allSatisfy({ band in weights.allSatisfy { w in [false, true].allSatisfy { styleChains[FontStyle(weight: w, italic: $0, opticalSize: band)] != nil } } }) else {
            throw FontError.emptyCollection
        }
        // Distinct chains in the order of their first style (regular first: chain 0).
        var chains: [[FaceIndex]] = []
        var chainIndex: [[FaceIndex]: Int] = [:]
        var indexOfStyle: [FontStyle: Int] = [:]
        for band in bands {
            for style in FontStyle.basic + weights.flatMap({ [FontStyle(weight: $0, italic: false), FontStyle(weight: $0, italic: true)] }) {
                let sized = FontStyle(weight: style.weight, italic: style.isItalic, opticalSize: band)
                let chain = styleChains[sized]!
                if chainIndex[chain] == nil { chainIndex[chain] = chains.count; chains.append(chain) }
                indexOfStyle[sized] = chainIndex[chain]!
            }
        }
        guard chains.count <= 255 else { throw FontError.tooManyStyles(count: chains.count, limit: 255) }
        // The nearest weight made for, once per weight; then per band the chains of those weights.
        let nearest = (0...1000).map { $0 == 0 ? 0 : FamilyMatch.nearestIndex(FontWeight(rawValue: $0)!, among: weights) }
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: bands.count * Self.bandSize)
        table.initialize(repeating: 0, count: bands.count * Self.bandSize)
        for (b, band) in bands.enumerated() {
            let upright = weights.map { UInt8(indexOfStyle[FontStyle(weight: $0, italic: false, opticalSize: band)]!) }
            let italic = weights.map { UInt8(indexOfStyle[FontStyle(weight: $0, italic: true, opticalSize: band)]!) }
            for w in 1...1000 {
                table[b * Self.bandSize + 2 * w] = upright[nearest[w]]
                table[b * Self.bandSize + 2 * w + 1] = italic[nearest[w]]
            }
        }
        chainTable = table
        self.opticalSizes = sizes
        hasOpticalBands = !sizes.isEmpty
        self.weights = weights
        self.primaryFamily = primaryFamily.isEmpty ? faces[chains[0][0]].familyName : primaryFamily
        guard faces.count <= Self.maximumFaces else {
            throw FontError.tooManyFaces(count: faces.count, limit: Self.maximumFaces, what: "faces")
        }
        var distinct: [FontMetrics] = []
        var metricsBits: [UInt64] = []
        for face in faces {
            let m = face.lineMetrics
            let k = distinct.firstIndex { $0.lineKey == m.lineKey }
            if k == nil && distinct.count == Self.maximumDistinctMetrics {
                let all = Set(faces.map(\.lineMetrics.lineKey)).count
                throw FontError.tooManyFaces(count: all, limit: Self.maximumDistinctMetrics, what: "distinct line metrics (ascender, descender, line gap)")
            }
            if k == nil { distinct.append(m) }
            metricsBits.append(1 << UInt64(k ?? distinct.count - 1))
        }
        self.metricsBits = metricsBits
        self.distinctMetrics = distinct
        self.faces = faces
        self.chains = chains
        self.distinctChainCount = chains.count
        self.variants = variants
        self.hasVariants = faces.indices.map { variants[$0] != nil }
        self.variantList = variants.keys.sorted().flatMap { base in variants[base]!.flatMap { v in v.scalars.map { (base, $0, v.face) } } }
        self.emojiChains = chains.map { chain in chain.filter { faces[$0].hasColorGlyphs } + chain.filter { !faces[$0].hasColorGlyphs } }
        // Zeroed, untouched memory (fresh pages of their own): only the blocks a face maps are
        // written, so the rest of each table costs neither time nor RAM.
        let words = Self.coverageWordCount
        let (bits, bitsMapped) = Self.zeroedWords(faces.count * words)
        for (i, face) in faces.enumerated() {
            for (block, word) in zip(face.coverage.blockIndices, face.coverage.blockWords) { bits[i * words + Int(block)] = word }
        }
        coverageBits = bits
        coverageBitsMapped = bitsMapped
        // The first position per block: faces from the back of the chain, so the earliest wins.
        chainSkips = chains.map { chain in
            var skips = [UInt8](repeating: UInt8(min(255, chain.count)), count: words)
            for (position, face) in chain.enumerated().reversed() {
                for block in faces[face].coverage.blockIndices { skips[Int(block)] = UInt8(min(255, position)) }
            }
            return skips
        }
        (chainCoverageBits, chainCoverageBitsMapped) = Self.zeroedWords(chains.count * words)
        for (k, chain) in chains.enumerated() {
            for face in chain {
                for (block, word) in zip(faces[face].coverage.blockIndices, faces[face].coverage.blockWords) {
                    chainCoverageBits[k * words + Int(block)] |= word
                }
            }
        }
        colorFaces = .allocate(capacity: faces.count)
        colorFaces.initialize(from: faces.map(\.hasColorGlyphs), count: faces.count)
        let all = chains + emojiChains
        chainStorage = .allocate(capacity: max(1, all.reduce(0) { $0 + $1.count }))
        chainOffsets = .allocate(capacity: all.count)
        var start = 0
        for (k, chain) in all.enumerated() {
            (chainStorage + start).initialize(from: chain, count: chain.count)
            (chainOffsets + k).initialize(to: (start, chain.count))
            start += chain.count
        }
    }

    deinit {
        Self.release(coverageBits, count: faces.count * Self.coverageWordCount, mapped: coverageBitsMapped)
        Self.release(chainCoverageBits, count: chains.count * Self.coverageWordCount, mapped: chainCoverageBitsMapped)
        colorFaces.deallocate()
        chainTable.deallocate()
        chainStorage.deallocate()
        chainOffsets.deallocate()
    }

    /// `count` zeroed words in pages of their own, mapped but not touched, and true; or, where
    /// no mapping is to be had (a limit on address space), calloc's and false. Not from malloc
    /// first: a heap set up to keep its memory (the command line's) would hand out used pages
    /// that calloc must clear, megabytes of them here. `release` frees them either way.
    private static func zeroedWords(_ count: Int) -> (words: UnsafeMutablePointer<UInt64>, mapped: Bool) {
        let bytes = max(1, count) * MemoryLayout<UInt64>.stride
        if let raw = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), raw != MAP_FAILED {
            return (raw.bindMemory(to: UInt64.self, capacity: max(1, count)), true)
        }
        guard let raw = calloc(max(1, count), MemoryLayout<UInt64>.stride) else { fatalError("out of memory for font coverage") }
        return (raw.bindMemory(to: UInt64.self, capacity: max(1, count)), false)
    }

    private static func release(_ words: UnsafeMutablePointer<UInt64>, count: Int, mapped: Bool) {
        if mapped { munmap(words, max(1, count) * MemoryLayout<UInt64>.stride) } else { free(words) }
    }

    /// The number of distinct chains (at most 255): the values `chainIndex(for:)` gives.
    package var chainCount: Int { distinctChainCount }

    /// The chain a style shapes with: 0 for `.regular`; styles with the same faces share one,
    /// so it keys caches of shaped text. O(1).
    @inlinable package func chainIndex(for style: FontStyle) -> Int {
        guard hasOpticalBands else { return Int(chainTable[2 * style.weight.rawValue + (style.isItalic ? 1 : 0)]) }
        return sizedChainIndex(for: style)
    }

    @usableFromInline func sizedChainIndex(for style: FontStyle) -> Int {
        Int(chainTable[opticalBand(style.opticalSize) * Self.bandSize + 2 * style.weight.rawValue + (style.isItalic ? 1 : 0)])
    }

    /// Entries of `chainTable` per optical size band.
    private static let bandSize = 2 * 1001

    /// The band of an optical size: 0 for none, else 1 + the position of the nearest of `opticalSizes`.
    private func opticalBand(_ size: Double?) -> Int {
        guard let size else { return 0 }
        var best = 0, distance = Double.infinity
        for (k, s) in opticalSizes.enumerated() where abs(s - size) < distance { (best, distance) = (k + 1, abs(s - size)) }
        return best
    }

    /// `chain(for:)` (or, with `emojiFirst`, `emojiFirstChain(for:)`) without an array: valid
    /// while the collection lives. Package-internal: raw pointers stay off the public API.
    @inlinable package func chainElements(for style: FontStyle, emojiFirst: Bool = false) -> UnsafeBufferPointer<Int> {
        chainElements(chain: chainIndex(for: style), emojiFirst: emojiFirst)
    }

    /// `chainElements(for:emojiFirst:)` by chain index.
    @inlinable package func chainElements(chain: Int, emojiFirst: Bool = false) -> UnsafeBufferPointer<Int> {
        let (start, count) = chainOffsets[(emojiFirst ? distinctChainCount : 0) + chain]
        return UnsafeBufferPointer(start: chainStorage + start, count: count)
    }

    /// The first position in a chain worth asking about `scalar`: no face before it maps
    /// any character of the scalar's 64-character block. O(1).
    @inlinable package func firstCandidate(in style: FontStyle, for scalar: UInt32) -> Int {
        firstCandidate(chain: chainIndex(for: style), for: scalar)
    }

    @inlinable package func firstCandidate(chain: Int, for scalar: UInt32) -> Int {
        guard scalar < 0x110000 else { return 0 }
        return Int(chainSkips[chain][Int(scalar >> 6)])
    }

    /// Whether a face's cmap maps a scalar. O(1), lock-free.
    @inline(__always) package func covers(_ face: FaceIndex, _ scalar: UInt32) -> Bool {
        guard scalar < 0x110000 else { return false }
        return (coverageBits[face * Self.coverageWordCount + Int(scalar >> 6)] >> UInt64(scalar & 63)) & 1 != 0
    }

    /// Whether some face of `style`'s chain maps a scalar. O(1), lock-free.
    @inlinable package func chainCovers(_ style: FontStyle, _ scalar: UInt32) -> Bool {
        chainCovers(chain: chainIndex(for: style), scalar)
    }

    @inlinable package func chainCovers(chain: Int, _ scalar: UInt32) -> Bool {
        guard scalar < 0x110000 else { return false }
        return (chainCoverageBits[chain * Self.coverageWordCount + Int(scalar >> 6)] >> UInt64(scalar & 63)) & 1 != 0
    }

    /// Whether the faces of `style`'s chain together map every printable ASCII character. O(1).
    @inlinable package func chainCoversPrintableASCII(_ style: FontStyle) -> Bool {
        chainCoversPrintableASCII(chain: chainIndex(for: style))
    }

    @inlinable package func chainCoversPrintableASCII(chain: Int) -> Bool {
        let words = chainCoverageBits + chain * Self.coverageWordCount
        return words[0] >> 32 == 0xFFFF_FFFF && words[1] | (1 << 63) == .max
    }

    /// The cmap bitset of a face, and the union of `style`'s chain: one bit per scalar up to
    /// U+10FFFF (`Self.coverageWordCount` words), valid while the collection lives. For
    /// loops that test many characters without a call per test. Package-internal: raw pointers
    /// stay off the public API.
    package func coverageWords(face: FaceIndex) -> UnsafePointer<UInt64> { UnsafePointer(coverageBits + face * Self.coverageWordCount) }
    @inlinable package func chainCoverageWords(_ style: FontStyle) -> UnsafePointer<UInt64> {
        chainCoverageWords(chain: chainIndex(for: style))
    }

    @inlinable package func chainCoverageWords(chain: Int) -> UnsafePointer<UInt64> {
        UnsafePointer(chainCoverageBits + chain * Self.coverageWordCount)
    }

    /// Whether a face draws in color (an emoji face). O(1), lock-free.
    @inline(__always) package func isColor(_ face: FaceIndex) -> Bool { colorFaces[face] }

    /// Whether a face's cmap maps every printable ASCII character (U+0020 to U+007E). O(1).
    @inline(__always) package func coversPrintableASCII(_ face: FaceIndex) -> Bool {
        let words = coverageBits + face * Self.coverageWordCount
        return words[0] >> 32 == 0xFFFF_FFFF && words[1] | (1 << 63) == .max
    }

    /// The face to use where a chain reaches `face` for a cluster starting with `scalar`.
    @inline(__always) package func variant(of face: FaceIndex, for scalar: UInt32) -> Int? {
        guard hasVariants[face] else { return nil }
        for v in variantList where v.base == face && v.scalars.contains(scalar) { return v.face }
        return nil
    }

    /// The fallback chain for a style: indices into `faces`, most preferred first.
    package func chain(for style: FontStyle) -> [Int] { chains[chainIndex(for: style)] }

    /// A chain with its color (emoji) faces moved to the front, for emoji-presentation clusters.
    package func emojiFirstChain(for style: FontStyle) -> [Int] { emojiChains[chainIndex(for: style)] }

    /// The face that sets the height of an empty line in a style.
    package func primaryFace(for style: FontStyle) -> Int { chains[chainIndex(for: style)][0] }

    /// The face that sets the height of an empty line in a chain.
    package func primaryFace(chain: Int) -> Int { chains[chain][0] }

    /// Where a style is measured with a face of another weight or slant: the first family of
    /// the chain has no face for it (a static family without that weight, a variable face
    /// whose axis stops short, a weight the collection was not made for). Nil when the face
    /// is the style asked. O(1).
    /// An `opsz` face set to another size than asked (one the collection was not made for)
    /// is one too; an optical size clamped to the axis is not.
    public func substitution(for style: FontStyle) -> FontSubstitution? {
        let face = faces[primaryFace(for: style)]
        var used = face.style
        var sizeDiffers = false
        if let asked = style.opticalSize, let axis = face.axes.first(where: { $0.tag == "opsz" }) {
            let set = face.variations.first { $0.tag == "opsz" }?.value ?? axis.defaultValue
            used.opticalSize = set
            sizeDiffers = set != axis.clamp(asked)
        } else {
            used.opticalSize = style.opticalSize
        }
        guard face.weight != style.weight || face.isItalic != style.isItalic || sizeDiffers else { return nil }
        return FontSubstitution(asked: style, used: used, faceName: face.name, family: primaryFamily,
                                madeFor: weights.contains(style.weight) && (!sizeDiffers || style.opticalSize.map(opticalSizes.contains) ?? true))
    }

}
