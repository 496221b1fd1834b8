import YardstickLayout
import YardstickTable
import YardstickFormats

/// `measure --config --cache DIR`: the rows and whole blocks of rows earlier runs measured, in
/// the folder `CellCacheFile` keeps (one file pair per fingerprint of the engine version, the
/// fonts, the config's bytes and the grid's column widths: a row's height depends on nothing
/// else when the table is read in blocks).
///
/// A block seen before is taken whole; otherwise each row is looked up by a 128-bit key of its
/// fields' bytes, and only the rows not found are laid out. Rows with invalid UTF-8, and the
/// rows of a layout that met missing glyphs, are not kept (nor their block), so every run
/// reports them.
final class SizingCache {
    let file: CellCacheFile
    /// Rows taken from the cache.
    private(set) var cachedRows = 0

    init(directory: String, limitBytes: Int, fingerprint: UInt64) throws(CommandError) {
        file = try CellCacheFile(directory: directory, fingerprint: fingerprint, limitBytes: limitBytes)
    }

    /// A row's key: its fields' bytes and where each ends.
    static func key(_ block: CSVBlock, record r: Int) -> CellKey {
        let fields = block.fieldCount(r)
        let first = block.range(r, 0).lowerBound
        let end = fields == 0 ? first : block.range(r, fields - 1).upperBound
        var (a, b) = block.bytes.withUnsafeBytes {
            ByteHash.pair($0.baseAddress! + first, count: end - first, seedA: 0x524F_5741 ^ UInt64(fields), seedB: 0x524F_5742 &* UInt64(fields + 1))
        }
        for c in 0..<fields {
            let length = UInt64(block.range(r, c).count)
            a = ByteHash.mix(a, length)
            b = ByteHash.mix(b ^ 0x9E37_79B9_7F4A_7C15, length)
        }
        return CellKey(a: a, b: b)
    }

    /// The stored heights (1/64 pt, spacing included) of a block's `rows` rows (records from
    /// `firstRecord`): the whole block when it was seen before, else rows from the cache and the
    /// others from `measure` (given their indices: their heights, and whether they may be kept).
    func heights(rows: Int, block: CSVBlock, firstRecord: Int, fields: Int,
                 measure: ([Int]) throws -> (heights: [Int64], keep: [Bool])) throws -> [Int64] {
        let count = rows
        let blockKey = TableMeasurer.blockKey(block, hasHeaderRecord: firstRecord == 1, headerFields: fields)
        if let stored = file.block(for: blockKey), stored.heights.count == count, stored.naturalWidths.isEmpty {
            cachedRows += count
            return stored.heights
        }
        let (all, keptAll) = try heights(of: Array(0..<count), block: block, firstRecord: firstRecord, measure: measure)
        if keptAll { file.storeBlock(MeasuredBlock(heights: all, naturalWidths: []), for: blockKey) }
        return all
    }

    /// The stored heights of some rows of a block (by index from `firstRecord`): each from the
    /// cache or, when not found, from `measure`, then kept if it may be. Also whether every row
    /// measured was kept (so the whole block may be). For a shard's runs, which are not whole blocks.
    func heights(of indices: [Int], block: CSVBlock, firstRecord: Int,
                 measure: ([Int]) throws -> (heights: [Int64], keep: [Bool])) throws -> (heights: [Int64], keptAll: Bool) {
        let keys = indices.map { Self.key(block, record: firstRecord + $0) }
        var heights = [Int64?](repeating: nil, count: indices.count)
        var missing: [Int] = [] // positions in `indices`
        for k in 0..<keys.count {
            if k + 8 < keys.count { file.prefetch(keys[k + 8]) }
            if let v = file.size(for: keys[k]), v.height >= 0, v.height < 0x1p53 { heights[k] = Int64(v.height) } else { missing.append(k) }
        }
        cachedRows += keys.count - missing.count
        var keptAll = true
        if !missing.isEmpty {
            let (measured, keep) = try measure(missing.map { indices[$0] })
            for (j, k) in missing.enumerated() {
                heights[k] = measured[j]
                if keep[j] { file.store(CellCacheValue(natural: 0, height: Double(measured[j])), for: keys[k]) } else { keptAll = false }
            }
        }
        return (heights.map { $0! }, keptAll)
    }
}
