/// One paragraph of a text: the bytes between hard breaks.
public struct Paragraph: Equatable, Sendable {
    /// UTF-8 offset of the first byte.
    public var start: Int
    /// UTF-8 offset just past the content (the hard break, if any, starts here).
    public var end: Int
    /// UTF-8 offset where the next paragraph starts (after the hard break); equals `end` for the last one.
    public var next: Int

    public init(start: Int, end: Int, next: Int) {
        self.start = start
        self.end = end
        self.next = next
    }

    public var isEmpty: Bool { start == end }
}
