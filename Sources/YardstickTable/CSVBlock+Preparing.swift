import YardstickFonts
import YardstickLayout

extension CSVBlock {
    /// Prepares `count` of this block's fields on all cores (`field(i)` is text i's record and
    /// column) and hands each to `result(i, prepared, replaced)` as soon as its batch is ready.
    /// A field of valid UTF-8 (nearly all) is prepared where it lies; another is decoded, its
    /// invalid sequences replaced (`replaced` of them), into memory of its own, freed after the
    /// pass. Results in order, whatever the thread count.
    package func prepareFields<T>(count: Int, field: (Int) -> (record: Int, column: Int), engine: TextEngine, style: FontStyle,
                                  threads: Int, _ result: (Int, consuming PreparedText, Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        var replaced = [Int](repeating: 0, count: count)
        var decoded = [UnsafeMutableBufferPointer<UInt8>?](repeating: nil, count: count)
        defer { for d in decoded { d?.deallocate() } }
        return bytes.withUnsafeBufferPointer { all in
            replaced.withUnsafeMutableBufferPointer { replaced in
                decoded.withUnsafeMutableBufferPointer { decoded in
                    engine.prepareEach(count: count, utf8: { i in
                        let (r, c) = field(i)
                        let text = UnsafeBufferPointer(rebasing: all[range(r, c)])
                        if UTF8Validation.isValid(text) { return text }
                        let (repaired, n) = CSVBlock.decode(text)
                        replaced[i] = n
                        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: repaired.utf8.count)
                        _ = copy.initialize(from: repaired.utf8)
                        decoded[i] = copy
                        return UnsafeBufferPointer(copy)
                    }, style: style, threads: threads) { i, prepared in
                        result(i, prepared, replaced[i])
                    }
                }
            }
        }
    }
}
