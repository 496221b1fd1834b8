/// One paragraph of a text: the bytes between hard breaks.
package struct Paragraph: Equatable, Sendable {
    /// UTF-8 offset of the first byte.
    package var start: Int
    /// UTF-8 offset just past the content (the hard break, if any, starts here).
    package var end: Int
    /// UTF-8 offset where the next paragraph starts (after the hard break); equals `end` for the last one.
    package var next: Int

    package init(start: Int, end: Int, next: Int) {
        self.start = start
        self.end = end
        self.next = next
    }

    package var isEmpty: Bool { start == end }
}
