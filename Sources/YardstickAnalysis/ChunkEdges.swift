/// The edges of one chunk of a paragraph (see `TextAnalyzer.chunkBreaks`): what the break
/// opportunity before the next chunk depends on. Plain values, so a cache can keep them.
///
/// This is line-break analysis, not caching, so it lives here: it states a property of UAX #14
/// (a paragraph's opportunities are those inside its chunks plus `breakBetween` at their
/// joins), is built from the ICU-free breaker's classes, and is checked in this module's tests
/// against whole-paragraph analysis and ICU (`FastLineBreaksTests`). The layout module's
/// chunk cache is its one user.
public struct ChunkEdges: Equatable, Sendable {
    /// Line-break classes (internal to the analysis layer) of the first unit and of the last
    /// unit before trailing spaces.
    @usableFromInline let first: UInt8
    @usableFromInline let secondIsNumber: Bool
    @usableFromInline let lastNonSpace: UInt8
    /// A character may make the text right to left (bidi must run on the paragraph).
    public let mayBeRightToLeft: Bool

    /// The edges of a chunk with no characters (before the first chunk of a paragraph).
    public static let paragraphStart = ChunkEdges(first: FastLineBreaks.Class.sp.rawValue, secondIsNumber: false,
                                                      lastNonSpace: FastLineBreaks.Class.sp.rawValue, mayBeRightToLeft: false)

    init(first: UInt8, secondIsNumber: Bool, lastNonSpace: UInt8, mayBeRightToLeft: Bool) {
        self.first = first
        self.secondIsNumber = secondIsNumber
        self.lastNonSpace = lastNonSpace
        self.mayBeRightToLeft = mayBeRightToLeft
    }

    /// Whether a paragraph can be broken chunk by chunk (see `support`).
    public enum Support: Equatable, Sendable {
        /// Every character is handled by the ICU-free rules or of a dictionary script, whose
        /// chunks take ICU's breaks.
        case handled
        /// A character may make the text right to left (only when levels were not known): the
        /// chunks need the paragraph's bidi levels.
        case needsLevels
        /// A character the chunk rules do not handle: the paragraph needs the whole-paragraph analysis.
        case unhandled
    }

    /// Whether a paragraph can be broken chunk by chunk to the end; right-to-left characters
    /// are accepted only when `levelsKnown` (the paragraph's bidi levels are at hand, or it is
    /// known to be at one level). A quick scan: O(n), no allocation.
    package static func support(_ bytes: UnsafeBufferPointer<UInt8>, paragraph: Range<Int>, levelsKnown: Bool) -> Support {
        FastLineBreaks.handlesChunks(bytes, paragraph, rightToLeft: levelsKnown)
    }

    /// What the break before a chunk starting at `offset` depends on, read from its first
    /// characters only (its `lastNonSpace` is unknown): enough for `breakBetween(previous, _)`.
    /// Nil when a character there is not handled by the ICU-free rules.
    package static func start(of bytes: UnsafeBufferPointer<UInt8>, at offset: Int, end: Int) -> ChunkEdges? {
        guard let units = FastLineBreaks.firstUnits(bytes, at: offset, end: end) else { return nil }
        return ChunkEdges(first: units.first.rawValue, secondIsNumber: units.second == .nu,
                              lastNonSpace: FastLineBreaks.Class.sp.rawValue, mayBeRightToLeft: false)
    }

    /// The chunk ends in an opening punctuation mark and spaces: the next chunk's analysis needs to know.
    public var opensSpaces: Bool {
        lastNonSpace == FastLineBreaks.Class.op.rawValue || lastNonSpace == FastLineBreaks.Class.opWide.rawValue
    }

    /// Whether a line may break between `previous` (which ends in spaces) and `next`.
    @inlinable
    public static func breakBetween(_ previous: ChunkEdges, _ next: ChunkEdges) -> Bool {
        breakAfterSpaces(previous.lastNonSpace, next.first, next.secondIsNumber)
    }

    /// `breakBetween` with the rule table held by the caller: a hot loop then reads no lazily
    /// initialized global (each read of one checks that it was initialized).
    public struct BreakRule {
        @usableFromInline let afterSpaces: UnsafePointer<UInt8>

        public init() { afterSpaces = FastLineBreaks.afterSpacesTable }

        /// Whether a line may break between `previous` (which ends in spaces) and `next`.
        @inlinable @inline(__always)
        public func breakBetween(_ previous: ChunkEdges, _ next: ChunkEdges) -> Bool {
            FastLineBreaks.breakAfterSpaces(afterSpaces, beforeSpaces: previous.lastNonSpace, first: next.first, secondIsNumber: next.secondIsNumber)
        }
    }

    @inlinable
    static func breakAfterSpaces(_ beforeSpaces: UInt8, _ first: UInt8, _ secondIsNumber: Bool) -> Bool {
        FastLineBreaks.breakAfterSpaces(beforeSpaces: beforeSpaces, first: first, secondIsNumber: secondIsNumber)
    }
}
