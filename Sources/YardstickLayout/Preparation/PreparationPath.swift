/// The ways `TextPreparer` resolves a paragraph, cheapest first, and the one function that
/// picks the next: each path either appends the paragraph or refuses it, leaving the batch as
/// it found it (a chunk path takes back what it appended), and says why. All give exactly the same segments and pieces (the paths differ in
/// what they remember and look up, not in what they produce); `wholeParagraph` takes any
/// paragraph.
///
/// | path | for | remembers |
/// |---|---|---|
/// | `chunks` | nothing right to left | each chunk (a word and its spaces) |
/// | `rightToLeftChunks` | right to left at one level throughout | each chunk |
/// | `chunksByLevels` | mixed directions, numbers in right-to-left text | chunks at one level |
/// | `segments` | what the chunk rules refuse (e.g. "a / b", ICU-only classes) | each segment |
/// | `wholeParagraph` | anything; the only path with the shaping cache off | nothing |
enum PreparationPath: Int, CaseIterable, Hashable {
    case chunks
    case rightToLeftChunks
    case chunksByLevels
    case segments
    case wholeParagraph

    /// How a path ended.
    enum Outcome: Equatable {
        /// The paragraph was appended; its base bidi level.
        case appended(baseLevel: UInt8)
        /// Refused, the batch as it was: the paragraph may hold right-to-left text, so its
        /// chunks need its bidi levels.
        case needsLevels
        /// Refused, the batch as it was: the path does not handle this paragraph.
        case refused
    }

    /// The path a paragraph tries first.
    /// - Parameters:
    ///   - cachesSegments: the preparer keeps a segment cache (off: only `wholeParagraph`).
    ///   - opensRightToLeft: the paragraph's first character may be right to left (the level-0
    ///     chunk path would only refuse it after hashing the chunks ahead).
    ///   - rightToLeftAtOneLevel: whether every character is at level 1
    ///     (`TextAnalyzer.isRightToLeftAtOneLevel`), asked only when needed.
    static func first(cachesSegments: Bool, opensRightToLeft: Bool, rightToLeftAtOneLevel: () -> Bool) -> PreparationPath {
        guard cachesSegments else { return .wholeParagraph }
        guard opensRightToLeft else { return .chunks }
        return rightToLeftAtOneLevel() ? .rightToLeftChunks : .chunksByLevels
    }

    /// The path to try after `path` refused a paragraph with `outcome`.
    static func next(after path: PreparationPath, _ outcome: Outcome, rightToLeftAtOneLevel: () -> Bool) -> PreparationPath {
        switch path {
        case .chunks:
            guard outcome == .needsLevels else { return .segments }
            return rightToLeftAtOneLevel() ? .rightToLeftChunks : .chunksByLevels
        case .rightToLeftChunks, .chunksByLevels, .segments:
            // (The same chunk rules would refuse a right-to-left paragraph with levels too.)
            return path == .segments ? .wholeParagraph : .segments
        case .wholeParagraph:
            preconditionFailure("the whole-paragraph path takes every paragraph")
        }
    }
}

/// How many paragraphs each path appended (for tests and benchmarks).
struct PreparationPathCounts {
    private var counts = [Int](repeating: 0, count: PreparationPath.allCases.count)
    /// Paragraphs that may hold right-to-left text appended by the `segments` path.
    var rightToLeftSegments = 0

    subscript(path: PreparationPath) -> Int {
        get { counts[path.rawValue] }
        set { counts[path.rawValue] = newValue }
    }
}
