import YardstickFonts
import YardstickLayout
import YardstickShaping

/// How one text slot of a row is read and shaped.
package struct SlotReader<Row> {
    package var read: (Row) -> String?
    package var fontStyle: FontStyle
    /// Empty or missing texts are not prepared (the element is hidden, or measured as one line
    /// without its text).
    package var skipsEmpty: Bool

    package init(read: @escaping (Row) -> String?, fontStyle: FontStyle, skipsEmpty: Bool) {
        self.read = read
        self.fontStyle = fontStyle
        self.skipsEmpty = skipsEmpty
    }
}

/// Prepared texts of many rows, row by row (`slotCount` per row; nil: hidden).
package struct PreparedCells: Sendable {
    package var texts: [PreparedText?]
    package let slotCount: Int
    /// The clusters of these texts that no face covers.
    package var missingGlyphs = MissingGlyphs.none

    package init(rowCount: Int, slotCount: Int) {
        texts = Array(repeating: nil, count: rowCount * slotCount)
        self.slotCount = slotCount
    }

    /// Prepares the texts of `count` rows: each row is read once, every slot's texts are
    /// prepared together on `threads` threads (0 = all cores), skipped ones left nil.
    package init<Row>(_ slots: [SlotReader<Row>], count: Int, engine: TextEngine, threads: Int, row: (Int) -> Row) {
        self.init(rowCount: count, slotCount: slots.count)
        guard !slots.isEmpty else { return }
        var texts = [[String]](repeating: [], count: slots.count)
        var rows = [[Int32]](repeating: [], count: slots.count)
        for s in slots.indices {
            texts[s].reserveCapacity(count)
            rows[s].reserveCapacity(count)
        }
        for r in 0..<count {
            let model = row(r)
            for s in slots.indices {
                guard let value = slots[s].read(model), !(value.isEmpty && slots[s].skipsEmpty) else { continue }
                texts[s].append(value)
                rows[s].append(Int32(r))
            }
        }
        let stride = slots.count
        for s in slots.indices {
            let prepared = engine.prepare(texts[s], style: slots[s].fontStyle, threads: threads)
            texts[s] = []
            let positions = rows[s]
            self.texts.withUnsafeMutableBufferPointer { out in
                for k in prepared.indices { out[Int(positions[k]) * stride + s] = prepared[k] }
            }
            for text in prepared { missingGlyphs.formUnion(text.missingGlyphs) }
        }
    }

    package func withRow<T>(_ row: Int, _ body: (UnsafeBufferPointer<PreparedText?>) -> T) -> T {
        texts.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[row * slotCount..<(row + 1) * slotCount]))
        }
    }
}
