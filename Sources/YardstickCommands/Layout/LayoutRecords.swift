/// The records of a `layout` input, each a text and the width to lay it out at.
///
/// A text is kept as the place of its UTF-8 bytes, not as a `String`: in the input as read when
/// it needed no decoding (the common case: no escapes, valid UTF-8), else in a buffer of decoded
/// texts. Reading a record makes no copy and no allocation of its own, and the engine prepares
/// the bytes where they lie. Every text's bytes are well-formed UTF-8.
///
/// Memory: the input, the decoded texts, and 24 bytes a record.
package struct LayoutRecords {
    /// The input as read.
    private let input: [UInt8]
    /// Texts that needed decoding (escapes, or invalid UTF-8 replaced), one after another.
    private var decoded: [UInt8] = []
    /// Where each text is: a range of `input`, or, from `input.count` on, of `decoded` moved up
    /// by `input.count`.
    private var spans: [Range<Int>] = []
    /// Each record's width in points.
    package private(set) var widths: [Double] = []
    /// Invalid UTF-8 sequences and unpaired surrogate escapes read, each now a U+FFFD.
    package internal(set) var replacedInvalidUTF8 = 0

    package var count: Int { spans.count }

    /// No records yet, room for about `expected` (memory not written is not taken from the system).
    init(input: [UInt8], expected: Int = 0) {
        self.input = input
        spans.reserveCapacity(expected)
        widths.reserveCapacity(expected)
    }

    /// Records of the given texts and widths (for tests and tools; the command reads them).
    package init(texts: [String], widths: [Double]) {
        precondition(texts.count == widths.count, "a width for each text")
        self.input = []
        for text in texts { appendDecoded(text.utf8) }
        self.widths = widths
    }

    /// A record whose text is `range` of the input.
    mutating func append(input range: Range<Int>, width: Double) {
        spans.append(range)
        widths.append(width)
    }

    /// A record whose text is `bytes` (well-formed UTF-8), kept in the decoded buffer.
    mutating func append(decoded bytes: some Collection<UInt8>, width: Double) {
        appendDecoded(bytes)
        widths.append(width)
    }

    private mutating func appendDecoded(_ bytes: some Collection<UInt8>) {
        let start = input.count + decoded.count
        decoded.append(contentsOf: bytes)
        spans.append(start..<input.count + decoded.count)
    }

    /// Appends the records of `other`, read from the same input.
    mutating func append(contentsOf other: LayoutRecords) {
        let shift = decoded.count
        decoded += other.decoded
        spans += other.spans.lazy.map { $0.lowerBound < self.input.count ? $0 : $0.lowerBound + shift..<$0.upperBound + shift }
        widths += other.widths
        replacedInvalidUTF8 += other.replacedInvalidUTF8
    }

    /// Record `i`'s text.
    package func text(_ i: Int) -> String {
        withTexts { String(decoding: $0(i), as: UTF8.self) }
    }

    /// Calls `body` with a function from a record's index to its text's bytes, valid during `body`.
    package func withTexts<R>(_ body: ((Int) -> UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try input.withUnsafeBufferPointer { input in
            try decoded.withUnsafeBufferPointer { decoded in
                try spans.withUnsafeBufferPointer { spans in
                    try body { i in
                        let span = spans[i]
                        return span.lowerBound < input.count
                            ? UnsafeBufferPointer(rebasing: input[span])
                            : UnsafeBufferPointer(rebasing: decoded[(span.lowerBound - input.count)..<(span.upperBound - input.count)])
                    }
                }
            }
        }
    }
}
