/// Something that produces item codes in order, a block at a time, for building the tree or
/// inserting into it without first materialising every code in a temporary array.
protocol ItemCodeSource {
    /// Writes the next `buffer.count` codes into `buffer`. Callers never ask for more codes than
    /// the source was created to produce.
    mutating func fill(_ buffer: UnsafeMutableBufferPointer<UInt32>)
}

/// The same code over and over (for example `k` estimated rows). O(1) per code.
struct RepeatedCodeSource: ItemCodeSource {
    let code: UInt32

    mutating func fill(_ buffer: UnsafeMutableBufferPointer<UInt32>) {
        buffer.update(repeating: code)
    }
}

/// Codes read in order from a buffer the caller keeps alive. O(1) per code.
struct BufferCodeSource: ItemCodeSource {
    private var remaining: UnsafeBufferPointer<UInt32>

    init(_ codes: UnsafeBufferPointer<UInt32>) { remaining = codes }

    mutating func fill(_ buffer: UnsafeMutableBufferPointer<UInt32>) {
        guard let target = buffer.baseAddress, let source = remaining.baseAddress else { return }
        target.update(from: source, count: buffer.count)
        remaining = UnsafeBufferPointer(rebasing: remaining[buffer.count...])
    }
}

/// The codes of whole sections: for each, its header, its rows and its footer. Runs of estimated
/// rows are written with a block fill. O(1) per code plus O(1) per section.
struct SectionsCodeSource: ItemCodeSource {
    /// One section whose heights have been validated; `measuredRowHeights` nil means all rows
    /// estimated.
    struct Section {
        var headerHeight: Int
        var footerHeight: Int
        var rowCount: Int
        var measuredRowHeights: [LayoutLength]?
    }

    private let sections: [Section]
    private var sectionIndex = 0
    /// Position inside the current section: 0 is the header, 1...rowCount the rows, rowCount + 1 the footer.
    private var itemIndex = 0

    init(_ sections: [Section]) { self.sections = sections }

    /// Total number of codes the source produces.
    static func itemCount(of sections: [Section]) -> Int {
        sections.reduce(0) { $0 + $1.rowCount + 2 }
    }

    mutating func fill(_ buffer: UnsafeMutableBufferPointer<UInt32>) {
        var written = 0
        while written < buffer.count {
            let section = sections[sectionIndex]
            if itemIndex == 0 {
                buffer[written] = ItemCode.header(section.headerHeight)
                written += 1
                itemIndex = 1
            } else if itemIndex <= section.rowCount {
                let run = min(section.rowCount - (itemIndex - 1), buffer.count - written)
                if let heights = section.measuredRowHeights {
                    heights.withUnsafeBufferPointer { heights in
                        for offset in 0..<run { buffer[written + offset] = ItemCode.measuredRow(Int(heights[itemIndex - 1 + offset].units)) }
                    }
                } else {
                    UnsafeMutableBufferPointer(rebasing: buffer[written..<(written + run)]).update(repeating: ItemCode.estimatedRow)
                }
                written += run
                itemIndex += run
            } else {
                buffer[written] = ItemCode.footer(section.footerHeight)
                written += 1
                itemIndex = 0
                sectionIndex += 1
            }
        }
    }
}
